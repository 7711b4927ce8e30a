/**
 * What the identity use cases need from outside, as interfaces: adapters/ implements them and
 * service.ts hands the implementations in. (The inbound side — routes, guards, the fast lane —
 * is ../http/.)
 */
import type { Db, Queryable } from '../../../../libs/db/src';
import type { Role } from '../../../../libs/edge/src';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  email_verified: boolean;
}

export interface ProjectRow {
  id: string;
  name: string;
  public_key_hint: string;
  secret_key_hint: string;
  disabled: boolean;
  disabled_reason: string | null;
  tracking: string;
  language: string;
  created_at: Date;
  updated_at: Date;
}

export interface KeyHashes {
  publicHash: string;
  secretHash: string;
  publicHint: string;
  secretHint: string;
}

/**
 * Users, projects, memberships and API keys in PostgreSQL (adapters/identity-repo.ts). Identity
 * calls the first group; the edge calls the second through `Identity.repo` (http/, service.ts).
 */
export interface IdentityStore {
  readonly db: Db;

  userByEmail(email: string): Promise<UserRow | undefined>;
  countUsers(tx: Queryable): Promise<number>;
  /** Undefined when the email is taken. */
  insertUser(tx: Queryable, u: { id: string; email: string; passwordHash: string }): Promise<UserRow | undefined>;
  setPasswordHash(userId: string, passwordHash: string): Promise<void>;
  /** The project, with its owner's membership. */
  insertProject(tx: Queryable, p: { id: string; name: string; keys: KeyHashes; ownerId: string }): Promise<ProjectRow>;
  projectForMember(projectId: string, userId: string): Promise<(ProjectRow & { role: Role }) | undefined>;
  replaceKeys(projectId: string, keys: KeyHashes): Promise<ProjectRow>;

  userById(id: string): Promise<UserRow | undefined>;
  projectsOf(userId: string): Promise<Array<ProjectRow & { role: Role }>>;
  projectByKeyHash(hash: string): Promise<(ProjectRow & { scope: 'public' | 'secret' }) | undefined>;
  updateProject(projectId: string, patch: { name?: string; tracking?: string; language?: string }): Promise<ProjectRow>;
  /** Disables a project, committed at once; false if it was disabled already. */
  disable(projectId: string, reason: string): Promise<boolean>;
  /** Enables a project disabled for this reason only (another reason stays), committed at once; false otherwise. */
  enable(projectId: string, reason: string): Promise<boolean>;
}
