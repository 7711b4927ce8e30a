import { z } from 'zod';
import type { Api } from '../../../../libs/contracts/src';
import type { Event__Output as EventMsg } from '../../../../libs/contracts/src/generated/herald/events/v1/Event';
import { on, parse, policy, type Reply, type Route } from '../../../../libs/edge/src';
import { Batcher, fromBatchReply } from '../../../../libs/kit/src';

const trackBody = z.object({
  event: z.string().min(1).max(255),
  email: z.string(),
  subscribed: z.boolean().optional(),
  data: z.record(z.string(), z.unknown()).nullable().optional(),
});
type TrackBody = z.infer<typeof trackBody>;

const eventView = (e: EventMsg) => ({
  id: e.id,
  name: e.name,
  data: JSON.parse(e.data_json || '{}'),
  contactId: e.contact_id,
  contact: { email: e.contact_email },
  createdAt: e.created_at,
});

const limitOf = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

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
    { name: 'track', maxBatch: 200, concurrency: 2, weigh: (t) => (t.data_json?.length ?? 0) + (t.email?.length ?? 0) + (t.event?.length ?? 0), maxWeight: 8 * 1024 * 1024 },
  );
  return async (projectId, body) => {
    const out = await batcher.submit({
      project_id: projectId,
      email: body.email,
      event: body.event,
      subscribed: body.subscribed,
      data_json: body.data ? JSON.stringify(body.data) : '',
    });
    return { status: 200, body: { success: true, data: { contact: out.contact_id, event: out.event_id, timestamp: out.timestamp } } };
  };
}

/**
 * SPEC §4.1 (track: public keys too, Idempotency-Key, the gateway's fast lane) and §4.7 (reads and
 * deletes). The project is the guard's (the request context's), which every call carries; only a
 * track names it, as an item of the batch that carries tracks of many projects.
 */
export function eventsRoutes(events: () => Api<'events'>): Route[] {
  const track = tracker(events);
  const trackRoute = (path: string): Route => ({
    method: 'post',
    path,
    auth: policy.tracking,
    parse: (body) => parse(trackBody, body),
    reply: (call) => track(call.projectId, call.input),
    idempotent: true,
    fast: true,
  });
  const auth = policy.secret;
  return [
    trackRoute('/v1/track'),
    trackRoute('/events/track'),
    on.get('/events', auth, async (req, res) => {
      const out = await events().ListEvents({ event_name: typeof req.query.eventName === 'string' ? req.query.eventName : '', limit: limitOf(req.query.limit) });
      res.json({ events: out.events.map(eventView) });
    }),
    on.get('/events/stats', auth, async (req, res) => {
      const out = await events().Stats({});
      res.json(out.stats.map((s) => ({ name: s.name, count: Number(s.count) })));
    }),
    on.get('/events/names', auth, async (req, res) => {
      const out = await events().Names({});
      res.json({ eventNames: out.event_names });
    }),
    on.get('/events/contact/:contactId', auth, async (req, res) => {
      const out = await events().ContactEvents({ contact_id: String(req.params.contactId), limit: limitOf(req.query.limit) });
      res.json({ events: out.events.map(eventView) });
    }),
    on.get('/events/:eventName/usage', auth, async (req, res) => {
      const out = await events().Usage({ name: String(req.params.eventName) });
      res.json({ usedInSegments: out.used_in_segments, usedInWorkflows: out.used_in_workflows, totalCount: Number(out.total_count), uniqueContacts: Number(out.unique_contacts), canDelete: out.can_delete });
    }),
    on.delete('/events/:eventName', auth, async (req, res) => {
      const out = await events().DeleteEvents({ name: String(req.params.eventName) });
      res.json({ deletedCount: Number(out.deleted_count) });
    }),
  ];
}
