import type { Work } from '../../../../libs/db/src';
import { BatchOutcome, badRequest, fromBatchReply, isUuid, metrics, newId, toBatchReply, validationError } from '../../../../libs/kit/src';
import { projectOf, type Api, type Handlers } from '../../../../libs/contracts/src';
import type { Event__Output as EventMsg } from '../../../../libs/contracts/src/generated/herald/events/v1/Event';
import { eventData, isReservedEventName, MAX_EVENT_NAME } from '../domain/names';
import { activityHandlers, contactEmails } from './activity';
import type { ActivityStore, EventRow, EventsStore } from './ports';

const clampLimit = (n: number, dflt: number, max: number) => Math.min(Math.max(n || dflt, 1), max);

/** `traceparent`: the trace the event continues when not the current span's (a track of a batch: its HTTP request's). */
type NewEventRow = { projectId: string; contactId: string; name: string; data: Record<string, unknown>; traceparent?: string };

/** Records events and publishes them (one statement; pass a unit's work to join it). */
export async function recordEvents(repo: EventsStore, events: NewEventRow[], work?: Work) {
  const at = new Date();
  const occurredAt = at.toISOString();
  const ids = events.map(() => newId());
  const envelopes = repo.outbox.envelopes(
    events.map((e, k) => ({
      type: 'events.event.recorded.v1' as const,
      projectId: e.projectId,
      data: { eventId: ids[k], contactId: e.contactId, name: e.name, occurredAt, data: e.data },
      traceparent: e.traceparent,
    })),
    at,
  );
  const rows = events.map((e, k) => ({ ...e, id: ids[k], outbox: envelopes[k] }));
  await repo.insertWithOutbox(rows, work);
  return rows.map((r) => ({ id: r.id, occurredAt }));
}

function parseData(json: string): unknown {
  try {
    return json ? JSON.parse(json) : undefined;
  } catch {
    throw validationError([{ field: 'data', message: 'must be a JSON object', code: 'invalid_type' }]);
  }
}

function validateName(name: string, field = 'event') {
  const trimmed = (name ?? '').trim();
  if (!trimmed || trimmed.length > MAX_EVENT_NAME) {
    throw validationError([{ field, message: `must be 1 to ${MAX_EVENT_NAME} characters`, code: 'invalid_string' }]);
  }
  if (isReservedEventName(trimmed)) {
    throw validationError(
      [{ field, message: `"${trimmed}" is reserved for events Herald emits itself`, code: 'reserved_event' }],
      'Pick another name: email.*, contact.subscribed, contact.unsubscribed and segment.<slug>.entry|exit are reserved.',
    );
  }
  return trimmed;
}

/** herald_tracks_total: each track recorded, or refused (its name, data or contact; a failure of the whole call counts neither). */
function countTracks<T>(out: Array<BatchOutcome<T>>) {
  const recorded = out.filter((o) => o.ok).length;
  if (recorded) metrics.tracks.inc({ outcome: 'recorded' }, recorded);
  if (out.length - recorded) metrics.tracks.inc({ outcome: 'refused' }, out.length - recorded);
  return out;
}

export function eventsHandlers(
  repo: EventsStore,
  contacts: () => Api<'contacts'>,
  activity: ActivityStore,
  workflows: () => Api<'workflows'>,
): Handlers<'events'> {
  type TrackRequest = Parameters<Handlers<'events'>['TrackMany']>[0]['items'][number];
  type TrackResponse = { contact_id: string; event_id: string; timestamp: string };

  /** Validates each track, upserts every contact in one call, records every event in one statement. */
  async function trackMany(items: TrackRequest[]): Promise<Array<BatchOutcome<TrackResponse>>> {
    const out: Array<BatchOutcome<TrackResponse>> = new Array(items.length);
    const valid: Array<{ i: number; name: string; data: Record<string, unknown> }> = [];
    items.forEach((req, i) => {
      try {
        valid.push({ i, name: validateName(req.event), data: eventData(parseData(req.data_json)) });
      } catch (error) {
        out[i] = { ok: false, error };
      }
    });
    if (valid.length === 0) return countTracks(out);
    const { results } = await contacts().UpsertContacts({
      items: valid.map(({ i }) => ({
        project_id: items[i].project_id,
        email: items[i].email,
        subscribed: items[i].subscribed,
        default_subscribed: true, // new contacts are subscribed, existing ones keep their state
        data_json: items[i].data_json,
      })),
    });
    const upserted = fromBatchReply(results, valid.length);
    const recorded: Array<{ i: number; row: NewEventRow }> = [];
    valid.forEach(({ i, name, data }, k) => {
      const u = upserted[k];
      if (u.ok)
        recorded.push({
          i,
          row: { projectId: items[i].project_id, contactId: u.value.contact!.id, name, data, traceparent: items[i].traceparent || undefined },
        });
      else out[i] = u;
    });
    const events = await recordEvents(
      repo,
      recorded.map((r) => r.row),
    );
    recorded.forEach(({ i, row }, k) => (out[i] = { ok: true, value: { contact_id: row.contactId, event_id: events[k].id, timestamp: events[k].occurredAt } }));
    countTracks(out);
    return out;
  }

  const emailsOf = contactEmails(contacts);

  /** Adds each contact's current email (contacts owns it; one batched call). */
  async function withEmails(projectId: string, rows: EventRow[]): Promise<EventMsg[]> {
    const emails = await emailsOf(
      projectId,
      rows.map((r) => r.contact_id),
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      data_json: JSON.stringify(r.data),
      contact_id: r.contact_id,
      contact_email: emails.get(r.contact_id) ?? '',
      created_at: r.created_at.toISOString(),
    }));
  }

  return {
    ...activityHandlers(activity, emailsOf, workflows),

    // The batch exception: each item names its project (see events.proto).
    async TrackMany(req) {
      return { results: toBatchReply(await trackMany(req.items)) };
    },

    async ListEvents(req, meta) {
      const projectId = projectOf(meta);
      const rows = await repo.recent(projectId, req.event_name || undefined, clampLimit(req.limit, 50, 100));
      return { events: await withEmails(projectId, rows) };
    },

    async Stats(_req, meta) {
      return { stats: (await repo.stats(projectOf(meta))).map((s) => ({ name: s.name, count: String(s.count) })) };
    },

    async ContactEvents(req, meta) {
      const projectId = projectOf(meta);
      if (!isUuid(req.contact_id)) return { events: [] };
      const rows = await repo.ofContact(projectId, req.contact_id, clampLimit(req.limit, 100, 1000));
      return { events: await withEmails(projectId, rows) };
    },

    async Names(_req, meta) {
      return { event_names: await repo.names(projectOf(meta)) };
    },

    async Usage(req, meta) {
      const projectId = projectOf(meta);
      // Contacts knows both: segments, and what workflows reference (its projection of them).
      const [{ total, contacts: unique }, { segments, workflows }] = await Promise.all([
        repo.usage(projectId, req.name),
        contacts().EventUsage({ name: req.name }, { projectId }),
      ]);
      // References do not hold a name's recorded events back (a segment's filter on them then matches nothing, a
      // workflow's trigger waits for new ones): only the names Herald emits cannot be deleted.
      return {
        used_in_segments: segments,
        used_in_workflows: workflows,
        total_count: String(total),
        unique_contacts: String(unique),
        can_delete: !isReservedEventName(req.name),
      };
    },

    async DeleteEvents(req, meta) {
      const projectId = projectOf(meta);
      if (isReservedEventName(req.name)) {
        throw badRequest(`"${req.name}" is emitted by Herald and cannot be deleted`, 'Only events you tracked yourself can be deleted.');
      }
      const deleted = await repo.uow.run(async (work) => {
        const n = await repo.deleteByName(work, projectId, req.name);
        if (n > 0) await repo.outbox.enqueue(work, [{ type: 'events.event_name.deleted.v1', projectId, data: { name: req.name } }]);
        return n;
      });
      return { deleted_count: String(deleted) };
    },
  };
}
