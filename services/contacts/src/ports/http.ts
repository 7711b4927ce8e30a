import { z } from 'zod';
import type { Api } from '../../../../libs/contracts/src';
import type { Contact__Output as ContactMsg } from '../../../../libs/contracts/src/generated/herald/contacts/v1/Contact';
import { on, parse, parseQuery, policy, type Route } from '../../../../libs/edge/src';
import { badRequest } from '../../../../libs/kit/src';

export const contactView = (c: ContactMsg) => ({
  id: c.id,
  email: c.email,
  subscribed: c.subscribed,
  data: JSON.parse(c.data_json || '{}'),
  createdAt: c.created_at,
  updatedAt: c.updated_at,
});

const dataField = z.record(z.string(), z.unknown()).nullable().optional();
const dataJson = (d: unknown) => (d ? JSON.stringify(d) : '');

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(100).optional(),
  search: z.string().max(320).optional(),
  subscribed: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});

const createBody = z.object({ email: z.string(), subscribed: z.boolean().optional(), data: dataField });
const patchBody = z.object({ email: z.string().optional(), subscribed: z.boolean().optional(), data: dataField });
const lookupBody = z.object({ emails: z.array(z.string()).min(1).max(500) });

/**
 * SPEC §4.2 (without import and bulk jobs): a secret key or a member's session. The project is
 * the guard's (the request context's), which every call carries; no request message names it.
 */
export function contactsRoutes(contacts: () => Api<'contacts'>): Route[] {
  const auth = policy.secret;
  return [
    on.get('/contacts', auth, async (req, res) => {
      const q = parseQuery(listQuery, req.query);
      const out = await contacts().ListContacts({ limit: q.limit, cursor: q.cursor ?? '', search: q.search ?? '', subscribed: q.subscribed });
      res.json({ data: out.contacts.map(contactView), cursor: out.cursor || null, hasMore: out.has_more, total: Number(out.total) });
    }),
    on.post('/contacts', auth, async (req, res) => {
      const body = parse(createBody, req.body);
      const out = await contacts().UpsertContact({ email: body.email, subscribed: body.subscribed, default_subscribed: true, data_json: dataJson(body.data) });
      res.status(out.is_new ? 201 : 200).json({ ...contactView(out.contact!), _meta: { isNew: out.is_new, isUpdate: out.is_update } });
    }),
    on.post('/contacts/lookup', auth, async (req, res) => {
      const body = parse(lookupBody, req.body);
      const out = await contacts().LookupContacts({ emails: body.emails });
      res.json({ found: out.found, notFound: out.not_found });
    }),
    on.get('/contacts/fields', auth, async (req, res) => {
      const out = await contacts().ListFields({});
      res.json({ fields: out.fields.map((f) => ({ field: f.field, type: f.type, isCustom: f.is_custom, coverage: f.coverage })) });
    }),
    on.get('/contacts/fields/:field/values', auth, async (req, res) => {
      const limit = parseQuery(z.object({ limit: z.coerce.number().int().min(1).max(1000).default(100) }), req.query).limit;
      const out = await contacts().FieldValues({ field: String(req.params.field), limit });
      res.json({ field: out.field, values: out.values_json.map((v) => JSON.parse(v)), count: Number(out.count) });
    }),
    on.get('/contacts/fields/:field/usage', auth, async (req, res) => {
      const out = await contacts().FieldUsage({ field: String(req.params.field) });
      res.json({ field: out.field, usedInSegments: out.used_in_segments, usedInCampaigns: out.used_in_campaigns, usedInWorkflows: out.used_in_workflows });
    }),
    on.delete('/contacts/fields/:field', auth, async (req, res) => {
      const out = await contacts().DeleteField({ field: String(req.params.field) });
      res.json({ deletedFrom: Number(out.deleted_from) });
    }),
    on.get('/contacts/:id', auth, async (req, res) => {
      const out = await contacts().GetContact({ id: String(req.params.id) });
      res.json(contactView(out.contact!));
    }),
    on.patch('/contacts/:id', auth, async (req, res) => {
      const body = parse(patchBody, req.body);
      if (body.email === undefined && body.subscribed === undefined && body.data === undefined) {
        throw badRequest('Nothing to update', 'Send at least one of email, subscribed, data.');
      }
      const out = await contacts().UpdateContact({ id: String(req.params.id), email: body.email, subscribed: body.subscribed, data_json: dataJson(body.data) });
      res.json(contactView(out.contact!));
    }),
    on.delete('/contacts/:id', auth, async (req, res) => {
      await contacts().DeleteContact({ id: String(req.params.id) });
      res.status(204).end();
    }),
  ];
}
