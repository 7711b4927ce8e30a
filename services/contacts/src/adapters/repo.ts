import { Db, likeEscape, prepared, Queryable, sqlOf, UnitOfWork, Work } from '../../../../libs/db/src';
import type { FieldType } from '../domain/types';
import type { JsonObject } from '../domain/data';
import { NewEvent, Outbox } from '../../../../libs/bus/src';
import type { ContactBatchItem, ContactBatchRow, ContactRow, ContactsStore } from '../app/ports';
import { SCHEMA } from '../migrations';

const COLS = 'id, email, subscribed, data, created_at, updated_at';
const C_COLS = COLS.split(', ')
  .map((c) => `c.${c}`)
  .join(', '); // the same, of table alias c
const T = `${SCHEMA}.contacts`;

/** Where this service publishes its domain events, with the state changes that cause them. */
const outbox = new Outbox(SCHEMA);

/** Fields whose coverage one statement counts (see fieldsWithCoverage). */
const COVERAGE_FIELDS_PER_PASS = 500;

/** PostgreSQL access for contacts. Every statement is scoped by project_id. */
export class ContactsRepo implements ContactsStore {
  readonly outbox = outbox;
  private knownFields = new Map<string, Set<string>>();

  constructor(readonly db: Db) {
    setInterval(() => this.knownFields.clear(), 60_000).unref();
  }

  get uow(): UnitOfWork {
    return this.db;
  }

  async publish(events: NewEvent[]): Promise<void> {
    await outbox.enqueue(this.db.pool, events);
  }

  async findByEmail(projectId: string, email: string): Promise<ContactRow | undefined> {
    return (await this.db.query(`SELECT ${COLS} FROM ${T} WHERE project_id = $1 AND email = $2`, [projectId, email]))[0];
  }

  /**
   * Many upserts of distinct (project, email) pairs in ONE statement (atomic on its own, no
   * transaction). The data patch is merged in SQL, `(data - nulls) || set`, on the row as locked,
   * so no write is lost to a concurrent one. Per item, by `ord`:
   * - no contact: inserted with `subscribed ?? defaultSubscribed` and `set`, plus a subscription
   *   event if it starts subscribed ("inserted");
   * - a contact whose subscription the item leaves alone: its data merged ("updated"), or left as
   *   it is when the merge changes nothing ("unchanged");
   * - absent from the result: a subscription change of an existing contact, or an insert that lost
   *   a race with a concurrent one. Those need the locked path.
   * Existing rows are locked in key order, and new ones inserted in key order, so concurrent
   * batches queue behind each other rather than deadlock (if they still do, nothing is written).
   * Every item carries the subscription event it would cause as a new contact, validated here and
   * keyed by its id; the statement writes those of the items it inserted subscribed, and the
   * relay is woken if it wrote any.
   */
  async upsertBatch(items: ContactBatchItem[]): Promise<ContactBatchRow[]> {
    const subscribedEvents = outbox.envelopes(
      items.map((i) => ({
        type: 'contacts.contact.subscription_changed.v1' as const,
        projectId: i.projectId,
        data: { contactId: i.id, email: i.email, subscribed: true },
      })),
    );
    const rows = await this.db.query<ContactBatchRow>(
      prepared(
        `WITH input AS (
         SELECT * FROM unnest($1::int[], $2::uuid[], $3::uuid[], $4::text[], $5::bool[], $6::bool[], $7::jsonb[], $8::jsonb[])
           AS i(ord, project_id, id, email, sub, dflt, setj, nulls)
       ), cur AS (
         SELECT c.project_id, ${C_COLS}, i.ord, (i.sub IS NULL OR i.sub = c.subscribed) AS keeps,
                (c.data - ARRAY(SELECT jsonb_array_elements_text(i.nulls))) || i.setj AS next
         FROM ${T} c JOIN input i ON c.project_id = i.project_id AND c.email = i.email
         ORDER BY c.project_id, c.id
         FOR UPDATE OF c
       ), ins AS (
         INSERT INTO ${T} (project_id, id, email, subscribed, data)
         SELECT i.project_id, i.id, i.email, coalesce(i.sub, i.dflt), i.setj FROM input i
         WHERE NOT EXISTS (SELECT 1 FROM cur WHERE cur.ord = i.ord)
         ORDER BY i.project_id, i.email
         ON CONFLICT (project_id, email) DO NOTHING
         RETURNING project_id, ${COLS}
       ), ob AS (
         ${outbox.insertSql(9, { key: 'uuid', where: (id) => `${id} IN (SELECT id FROM ins WHERE subscribed)` })}
       ), upd AS (
         UPDATE ${T} c SET data = cur.next, updated_at = now()
         FROM cur
         WHERE c.project_id = cur.project_id AND c.id = cur.id AND cur.keeps AND cur.data IS DISTINCT FROM cur.next
         RETURNING cur.ord, ${C_COLS}
       )
       SELECT i.ord, 'inserted' AS outcome, ${COLS.split(', ')
         .map((c) => `ins.${c}`)
         .join(', ')} FROM ins JOIN input i ON i.id = ins.id
       UNION ALL SELECT ord, 'updated', ${COLS} FROM upd
       UNION ALL SELECT ord, 'unchanged', ${COLS} FROM cur WHERE keeps AND data IS NOT DISTINCT FROM next`,
        [
          items.map((r) => r.ord),
          items.map((r) => r.projectId),
          items.map((r) => r.id),
          items.map((r) => r.email),
          items.map((r) => r.subscribed ?? null),
          items.map((r) => r.defaultSubscribed),
          items.map((r) => JSON.stringify(r.set)),
          items.map((r) => JSON.stringify(r.nulls)),
          ...outbox.params(
            subscribedEvents,
            items.map((r) => r.id),
          ),
        ],
      ),
    );
    if (rows.some((r) => r.outcome === 'inserted' && r.subscribed)) outbox.written(this.db.pool);
    return rows;
  }

  /**
   * A CSV import's batch of distinct emails of one project, in one statement in the caller's
   * transaction: new contacts are inserted subscribed with their subscription events (imported
   * contacts are created subscribed); existing ones get `set` merged into their data
   * (`data || set`: the columns of the row replace those keys) and keep their subscription, and
   * are written only when that changes their data. One INSERT … ON CONFLICT DO UPDATE, not
   * upsertBatch's lock-then-insert-then-update: an import sets no subscription of an existing
   * contact and deletes no key, and a concurrent insert of the same email is merged into, not
   * lost. An item's outcome: `inserted` (the row has the item's new id), `updated`, or, absent
   * from the answer, unchanged.
   */
  async importBatch(
    work: Work,
    projectId: string,
    items: Array<{ ord: number; id: string; email: string; set: JsonObject }>,
  ): Promise<Array<{ ord: number; outcome: 'inserted' | 'updated' }>> {
    const tx = sqlOf(work);
    const events = outbox.envelopes(
      items.map((i) => ({ type: 'contacts.contact.subscription_changed.v1' as const, projectId, data: { contactId: i.id, email: i.email, subscribed: true } })),
    );
    const r = await tx.query<{ ord: number; inserted: boolean }>(
      prepared(
        `WITH input AS (
           SELECT * FROM unnest($1::int[], $2::uuid[], $3::text[], $4::jsonb[]) AS i(ord, id, email, setj)
         ), up AS (
           INSERT INTO ${T} AS c (project_id, id, email, subscribed, data)
           SELECT $5, i.id, i.email, true, i.setj FROM input i ORDER BY i.email
           ON CONFLICT (project_id, email) DO UPDATE SET data = c.data || excluded.data, updated_at = now()
             WHERE c.data IS DISTINCT FROM c.data || excluded.data
           RETURNING c.id, c.email
         ), ob AS (
           ${outbox.insertSql(6, { key: 'uuid', where: (id) => `${id} IN (SELECT id FROM up)` })}
         )
         SELECT i.ord, (up.id = i.id) AS inserted FROM up JOIN input i ON i.email = up.email`,
        [
          items.map((i) => i.ord),
          items.map((i) => i.id),
          items.map((i) => i.email),
          items.map((i) => JSON.stringify(i.set)),
          projectId,
          ...outbox.params(
            events,
            items.map((i) => i.id),
          ),
        ],
      ),
    );
    if (r.rows.some((x) => x.inserted)) outbox.written(tx);
    return r.rows.map((x) => ({ ord: x.ord, outcome: x.inserted ? 'inserted' : 'updated' }));
  }

  async findByEmailForUpdate(work: Work, projectId: string, email: string): Promise<ContactRow | undefined> {
    const tx = sqlOf(work);
    const r = await tx.query(`SELECT ${COLS} FROM ${T} WHERE project_id = $1 AND email = $2 FOR UPDATE`, [projectId, email]);
    return r.rows[0];
  }

  async findByIdForUpdate(work: Work, projectId: string, id: string): Promise<ContactRow | undefined> {
    const tx = sqlOf(work);
    const r = await tx.query(`SELECT ${COLS} FROM ${T} WHERE project_id = $1 AND id = $2 FOR UPDATE`, [projectId, id]);
    return r.rows[0];
  }

  /** Inserts unless the email exists (a concurrent insert won); returns undefined then. */
  async insert(work: Work, projectId: string, c: { id: string; email: string; subscribed: boolean; data: JsonObject }) {
    const tx = sqlOf(work);
    const r = await tx.query(
      `INSERT INTO ${T} (project_id, id, email, subscribed, data) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (project_id, email) DO NOTHING RETURNING ${COLS}`,
      [projectId, c.id, c.email, c.subscribed, JSON.stringify(c.data)],
    );
    return r.rows[0] as ContactRow | undefined;
  }

  async update(work: Work, projectId: string, id: string, c: { email: string; subscribed: boolean; data: JsonObject }) {
    const tx = sqlOf(work);
    const r = await tx.query(
      `UPDATE ${T} SET email = $3, subscribed = $4, data = $5, updated_at = now()
       WHERE project_id = $1 AND id = $2 RETURNING ${COLS}`,
      [projectId, id, c.email, c.subscribed, JSON.stringify(c.data)],
    );
    return r.rows[0] as ContactRow;
  }

  /**
   * Compare-and-set of a contact's data: writes only if the data is still what the caller read
   * (no lock, no transaction). Undefined when someone changed it meanwhile.
   */
  async updateDataIfUnchanged(projectId: string, id: string, expected: JsonObject, next: JsonObject): Promise<ContactRow | undefined> {
    return (
      await this.db.query(`UPDATE ${T} SET data = $4, updated_at = now() WHERE project_id = $1 AND id = $2 AND data = $3::jsonb RETURNING ${COLS}`, [
        projectId,
        id,
        JSON.stringify(expected),
        JSON.stringify(next),
      ])
    )[0];
  }

  async emailTaken(work: Work, projectId: string, email: string, exceptId: string) {
    const tx = sqlOf(work);
    const r = await tx.query(`SELECT 1 FROM ${T} WHERE project_id = $1 AND email = $2 AND id <> $3`, [projectId, email, exceptId]);
    return (r.rowCount ?? 0) > 0;
  }

  async get(projectId: string, id: string): Promise<ContactRow | undefined> {
    return (await this.db.query(`SELECT ${COLS} FROM ${T} WHERE project_id = $1 AND id = $2`, [projectId, id]))[0];
  }

  async getMany(projectId: string, ids: string[]): Promise<ContactRow[]> {
    return this.db.query(`SELECT ${COLS} FROM ${T} WHERE project_id = $1 AND id = ANY($2::uuid[])`, [projectId, ids]);
  }

  async delete(work: Work, projectId: string, id: string): Promise<ContactRow | undefined> {
    const tx = sqlOf(work);
    const r = await tx.query(`DELETE FROM ${T} WHERE project_id = $1 AND id = $2 RETURNING ${COLS}`, [projectId, id]);
    await tx.query(`DELETE FROM ${SCHEMA}.event_facts WHERE project_id = $1 AND contact_id = $2`, [projectId, id]);
    await tx.query(`DELETE FROM ${SCHEMA}.segment_members WHERE project_id = $1 AND contact_id = $2`, [projectId, id]);
    return r.rows[0];
  }

  /** Newest first, keyset-paginated on the time-ordered id; `total` only when asked (first page). */
  async list(projectId: string, q: { limit: number; cursor?: string; search?: string; subscribed?: boolean; withTotal: boolean }) {
    const where = ['project_id = $1'];
    const params: unknown[] = [projectId];
    if (q.search) {
      params.push(`%${likeEscape(q.search.toLowerCase())}%`);
      where.push(`email LIKE $${params.length}`);
    }
    if (q.subscribed !== undefined) {
      params.push(q.subscribed);
      where.push(`subscribed = $${params.length}`);
    }
    const filter = where.join(' AND ');
    const pageParams = [...params];
    let pageWhere = filter;
    if (q.cursor) {
      pageParams.push(q.cursor);
      pageWhere += ` AND id < $${pageParams.length}`;
    }
    pageParams.push(q.limit + 1);
    const [rows, total] = await Promise.all([
      this.db.query<ContactRow>(`SELECT ${COLS} FROM ${T} WHERE ${pageWhere} ORDER BY id DESC LIMIT $${pageParams.length}`, pageParams),
      q.withTotal ? this.db.query(`SELECT count(*)::bigint AS n FROM ${T} WHERE ${filter}`, params).then((r) => Number(r[0].n)) : Promise.resolve(0),
    ]);
    return { rows, total };
  }

  async existingEmails(projectId: string, emails: string[]): Promise<Set<string>> {
    const rows = await this.db.query(`SELECT email FROM ${T} WHERE project_id = $1 AND email = ANY($2::text[])`, [projectId, emails]);
    return new Set(rows.map((r) => r.email));
  }

  /**
   * Records the type of keys seen for the first time; existing keys keep their type (DO NOTHING).
   * Keys this process already recorded are skipped (the cache is dropped every minute and on a
   * field delete, so a key deleted elsewhere is recorded again soon).
   */
  async recordFieldTypes(projectId: string, all: Array<{ key: string; type: FieldType }>, work?: Work) {
    const tx = work ? sqlOf(work) : this.db.pool;
    const known = this.knownFields.get(projectId);
    const types = known ? all.filter((t) => !known.has(t.key)) : all;
    if (types.length === 0) return;
    await tx.query(
      `INSERT INTO ${SCHEMA}.fields (project_id, key, type)
       SELECT $1, k, t FROM unnest($2::text[], $3::text[]) AS x(k, t) ON CONFLICT DO NOTHING`,
      [projectId, types.map((t) => t.key), types.map((t) => t.type)],
    );
    // If the surrounding transaction rolls back, the key is missed until the cache is dropped (≤ 1 min).
    if (this.knownFields.size > 10_000) this.knownFields.clear();
    const set = this.knownFields.get(projectId) ?? new Set<string>();
    for (const t of types) set.add(t.key);
    this.knownFields.set(projectId, set);
  }

  async fieldBudget(projectId: string, keys: string[], work?: Work): Promise<{ total: number; added: string[] }> {
    const q = work ? sqlOf(work) : this.db.pool;
    const known = this.knownFields.get(projectId);
    const unknown = [...new Set(known ? keys.filter((k) => !known.has(k)) : keys)];
    if (!unknown.length) return { total: 0, added: [] };
    const r = await q.query<{ total: number; existing: string[] }>(
      `SELECT (SELECT count(*)::int FROM ${SCHEMA}.fields WHERE project_id = $1) AS total,
              array(SELECT key FROM ${SCHEMA}.fields WHERE project_id = $1 AND key = ANY($2::text[])) AS existing`,
      [projectId, unknown],
    );
    const existing = new Set(r.rows[0].existing);
    return { total: r.rows[0].total, added: unknown.filter((k) => !existing.has(k)) };
  }

  forgetFields(projectId: string) {
    this.knownFields.delete(projectId);
  }

  /**
   * Custom fields with their share of contacts that have a value: one pass over the contacts per
   * COVERAGE_FIELDS_PER_PASS fields (a statement's select list is bounded whatever the number of
   * fields: PostgreSQL takes at most 1,664 entries).
   */
  async fieldsWithCoverage(projectId: string): Promise<{ total: number; fields: Array<{ key: string; type: FieldType; count: number }> }> {
    const fields = await this.db.query<{ key: string; type: FieldType }>(`SELECT key, type FROM ${SCHEMA}.fields WHERE project_id = $1 ORDER BY key`, [
      projectId,
    ]);
    let total = 0;
    const counted: number[] = [];
    for (let start = 0; start === 0 || start < fields.length; start += COVERAGE_FIELDS_PER_PASS) {
      const part = fields.slice(start, start + COVERAGE_FIELDS_PER_PASS);
      const counts = part.map(
        (_f, i) => `count(*) FILTER (WHERE data #> $${i + 2}::text[] IS NOT NULL AND data #> $${i + 2}::text[] <> 'null'::jsonb) AS c${i}`,
      );
      const row = (
        await this.db.query(`SELECT count(*) AS total${counts.length ? ', ' + counts.join(', ') : ''} FROM ${T} WHERE project_id = $1`, [
          projectId,
          ...part.map((f) => f.key.split('.')),
        ])
      )[0];
      total = Number(row.total);
      part.forEach((_f, i) => counted.push(Number(row[`c${i}`])));
    }
    return { total, fields: fields.map((f, i) => ({ ...f, count: counted[i] })) };
  }

  async distinctValues(projectId: string, expr: { sql: string; param?: string[] }, limit: number) {
    const params: unknown[] = [projectId];
    let e = expr.sql;
    if (expr.param) {
      params.push(expr.param);
      e = `data #> $2::text[]`;
    }
    params.push(limit);
    const rows = await this.db.query(
      `WITH v AS (SELECT DISTINCT to_jsonb(${e}) AS v FROM ${T} WHERE project_id = $1 AND ${e} IS NOT NULL)
       SELECT v, count(*) OVER () AS n FROM v ORDER BY v LIMIT $${params.length}`,
      params,
    );
    return { values: rows.map((r) => r.v), count: rows.length ? Number(rows[0].n) : 0 };
  }

  async deleteField(projectId: string, path: string[]): Promise<number> {
    return this.db.tx(async (tx) => {
      const r = await tx.query(`UPDATE ${T} SET data = data #- $2::text[], updated_at = now() WHERE project_id = $1 AND data #> $2::text[] IS NOT NULL`, [
        projectId,
        path,
      ]);
      const key = path.join('.');
      this.forgetFields(projectId);
      await tx.query(`DELETE FROM ${SCHEMA}.fields WHERE project_id = $1 AND (key = $2 OR key LIKE $3)`, [projectId, key, `${likeEscape(key)}.%`]);
      return r.rowCount ?? 0;
    });
  }

  async fieldTypes(projectId: string): Promise<Map<string, FieldType>> {
    const rows = await this.db.query(`SELECT key, type FROM ${SCHEMA}.fields WHERE project_id = $1`, [projectId]);
    return new Map(rows.map((r) => [r.key, r.type]));
  }

  async recordEventFact(tx: Queryable, projectId: string, contactId: string, name: string, at: string) {
    await this.recordEventFacts(tx, [{ projectId, contactId, name, at }]);
  }

  /** Counts events into the facts in one statement (same contact and name summed first: one row each). */
  async recordEventFacts(tx: Queryable, events: Array<{ projectId: string; contactId: string; name: string; at: string }>) {
    const facts = new Map<string, { projectId: string; contactId: string; name: string; count: number; first: string; last: string }>();
    for (const e of events) {
      const key = `${e.projectId} ${e.contactId} ${e.name}`;
      const f = facts.get(key);
      if (!f) facts.set(key, { projectId: e.projectId, contactId: e.contactId, name: e.name, count: 1, first: e.at, last: e.at });
      else {
        f.count++;
        if (Date.parse(e.at) < Date.parse(f.first)) f.first = e.at;
        if (Date.parse(e.at) > Date.parse(f.last)) f.last = e.at;
      }
    }
    const rows = [...facts.values()];
    if (rows.length === 0) return;
    await tx.query(
      prepared(
        `INSERT INTO ${SCHEMA}.event_facts (project_id, contact_id, name, count, first_at, last_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::bigint[], $5::timestamptz[], $6::timestamptz[])
       ON CONFLICT (project_id, contact_id, name) DO UPDATE SET count = event_facts.count + excluded.count,
         first_at = least(event_facts.first_at, excluded.first_at), last_at = greatest(event_facts.last_at, excluded.last_at)`,
        [
          rows.map((r) => r.projectId),
          rows.map((r) => r.contactId),
          rows.map((r) => r.name),
          rows.map((r) => r.count),
          rows.map((r) => r.first),
          rows.map((r) => r.last),
        ],
      ),
    );
  }

  async deleteEventFacts(tx: Queryable, projectId: string, name: string) {
    await tx.query(`DELETE FROM ${SCHEMA}.event_facts WHERE project_id = $1 AND name = $2`, [projectId, name]);
  }

  async eventFacts(projectId: string, contactId: string) {
    return this.db.query(`SELECT name, count, first_at, last_at FROM ${SCHEMA}.event_facts WHERE project_id = $1 AND contact_id = $2 ORDER BY name`, [
      projectId,
      contactId,
    ]);
  }
}
