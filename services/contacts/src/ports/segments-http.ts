import { z } from 'zod';
import type { Api } from '../../../../libs/contracts/src';
import type { Segment__Output as SegmentMsg } from '../../../../libs/contracts/src/generated/herald/contacts/v1/Segment';
import { on, policy, queryInt, type Route } from '../../../../libs/edge/src';
import { badRequest } from '../../../../libs/kit/src';
import { MAX_MEMBER_EMAILS, SEGMENT_TYPES } from '../domain/segments';
import { contactAnswer, contactExample, contactView } from './http';

/** Segments, in Plunk's shapes: a secret key or a member's session. */

const segmentAnswer = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(SEGMENT_TYPES),
  condition: z.record(z.string(), z.unknown()).nullable().describe("A DYNAMIC segment's condition; null for a STATIC one."),
  trackMembership: z.boolean(),
  memberCount: z.number().int().describe('The cached member count (refresh counts again).'),
  computedAt: z.iso.datetime().nullable().describe('A tracked segment: when its membership was last written; null before.'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

const segmentView = (s: SegmentMsg): z.infer<typeof segmentAnswer> => ({
  id: s.id,
  name: s.name,
  description: s.description ?? null,
  type: s.type as (typeof SEGMENT_TYPES)[number],
  condition: s.condition_json ? JSON.parse(s.condition_json) : null,
  trackMembership: s.track_membership,
  memberCount: Number(s.member_count),
  computedAt: s.computed_at || null,
  createdAt: s.created_at,
  updatedAt: s.updated_at,
});

// The condition's grammar is checked by the contacts service (libs/audience), whose 422 names
// each problem by its path (`condition.groups[1].filters[0].value`); here it is an object.
const conditionField = z
  .record(z.string(), z.unknown())
  .describe(
    '`{ logic: AND|OR, groups: [{ filters: [{ field, operator, value?, unit? }], conditions? }] }`, as Plunk clients send it (docs/decisions/README.md, "Audience conditions").',
  );
const nameField = z
  .string()
  .max(200)
  .describe('Its entry and exit events are `segment.<slug>.entry|exit`, the slug being the name lower-cased, spaces to hyphens, other characters dropped.');
const descriptionField = z.string().max(2000);

const createBody = z.object({
  name: nameField,
  description: descriptionField.nullable().optional(),
  type: z.enum(['DYNAMIC', 'STATIC']),
  condition: conditionField.nullable().optional().describe('Required for DYNAMIC, refused for STATIC.'),
  trackMembership: z
    .boolean()
    .optional()
    .describe('DYNAMIC only, default false: membership is computed (on change, in the background) and entry and exit events fire.'),
});
const patchBody = z.object({
  name: nameField.optional(),
  description: descriptionField.nullable().optional(),
  condition: conditionField.optional().describe('DYNAMIC only.'),
  trackMembership: z.boolean().optional(),
});
const previewBody = z.object({ condition: conditionField });
const emailsField = z.array(z.string().max(320)).min(1).max(MAX_MEMBER_EMAILS);
const addBody = z.object({
  emails: emailsField,
  createMissing: z.boolean().optional().describe('Create contacts for emails of no contact (default false: they are listed in notFound).'),
  subscribed: z.boolean().optional().describe('The subscription of contacts created by createMissing (default true).'),
});
const removeBody = z.object({ emails: emailsField });
const pageQuery = z.object({
  page: queryInt(1, 1_000_000).default(1),
  pageSize: queryInt(1, 100).default(20),
});

const conditionExample = {
  logic: 'AND',
  groups: [
    {
      filters: [
        { field: 'data.plan', operator: 'equals', value: 'pro' },
        { field: 'event.purchase', operator: 'triggeredWithin', value: 30, unit: 'days' },
      ],
    },
  ],
};
const segmentExample = {
  id: '01970a3c-9f43-7e50-8d32-6c7a8b9204b4',
  name: 'Active pro customers',
  description: 'Pro plan, bought in the last 30 days',
  type: 'DYNAMIC',
  condition: conditionExample,
  trackMembership: true,
  memberCount: 1280,
  computedAt: '2025-06-02T14:05:12.000Z',
  createdAt: '2025-06-01T09:30:00.000Z',
  updatedAt: '2025-06-01T09:30:00.000Z',
};
const SEGMENT_ID = { id: 'The segment id.' };
const notFound = { 404: { code: 'SEGMENT_NOT_FOUND', description: 'No segment of this project has this id.' } };

export function segmentsRoutes(contacts: () => Api<'contacts'>): Route[] {
  const auth = policy.secret;
  return [
    on.get(
      '/segments',
      auth,
      {
        tag: 'Segments',
        summary: 'List segments',
        description: 'All of them, oldest first; no pagination.',
        responses: { 200: { description: 'The segments.', schema: z.array(segmentAnswer), example: [segmentExample] } },
      },
      async (_req, res) => {
        const out = await contacts().ListSegments({});
        res.json(out.segments.map(segmentView));
      },
    ),
    on.post(
      '/segments',
      auth,
      {
        tag: 'Segments',
        summary: 'Create a segment',
        description:
          "DYNAMIC (members: the contacts its condition matches, live) or STATIC (members added by email). The condition is validated against the project's field types: a 422 names each bad filter by its path.",
        body: createBody,
        example: { name: 'Active pro customers', type: 'DYNAMIC', condition: conditionExample, trackMembership: true },
        responses: { 201: { description: 'The segment, with its member count.', schema: segmentAnswer, example: segmentExample } },
        errors: { 409: { code: 'CONFLICT', description: 'Another segment has the same slug (the entry and exit event names).' } },
      },
      async (_req, res, { body }) => {
        const out = await contacts().CreateSegment({
          name: body.name,
          description: body.description ?? undefined,
          type: body.type,
          condition_json: body.condition ? JSON.stringify(body.condition) : '',
          track_membership: body.trackMembership ?? false,
        });
        res.status(201).json(segmentView(out));
      },
    ),
    on.post(
      '/segments/preview',
      auth,
      {
        tag: 'Segments',
        summary: 'Count the contacts a condition matches',
        description:
          "For a condition not saved yet (a segment being built, a campaign's filter): validated as a DYNAMIC segment's condition (a 422 names each bad filter by its path, `condition.groups[0].filters[0].operator`) and counted as its member count is. Nothing is stored.",
        body: previewBody,
        example: { condition: conditionExample },
        responses: {
          200: {
            description: 'How many contacts match, and how many of them are subscribed.',
            schema: z.strictObject({ total: z.number().int(), subscribed: z.number().int() }),
            example: { total: 1280, subscribed: 1175 },
          },
        },
      },
      async (_req, res, { body }) => {
        const out = await contacts().PreviewSegment({ condition_json: JSON.stringify(body.condition) });
        res.json({ total: Number(out.total), subscribed: Number(out.subscribed) });
      },
    ),
    on.get(
      '/segments/:id',
      auth,
      {
        tag: 'Segments',
        summary: 'Get a segment',
        description: 'With its cached member count (refresh counts again).',
        params: SEGMENT_ID,
        responses: { 200: { description: 'The segment.', schema: segmentAnswer, example: segmentExample } },
        errors: notFound,
      },
      async (req, res) => {
        res.json(segmentView(await contacts().GetSegment({ id: String(req.params.id) })));
      },
    ),
    on.patch(
      '/segments/:id',
      auth,
      {
        tag: 'Segments',
        summary: 'Update a segment',
        description:
          'Name, description, condition (DYNAMIC only) and trackMembership. A tracked segment whose condition changes is computed again soon, with entry and exit events for the difference.',
        params: SEGMENT_ID,
        body: patchBody,
        example: { name: 'Active pro customers (EU)' },
        responses: { 200: { description: 'The updated segment.', schema: segmentAnswer, example: segmentExample } },
        errors: { ...notFound, 409: { code: 'CONFLICT', description: 'Another segment has the same slug.' } },
      },
      async (req, res, { body }) => {
        if (Object.values(body).every((v) => v === undefined))
          throw badRequest('Nothing to update', 'Send at least one of name, description, condition, trackMembership.');
        const out = await contacts().UpdateSegment({
          id: String(req.params.id),
          name: body.name,
          description: body.description ?? undefined,
          clear_description: body.description === null,
          condition_json: body.condition ? JSON.stringify(body.condition) : '',
          track_membership: body.trackMembership,
        });
        res.json(segmentView(out));
      },
    ),
    on.delete(
      '/segments/:id',
      auth,
      {
        tag: 'Segments',
        summary: 'Delete a segment',
        params: SEGMENT_ID,
        responses: { 204: { description: 'Deleted, with its membership.' } },
        errors: { ...notFound, 409: { code: 'CONFLICT', description: "An active campaign sends to it, or another segment's condition names it." } },
      },
      async (req, res) => {
        await contacts().DeleteSegment({ id: String(req.params.id) });
        res.status(204).end();
      },
    ),
    on.get(
      '/segments/:id/contacts',
      auth,
      {
        tag: 'Segments',
        summary: 'Members, page by page',
        description: "Newest first. A DYNAMIC segment's members are the contacts its condition matches now; a STATIC one's, those added.",
        params: SEGMENT_ID,
        query: pageQuery,
        responses: {
          200: {
            description: 'A page of members.',
            schema: z.strictObject({
              data: z.array(contactAnswer),
              total: z.number().int().describe('How many members there are.'),
              page: z.number().int(),
              pageSize: z.number().int(),
              totalPages: z.number().int(),
            }),
            example: { data: [contactExample], total: 1280, page: 1, pageSize: 20, totalPages: 64 },
          },
        },
        errors: notFound,
      },
      async (req, res, { query }) => {
        const out = await contacts().SegmentContacts({ id: String(req.params.id), page: query.page, page_size: query.pageSize });
        const total = Number(out.total);
        res.json({ data: out.contacts.map(contactView), total, page: out.page, pageSize: out.page_size, totalPages: Math.ceil(total / out.page_size) });
      },
    ),
    on.post(
      '/segments/:id/members',
      auth,
      {
        tag: 'Segments',
        summary: 'Add members to a STATIC segment',
        description: `Up to ${MAX_MEMBER_EMAILS} emails. Those already members are not counted again; emails of no contact are created (createMissing) or listed in notFound.`,
        params: SEGMENT_ID,
        body: addBody,
        example: { emails: ['jane@example.com', 'new@example.com'], createMissing: true },
        responses: {
          200: {
            description: 'What changed.',
            schema: z.strictObject({
              added: z.number().int().describe('Contacts that became members.'),
              created: z.number().int().describe('Contacts created (createMissing).'),
              notFound: z.array(z.string()).describe('Emails of no contact, not created.'),
            }),
            example: { added: 2, created: 1, notFound: [] },
          },
        },
        errors: { ...notFound, 400: { code: 'BAD_REQUEST', description: 'The segment is DYNAMIC.' } },
      },
      async (req, res, { body }) => {
        const out = await contacts().AddSegmentMembers({
          id: String(req.params.id),
          emails: body.emails,
          create_missing: body.createMissing ?? false,
          subscribed: body.subscribed,
        });
        res.json({ added: out.added, created: out.created, notFound: out.not_found });
      },
    ),
    on.delete(
      '/segments/:id/members',
      auth,
      {
        tag: 'Segments',
        summary: 'Remove members from a STATIC segment',
        params: SEGMENT_ID,
        body: removeBody,
        example: { emails: ['jane@example.com'] },
        responses: { 200: { description: 'How many were members.', schema: z.strictObject({ removed: z.number().int() }), example: { removed: 1 } } },
        errors: { ...notFound, 400: { code: 'BAD_REQUEST', description: 'The segment is DYNAMIC.' } },
      },
      async (req, res, { body }) => {
        const out = await contacts().RemoveSegmentMembers({ id: String(req.params.id), emails: body.emails, create_missing: false });
        res.json({ removed: out.removed });
      },
    ),
    on.post(
      '/segments/:id/compute',
      auth,
      {
        tag: 'Segments',
        summary: 'Compute a tracked segment now',
        description:
          'Writes the membership of a DYNAMIC segment with trackMembership, and fires `segment.<slug>.entry` / `.exit` events for exactly the contacts that entered or left, as tracked events of those contacts. (Herald also does this in the background, shortly after contacts or events change.)',
        params: SEGMENT_ID,
        responses: {
          200: {
            description: 'Who entered, who left, how many members now.',
            schema: z.strictObject({
              added: z.number().int().describe('Contacts that entered.'),
              removed: z.number().int().describe('Contacts that left.'),
              total: z.number().int().describe('Members now.'),
            }),
            example: { added: 12, removed: 3, total: 1280 },
          },
        },
        errors: { ...notFound, 400: { code: 'BAD_REQUEST', description: 'The segment is STATIC or not tracked.' } },
      },
      async (req, res) => {
        const out = await contacts().ComputeSegment({ id: String(req.params.id) });
        res.json({ added: Number(out.added), removed: Number(out.removed), total: Number(out.total) });
      },
    ),
    on.post(
      '/segments/:id/refresh',
      auth,
      {
        tag: 'Segments',
        summary: 'Count the members again',
        description: 'Updates the cached member count only: no membership writes, no events.',
        params: SEGMENT_ID,
        responses: { 200: { description: 'The member count.', schema: z.strictObject({ memberCount: z.number().int() }), example: { memberCount: 1280 } } },
        errors: notFound,
      },
      async (req, res) => {
        const out = await contacts().RefreshSegment({ id: String(req.params.id) });
        res.json({ memberCount: Number(out.member_count) });
      },
    ),
  ];
}
