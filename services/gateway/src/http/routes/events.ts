import { Router } from 'express';
import { z } from 'zod';
import type { Db } from '../../../../../libs/db/src';
import type { EventMsg, EventsApi } from '../../../../../libs/contracts/src';
import { Batcher, fromBatchReply } from '../../../../../libs/kit/src';
import { parse, route } from '../errors';
import type { LaneRoute } from '../fast-lane';
import { idempotent, Reply } from '../idempotency';

const trackBody = z.object({
  event: z.string().min(1).max(255),
  email: z.string(),
  subscribed: z.boolean().optional(),
  data: z.record(z.string(), z.unknown()).nullable().optional(),
});

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

type TrackItem = NonNullable<Parameters<EventsApi['TrackMany']>[0]['items']>[number];
type Tracked = { contact_id: string; event_id: string; timestamp: string };

/** Validates a track request's body (a 422 naming the fields), before anything is recorded. */
export const parseTrack = (body: unknown) => parse(trackBody, body);
export type TrackBody = ReturnType<typeof parseTrack>;

/**
 * Records a validated track for a project: the reply of POST /v1/track and its dashboard alias
 * /events/track. Concurrent tracks go to the events service together (one call, one contacts
 * call, one insert per batch; see `Batcher`).
 */
export function tracker(events: () => EventsApi): (projectId: string, body: TrackBody) => Promise<Reply> {
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

/** The track routes on the gateway's fast lane (public keys too, as the Express route). */
export const trackLane = (track: ReturnType<typeof tracker>): LaneRoute => ({ allowPublic: true, answer: (key, body) => track(key.projectId, parseTrack(body)) });

/** The Express route of a track (pk_ or sk_, after auth and the rate limit), with Idempotency-Key. */
export function trackHandler(track: ReturnType<typeof tracker>, db: Db) {
  return route(async (req, res) => {
    const body = parseTrack(req.body);
    await idempotent(db, req, res, () => track(req.projectId!, body));
  });
}

/** SPEC §4.7 reads and deletes. */
export function eventsRouter(events: () => EventsApi): Router {
  const r = Router();

  r.get('/events', route(async (req, res) => {
    const out = await events().ListEvents({ project_id: req.projectId, event_name: typeof req.query.eventName === 'string' ? req.query.eventName : '', limit: limitOf(req.query.limit) });
    res.json({ events: out.events.map(eventView) });
  }));

  r.get('/events/stats', route(async (req, res) => {
    const out = await events().Stats({ project_id: req.projectId });
    res.json(out.stats.map((s) => ({ name: s.name, count: Number(s.count) })));
  }));

  r.get('/events/names', route(async (req, res) => {
    const out = await events().Names({ project_id: req.projectId });
    res.json({ eventNames: out.event_names });
  }));

  r.get('/events/contact/:contactId', route(async (req, res) => {
    const out = await events().ContactEvents({ project_id: req.projectId, contact_id: String(req.params.contactId), limit: limitOf(req.query.limit) });
    res.json({ events: out.events.map(eventView) });
  }));

  r.get('/events/:eventName/usage', route(async (req, res) => {
    const out = await events().Usage({ project_id: req.projectId, name: String(req.params.eventName) });
    res.json({ usedInSegments: out.used_in_segments, usedInWorkflows: out.used_in_workflows, totalCount: Number(out.total_count), uniqueContacts: Number(out.unique_contacts), canDelete: out.can_delete });
  }));

  r.delete('/events/:eventName', route(async (req, res) => {
    const out = await events().DeleteEvents({ project_id: req.projectId, name: String(req.params.eventName) });
    res.json({ deletedCount: Number(out.deleted_count) });
  }));

  return r;
}
