import { z } from 'zod';
import type { Api } from '../../../../libs/contracts/src';
import type { Event__Output as EventMsg } from '../../../../libs/contracts/src/generated/herald/events/v1/Event';
import { on, policy, queryInt, type Reply, type Route } from '../../../../libs/edge/src';
import { Batcher, fromBatchReply, traceparentOf } from '../../../../libs/kit/src';

const trackBody = z.object({
  event: z
    .string()
    .min(1)
    .max(255)
    .describe('The event name; not a reserved one (email.*, contact.subscribed, contact.unsubscribed, segment.<slug>.entry|exit).'),
  email: z.string().describe('The contact, created if missing.'),
  subscribed: z.boolean().optional().describe('New contacts are subscribed; an existing contact keeps its state unless this is given.'),
  data: z
    .record(z.string(), z.unknown())
    .nullable()
    .optional()
    .describe('Contact data (patched: null deletes a key) and one-off event variables ({ value, persistent: false }).'),
});
type TrackBody = z.infer<typeof trackBody>;

const eventsQuery = z.object({
  eventName: z.string().optional().describe('Only events of this name.'),
  limit: queryInt(1, 1_000_000).optional().describe('Default 50; at most 100 are returned.'),
});
const contactEventsQuery = z.object({ limit: queryInt(1, 1_000_000).optional().describe('Default 100; at most 1000 are returned.') });

const EVENT_NAME = { eventName: 'The event name.' };
const ids = { contact: '01970a3c-5e1f-7b2a-9c44-2f6b1d7e8a90', event: '01970a3c-5e2a-7c11-8d3e-6a9b0c1d2e3f' };
const eventExample = {
  id: ids.event,
  name: 'signed-up',
  data: { plan: 'pro' },
  contactId: ids.contact,
  contact: { email: 'jane@example.com' },
  createdAt: '2025-06-01T09:30:00.000Z',
};
const refAnswer = z.strictObject({ id: z.string(), name: z.string() });
const trackAnswer = z.strictObject({
  success: z.literal(true),
  data: z.strictObject({ contact: z.string().describe('The contact id.'), event: z.string().describe('The event id.'), timestamp: z.iso.datetime() }),
});
const eventAnswer = z.strictObject({
  id: z.string(),
  name: z.string(),
  data: z
    .record(z.string(), z.unknown())
    .describe('The data tracked with it ({ value, persistent } unwrapped, null and empty values dropped), or that of an event Herald emits.'),
  contactId: z.string(),
  contact: z.strictObject({ email: z.string().describe("The contact's current email; empty when the contact is gone.") }),
  createdAt: z.iso.datetime(),
});
const eventsAnswer = z.strictObject({ events: z.array(eventAnswer) });

const trackDoc = {
  summary: 'Track an event',
  description: 'Creates or updates the contact, then records the event; a repeat records it again. Honours Idempotency-Key.',
  body: trackBody,
  example: { event: 'signed-up', email: 'jane@example.com', data: { plan: 'pro' } },
  responses: {
    200: {
      description: 'The event is recorded.',
      schema: trackAnswer,
      example: { success: true, data: { contact: ids.contact, event: ids.event, timestamp: '2025-06-01T09:30:00.000Z' } },
    },
  },
};

const eventView = (e: EventMsg): z.infer<typeof eventAnswer> => ({
  id: e.id,
  name: e.name,
  data: JSON.parse(e.data_json || '{}'),
  contactId: e.contact_id,
  contact: { email: e.contact_email },
  createdAt: e.created_at,
});

type TrackItem = NonNullable<Parameters<Api<'events'>['TrackMany']>[0]['items']>[number];
type Tracked = { contact_id: string; event_id: string; timestamp: string };

/**
 * Records a validated track for a project: the reply of POST /v1/track and its dashboard alias
 * /events/track. Concurrent tracks go to the events service together (one call, one contacts
 * call, one insert per batch; see `Batcher`).
 */
function tracker(events: () => Api<'events'>): (projectId: string, body: TrackBody) => Promise<Reply> {
  const batcher = new Batcher<TrackItem, Tracked>(
    async (items) => {
      const { results } = await events().TrackMany({ items });
      return fromBatchReply(results, items.length);
    },
    // Bounded by bytes too, so a batch stays far below the gRPC message limit (64 MB).
    {
      name: 'track',
      maxBatch: 200,
      concurrency: 2,
      weigh: (t) => (t.data_json?.length ?? 0) + (t.email?.length ?? 0) + (t.event?.length ?? 0),
      maxWeight: 8 * 1024 * 1024,
    },
  );
  return async (projectId, body) => {
    const out = await batcher.submit({
      project_id: projectId,
      email: body.email,
      event: body.event,
      subscribed: body.subscribed,
      data_json: body.data ? JSON.stringify(body.data) : '',
      traceparent: traceparentOf() ?? '',
    });
    return { status: 200, body: { success: true, data: { contact: out.contact_id, event: out.event_id, timestamp: out.timestamp } } };
  };
}

/**
 * Tracking (/v1/track and /events/track: public keys too, Idempotency-Key, the gateway's fast lane)
 * and the events' reads and deletes. The project is the guard's (the request context's), which
 * every call carries; only a track names it, as an item of the batch that carries tracks of many
 * projects.
 */
export function eventsRoutes(events: () => Api<'events'>): Route[] {
  const track = tracker(events);
  const trackRoute = (path: string, tag: string): Route => ({
    method: 'post',
    path,
    auth: policy.tracking,
    doc: { tag, ...trackDoc },
    reply: (call) => track(call.projectId, call.input),
    idempotent: true,
    fast: true,
  });
  const auth = policy.secret;
  return [
    trackRoute('/v1/track', 'Public API'),
    trackRoute('/events/track', 'Events'),
    on.get(
      '/events',
      auth,
      {
        tag: 'Events',
        summary: 'Recent events',
        query: eventsQuery,
        responses: { 200: { description: 'Newest first.', schema: eventsAnswer, example: { events: [eventExample] } } },
      },
      async (_req, res, { query }) => {
        const out = await events().ListEvents({ event_name: query.eventName ?? '', limit: query.limit ?? 0 });
        res.json({ events: out.events.map(eventView) });
      },
    ),
    on.get(
      '/events/stats',
      auth,
      {
        tag: 'Events',
        summary: 'Event counts by name',
        responses: {
          200: {
            description: 'Each tracked name and its count.',
            schema: z.array(z.strictObject({ name: z.string(), count: z.number().int() })),
            example: [{ name: 'signed-up', count: 42 }],
          },
        },
      },
      async (_req, res) => {
        const out = await events().Stats({});
        res.json(out.stats.map((s) => ({ name: s.name, count: Number(s.count) })));
      },
    ),
    on.get(
      '/events/names',
      auth,
      {
        tag: 'Events',
        summary: 'Distinct event names',
        responses: {
          200: {
            description: 'Every name tracked in the project.',
            schema: z.strictObject({ eventNames: z.array(z.string()) }),
            example: { eventNames: ['signed-up', 'upgraded'] },
          },
        },
      },
      async (_req, res) => {
        const out = await events().Names({});
        res.json({ eventNames: out.event_names });
      },
    ),
    on.get(
      '/events/contact/:contactId',
      auth,
      {
        tag: 'Events',
        summary: "A contact's events",
        params: { contactId: 'The contact id.' },
        query: contactEventsQuery,
        responses: { 200: { description: 'Newest first.', schema: eventsAnswer, example: { events: [eventExample] } } },
      },
      async (req, res, { query }) => {
        const out = await events().ContactEvents({ contact_id: String(req.params.contactId), limit: query.limit ?? 0 });
        res.json({ events: out.events.map(eventView) });
      },
    ),
    on.get(
      '/events/:eventName/usage',
      auth,
      {
        tag: 'Events',
        summary: 'Where an event name is used',
        params: EVENT_NAME,
        responses: {
          200: {
            description: 'Segments and workflows referencing it, and how often it was tracked.',
            schema: z.strictObject({
              usedInSegments: z.array(refAnswer),
              usedInWorkflows: z.array(refAnswer),
              totalCount: z.number().int().describe('Events of this name.'),
              uniqueContacts: z.number().int().describe('Contacts with at least one.'),
              canDelete: z.boolean().describe('Whether DELETE /events/{eventName} takes it (not a name Herald emits).'),
            }),
            example: { usedInSegments: [], usedInWorkflows: [], totalCount: 42, uniqueContacts: 40, canDelete: true },
          },
        },
      },
      async (req, res) => {
        const out = await events().Usage({ name: String(req.params.eventName) });
        res.json({
          usedInSegments: out.used_in_segments,
          usedInWorkflows: out.used_in_workflows,
          totalCount: Number(out.total_count),
          uniqueContacts: Number(out.unique_contacts),
          canDelete: out.can_delete,
        });
      },
    ),
    on.delete(
      '/events/:eventName',
      auth,
      {
        tag: 'Events',
        summary: 'Delete every event of a name',
        params: EVENT_NAME,
        responses: {
          200: { description: 'How many events were deleted.', schema: z.strictObject({ deletedCount: z.number().int() }), example: { deletedCount: 42 } },
        },
        errors: { 400: { code: 'BAD_REQUEST', description: 'The name is one Herald emits (email.*, contact.*, segment.*).' } },
      },
      async (req, res) => {
        const out = await events().DeleteEvents({ name: String(req.params.eventName) });
        res.json({ deletedCount: Number(out.deleted_count) });
      },
    ),
  ];
}
