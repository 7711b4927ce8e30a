import type { Db, Work } from '../../../../libs/db/src';
import { prepared, sqlOf } from '../../../../libs/db/src';
import { DELIVERABILITY_ACTIVITY_TYPES, EMAIL_COUNTERS, WORKFLOW_ACTIVITY_TYPES, type ActivityType, type Counts } from '../domain/activity';
import type { ActivityStore, CampaignChange, CampaignRow, DeliverabilityActivity, EmailCountRows, FeedQuery, FeedRow, WorkflowActivity } from '../app/ports';
import { SCHEMA } from '../migrations';

const S = SCHEMA;
const COUNTERS = EMAIL_COUNTERS.join(', ');
const ADD_COUNTERS = EMAIL_COUNTERS.map((c) => `${c} = t.${c} + excluded.${c}`).join(', ');
const counterArrays = (first: number) => EMAIL_COUNTERS.map((_, k) => `$${first + k}::bigint[]`).join(', ');
const counterParams = (rows: Array<{ counts: Counts }>) => EMAIL_COUNTERS.map((c) => rows.map((r) => r.counts[c]));

const n = (v: unknown) => Number(v ?? 0);

/** The read models of activity and analytics (migration 002_activity), and the reads of the feed. */
export class ActivityRepo implements ActivityStore {
  constructor(readonly db: Db) {}

  // ---- writers (in the consumers' transactions) --------------------------------------------------

  /** Adds to the 15-minute and per-campaign email counts, in one statement (rows come sorted). */
  async addEmailCounts(work: Work, { buckets, campaigns }: EmailCountRows) {
    const tx = sqlOf(work);
    if (buckets.length === 0 && campaigns.length === 0) return;
    await tx.query(
      prepared(
        `WITH b AS (
         INSERT INTO ${S}.email_counts AS t (project_id, bucket, ${COUNTERS})
         SELECT * FROM unnest($1::uuid[], $2::timestamptz[], ${counterArrays(3)})
         ON CONFLICT (project_id, bucket) DO UPDATE SET ${ADD_COUNTERS}
       )
       INSERT INTO ${S}.campaign_counts AS t (project_id, campaign_id, ${COUNTERS})
       SELECT * FROM unnest($${3 + EMAIL_COUNTERS.length}::uuid[], $${4 + EMAIL_COUNTERS.length}::uuid[], ${counterArrays(5 + EMAIL_COUNTERS.length)})
       ON CONFLICT (project_id, campaign_id) DO UPDATE SET ${ADD_COUNTERS}`,
        [
          buckets.map((b) => b.key.projectId),
          buckets.map((b) => b.key.bucket),
          ...counterParams(buckets),
          campaigns.map((c) => c.key.projectId),
          campaigns.map((c) => c.key.campaignId),
          ...counterParams(campaigns),
        ],
      ),
    );
  }

  /** Keeps each campaign's latest version; a deleted one stays deleted (its tombstone). */
  async upsertCampaigns(work: Work, rows: CampaignChange[]) {
    const tx = sqlOf(work);
    if (rows.length === 0) return;
    await tx.query(
      prepared(
        `INSERT INTO ${S}.campaigns AS c (project_id, id, name, subject, status, audience_type, scheduled_at, sent_at, total_recipients, version, first_seen_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[], $8::timestamptz[], $9::int[], $10::int[], $11::timestamptz[])
       ORDER BY 1, 2
       ON CONFLICT (project_id, id) DO UPDATE SET name = excluded.name, subject = excluded.subject, status = excluded.status,
         audience_type = excluded.audience_type, scheduled_at = excluded.scheduled_at, sent_at = excluded.sent_at,
         total_recipients = excluded.total_recipients, version = excluded.version
       WHERE NOT c.deleted AND c.version < excluded.version`,
        [
          rows.map((r) => r.projectId),
          rows.map((r) => r.id),
          rows.map((r) => r.name),
          rows.map((r) => r.subject),
          rows.map((r) => r.status),
          rows.map((r) => r.audienceType),
          rows.map((r) => r.scheduledAt),
          rows.map((r) => r.sentAt),
          rows.map((r) => r.totalRecipients),
          rows.map((r) => r.version),
          rows.map((r) => r.at),
        ],
      ),
    );
  }

  /** Marks campaigns deleted (a later, older change cannot bring one back) and drops their counts. */
  async deleteCampaigns(work: Work, rows: Array<{ projectId: string; id: string; at: string }>) {
    const tx = sqlOf(work);
    if (rows.length === 0) return;
    await tx.query(
      prepared(
        `WITH gone AS (
         INSERT INTO ${S}.campaigns AS c (project_id, id, version, deleted, first_seen_at)
         SELECT p, i, 0, true, at FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS x(p, i, at) ORDER BY 1, 2
         ON CONFLICT (project_id, id) DO UPDATE SET deleted = true, status = '', scheduled_at = NULL
       )
       DELETE FROM ${S}.campaign_counts WHERE (project_id, campaign_id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))`,
        [rows.map((r) => r.projectId), rows.map((r) => r.id), rows.map((r) => r.at)],
      ),
    );
  }

  /**
   * Workflow runs, each once per execution and type (a redelivery inserts nothing), and the
   * started ones added to their 15-minute buckets — only those this statement inserted.
   */
  async addWorkflowActivity(work: Work, rows: WorkflowActivity[]) {
    const tx = sqlOf(work);
    if (rows.length === 0) return;
    await tx.query(
      prepared(
        `WITH added AS (
         INSERT INTO ${S}.workflow_activity (project_id, id, type, contact_id, execution_id, data, created_at)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::uuid[], $6::jsonb[], $7::timestamptz[])
         ON CONFLICT (project_id, execution_id, type) DO NOTHING
         RETURNING project_id, type, created_at
       )
       INSERT INTO ${S}.workflow_counts AS t (project_id, bucket, started)
       SELECT project_id, date_bin('15 minutes', created_at, 'epoch'), count(*) FROM added WHERE type = 'workflow.started'
       GROUP BY 1, 2 ORDER BY 1, 2
       ON CONFLICT (project_id, bucket) DO UPDATE SET started = t.started + excluded.started`,
        [
          rows.map((r) => r.projectId),
          rows.map((r) => r.id),
          rows.map((r) => r.type),
          rows.map((r) => r.contactId),
          rows.map((r) => r.executionId),
          rows.map((r) => JSON.stringify(r.data)),
          rows.map((r) => r.at),
        ],
      ),
    );
  }

  /** Deliverability changes, each once per source event (a redelivery inserts nothing). */
  async addDeliverabilityActivity(work: Work, rows: DeliverabilityActivity[]) {
    const tx = sqlOf(work);
    if (rows.length === 0) return;
    await tx.query(
      prepared(
        `INSERT INTO ${S}.deliverability_activity (project_id, id, type, event_id, data, created_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::uuid[], $5::jsonb[], $6::timestamptz[])
       ON CONFLICT (project_id, event_id) DO NOTHING`,
        [
          rows.map((r) => r.projectId),
          rows.map((r) => r.id),
          rows.map((r) => r.type),
          rows.map((r) => r.eventId),
          rows.map((r) => JSON.stringify(r.data)),
          rows.map((r) => r.at),
        ],
      ),
    );
  }

  async deleteContactActivity(work: Work, projectId: string, contactId: string) {
    const tx = sqlOf(work);
    await tx.query(`DELETE FROM ${S}.workflow_activity WHERE project_id = $1 AND contact_id = $2`, [projectId, contactId]);
  }

  // ---- reads (each scoped by its project) -------------------------------------------------------

  /**
   * A page of the feed, newest first by id (UUIDv7, so by time), `limit` rows: events, workflow
   * runs and deliverability changes from their own tables, merged. Ids bound the scan (an event's
   * id is made the millisecond it is recorded, or just after; the others' are of when they
   * happened); `created_at` makes the dates exact. With types, one index walk per event type,
   * merged; a table none of whose types is asked for is not read. Deliverability changes are no
   * contact's: a contact's feed leaves them out.
   */
  async feed(projectId: string, q: FeedQuery): Promise<FeedRow[]> {
    const conds: Array<(t: string) => string> = [(t) => `${t}.project_id = $1`];
    const params: unknown[] = [projectId, q.limit];
    const add = (cond: (t: string, p: string) => string, value: unknown) => {
      params.push(value);
      const p = `$${params.length}`;
      conds.push((t) => cond(t, p));
    };
    if (q.before) add((t, p) => `${t}.id < ${p}::uuid`, q.before);
    if (q.contactId) add((t, p) => `${t}.contact_id = ${p}::uuid`, q.contactId);
    if (q.start) {
      add((t, p) => `${t}.id >= ${p}::uuid`, q.start.idFloor);
      add((t, p) => `${t}.created_at >= ${p}::timestamptz`, q.start.at);
    }
    if (q.end) {
      add((t, p) => `${t}.id < ${p}::uuid`, q.end.idCeiling);
      add((t, p) => `${t}.created_at <= ${p}::timestamptz`, q.end.at);
    }
    const where = (t: string) => conds.map((c) => c(t)).join(' AND ');
    const cols = "e.id, e.contact_id, e.name, e.data, e.created_at, 'event' AS source";
    const own = (types: readonly ActivityType[]) => (q.types ? q.types.filter((t) => types.includes(t as ActivityType)) : undefined);
    const eventTypes = q.types?.filter(
      (t) => !WORKFLOW_ACTIVITY_TYPES.includes(t as ActivityType) && !DELIVERABILITY_ACTIVITY_TYPES.includes(t as ActivityType),
    );
    const parts: string[] = [];
    if (!eventTypes) {
      parts.push(`(SELECT ${cols} FROM ${S}.events e WHERE ${where('e')} ORDER BY e.id DESC LIMIT $2)`);
    } else if (eventTypes.length) {
      params.push(eventTypes);
      parts.push(
        `(SELECT f.* FROM unnest($${params.length}::text[]) AS t(type) CROSS JOIN LATERAL (
           SELECT ${cols} FROM ${S}.events e WHERE ${where('e')} AND ${S}.activity_type(e.name) = t.type ORDER BY e.id DESC LIMIT $2
         ) f ORDER BY f.id DESC LIMIT $2)`,
      );
    }
    // Activity of its own: its table, the types it holds, its contact column (none: no contact's).
    const tables = [
      { table: 'workflow_activity', source: 'workflow', types: own(WORKFLOW_ACTIVITY_TYPES), contact: 'w.contact_id' },
      { table: 'deliverability_activity', source: 'deliverability', types: own(DELIVERABILITY_ACTIVITY_TYPES), contact: undefined },
    ];
    for (const { table, source, types, contact } of tables) {
      if ((types && types.length === 0) || (q.contactId && !contact)) continue;
      let typed = '';
      if (types) {
        params.push(types);
        typed = ` AND w.type = ANY($${params.length}::text[])`;
      }
      parts.push(
        `(SELECT w.id, ${contact ?? 'NULL::uuid'} AS contact_id, w.type AS name, w.data, w.created_at, '${source}' AS source FROM ${S}.${table} w WHERE ${where('w')}${typed} ORDER BY w.id DESC LIMIT $2)`,
      );
    }
    if (parts.length === 0) return [];
    if (parts.length === 1) return this.db.query(parts[0], params);
    return this.db.query(`SELECT f.* FROM (${parts.join(' UNION ALL ')}) f ORDER BY f.id DESC LIMIT $2`, params);
  }

  /** Events recorded since `idFloor`'s millisecond (an index range of ids). */
  async countSince(projectId: string, idFloor: string): Promise<number> {
    return n((await this.db.query(`SELECT count(*) AS c FROM ${S}.events WHERE project_id = $1 AND id >= $2::uuid`, [projectId, idFloor]))[0].c);
  }

  /** Sums of the email counts of the 15-minute buckets in [start, end). */
  async emailTotals(projectId: string, start: Date, end: Date): Promise<Counts> {
    const sums = EMAIL_COUNTERS.map((c) => `coalesce(sum(${c}), 0) AS ${c}`).join(', ');
    const [r] = await this.db.query(`SELECT ${sums} FROM ${S}.email_counts WHERE project_id = $1 AND bucket >= $2 AND bucket < $3`, [projectId, start, end]);
    return Object.fromEntries(EMAIL_COUNTERS.map((c) => [c, n(r[c])])) as Counts;
  }

  async workflowsStarted(projectId: string, start: Date, end: Date): Promise<number> {
    return n(
      (
        await this.db.query(`SELECT coalesce(sum(started), 0) AS c FROM ${S}.workflow_counts WHERE project_id = $1 AND bucket >= $2 AND bucket < $3`, [
          projectId,
          start,
          end,
        ])
      )[0].c,
    );
  }

  /** Events of the UTC days [from, to], all names together. */
  async eventTotal(projectId: string, from: string, to: string): Promise<number> {
    return n(
      (
        await this.db.query(`SELECT coalesce(sum(count), 0) AS c FROM ${S}.name_counts WHERE project_id = $1 AND day BETWEEN $2::date AND $3::date`, [
          projectId,
          from,
          to,
        ])
      )[0].c,
    );
  }

  /**
   * Each local day of [from, to] in time zone tz (every day present) with its email counts: the
   * 15-minute buckets from the first day's local midnight to the one after the last day.
   */
  async daily(projectId: string, tz: string, from: string, to: string) {
    return this.db.query<{
      date: Date;
      sent: string;
      delivered: string;
      opened: string;
      clicked: string;
      bounced: string;
      human_opened: string;
      human_clicked: string;
    }>(
      `WITH days AS (SELECT d::date AS day FROM generate_series($3::date, $4::date, interval '1 day') AS d),
       counts AS (
         SELECT (bucket AT TIME ZONE $2)::date AS day, sum(sent) AS sent, sum(delivered) AS delivered, sum(opened) AS opened, sum(clicked) AS clicked, sum(bounced) AS bounced,
           sum(human_opened) AS human_opened, sum(human_clicked) AS human_clicked
         FROM ${S}.email_counts
         WHERE project_id = $1 AND bucket >= ($3::date::timestamp AT TIME ZONE $2) AND bucket < (($4::date + 1)::timestamp AT TIME ZONE $2)
         GROUP BY 1
       )
       SELECT days.day::timestamp AT TIME ZONE $2 AS date, coalesce(sent, 0) AS sent, coalesce(delivered, 0) AS delivered,
         coalesce(opened, 0) AS opened, coalesce(clicked, 0) AS clicked, coalesce(bounced, 0) AS bounced,
         coalesce(human_opened, 0) AS human_opened, coalesce(human_clicked, 0) AS human_clicked
       FROM days LEFT JOIN counts USING (day) ORDER BY days.day`,
      [projectId, tz, from, to],
    );
  }

  /** The names with the most events in the UTC days [from, to], with their counts in [prevFrom, from). */
  async topNames(projectId: string, from: string, to: string, prevFrom: string, limit: number) {
    return this.db.query<{ name: string; count: string; previous: string }>(
      `WITH cur AS (
         SELECT name, sum(count) AS count FROM ${S}.name_counts WHERE project_id = $1 AND day BETWEEN $2::date AND $3::date
         GROUP BY name HAVING sum(count) > 0 ORDER BY 2 DESC, 1 LIMIT $5
       )
       SELECT cur.name, cur.count, coalesce((SELECT sum(p.count) FROM ${S}.name_counts p WHERE p.project_id = $1 AND p.name = cur.name AND p.day >= $4::date AND p.day < $2::date), 0) AS previous
       FROM cur ORDER BY cur.count DESC, cur.name`,
      [projectId, from, to, prevFrom, limit],
    );
  }

  /** SCHEDULED campaigns, soonest first. */
  async scheduled(projectId: string, limit: number): Promise<CampaignRow[]> {
    return this.db.query(
      `SELECT id, name, subject, status, audience_type, scheduled_at, sent_at, total_recipients FROM ${S}.campaigns
       WHERE project_id = $1 AND status = 'SCHEDULED' AND NOT deleted AND scheduled_at IS NOT NULL ORDER BY scheduled_at, id LIMIT $2`,
      [projectId, limit],
    );
  }

  /** Campaigns sent (SENDING or SENT) in [start, end], by emails opened, with their counts. */
  async topCampaigns(projectId: string, start: Date, end: Date, limit: number) {
    return this.db.query<{
      id: string;
      name: string;
      subject: string;
      sent: string;
      opened: string;
      clicked: string;
      human_opened: string;
      human_clicked: string;
    }>(
      `SELECT c.id, c.subject, coalesce(k.sent, 0) AS sent, coalesce(k.opened, 0) AS opened, coalesce(k.clicked, 0) AS clicked,
         coalesce(k.human_opened, 0) AS human_opened, coalesce(k.human_clicked, 0) AS human_clicked,
         c.name -- after the counts: ORDER BY names the columns by position
       FROM ${S}.campaigns c LEFT JOIN ${S}.campaign_counts k ON k.project_id = c.project_id AND k.campaign_id = c.id
       WHERE c.project_id = $1 AND NOT c.deleted AND c.status IN ('SENDING', 'SENT') AND c.sent_at BETWEEN $2 AND $3
       ORDER BY 4 DESC, 3 DESC, c.sent_at DESC, c.id LIMIT $4`,
      [projectId, start, end, limit],
    );
  }

  /** Campaigns created in [start, end] (total, and still to send or sending), those sent in it, and their counts. */
  async campaignTotals(projectId: string, start: Date, end: Date) {
    const [r] = await this.db.query(
      `SELECT
         count(*) FILTER (WHERE c.first_seen_at BETWEEN $2 AND $3) AS total,
         count(*) FILTER (WHERE c.first_seen_at BETWEEN $2 AND $3 AND c.status IN ('DRAFT', 'SCHEDULED', 'SENDING')) AS active,
         count(*) FILTER (WHERE c.status = 'SENT' AND c.sent_at BETWEEN $2 AND $3) AS completed,
         coalesce(sum(k.sent) FILTER (WHERE c.status = 'SENT' AND c.sent_at BETWEEN $2 AND $3), 0) AS sent,
         coalesce(sum(k.opened) FILTER (WHERE c.status = 'SENT' AND c.sent_at BETWEEN $2 AND $3), 0) AS opened,
         coalesce(sum(k.clicked) FILTER (WHERE c.status = 'SENT' AND c.sent_at BETWEEN $2 AND $3), 0) AS clicked
       FROM ${S}.campaigns c LEFT JOIN ${S}.campaign_counts k ON k.project_id = c.project_id AND k.campaign_id = c.id
       WHERE c.project_id = $1 AND NOT c.deleted`,
      [projectId, start, end],
    );
    return { total: n(r.total), active: n(r.active), completed: n(r.completed), sent: n(r.sent), opened: n(r.opened), clicked: n(r.clicked) };
  }
}
