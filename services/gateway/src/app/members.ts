import { AppError, conflict, isUuid, notFound } from '../../../../libs/kit/src';
import type { Role } from '../../../../libs/edge/src';
import { INVITATION_TTL_DAYS, invitationMail } from '../domain/mails';
import { newToken } from './accounts';
import { hashKey } from './identity';
import type { IdentityStore, InvitationRow, MemberRow, SystemMail } from './ports';

export const memberView = (m: MemberRow) => ({ userId: m.user_id, email: m.email, role: m.role, createdAt: m.created_at.toISOString() });
export const invitationView = (i: InvitationRow) => ({
  email: i.email,
  role: i.role,
  expiresAt: i.expires_at.toISOString(),
  createdAt: i.created_at.toISOString(),
});

const memberNotFound = () => notFound('Member', 'MEMBER_NOT_FOUND');
const ownerProtected = () =>
  new AppError({
    code: 'OWNER_PROTECTED',
    status: 403,
    message: "The project's owner cannot be removed nor have their role changed",
    suggestion: 'Change or remove another member.',
  });

/**
 * A project's members (Plunk's member routes). The owner is fixed: never demoted nor
 * removed, and no one becomes OWNER through these calls, so every project always has its owner,
 * with every right an admin has — no "last admin" can leave a project unmanaged. OWNER and
 * ADMIN manage the other members (the routes' policy), admins included.
 */
export class Members {
  constructor(
    readonly repo: IdentityStore,
    private readonly mail: SystemMail,
    private readonly dashboardUrl: string,
  ) {}

  async list(projectId: string) {
    return (await this.repo.members(projectId)).map(memberView);
  }

  /**
   * An existing user is added at once (201, the member); an address without an account gets an
   * invitation email (202, the invitation), which joins the project at signup with that address
   * (once verified, or at once with the invitation's token), or when accepted by a logged-in user.
   * `email` is normalised (the route's emailField).
   */
  async invite(projectId: string, inviter: { userId: string; projectName: string }, email: string, role: Role) {
    const user = await this.repo.userByEmail(email);
    if (user) {
      if (!(await this.repo.addMember(projectId, user.id, role)))
        throw conflict(`${email} is already a member of this project`, 'Change their role instead (PATCH /projects/:id/members/:userId).');
      return { status: 201, body: memberView((await this.repo.member(projectId, user.id))!) };
    }
    const token = newToken();
    const invitation = await this.repo.saveInvitation({
      projectId,
      email,
      role,
      tokenHash: hashKey(token),
      invitedBy: inviter.userId,
      ttlMinutes: INVITATION_TTL_DAYS * 1440,
    });
    await this.mail.send({ to: email, ...invitationMail(this.dashboardUrl, token, inviter.projectName, email) });
    return { status: 202, body: { invited: true, ...invitationView(invitation) } };
  }

  async changeRole(projectId: string, userId: string, role: Role) {
    await this.target(projectId, userId);
    await this.repo.setRole(projectId, userId, role);
    return memberView((await this.repo.member(projectId, userId))!);
  }

  async remove(projectId: string, userId: string) {
    await this.target(projectId, userId);
    await this.repo.removeMember(projectId, userId);
  }

  /** A logged-in user accepts an invitation by its token (whoever holds the token got the email). */
  async accept(token: string, userId: string) {
    const joined = await this.repo.acceptInvitation(hashKey(token), userId);
    if (!joined)
      throw new AppError({
        code: 'INVALID_TOKEN',
        status: 400,
        message: 'This invitation is invalid, expired or already used',
        suggestion: 'Ask a project admin to invite you again.',
      });
    return joined.projectId;
  }

  private async target(projectId: string, userId: string) {
    const m = isUuid(userId) ? await this.repo.member(projectId, userId) : undefined;
    if (!m) throw memberNotFound();
    if (m.role === 'OWNER') throw ownerProtected();
    return m;
  }
}
