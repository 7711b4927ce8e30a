import crypto from 'node:crypto';
import { AppError, conflict, isUuid, newId, notFound, unauthorized } from '../../../../libs/kit/src';
import type { Role } from '../../../../libs/edge/src';
import { hashPassword, verifyPassword } from '../domain/passwords';
import type { IdentityStore, KeyHashes, ProjectRow } from './ports';

export const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');
const hint = (key: string) => `${key.slice(0, 7)}…${key.slice(-4)}`;
let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword(crypto.randomBytes(16).toString('hex')));

export interface IssuedKeys {
  public: string;
  secret: string;
}

/** What the first start creates, the one time it exists in clear. */
export interface FirstRun {
  email: string;
  password: string;
  projectId: string;
  keys: IssuedKeys;
}

export function generateKeys(): { keys: IssuedKeys; hashes: KeyHashes } {
  const pub = `pk_${crypto.randomBytes(32).toString('hex')}`;
  const sec = `sk_${crypto.randomBytes(32).toString('hex')}`;
  return {
    keys: { public: pub, secret: sec },
    hashes: { publicHash: hashKey(pub), secretHash: hashKey(sec), publicHint: hint(pub), secretHint: hint(sec), publicKey: pub },
  };
}

/**
 * The tracking policy a project's mail is sent under, as the services take it: its tracking
 * setting, except that ENABLED leaves the open pixel out of transactional mail unless the project
 * turned transactional opens on (docs/decisions/0310-no-open-pixel-in-transactional-mail-by-default.md).
 */
export const trackingPolicy = (p: Pick<ProjectRow, 'tracking' | 'transactional_opens'>) =>
  p.tracking === 'ENABLED' && !p.transactional_opens ? 'ENABLED_EXCEPT_TRANSACTIONAL_OPENS' : p.tracking;

/**
 * A project in Plunk's shape, except that the secret key appears in full only when issued (create,
 * regenerate), afterwards as a hint; the public key is in full whenever it is kept (a hint for keys
 * issued before it was).
 */
export function projectView(p: ProjectRow & { role?: Role }, issued?: IssuedKeys) {
  return {
    id: p.id,
    name: p.name,
    public: issued?.public ?? p.public_key ?? p.public_key_hint,
    secret: issued?.secret ?? p.secret_key_hint,
    disabled: p.disabled,
    disabledReason: p.disabled_reason,
    tracking: p.tracking,
    transactionalOpenTracking: p.transactional_opens,
    language: p.language,
    role: p.role ?? 'OWNER',
    createdAt: p.created_at.toISOString(),
    updatedAt: p.updated_at.toISOString(),
  };
}

/** Accounts and projects: signup, login, projects and their keys. */
export class Identity {
  constructor(readonly repo: IdentityStore) {}

  async signup(email: string, password: string) {
    const passwordHash = await hashPassword(password);
    const user = await this.repo.uow.run((work) => this.repo.insertUser(work, { id: newId(), email, passwordHash }));
    if (!user) throw conflict('An account with this email already exists', 'Log in instead, or use another email.');
    return user;
  }

  async login(email: string, password: string) {
    const user = await this.repo.userByEmail(email);
    // Compare against a dummy hash when the user is unknown, so timing does not reveal accounts.
    const { ok, upgrade } = await verifyPassword(password, user?.password_hash ?? (await dummyHash()));
    if (!user || !ok) throw unauthorized('Invalid email or password', 'INVALID_CREDENTIALS', 'Check the email and password.');
    if (upgrade) await this.repo.setPasswordHash(user.id, await hashPassword(password));
    return user;
  }

  async createProject(ownerId: string, name: string) {
    const { keys, hashes } = generateKeys();
    const project = await this.repo.uow.run((work) => this.repo.insertProject(work, { id: newId(), name, keys: hashes, ownerId }));
    return projectView({ ...project, role: 'OWNER' }, keys);
  }

  async memberProject(projectId: string, userId: string) {
    const p = isUuid(projectId) ? await this.repo.projectForMember(projectId, userId) : undefined;
    if (!p) {
      throw new AppError({
        code: 'PROJECT_ACCESS_DENIED',
        status: 403,
        message: 'You are not a member of this project',
        suggestion: 'Pick one of your projects (GET /users/@me/projects).',
      });
    }
    return p;
  }

  async regenerateKeys(projectId: string) {
    const { keys, hashes } = generateKeys();
    const p = await this.repo.replaceKeys(projectId, hashes);
    if (!p) throw notFound('Project', 'PROJECT_NOT_FOUND');
    return { project: p, keys };
  }

  /**
   * First start: with no user at all, create the owner and a project, and hand their credentials
   * over (`handOver`, in the transaction: if it throws, nothing is created). An advisory lock
   * keeps two replicas starting together from both doing it.
   */
  async bootstrap(ownerEmail: string, ownerPassword: string | undefined, handOver: (b: FirstRun) => void): Promise<FirstRun | undefined> {
    return this.repo.uow.run(async (work) => {
      await this.repo.lockBootstrap(work);
      if ((await this.repo.countUsers(work)) > 0) return undefined;
      const password = ownerPassword ?? crypto.randomBytes(12).toString('base64url');
      const user = (await this.repo.insertUser(work, { id: newId(), email: ownerEmail, passwordHash: await hashPassword(password) }))!;
      const { keys, hashes } = generateKeys();
      const project = await this.repo.insertProject(work, { id: newId(), name: 'My Project', keys: hashes, ownerId: user.id });
      const first = { email: ownerEmail, password, projectId: project.id, keys };
      // Before the commit: credentials that could not be handed over are never created (the next start tries again).
      handOver(first);
      return first;
    });
  }
}
