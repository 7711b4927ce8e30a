import { z } from 'zod';
import { on, policy, type Route, type RouteRequest, type SessionAuth } from '../../../../../libs/edge/src';
import type { ProjectOperations } from '../../app/operations';
import type { IdentityStore } from '../../app/ports';
import type { KeyCache } from '../keycache';

const PARAMS = { id: 'The project id.' };
const operationExample = {
  id: '01970a3b-9e8d-7c6b-5a4f-3e2d1c0b9a88',
  kind: 'reset',
  projectId: '01970a3b-4d5e-7f6a-8b7c-9d0e1f2a3b4c',
  projectName: 'Production',
  status: 'RUNNING',
  round: 1,
  services: { campaigns: 'DONE', contacts: 'DONE', domains: 'PENDING', events: 'PENDING', gateway: 'DONE', messaging: 'PENDING', workflows: 'PENDING' },
  deleted: { contacts: { contacts: 1200, events: 0 }, campaigns: { campaigns: 3 }, gateway: { idempotency: 12 } },
  createdAt: '2025-06-01T09:30:00.000Z',
  completedAt: null,
};
const operationAnswer = z.strictObject({
  id: z.string(),
  kind: z.enum(['reset', 'delete']),
  projectId: z.string(),
  projectName: z.string(),
  status: z.enum(['RUNNING', 'COMPLETED']),
  round: z.number().int().describe('Which pass over the services this is (a service that failed is asked again).'),
  services: z.record(z.string(), z.enum(['PENDING', 'DONE'])).describe("Each service's state."),
  deleted: z.record(z.string(), z.record(z.string(), z.number())).describe('What each service deleted, by kind of row.'),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
const accepted = (what: string) => ({
  202: {
    description: `${what} under way: poll GET /users/@me/operations/{id} until its status is COMPLETED.`,
    example: operationExample,
    schema: operationAnswer,
  },
});

/**
 * A project's reset (its data goes; keys, members, domains and billing stay) and
 * delete (everything goes), each answered 202 with the operation to poll. OWNER only.
 */
export function operationRoutes(ops: ProjectOperations, repo: IdentityStore, cache: KeyCache): Route[] {
  const userId = (req: RouteRequest) => (req.auth as SessionAuth).userId;
  const project = async (req: RouteRequest) => (await repo.projectForMember(req.projectId!, userId(req)))!;
  return [
    on.post(
      '/users/@me/projects/:id/reset',
      policy.member('OWNER'),
      {
        tag: 'Projects',
        summary: 'Reset a project',
        description:
          'Wipes every contact, event, email, template, campaign, segment, workflow and job of the project in every service; its keys, members, sending domains, suppressions and billing stay. Irreversible. What is written while the services wipe (a track in flight) may stay.',
        params: PARAMS,
        responses: accepted('The reset'),
      },
      async (req, res) => {
        res.status(202).json(await ops.reset(await project(req), userId(req)));
      },
    ),
    on.delete(
      '/users/@me/projects/:id',
      policy.member('OWNER'),
      {
        tag: 'Projects',
        summary: 'Delete a project',
        description: 'Removes the project at once (its keys stop working, its members lose it), then wipes all its data in every service. Irreversible.',
        params: PARAMS,
        body: z.object({ confirm: z.string().max(200) }),
        example: { confirm: 'Production' },
        responses: accepted('The delete'),
        errors: { 422: { code: 'VALIDATION_ERROR', description: "`confirm` is not the project's name." } },
      },
      async (req, res, { body }) => {
        const out = await ops.delete(await project(req), userId(req), body.confirm);
        await cache.invalidate(out.projectId);
        res.status(202).json(out);
      },
    ),
    on.get(
      '/users/@me/operations/:operationId',
      policy.user,
      {
        tag: 'Projects',
        summary: 'A reset or delete',
        description: "Its status and each service's part, for the user who asked for it.",
        params: { operationId: 'The id the reset or delete answered.' },
        responses: {
          200: {
            description: 'The operation.',
            example: { ...operationExample, status: 'COMPLETED', completedAt: '2025-06-01T09:30:02.000Z' },
            schema: operationAnswer,
          },
        },
        errors: { 404: { code: 'NOT_FOUND', description: 'No such operation of yours.' } },
      },
      async (req, res) => {
        res.json(await ops.get(String(req.params.operationId), userId(req)));
      },
    ),
  ];
}
