import { KeySealer } from '../domain/sealer';
import { sqlOf, type Db, type UnitOfWork, type Work } from '../../../../libs/db/src';
import type { Purpose, RecordSpec } from '../domain/records';
import { Outbox } from '../../../../libs/bus/src';
import type { DomainRow, DomainsStore } from '../app/ports';
import { SCHEMA } from '../migrations';

const T = `${SCHEMA}.domains`;
const TIMERS = `${SCHEMA}.timers`;
const COLS = 'project_id, id, domain, selector, private_key_pem, records, found, verified, verified_at, last_checked_at, created_at, dmarc_report_email';

/** Where this service publishes its domain events, with the state changes that cause them. */
const outbox = new Outbox(SCHEMA);

/** PostgreSQL access for domains. Every statement is scoped by project_id. */
export class DomainsRepo implements DomainsStore {
  readonly outbox = outbox;

  constructor(readonly db: Db) {}

  get uow(): UnitOfWork {
    return this.db;
  }

  /**
   * At start, across projects: checks the key opens every sealed private key, so a wrong or missing
   * key stops the service at boot rather than failing sends, then seals the keys stored before
   * ENCRYPTION_KEY was set. Returns how many keys this call sealed.
   */
  async sealKeys(sealer: KeySealer): Promise<number> {
    const rows = await this.db.query(`SELECT project_id, id, private_key_pem FROM ${T}`);
    for (const r of rows) sealer.open(r.private_key_pem, r.project_id, r.id);
    if (!sealer.enabled) return 0;
    let sealed = 0;
    for (const r of rows.filter((x) => !KeySealer.isSealed(x.private_key_pem))) {
      // Only if still as read: replicas starting together seal each key once.
      const done = await this.db.query(`UPDATE ${T} SET private_key_pem = $3 WHERE project_id = $1 AND id = $2 AND private_key_pem = $4 RETURNING 1`, [
        r.project_id,
        r.id,
        sealer.seal(r.private_key_pem, r.project_id, r.id),
        r.private_key_pem,
      ]);
      sealed += done.length;
    }
    return sealed;
  }

  async exists(projectId: string, domain: string): Promise<boolean> {
    return (await this.db.query(`SELECT 1 FROM ${T} WHERE project_id = $1 AND domain = $2`, [projectId, domain])).length > 0;
  }

  /** Inserts the domain and its re-check timer; undefined when the project already has the domain. */
  async insert(
    work: Work,
    projectId: string,
    d: { id: string; domain: string; selector: string; privateKeyPem: string; records: RecordSpec[]; dmarcReportEmail?: string },
    recheckSeconds: number,
  ): Promise<DomainRow | undefined> {
    const tx = sqlOf(work);
    const r = await tx.query(
      `INSERT INTO ${T} (project_id, id, domain, selector, private_key_pem, records, dmarc_report_email) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (project_id, domain) DO NOTHING RETURNING ${COLS}`,
      [projectId, d.id, d.domain, d.selector, d.privateKeyPem, JSON.stringify(d.records), d.dmarcReportEmail ?? null],
    );
    if (!r.rows[0]) return undefined;
    await this.schedule(work, projectId, d.id, recheckSeconds);
    return r.rows[0];
  }

  async get(projectId: string, id: string): Promise<DomainRow | undefined> {
    return (await this.db.query(`SELECT ${COLS} FROM ${T} WHERE project_id = $1 AND id = $2`, [projectId, id]))[0];
  }

  async getForUpdate(work: Work, projectId: string, id: string): Promise<DomainRow | undefined> {
    const tx = sqlOf(work);
    return (await tx.query(`SELECT ${COLS} FROM ${T} WHERE project_id = $1 AND id = $2 FOR UPDATE`, [projectId, id])).rows[0];
  }

  async byDomain(projectId: string, domain: string): Promise<DomainRow | undefined> {
    return (await this.db.query(`SELECT ${COLS} FROM ${T} WHERE project_id = $1 AND domain = $2`, [projectId, domain]))[0];
  }

  async verifiedByDomain(domain: string): Promise<Array<Pick<DomainRow, 'project_id' | 'found'>>> {
    return this.db.query(`SELECT project_id, found FROM ${T} WHERE domain = $1 AND verified ORDER BY project_id`, [domain]);
  }

  async list(projectId: string): Promise<DomainRow[]> {
    return this.db.query(`SELECT ${COLS} FROM ${T} WHERE project_id = $1 ORDER BY id`, [projectId]);
  }

  /** Deletes the domain (key included) and its timer. */
  async delete(work: Work, projectId: string, id: string): Promise<DomainRow | undefined> {
    const tx = sqlOf(work);
    const r = await tx.query(`DELETE FROM ${T} WHERE project_id = $1 AND id = $2 RETURNING ${COLS}`, [projectId, id]);
    await tx.query(`DELETE FROM ${TIMERS} WHERE project_id = $1 AND domain_id = $2`, [projectId, id]);
    return r.rows[0];
  }

  async setDmarcReportEmail(projectId: string, id: string, email: string | null): Promise<DomainRow | undefined> {
    return (await this.db.query(`UPDATE ${T} SET dmarc_report_email = $3 WHERE project_id = $1 AND id = $2 RETURNING ${COLS}`, [projectId, id, email]))[0];
  }

  async saveCheck(work: Work, projectId: string, id: string, s: { verified: boolean; found: Partial<Record<Purpose, boolean>> }): Promise<DomainRow> {
    const tx = sqlOf(work);
    const r = await tx.query(
      `UPDATE ${T} SET found = $3, last_checked_at = now(),
         verified_at = CASE WHEN $4::boolean THEN coalesce(CASE WHEN verified THEN verified_at END, now()) END,
         verified = $4
       WHERE project_id = $1 AND id = $2 RETURNING ${COLS}`,
      [projectId, id, JSON.stringify(s.found), s.verified],
    );
    return r.rows[0];
  }

  async schedule(work: Work, projectId: string, domainId: string, seconds: number) {
    const tx = sqlOf(work);
    await tx.query(
      `INSERT INTO ${TIMERS} (project_id, domain_id, due_at) VALUES ($1, $2, now() + make_interval(secs => $3))
       ON CONFLICT (project_id, domain_id) DO UPDATE SET due_at = EXCLUDED.due_at`,
      [projectId, domainId, seconds],
    );
  }

  /**
   * Claims due timers: locks them with SKIP LOCKED (replicas share the work) and pushes them a lease
   * ahead, so a process that dies mid-check leaves the timer to fire again after the lease.
   */
  async claimDue(limit: number, leaseSeconds: number): Promise<Array<{ project_id: string; domain_id: string }>> {
    return this.db.query(
      `WITH due AS (
         SELECT project_id, domain_id FROM ${TIMERS} WHERE due_at <= now()
         ORDER BY due_at LIMIT $1 FOR UPDATE SKIP LOCKED
       )
       UPDATE ${TIMERS} t SET due_at = now() + make_interval(secs => $2)
       FROM due WHERE t.project_id = due.project_id AND t.domain_id = due.domain_id
       RETURNING t.project_id, t.domain_id`,
      [limit, leaseSeconds],
    );
  }
}
