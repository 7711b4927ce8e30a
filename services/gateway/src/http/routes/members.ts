import { z } from 'zod';
import { on, policy, type RouteRequest, type Route, type SessionAuth } from '../../../../../libs/edge/src';
import { normalizeEmail, notFound } from '../../../../../libs/kit/src';
import { invitationView, type Members } from '../../app/members';
import type { IdentityStore } from '../../app/ports';
import { emailField } from './account';

const assignable = z.enum(['ADMIN', 'MEMBER']);
const inviteBody = z.object({ email: emailField, role: assignable.default('MEMBER') });
const roleBody = z.object({ role: assignable });
const PARAMS = { id: 'The project id.' };
const MEMBER_PARAMS = { ...PARAMS, userId: "The member's user id." };
const memberExample = { userId: '01970a3b-1c2d-7e3f-8a4b-5c6d7e8f9a0b', email: 'jane@example.com', role: 'MEMBER', createdAt: '2025-06-01T09:30:00.000Z' };
const invitationExample = { email: 'new@example.com', role: 'MEMBER', expiresAt: '2025-06-08T09:30:00.000Z', createdAt: '2025-06-01T09:30:00.000Z' };
const role = z.enum(['OWNER', 'ADMIN', 'MEMBER']);
const memberAnswer = z.strictObject({ userId: z.string(), email: z.string(), role, createdAt: z.iso.datetime() });
const invitationAnswer = z.strictObject({ email: z.string(), role, expiresAt: z.iso.datetime(), createdAt: z.iso.datetime() });
const memberErrors = {
  403: { code: 'OWNER_PROTECTED', description: "The project's owner is never changed nor removed." },
  404: { code: 'MEMBER_NOT_FOUND', description: 'No such member in this project.' },
};

/**
 * Project members, as Plunk has them: every member sees the members; OWNER and ADMIN invite, change
 * roles and remove (the owner excepted), and see and cancel pending invitations.
 */
export function memberRoutes(members: Members, repo: IdentityStore): Route[] {
  const session = (req: RouteRequest) => req.auth as SessionAuth;
  return [
    on.get(
      '/projects/:id/members',
      policy.member('MEMBER'),
      {
        tag: 'Members',
        summary: "A project's members",
        params: PARAMS,
        responses: {
          200: {
            description: 'The members, oldest first, the owner included.',
            example: [{ ...memberExample, role: 'OWNER' }, memberExample],
            schema: z.array(memberAnswer),
          },
        },
      },
      async (req, res) => {
        res.json(await members.list(req.projectId!));
      },
    ),
    on.post(
      '/projects/:id/members',
      policy.member('ADMIN'),
      {
        tag: 'Members',
        summary: 'Add or invite a member',
        description:
          'An address with an account becomes a member at once (201). Another gets an invitation email (202), valid 7 days: it joins when it signs up with the invitation, verifies that address, or accepts it logged in (POST /users/@me/invitations/accept). Inviting it again sends a new invitation (the earlier link stops working).',
        params: PARAMS,
        body: inviteBody,
        example: { email: 'jane@example.com', role: 'ADMIN' },
        responses: {
          201: { description: 'The new member.', example: memberExample, schema: memberAnswer },
          202: {
            description: 'The invitation sent.',
            example: { invited: true, ...invitationExample },
            schema: invitationAnswer.extend({ invited: z.literal(true) }),
          },
        },
        errors: { 409: { code: 'CONFLICT', description: 'Already a member.' } },
      },
      async (req, res, { body }) => {
        const project = (await repo.projectForMember(req.projectId!, session(req).userId))!;
        const out = await members.invite(req.projectId!, { userId: session(req).userId, projectName: project.name }, body.email, body.role);
        res.status(out.status).json(out.body);
      },
    ),
    on.patch(
      '/projects/:id/members/:userId',
      policy.member('ADMIN'),
      {
        tag: 'Members',
        summary: "Change a member's role",
        params: MEMBER_PARAMS,
        body: roleBody,
        example: { role: 'ADMIN' },
        responses: { 200: { description: 'The member.', example: { ...memberExample, role: 'ADMIN' }, schema: memberAnswer } },
        errors: memberErrors,
      },
      async (req, res, { body }) => {
        res.json(await members.changeRole(req.projectId!, String(req.params.userId), body.role));
      },
    ),
    on.delete(
      '/projects/:id/members/:userId',
      policy.member('ADMIN'),
      { tag: 'Members', summary: 'Remove a member', params: MEMBER_PARAMS, responses: { 204: { description: 'Removed.' } }, errors: memberErrors },
      async (req, res) => {
        await members.remove(req.projectId!, String(req.params.userId));
        res.status(204).end();
      },
    ),
    on.get(
      '/projects/:id/invitations',
      policy.member('ADMIN'),
      {
        tag: 'Members',
        summary: 'Pending invitations',
        params: PARAMS,
        responses: { 200: { description: 'Invitations not accepted nor expired.', example: [invitationExample], schema: z.array(invitationAnswer) } },
      },
      async (req, res) => {
        res.json((await repo.invitations(req.projectId!)).map(invitationView));
      },
    ),
    on.delete(
      '/projects/:id/invitations/:email',
      policy.member('ADMIN'),
      {
        tag: 'Members',
        summary: 'Cancel an invitation',
        params: { ...PARAMS, email: 'The invited address.' },
        responses: { 204: { description: 'Cancelled: its link no longer works.' } },
        errors: { 404: { code: 'INVITATION_NOT_FOUND', description: 'No pending invitation for this address.' } },
      },
      async (req, res) => {
        if (!(await repo.deleteInvitation(req.projectId!, normalizeEmail(String(req.params.email))))) throw notFound('Invitation', 'INVITATION_NOT_FOUND');
        res.status(204).end();
      },
    ),
  ];
}
