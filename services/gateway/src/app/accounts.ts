import crypto from 'node:crypto';
import { AppError, conflict, forbidden, logger, newId, normalizeEmail, unauthorized } from '../../../../libs/kit/src';
import { hashPassword } from '../domain/passwords';
import { resetMail, TOKEN_TTL_MINUTES, verificationMail } from '../domain/mails';
import { hashKey, type Identity } from './identity';
import type { IdentityStore, SystemMail, TokenPurpose, UserRow } from './ports';

/** A verification, reset or invitation token: 64 hex characters (256 bits); only its SHA-256 is stored. */
export const newToken = () => crypto.randomBytes(32).toString('hex');

const invalidToken = () =>
  new AppError({
    code: 'INVALID_TOKEN',
    status: 400,
    message: 'This token is invalid or was already used',
    suggestion: 'Ask for a new email and use the token it carries, once.',
  });
const expiredToken = () =>
  new AppError({
    code: 'TOKEN_EXPIRED',
    status: 400,
    message: 'This token has expired (tokens are valid for one hour)',
    suggestion: 'Ask for a new email and use its token within the hour.',
  });

export interface AccountOptions {
  /** Where the links in account mail lead (DASHBOARD_URL, else PUBLIC_URL). */
  dashboardUrl: string;
  /** REQUIRE_EMAIL_VERIFICATION: an unverified user may not log in. */
  requireVerification: boolean;
}

/**
 * Email verification, password reset and OAuth sign-in (Plunk's account routes). Tokens are
 * single use (deleted when presented, valid or not) and stored as SHA-256 hashes.
 */
export class Accounts {
  constructor(
    private readonly identity: Identity,
    private readonly mail: SystemMail,
    readonly opts: AccountOptions,
  ) {}

  private get repo(): IdentityStore {
    return this.identity.repo;
  }

  /**
   * Signup, then the verification email (in the background: the account exists whether or not
   * the mail goes out; request-verification sends another). An invitation token joins its project;
   * when the invitation was sent to this very address the address is verified by it.
   */
  async signup(email: string, password: string, invitation?: string): Promise<UserRow> {
    const user = await this.identity.signup(email, password);
    if (invitation) {
      const joined = await this.repo.acceptInvitation(hashKey(invitation), user.id);
      if (joined && joined.email === user.email) {
        await this.verified(user);
        return { ...user, email_verified: true };
      }
    }
    this.background('verification', () => this.sendVerification(user));
    return user;
  }

  /** Login, refused for an unverified address when REQUIRE_EMAIL_VERIFICATION is on. */
  async login(email: string, password: string): Promise<UserRow> {
    const user = await this.identity.login(email, password);
    if (this.opts.requireVerification && !user.email_verified) {
      throw forbidden(
        'Verify your email address before logging in',
        'EMAIL_NOT_VERIFIED',
        'Open the link in the verification email, or ask for a new one (POST /auth/request-verification with { email }).',
      );
    }
    return user;
  }

  sendVerification(user: Pick<UserRow, 'id' | 'email'>) {
    return this.sendToken(user, 'verify', verificationMail);
  }

  /**
   * request-verification with a session: a new verification email, now, once `allowance` (the
   * address's mail allowance) lets it; neither is asked for a verified or vanished account.
   */
  async requestVerification(userId: string, allowance: (email: string) => Promise<unknown>) {
    const user = await this.repo.userById(userId);
    if (!user) throw unauthorized('This account no longer exists', 'UNAUTHORIZED', 'Sign up again.');
    if (user.email_verified) throw conflict('This email address is already verified', 'Nothing to do.');
    await allowance(user.email);
    await this.sendVerification(user);
  }

  async verifyEmail(token: string): Promise<UserRow> {
    const userId = await this.take(token, 'verify');
    const user = await this.repo.userById(userId);
    if (!user) throw invalidToken();
    await this.verified(user);
    return { ...user, email_verified: true };
  }

  /**
   * Always the same, at once, whether or not the account exists: the lookup, the token and the mail
   * happen after the answer, so neither its content nor its timing tells. `email` is normalised
   * (the route's emailField).
   */
  requestPasswordReset(email: string) {
    this.background('password reset', async () => {
      const user = await this.repo.userByEmail(email);
      if (user) await this.sendToken(user, 'reset', resetMail);
    });
  }

  /** Sets the password and ends every session of the user; the address is verified (the link reached it). */
  async resetPassword(token: string, newPassword: string): Promise<UserRow> {
    const userId = await this.take(token, 'reset');
    const user = await this.repo.userById(userId);
    if (!user) throw invalidToken();
    const sessionVersion = await this.repo.resetPassword(user.id, await hashPassword(newPassword));
    await this.verified({ ...user, email_verified: true });
    return { ...user, email_verified: true, session_version: sessionVersion };
  }

  /**
   * An OAuth login: the provider's address must be verified by the provider. An existing account
   * with that address is linked; if its address was never verified here, whoever created it may
   * not be its owner, so its password is cleared and its sessions end (the owner of the address
   * logs in with the provider, or resets the password). Pending invitations of the address join.
   */
  async oauthUser(profile: { email: string; verified: boolean }): Promise<UserRow> {
    const email = normalizeEmail(profile.email);
    if (!profile.verified) {
      throw forbidden(
        'The provider has not verified this email address',
        'EMAIL_NOT_VERIFIED',
        'Verify the address with the provider, or sign up with it here.',
      );
    }
    let user = await this.repo.userByEmail(email);
    if (user && !user.email_verified) {
      const sessionVersion = await this.repo.resetPassword(user.id, null);
      user = { ...user, password_hash: null, session_version: sessionVersion, email_verified: true };
    }
    if (!user) {
      user = await this.repo.uow.run((work) => this.repo.insertUser(work, { id: newId(), email, passwordHash: null, emailVerified: true }));
      // Created by a concurrent login meanwhile: that one.
      user ??= await this.repo.userByEmail(email);
      if (!user) throw conflict('The account could not be created', 'Try again.');
    }
    await this.verified(user);
    return { ...user, email_verified: true };
  }

  async exists(email: string) {
    return !!(await this.repo.userByEmail(normalizeEmail(email)));
  }

  saveOAuthState(stateHash: string, provider: string, codeVerifier: string, ttlMinutes: number) {
    return this.repo.saveOAuthState(stateHash, provider, codeVerifier, ttlMinutes);
  }

  takeOAuthState(stateHash: string, provider: string) {
    return this.repo.takeOAuthState(stateHash, provider);
  }

  /** The address is verified (marked so unless it is already, as resetPassword marks it): its invitations join. */
  private async verified(user: Pick<UserRow, 'id' | 'email' | 'email_verified'>) {
    if (!user.email_verified) await this.repo.markVerified(user.id);
    await this.repo.acceptInvitationsFor(user.email, user.id);
  }

  /** A new single-use token of `purpose` (replacing the earlier ones), mailed to the user. */
  private async sendToken(
    user: Pick<UserRow, 'id' | 'email'>,
    purpose: TokenPurpose,
    mail: (dashboardUrl: string, token: string) => { subject: string; text: string },
  ) {
    const token = newToken();
    await this.repo.saveToken(user.id, purpose, hashKey(token), TOKEN_TTL_MINUTES);
    await this.mail.send({ to: user.email, ...mail(this.opts.dashboardUrl, token) });
  }

  private async take(token: string, purpose: 'verify' | 'reset') {
    const t = await this.repo.takeToken(hashKey(token), purpose);
    if (!t) throw invalidToken();
    if (!t.live) throw expiredToken();
    return t.userId;
  }

  /** Work done after the answer; a failure is logged without the address or the token. */
  private background(what: string, work: () => Promise<void>) {
    setImmediate(() => void work().catch((err) => logger.warn({ err: (err as Error).message }, `${what} email not sent`)));
  }
}
