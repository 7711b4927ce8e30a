import { z } from 'zod';
import type { Api } from '../../../../libs/contracts/src';
import type { Contact__Output as ContactMsg } from '../../../../libs/contracts/src/generated/herald/contacts/v1/Contact';
import { on, policy, queryInt, type Route } from '../../../../libs/edge/src';
import { badRequest } from '../../../../libs/kit/src';
import type { FieldType } from '../domain/types';

/** A contact as every route answering one shows it (contacts, segments' members). */
export const contactAnswer = z.strictObject({
  id: z.string(),
  email: z.string(),
  subscribed: z.boolean(),
  data: z.record(z.string(), z.unknown()).describe('Custom fields.'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

export const contactView = (c: ContactMsg): z.infer<typeof contactAnswer> => ({
  id: c.id,
  email: c.email,
  subscribed: c.subscribed,
  data: JSON.parse(c.data_json || '{}'),
  createdAt: c.created_at,
  updatedAt: c.updated_at,
});

const dataField = z
  .record(z.string(), z.unknown())
  .nullable()
  .optional()
  .describe('Custom fields, patched: only the keys sent change, null deletes a key, an empty string is ignored.');
const dataJson = (d: unknown) => (d ? JSON.stringify(d) : '');

const listQuery = z.object({
  limit: queryInt(1, 100).default(20),
  cursor: z.string().max(100).optional().describe("The previous page's cursor, unchanged."),
  search: z.string().max(320).optional().describe('Case-insensitive substring of the email.'),
  subscribed: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
const valuesQuery = z.object({ limit: queryInt(1, 1000).default(100) });

const createBody = z.object({ email: z.string(), subscribed: z.boolean().optional().describe('Default true.'), data: dataField });
const patchBody = z.object({ email: z.string().optional(), subscribed: z.boolean().optional(), data: dataField });
const lookupBody = z.object({ emails: z.array(z.string()).min(1).max(500) });

export const contactExample = {
  id: '01970a3c-5e1f-7b2a-9c44-2f6b1d7e8a90',
  email: 'jane@example.com',
  subscribed: true,
  data: { plan: 'pro' },
  createdAt: '2025-06-01T09:30:00.000Z',
  updatedAt: '2025-06-02T14:05:12.000Z',
};
const CONTACT_ID = { id: 'The contact id.' };

/** A segment, campaign or workflow that uses something. */
export const refAnswer = z.strictObject({ id: z.string(), name: z.string() });
const upsertAnswer = contactAnswer.extend({
  _meta: z.strictObject({
    isNew: z.boolean().describe('The contact was created.'),
    isUpdate: z.boolean().describe('The existing contact changed (its data or subscription).'),
  }),
});
const FIELD_TYPES = ['string', 'number', 'boolean', 'date'] as const satisfies readonly FieldType[];
const FIELD = { field: 'A custom field as data.<key> (or the bare key).' };
const contactNotFound = { 404: { code: 'CONTACT_NOT_FOUND', description: 'No contact of this project has this id.' } };

/**
 * Contacts and their fields (import and bulk jobs: jobs-http.ts): a secret key or a member's
 * session. The project is the guard's (the request context's), which every call carries; no
 * request message names it.
 */
export function contactsRoutes(contacts: () => Api<'contacts'>): Route[] {
  const auth = policy.secret;
  return [
    on.get(
      '/contacts',
      auth,
      {
        tag: 'Contacts',
        summary: 'List contacts',
        description: 'Cursor pagination: pass `cursor` from one page to get the next; `total` is given on the first page only (0 after).',
        query: listQuery,
        responses: {
          200: {
            description: 'A page of contacts, oldest first.',
            schema: z.strictObject({
              data: z.array(contactAnswer),
              cursor: z.string().nullable().describe('Pass it to get the next page; null on the last one.'),
              hasMore: z.boolean(),
              total: z.number().int().describe('How many contacts match, on the first page only (0 after).'),
            }),
            example: { data: [contactExample], cursor: contactExample.id, hasMore: true, total: 120 },
          },
        },
      },
      async (_req, res, { query: q }) => {
        const out = await contacts().ListContacts({ limit: q.limit, cursor: q.cursor ?? '', search: q.search ?? '', subscribed: q.subscribed });
        res.json({ data: out.contacts.map(contactView), cursor: out.cursor || null, hasMore: out.has_more, total: Number(out.total) });
      },
    ),
    on.post(
      '/contacts',
      auth,
      {
        tag: 'Contacts',
        summary: 'Create or update a contact by email',
        body: createBody,
        example: { email: 'jane@example.com', subscribed: true, data: { plan: 'pro' } },
        responses: {
          201: { description: 'A new contact.', schema: upsertAnswer, example: { ...contactExample, _meta: { isNew: true, isUpdate: false } } },
          200: {
            description: 'The existing contact of that email, its data patched.',
            schema: upsertAnswer,
            example: { ...contactExample, _meta: { isNew: false, isUpdate: true } },
          },
        },
      },
      async (_req, res, { body }) => {
        const out = await contacts().UpsertContact({
          email: body.email,
          subscribed: body.subscribed,
          default_subscribed: true,
          data_json: dataJson(body.data),
        });
        res.status(out.is_new ? 201 : 200).json({ ...contactView(out.contact!), _meta: { isNew: out.is_new, isUpdate: out.is_update } });
      },
    ),
    on.post(
      '/contacts/lookup',
      auth,
      {
        tag: 'Contacts',
        summary: 'Which emails are contacts',
        body: lookupBody,
        example: { emails: ['jane@example.com', 'nobody@example.com'] },
        responses: {
          200: {
            description: 'The emails split by whether a contact has them.',
            schema: z.strictObject({ found: z.array(z.string()), notFound: z.array(z.string()) }),
            example: { found: ['jane@example.com'], notFound: ['nobody@example.com'] },
          },
        },
      },
      async (_req, res, { body }) => {
        const out = await contacts().LookupContacts({ emails: body.emails });
        res.json({ found: out.found, notFound: out.not_found });
      },
    ),
    on.get(
      '/contacts/fields',
      auth,
      {
        tag: 'Contacts',
        summary: 'Field descriptors',
        description: 'Standard fields by name, custom ones as data.<key>, with their inferred type and the share of contacts that have them.',
        responses: {
          200: {
            description: 'Every field of the project.',
            schema: z.strictObject({
              fields: z.array(
                z.strictObject({
                  field: z.string().describe('A standard field by name, a custom one as data.<key>.'),
                  type: z.enum(FIELD_TYPES).describe("The type inferred from the field's first value."),
                  isCustom: z.boolean(),
                  coverage: z.number().min(0).max(1).describe('The share of contacts that have it, 0 to 1.'),
                }),
              ),
            }),
            example: {
              fields: [
                { field: 'email', type: 'string', isCustom: false, coverage: 1 },
                { field: 'data.plan', type: 'string', isCustom: true, coverage: 0.4 },
              ],
            },
          },
        },
      },
      async (_req, res) => {
        const out = await contacts().ListFields({});
        res.json({ fields: out.fields.map((f) => ({ field: f.field, type: f.type, isCustom: f.is_custom, coverage: f.coverage })) });
      },
    ),
    on.get(
      '/contacts/fields/:field/values',
      auth,
      {
        tag: 'Contacts',
        summary: 'Distinct values of a field',
        params: FIELD,
        query: valuesQuery,
        responses: {
          200: {
            description: 'The values and how many there are.',
            schema: z.strictObject({
              field: z.string(),
              values: z.array(z.unknown()).describe('Distinct values as stored (strings, numbers, booleans, objects, arrays), at most `limit`.'),
              count: z.number().int().describe('How many distinct values there are, beyond `limit` too.'),
            }),
            example: { field: 'data.plan', values: ['free', 'pro'], count: 2 },
          },
        },
      },
      async (req, res, { query }) => {
        const out = await contacts().FieldValues({ field: String(req.params.field), limit: query.limit });
        res.json({ field: out.field, values: out.values_json.map((v) => JSON.parse(v)), count: Number(out.count) });
      },
    ),
    on.get(
      '/contacts/fields/:field/usage',
      auth,
      {
        tag: 'Contacts',
        summary: 'Where a field is used',
        params: FIELD,
        responses: {
          200: {
            description: 'Segments, campaigns and workflows referencing the field.',
            schema: z.strictObject({
              field: z.string(),
              usedInSegments: z.array(refAnswer),
              usedInCampaigns: z.array(refAnswer),
              usedInWorkflows: z.array(refAnswer),
            }),
            example: { field: 'data.plan', usedInSegments: [], usedInCampaigns: [], usedInWorkflows: [] },
          },
        },
      },
      async (req, res) => {
        const out = await contacts().FieldUsage({ field: String(req.params.field) });
        res.json({ field: out.field, usedInSegments: out.used_in_segments, usedInCampaigns: out.used_in_campaigns, usedInWorkflows: out.used_in_workflows });
      },
    ),
    on.delete(
      '/contacts/fields/:field',
      auth,
      {
        tag: 'Contacts',
        summary: 'Remove a custom field from every contact',
        description: 'Segments and workflows that reference it remain; their conditions on it match nothing.',
        params: FIELD,
        responses: {
          200: { description: 'How many contacts had it.', schema: z.strictObject({ deletedFrom: z.number().int() }), example: { deletedFrom: 48 } },
        },
        errors: { 400: { code: 'BAD_REQUEST', description: 'A standard field (email, subscribed, createdAt, updatedAt).' } },
      },
      async (req, res) => {
        const out = await contacts().DeleteField({ field: String(req.params.field) });
        res.json({ deletedFrom: Number(out.deleted_from) });
      },
    ),
    on.get(
      '/contacts/:id',
      auth,
      {
        tag: 'Contacts',
        summary: 'Get a contact',
        params: CONTACT_ID,
        responses: { 200: { description: 'The contact.', schema: contactAnswer, example: contactExample } },
        errors: contactNotFound,
      },
      async (req, res) => {
        const out = await contacts().GetContact({ id: String(req.params.id) });
        res.json(contactView(out.contact!));
      },
    ),
    on.patch(
      '/contacts/:id',
      auth,
      {
        tag: 'Contacts',
        summary: 'Update a contact',
        description:
          'Changes email and subscription, and patches data (only the keys sent change; null deletes a key). Changing subscription emits contact.subscribed or contact.unsubscribed.',
        params: CONTACT_ID,
        body: patchBody,
        example: { subscribed: false, data: { plan: null } },
        responses: { 200: { description: 'The updated contact.', schema: contactAnswer, example: contactExample } },
        errors: {
          400: { code: 'BAD_REQUEST', description: 'Nothing to update.' },
          ...contactNotFound,
          409: { code: 'CONFLICT', description: 'Another contact has this email.' },
        },
      },
      async (req, res, { body }) => {
        if (body.email === undefined && body.subscribed === undefined && body.data === undefined) {
          throw badRequest('Nothing to update', 'Send at least one of email, subscribed, data.');
        }
        const out = await contacts().UpdateContact({
          id: String(req.params.id),
          email: body.email,
          subscribed: body.subscribed,
          data_json: dataJson(body.data),
        });
        res.json(contactView(out.contact!));
      },
    ),
    on.delete(
      '/contacts/:id',
      auth,
      { tag: 'Contacts', summary: 'Delete a contact', params: CONTACT_ID, responses: { 204: { description: 'Deleted.' } }, errors: contactNotFound },
      async (req, res) => {
        await contacts().DeleteContact({ id: String(req.params.id) });
        res.status(204).end();
      },
    ),
  ];
}
