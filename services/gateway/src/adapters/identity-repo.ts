import { Db, Queryable } from '../../../../libs/db/src';
import type { Role } from '../../../../libs/edge/src';
import type { IdentityStore, KeyHashes, ProjectRow, UserRow } from '../app/ports';

const PCOLS = 'p.id, p.name, p.public_key_hint, p.secret_key_hint, p.disabled, p.disabled_reason, p.tracking, p.language, p.created_at, p.updated_at';

/** Users, projects, memberships and API keys (the gateway's identity schema). */
export class IdentityRepo implements IdentityStore {
  constructor(readonly db: Db) {}

  async userByEmail(email: string): Promise<UserRow | undefined> {
    return (await this.db.query('SELECT * FROM gateway.users WHERE email = $1', [email]))[0];
  }

  async userById(id: string): Promise<UserRow | undefined> {
    return (await this.db.query('SELECT * FROM gateway.users WHERE id = $1', [id]))[0];
  }

  async countUsers(tx: Queryable): Promise<number> {
    return Number((await tx.query('SELECT count(*) AS n FROM gateway.users')).rows[0].n);
  }

  /** Returns undefined when the email is taken. */
  async insertUser(tx: Queryable, u: { id: string; email: string; passwordHash: string }): Promise<UserRow | undefined> {
    const r = await tx.query(
      'INSERT INTO gateway.users (id, email, password_hash) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING RETURNING *',
      [u.id, u.email, u.passwordHash],
    );
    return r.rows[0];
  }

  async setPasswordHash(userId: string, passwordHash: string) {
    await this.db.query('UPDATE gateway.users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
  }

  async insertProject(tx: Queryable, p: { id: string; name: string; keys: KeyHashes; ownerId: string }): Promise<ProjectRow> {
    const r = await tx.query(
      `INSERT INTO gateway.projects (id, name, public_key_hash, secret_key_hash, public_key_hint, secret_key_hint)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [p.id, p.name, p.keys.publicHash, p.keys.secretHash, p.keys.publicHint, p.keys.secretHint],
    );
    await tx.query(`INSERT INTO gateway.memberships (project_id, user_id, role) VALUES ($1, $2, 'OWNER')`, [p.id, p.ownerId]);
    return r.rows[0];
  }

  async projectsOf(userId: string): Promise<Array<ProjectRow & { role: Role }>> {
    return this.db.query(
      `SELECT ${PCOLS}, m.role FROM gateway.projects p JOIN gateway.memberships m ON m.project_id = p.id
       WHERE m.user_id = $1 ORDER BY p.created_at`,
      [userId],
    );
  }

  async projectForMember(projectId: string, userId: string): Promise<(ProjectRow & { role: Role }) | undefined> {
    return (
      await this.db.query(
        `SELECT ${PCOLS}, m.role FROM gateway.projects p JOIN gateway.memberships m ON m.project_id = p.id
         WHERE p.id = $1 AND m.user_id = $2`,
        [projectId, userId],
      )
    )[0];
  }

  async projectByKeyHash(hash: string): Promise<(ProjectRow & { scope: 'public' | 'secret' }) | undefined> {
    return (
      await this.db.query(
        `SELECT ${PCOLS}, CASE WHEN p.secret_key_hash = $1 THEN 'secret' ELSE 'public' END AS scope
         FROM gateway.projects p WHERE p.secret_key_hash = $1 OR p.public_key_hash = $1`,
        [hash],
      )
    )[0];
  }

  async updateProject(projectId: string, patch: { name?: string; tracking?: string; language?: string }): Promise<ProjectRow> {
    const r = await this.db.query(
      `UPDATE gateway.projects SET name = coalesce($2, name), tracking = coalesce($3, tracking), language = coalesce($4, language),
         updated_at = now() WHERE id = $1 RETURNING *`,
      [projectId, patch.name ?? null, patch.tracking ?? null, patch.language ?? null],
    );
    return r[0];
  }

  async replaceKeys(projectId: string, keys: KeyHashes): Promise<ProjectRow> {
    const r = await this.db.query(
      `UPDATE gateway.projects SET public_key_hash = $2, secret_key_hash = $3, public_key_hint = $4, secret_key_hint = $5,
         updated_at = now() WHERE id = $1 RETURNING *`,
      [projectId, keys.publicHash, keys.secretHash, keys.publicHint, keys.secretHint],
    );
    return r[0];
  }

  /** Disables a project (committed at once, so the key cache can be invalidated right after). */
  async disable(projectId: string, reason: string): Promise<boolean> {
    const r = await this.db.pool.query(
      `UPDATE gateway.projects SET disabled = true, disabled_reason = $2, updated_at = now() WHERE id = $1 AND NOT disabled`,
      [projectId, reason],
    );
    return (r.rowCount ?? 0) > 0;
  }

  /** Enables a project disabled for `reason` (committed at once, like disable); false otherwise. */
  async enable(projectId: string, reason: string): Promise<boolean> {
    const r = await this.db.pool.query(
      `UPDATE gateway.projects SET disabled = false, disabled_reason = NULL, updated_at = now() WHERE id = $1 AND disabled AND disabled_reason = $2`,
      [projectId, reason],
    );
    return (r.rowCount ?? 0) > 0;
  }
}
