/**
 * What the identity use cases need from outside, as interfaces: adapters/ implements them and
 * service.ts hands the implementations in. (The inbound side — routes, guards, the fast lane —
 * is ../http/.)
 */
import type { UnitOfWork, Work } from '../../../../libs/db/src';
import type { Role } from '../../../../libs/edge/src';

export interface UserRow {
  id: string;
  email: string;
  /** Null for an account made by an OAuth login (until a password reset sets one). */
  password_hash: string | null;
  email_verified: boolean;
  session_version: number;
}

export type TokenPurpose = 'verify' | 'reset';

export interface MemberRow {
  user_id: string;
  email: string;
  role: Role;
  created_at: Date;
}

export interface InvitationRow {
  project_id: string;
  email: string;
  role: Role;
  expires_at: Date;
  created_at: Date;
}

export interface Suspension {
  action: 'disabled' | 'enabled';
  reason: string | null;
  at: Date;
}

/** Account mail, sent through messaging (SYSTEM_FROM). */
export interface SystemMail {
  send(m: { to: string; subject: string; text: string }): Promise<void>;
}

/** What a project's settings change may set (absent: unchanged). */
export interface ProjectPatch {
  name?: string;
  tracking?: string;
  language?: string;
  transactionalOpenTracking?: boolean;
}

export interface ProjectRow {
  id: string;
  name: string;
  /** The public key in full (it is public); null for keys issued before it was kept, until rotated. */
  public_key: string | null;
  public_key_hint: string;
  secret_key_hint: string;
  disabled: boolean;
  disabled_reason: string | null;
  tracking: string;
  /** Whether transactional mail gets the open pixel too (clicks are tracked either way). */
  transactional_opens: boolean;
  language: string;
  created_at: Date;
  updated_at: Date;
}

export interface KeyHashes {
  publicHash: string;
  secretHash: string;
  publicHint: string;
  secretHint: string;
  /** The public key itself, kept in full (docs/decisions/0380-the-public-key-is-kept-and-shown-in-full.md). */
  publicKey: string;
}

/**
 * Users, projects, memberships and API keys in PostgreSQL (adapters/identity-repo.ts). Identity
 * calls the first group; the edge calls the second through `Identity.repo` (http/, service.ts).
 */
export interface IdentityStore {
  readonly uow: UnitOfWork;
  /** Takes the first start's lock for the unit of work: replicas starting together take turns. */
  lockBootstrap(work: Work): Promise<void>;

  userByEmail(email: string): Promise<UserRow | undefined>;
  countUsers(work: Work): Promise<number>;
  /** Undefined when the email is taken. */
  insertUser(work: Work, u: { id: string; email: string; passwordHash: string | null; emailVerified?: boolean }): Promise<UserRow | undefined>;
  setPasswordHash(userId: string, passwordHash: string): Promise<void>;
  /** The project, with its owner's membership. */
  insertProject(work: Work, p: { id: string; name: string; keys: KeyHashes; ownerId: string }): Promise<ProjectRow>;
  projectForMember(projectId: string, userId: string): Promise<(ProjectRow & { role: Role }) | undefined>;
  replaceKeys(projectId: string, keys: KeyHashes): Promise<ProjectRow>;

  userById(id: string): Promise<UserRow | undefined>;
  projectsOf(userId: string): Promise<Array<ProjectRow & { role: Role }>>;
  projectByKeyHash(hash: string): Promise<(ProjectRow & { scope: 'public' | 'secret' }) | undefined>;
  updateProject(projectId: string, patch: ProjectPatch): Promise<ProjectRow>;
  /** Disables a project, committed at once, and records it; false if it was disabled already. */
  disable(projectId: string, reason: string): Promise<boolean>;
  /** Enables a project disabled for this reason only (another reason stays), and records it; false otherwise. */
  enable(projectId: string, reason: string): Promise<boolean>;
  /** The latest disables and re-enables, newest first. */
  suspensions(projectId: string, limit: number): Promise<Suspension[]>;

  /** Undefined when the user is gone. */
  sessionVersion(userId: string): Promise<number | undefined>;
  /** Sets the password, ends every session issued before and marks the address verified; returns the new session version. */
  resetPassword(userId: string, passwordHash: string | null): Promise<number>;
  markVerified(userId: string): Promise<void>;
  /** Stores a token's hash (replacing the user's earlier ones of the purpose). */
  saveToken(userId: string, purpose: TokenPurpose, tokenHash: string, ttlMinutes: number): Promise<void>;
  /** Deletes the token (single use) and says whose it was and whether it was still valid. */
  /** When the user's live token of `purpose` was issued (its mail sent); undefined: none is. */
  tokenIssuedAt(userId: string, purpose: TokenPurpose): Promise<Date | undefined>;
  takeToken(tokenHash: string, purpose: TokenPurpose): Promise<{ userId: string; live: boolean } | undefined>;

  members(projectId: string): Promise<MemberRow[]>;
  member(projectId: string, userId: string): Promise<MemberRow | undefined>;
  /** False when the user is a member already. */
  addMember(projectId: string, userId: string, role: Role): Promise<boolean>;
  /** False when the user is not a member, or is the owner (never changed). */
  setRole(projectId: string, userId: string, role: Role): Promise<boolean>;
  /** False when the user is not a member, or is the owner (never removed). */
  removeMember(projectId: string, userId: string): Promise<boolean>;
  saveInvitation(i: { projectId: string; email: string; role: Role; tokenHash: string; invitedBy: string; ttlMinutes: number }): Promise<InvitationRow>;
  invitations(projectId: string): Promise<InvitationRow[]>;
  deleteInvitation(projectId: string, email: string): Promise<boolean>;
  /** Takes the invitation (single use) and adds the user to its project when it was still valid. */
  acceptInvitation(tokenHash: string, userId: string): Promise<{ projectId: string; email: string } | undefined>;
  /** Adds the user to every project that invited this (verified) address. */
  acceptInvitationsFor(email: string, userId: string): Promise<void>;

  saveOAuthState(stateHash: string, provider: string, codeVerifier: string, ttlMinutes: number): Promise<void>;
  /** The PKCE verifier of a state not used nor expired (single use). */
  takeOAuthState(stateHash: string, provider: string): Promise<string | undefined>;
}

/** A project's reset or delete (see OperationsRepo). */
export interface OperationRow {
  id: string;
  project: string;
  project_name: string;
  kind: 'reset' | 'delete';
  requested_by: string;
  /** Every service that wipes (each confirms each round). */
  services: string[];
  /** 1, then 2: the second wipes what was in flight during the first. */
  round: number;
  /** Services that have not confirmed this round's wipe yet. */
  pending: string[];
  /** Per service that confirmed: rows deleted, by table. */
  deleted: Record<string, Record<string, number>>;
  created_at: Date;
  completed_at: Date | null;
}

export interface OperationStore {
  start(op: { id: string; project: string; projectName: string; kind: 'reset' | 'delete'; requestedBy: string; services: string[] }): Promise<OperationRow>;
  confirm(work: Work, id: string, round: number, service: string, deleted: Record<string, number>): Promise<void>;
  get(id: string, requestedBy: string): Promise<OperationRow | undefined>;
}
