import { Db, sqlOf, type UnitOfWork, type Work } from '../../../../libs/db/src';
import type { Role } from '../../../../libs/edge/src';
import { newId } from '../../../../libs/kit/src';
import type { IdentityStore, InvitationRow, KeyHashes, MemberRow, ProjectPatch, ProjectRow, Suspension, TokenPurpose, UserRow } from '../app/ports';

const PCOLS =
  'p.id, p.name, p.public_key, p.public_key_hint, p.secret_key_hint, p.disabled, p.disabled_reason, p.tracking, p.transactional_opens, p.language, p.created_at, p.updated_at';

/** Users, projects, memberships and API keys (the gateway's identity schema). */
export class IdentityRepo implements IdentityStore {
  constructor(readonly db: Db) {}

  get uow(): UnitOfWork {
    return this.db;
  }

  async lockBootstrap(work: Work): Promise<void> {
    await sqlOf(work).query(`SELECT pg_advisory_xact_lock(hashtext('herald.bootstrap'))`);
  }

  async userByEmail(email: string): Promise<UserRow | undefined> {
    return (await this.db.query('SELECT * FROM gateway.users WHERE email = $1', [email]))[0];
  }

  async userById(id: string): Promise<UserRow | undefined> {
    return (await this.db.query('SELECT * FROM gateway.users WHERE id = $1', [id]))[0];
  }

  async countUsers(work: Work): Promise<number> {
    const tx = sqlOf(work);
    return Number((await tx.query('SELECT count(*) AS n FROM gateway.users')).rows[0].n);
  }

  /** Returns undefined when the email is taken. */
  async insertUser(work: Work, u: { id: string; email: string; passwordHash: string | null; emailVerified?: boolean }): Promise<UserRow | undefined> {
    const tx = sqlOf(work);
    const r = await tx.query(
      'INSERT INTO gateway.users (id, email, password_hash, email_verified) VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING RETURNING *',
      [u.id, u.email, u.passwordHash, u.emailVerified ?? false],
    );
    return r.rows[0];
  }

  async setPasswordHash(userId: string, passwordHash: string) {
    await this.db.query('UPDATE gateway.users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
  }

  async insertProject(work: Work, p: { id: string; name: string; keys: KeyHashes; ownerId: string }): Promise<ProjectRow> {
    const tx = sqlOf(work);
    const r = await tx.query(
      `INSERT INTO gateway.projects (id, name, public_key_hash, secret_key_hash, public_key_hint, secret_key_hint, public_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [p.id, p.name, p.keys.publicHash, p.keys.secretHash, p.keys.publicHint, p.keys.secretHint, p.keys.publicKey],
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

  async updateProject(projectId: string, patch: ProjectPatch): Promise<ProjectRow> {
    const r = await this.db.query(
      `UPDATE gateway.projects SET name = coalesce($2, name), tracking = coalesce($3, tracking), language = coalesce($4, language),
         transactional_opens = coalesce($5, transactional_opens), updated_at = now() WHERE id = $1 RETURNING *`,
      [projectId, patch.name ?? null, patch.tracking ?? null, patch.language ?? null, patch.transactionalOpenTracking ?? null],
    );
    return r[0];
  }

  async replaceKeys(projectId: string, keys: KeyHashes): Promise<ProjectRow> {
    const r = await this.db.query(
      `UPDATE gateway.projects SET public_key_hash = $2, secret_key_hash = $3, public_key_hint = $4, secret_key_hint = $5,
         public_key = $6, updated_at = now() WHERE id = $1 RETURNING *`,
      [projectId, keys.publicHash, keys.secretHash, keys.publicHint, keys.secretHint, keys.publicKey],
    );
    return r[0];
  }

  /** Disables a project and records why (committed at once, so the key cache can be invalidated right after). */
  async disable(projectId: string, reason: string): Promise<boolean> {
    return this.suspend(projectId, true, reason);
  }

  /** Enables a project disabled for `reason` (and only for that: a payment does not lift a reputation suspension), recording it. */
  async enable(projectId: string, reason: string): Promise<boolean> {
    return this.suspend(projectId, false, reason);
  }

  private async suspend(projectId: string, disabled: boolean, reason: string) {
    const r = await this.db.pool.query(
      `WITH changed AS (
         UPDATE gateway.projects SET disabled = $2, disabled_reason = CASE WHEN $2 THEN $3 END, updated_at = now()
          WHERE id = $1 AND disabled <> $2 AND ($2 OR disabled_reason = $3) RETURNING id)
       INSERT INTO gateway.project_suspensions (project_id, id, action, reason)
       SELECT id, $4, CASE WHEN $2 THEN 'disabled' ELSE 'enabled' END, $3 FROM changed`,
      [projectId, disabled, reason, newId()],
    );
    return (r.rowCount ?? 0) > 0;
  }

  async suspensions(projectId: string, limit: number): Promise<Suspension[]> {
    return this.db.query(`SELECT action, reason, at FROM gateway.project_suspensions WHERE project_id = $1 ORDER BY id DESC LIMIT $2`, [projectId, limit]);
  }

  // ---- sessions, verification and reset tokens ----

  async sessionVersion(userId: string): Promise<number | undefined> {
    return (await this.db.query<{ session_version: number }>('SELECT session_version FROM gateway.users WHERE id = $1', [userId]))[0]?.session_version;
  }

  async resetPassword(userId: string, passwordHash: string | null): Promise<number> {
    const r = await this.db.query<{ session_version: number }>(
      'UPDATE gateway.users SET password_hash = $2, session_version = session_version + 1, email_verified = true, updated_at = now() WHERE id = $1 RETURNING session_version',
      [userId, passwordHash],
    );
    return r[0].session_version;
  }

  async markVerified(userId: string) {
    await this.db.query('UPDATE gateway.users SET email_verified = true, updated_at = now() WHERE id = $1 AND NOT email_verified', [userId]);
  }

  async saveToken(userId: string, purpose: TokenPurpose, tokenHash: string, ttlMinutes: number) {
    // A new token replaces the user's earlier ones of the purpose.
    await this.db.query(
      `WITH gone AS (DELETE FROM gateway.user_tokens WHERE user_id = $1 AND purpose = $2)
       INSERT INTO gateway.user_tokens (token_hash, user_id, purpose, expires_at) VALUES ($3, $1, $2, now() + make_interval(mins => $4))`,
      [userId, purpose, tokenHash, ttlMinutes],
    );
  }

  async tokenIssuedAt(userId: string, purpose: TokenPurpose): Promise<Date | undefined> {
    const r = await this.db.query<{ created_at: Date }>(
      'SELECT created_at FROM gateway.user_tokens WHERE user_id = $1 AND purpose = $2 ORDER BY created_at DESC LIMIT 1',
      [userId, purpose],
    );
    return r[0]?.created_at;
  }

  async takeToken(tokenHash: string, purpose: TokenPurpose): Promise<{ userId: string; live: boolean } | undefined> {
    const r = await this.db.query<{ user_id: string; live: boolean }>(
      'DELETE FROM gateway.user_tokens WHERE token_hash = $1 AND purpose = $2 RETURNING user_id, expires_at > now() AS live',
      [tokenHash, purpose],
    );
    return r[0] && { userId: r[0].user_id, live: r[0].live };
  }

  // ---- members and invitations ----

  async members(projectId: string): Promise<MemberRow[]> {
    return this.db.query(
      `SELECT m.user_id, u.email, m.role, m.created_at FROM gateway.memberships m JOIN gateway.users u ON u.id = m.user_id
        WHERE m.project_id = $1 ORDER BY m.created_at, u.email`,
      [projectId],
    );
  }

  async member(projectId: string, userId: string): Promise<MemberRow | undefined> {
    return (
      await this.db.query(
        `SELECT m.user_id, u.email, m.role, m.created_at FROM gateway.memberships m JOIN gateway.users u ON u.id = m.user_id
          WHERE m.project_id = $1 AND m.user_id = $2`,
        [projectId, userId],
      )
    )[0];
  }

  async addMember(projectId: string, userId: string, role: Role): Promise<boolean> {
    const r = await this.db.pool.query(`INSERT INTO gateway.memberships (project_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
      projectId,
      userId,
      role,
    ]);
    return (r.rowCount ?? 0) > 0;
  }

  async setRole(projectId: string, userId: string, role: Role): Promise<boolean> {
    const r = await this.db.pool.query(`UPDATE gateway.memberships SET role = $3 WHERE project_id = $1 AND user_id = $2 AND role <> 'OWNER'`, [
      projectId,
      userId,
      role,
    ]);
    return (r.rowCount ?? 0) > 0;
  }

  async removeMember(projectId: string, userId: string): Promise<boolean> {
    const r = await this.db.pool.query(`DELETE FROM gateway.memberships WHERE project_id = $1 AND user_id = $2 AND role <> 'OWNER'`, [projectId, userId]);
    return (r.rowCount ?? 0) > 0;
  }

  async saveInvitation(i: { projectId: string; email: string; role: Role; tokenHash: string; invitedBy: string; ttlMinutes: number }): Promise<InvitationRow> {
    const r = await this.db.query<InvitationRow>(
      `INSERT INTO gateway.invitations (project_id, email, role, token_hash, invited_by, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))
       ON CONFLICT (project_id, email) DO UPDATE SET role = excluded.role, token_hash = excluded.token_hash,
         invited_by = excluded.invited_by, expires_at = excluded.expires_at, created_at = now()
       RETURNING project_id, email, role, expires_at, created_at`,
      [i.projectId, i.email, i.role, i.tokenHash, i.invitedBy, i.ttlMinutes],
    );
    return r[0];
  }

  async invitations(projectId: string): Promise<InvitationRow[]> {
    return this.db.query(
      'SELECT project_id, email, role, expires_at, created_at FROM gateway.invitations WHERE project_id = $1 AND expires_at > now() ORDER BY created_at',
      [projectId],
    );
  }

  async deleteInvitation(projectId: string, email: string): Promise<boolean> {
    const r = await this.db.pool.query('DELETE FROM gateway.invitations WHERE project_id = $1 AND email = $2', [projectId, email]);
    return (r.rowCount ?? 0) > 0;
  }

  async acceptInvitation(tokenHash: string, userId: string): Promise<{ projectId: string; email: string } | undefined> {
    const r = await this.db.query<{ project_id: string; email: string }>(
      `WITH taken AS (DELETE FROM gateway.invitations WHERE token_hash = $1 RETURNING project_id, email, role, expires_at > now() AS live),
            joined AS (INSERT INTO gateway.memberships (project_id, user_id, role) SELECT project_id, $2, role FROM taken WHERE live ON CONFLICT DO NOTHING)
       SELECT project_id, email FROM taken WHERE live`,
      [tokenHash, userId],
    );
    return r[0] && { projectId: r[0].project_id, email: r[0].email };
  }

  async acceptInvitationsFor(email: string, userId: string) {
    await this.db.query(
      `WITH taken AS (DELETE FROM gateway.invitations WHERE email = $1 AND expires_at > now() RETURNING project_id, role)
       INSERT INTO gateway.memberships (project_id, user_id, role) SELECT project_id, $2, role FROM taken ON CONFLICT DO NOTHING`,
      [email, userId],
    );
  }

  // ---- OAuth ----

  async saveOAuthState(stateHash: string, provider: string, codeVerifier: string, ttlMinutes: number) {
    await this.db.query(
      `WITH gone AS (DELETE FROM gateway.oauth_states WHERE expires_at < now())
       INSERT INTO gateway.oauth_states (state_hash, provider, code_verifier, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
      [stateHash, provider, codeVerifier, ttlMinutes],
    );
  }

  async takeOAuthState(stateHash: string, provider: string): Promise<string | undefined> {
    const r = await this.db.query<{ code_verifier: string }>(
      'DELETE FROM gateway.oauth_states WHERE state_hash = $1 AND provider = $2 AND expires_at > now() RETURNING code_verifier',
      [stateHash, provider],
    );
    return r[0]?.code_verifier;
  }
}
