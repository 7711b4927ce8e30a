import {
  compileCondition,
  conditionReferences,
  namesField,
  referencesField,
  validateCondition,
  type CompiledCondition,
  type Condition,
  type SegmentSource,
} from '../../../../libs/audience/src';
import type { NewEvent } from '../../../../libs/bus/src';
import { projectOf, type Handlers } from '../../../../libs/contracts/src';
import type { Audience__Output as AudienceMsg } from '../../../../libs/contracts/src/generated/herald/contacts/v1/Audience';
import type { Segment as SegmentMsg } from '../../../../libs/contracts/src/generated/herald/contacts/v1/Segment';
import { badRequest, conflict, isUuid, logger, newId, notFound, validationError, type FieldError } from '../../../../libs/kit/src';
import { isValidEmail, normalizeEmail } from '../domain/email';
import {
  chunks,
  MAX_MEMBER_EMAILS,
  MAX_SEGMENT_DESCRIPTION,
  MAX_SEGMENT_NAME,
  MEMBERSHIP_EVENT_IDS,
  SEGMENT_TYPES,
  segmentSlug,
  type SegmentType,
} from '../domain/segments';
import { toMsg } from './messages';
import { parseFieldParam } from '../domain/fields';
import type { CampaignAudience, ContactsStore, SegmentRef, SegmentRow, SegmentsStore } from './ports';

export type SegmentHandlers = Pick<
  Handlers<'contacts'>,
  | 'ListSegments'
  | 'CreateSegment'
  | 'GetSegment'
  | 'UpdateSegment'
  | 'DeleteSegment'
  | 'SegmentContacts'
  | 'AddSegmentMembers'
  | 'RemoveSegmentMembers'
  | 'ComputeSegment'
  | 'RefreshSegment'
  | 'PreviewSegment'
  | 'EventUsage'
  | 'FieldUsage'
  | 'CountAudience'
  | 'AudienceIds'
>;

export interface SegmentsDeps {
  segments: SegmentsStore;
  contacts: ContactsStore;
  /** Creates the missing contacts of a members add (contacts' batch upsert, with its events). */
  upsert: Handlers<'contacts'>['UpsertContacts'];
}

const segmentNotFound = () => notFound('Segment', 'SEGMENT_NOT_FOUND');

export const segmentMsg = (s: SegmentRow): SegmentMsg => ({
  id: s.id,
  name: s.name,
  description: s.description ?? undefined,
  type: s.type,
  condition_json: s.condition ? JSON.stringify(s.condition) : '',
  track_membership: s.track_membership,
  member_count: String(s.member_count),
  created_at: s.created_at.toISOString(),
  updated_at: s.updated_at.toISOString(),
  computed_at: s.computed_at ? s.computed_at.toISOString() : '',
});

export function parseConditionJson(json: string, field = 'condition'): unknown {
  try {
    return JSON.parse(json);
  } catch {
    throw validationError([{ field, message: 'must be a condition object', code: 'invalid_type' }]);
  }
}

/** The name's problems (empty, too long, or a slug of nothing), for a 422. */
function nameProblem(name: string): FieldError | undefined {
  if (!name.trim()) return { field: 'name', message: 'must not be empty', code: 'too_small' };
  if (name.length > MAX_SEGMENT_NAME) return { field: 'name', message: `must be at most ${MAX_SEGMENT_NAME} characters`, code: 'too_big' };
  if (!segmentSlug(name)) return { field: 'name', message: 'must contain a letter or a digit (it names the entry and exit events)', code: 'invalid_string' };
  return undefined;
}

function descriptionProblem(description: string | undefined): FieldError | undefined {
  if (description !== undefined && description.length > MAX_SEGMENT_DESCRIPTION) {
    return { field: 'description', message: `must be at most ${MAX_SEGMENT_DESCRIPTION} characters`, code: 'too_big' };
  }
  return undefined;
}

function refuse(errors: Array<FieldError | undefined>, suggestion?: string) {
  const list = errors.filter((e): e is FieldError => !!e);
  if (list.length) throw validationError(list, suggestion);
}

/** Segment use cases, served in process or over gRPC; the background recompute is `recomputeDue`. */
export function segmentsHandlers(d: SegmentsDeps): SegmentHandlers {
  const { segments: store } = d;

  async function load(projectId: string, id: string): Promise<SegmentRow> {
    const s = isUuid(id) ? await store.get(projectId, id.toLowerCase()) : undefined;
    if (!s) throw segmentNotFound();
    return s;
  }

  /** 409 when another segment's slug is this name's (their entry and exit events would share names). */
  const slugTaken = (name: string) =>
    conflict(
      `Another segment already has the event names segment.${segmentSlug(name)}.entry|exit`,
      'Pick a name that differs in its letters or digits, not only in case or punctuation.',
    );

  /** Runs a write that sets a name; the unique slug index turns a clash (a concurrent one too) into a 409. */
  async function naming<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if ((err as { code?: string; constraint?: string }).code === '23505' && (err as { constraint?: string }).constraint === 'segments_slug')
        throw slugTaken(name);
      throw err;
    }
  }

  /** 409 up front, before any work, when another segment's slug is this name's (their events would share names). */
  async function requireFreeSlug(projectId: string, name: string, exceptId?: string) {
    const slug = segmentSlug(name);
    if ((await store.conditions(projectId)).some((s) => s.id !== exceptId && segmentSlug(s.name) === slug)) throw slugTaken(name);
  }

  /** Tracked segments may follow what just changed (their conditions can name this segment): due a recompute. */
  const touched = (projectId: string) => store.markDue([projectId], 0);

  /** Validates and normalises a DYNAMIC segment's condition, then compiles it (cycles, depth): both are 422s naming the filter. */
  async function prepareCondition(projectId: string, input: unknown, selfId?: string): Promise<{ condition: Condition; compiled: CompiledCondition }> {
    const all = await store.conditions(projectId);
    const fieldTypes = await d.contacts.fieldTypes(projectId);
    const condition = validateCondition(input, { fieldTypes, segmentIds: new Set(all.map((s) => s.id)), selfSegmentId: selfId });
    const compiled = await compileCondition(condition, { fieldTypes, segmentId: selfId, resolveSegment: resolverOf(all) });
    return { condition, compiled };
  }

  async function requireTracked(projectId: string, id: string): Promise<SegmentRow> {
    const s = await load(projectId, id);
    if (s.type !== 'DYNAMIC' || !s.track_membership) {
      throw badRequest(
        `The segment "${s.name}" is ${s.type === 'STATIC' ? 'STATIC' : 'not tracked'}: only a DYNAMIC segment with trackMembership is computed`,
        s.type === 'STATIC' ? 'Use refresh to count its members.' : 'Set trackMembership to true, or use refresh to count its members.',
      );
    }
    return s;
  }

  async function requireStatic(projectId: string, id: string): Promise<SegmentRow> {
    const s = await load(projectId, id);
    if (s.type !== 'STATIC')
      throw badRequest(
        `The segment "${s.name}" is DYNAMIC: its members follow its condition`,
        'Add or remove members of STATIC segments only; change the condition of a DYNAMIC one.',
      );
    return s;
  }

  function memberEmails(raw: string[]): string[] {
    if (raw.length < 1 || raw.length > MAX_MEMBER_EMAILS) {
      throw validationError(
        [{ field: 'emails', message: `must contain 1 to ${MAX_MEMBER_EMAILS} emails`, code: raw.length ? 'too_big' : 'too_small' }],
        `Send at most ${MAX_MEMBER_EMAILS} emails a call.`,
      );
    }
    const errors: FieldError[] = [];
    const emails = raw.map((e, i) => {
      const email = normalizeEmail(e ?? '');
      if (!isValidEmail(email)) errors.push({ field: `emails[${i}]`, message: 'must be a valid email address', code: 'invalid_string' });
      return email;
    });
    refuse(errors, 'Send addresses such as jane@example.com; nothing was changed.');
    return [...new Set(emails)];
  }

  return {
    async ListSegments(_req, meta) {
      return { segments: (await store.list(projectOf(meta))).map(segmentMsg) };
    },

    async CreateSegment(req, meta) {
      const projectId = projectOf(meta);
      const type = req.type as SegmentType;
      const hasCondition = req.condition_json !== '';
      refuse(
        [
          nameProblem(req.name),
          descriptionProblem(req.description),
          SEGMENT_TYPES.includes(type) ? undefined : { field: 'type', message: 'must be DYNAMIC or STATIC', code: 'invalid_enum_value' },
          type === 'DYNAMIC' && !hasCondition ? { field: 'condition', message: 'is required for a DYNAMIC segment', code: 'missing_value' } : undefined,
          type === 'STATIC' && hasCondition
            ? { field: 'condition', message: 'is not allowed on a STATIC segment (its members are added by email)', code: 'unexpected_value' }
            : undefined,
          type === 'STATIC' && req.track_membership
            ? { field: 'trackMembership', message: 'applies to DYNAMIC segments only', code: 'unexpected_value' }
            : undefined,
        ],
        'A DYNAMIC segment has a condition; a STATIC one has members, added with POST /segments/:id/members.',
      );
      const name = req.name.trim();
      await requireFreeSlug(projectId, name);
      const id = newId();
      let condition: Condition | null = null;
      let memberCount = 0;
      if (type === 'DYNAMIC') {
        const prepared = await prepareCondition(projectId, parseConditionJson(req.condition_json), id);
        condition = prepared.condition;
        memberCount = await store.count(projectId, prepared.compiled);
      }
      await naming(name, () =>
        store.uow.run((work) =>
          store.insert(work, projectId, {
            id,
            name,
            description: req.description ?? null,
            type,
            condition,
            trackMembership: req.track_membership,
            memberCount,
          }),
        ),
      );
      await touched(projectId);
      return segmentMsg((await store.get(projectId, id))!);
    },

    async GetSegment(req, meta) {
      return segmentMsg(await load(projectOf(meta), req.id));
    },

    async UpdateSegment(req, meta) {
      const projectId = projectOf(meta);
      const current = await load(projectId, req.id);
      const hasCondition = req.condition_json !== '';
      refuse([
        req.name !== undefined ? nameProblem(req.name) : undefined,
        descriptionProblem(req.description),
        current.type === 'STATIC' && hasCondition ? { field: 'condition', message: 'is not allowed on a STATIC segment', code: 'unexpected_value' } : undefined,
        current.type === 'STATIC' && req.track_membership
          ? { field: 'trackMembership', message: 'applies to DYNAMIC segments only', code: 'unexpected_value' }
          : undefined,
      ]);
      if (req.name !== undefined && segmentSlug(req.name) !== segmentSlug(current.name)) await requireFreeSlug(projectId, req.name, current.id);
      // The new condition is validated and counted first, outside the transaction.
      const prepared = hasCondition ? await prepareCondition(projectId, parseConditionJson(req.condition_json), current.id) : undefined;
      const preparedCount = prepared ? await store.count(projectId, prepared.compiled) : undefined;
      const name = req.name !== undefined ? req.name.trim() : current.name;
      await naming(name, () =>
        store.uow.run(async (work) => {
          // What is sent applies to the row as it is now, locked (a concurrent patch or compute waits).
          const locked = await store.getForUpdate(work, projectId, current.id);
          if (!locked) throw segmentNotFound();
          const trackMembership = req.track_membership ?? locked.track_membership;
          const conditionChanged = !!prepared && JSON.stringify(prepared.condition) !== JSON.stringify(locked.condition);
          // Untracked, the rows of its last compute would only go stale; tracked again, its next
          // compute starts from nobody (everyone matching enters).
          if (locked.track_membership && !trackMembership) await store.clearMembers(work, projectId, locked.id);
          await store.update(work, projectId, locked.id, {
            name: req.name !== undefined ? name : locked.name,
            description: req.clear_description ? null : (req.description ?? locked.description),
            condition: prepared ? prepared.condition : locked.condition,
            trackMembership,
            memberCount: conditionChanged ? preparedCount! : Number(locked.member_count),
            conditionChanged: conditionChanged || trackMembership !== locked.track_membership,
          });
        }),
      );
      await touched(projectId);
      return segmentMsg((await store.get(projectId, current.id))!);
    },

    async DeleteSegment(req, meta) {
      const projectId = projectOf(meta);
      const s = await load(projectId, req.id);
      const campaigns = (await store.campaignAudiences(projectId)).filter((c) => ACTIVE_CAMPAIGN.has(c.status) && audienceNames(c, s.id));
      if (campaigns.length) {
        throw conflict(
          `The segment "${s.name}" is the audience of an active campaign: ${campaigns.map((c) => c.name).join(', ')}`,
          'Cancel or finish those campaigns first.',
        );
      }
      const referencing = (await store.conditions(projectId)).filter((o) => o.condition && conditionReferences(o.condition).segments.includes(s.id));
      if (referencing.length) {
        throw conflict(
          `The segment "${s.name}" is used in the conditions of: ${referencing.map((o) => o.name).join(', ')}`,
          'Remove the segment.<id> filters that name it first.',
        );
      }
      await store.uow.run((work) => store.delete(work, projectId, s.id));
      await touched(projectId);
      return {};
    },

    async SegmentContacts(req, meta) {
      const projectId = projectOf(meta);
      const s = await load(projectId, req.id);
      const page = { page: req.page || 1, pageSize: req.page_size || 20 };
      const { rows, total } =
        s.type === 'STATIC' ? await store.memberPage(projectId, s.id, page) : await store.livePage(projectId, await compileSegment(d, projectId, s), page);
      return { contacts: rows.map(toMsg), total: String(total), page: page.page, page_size: page.pageSize };
    },

    async AddSegmentMembers(req, meta) {
      const projectId = projectOf(meta);
      const s = await requireStatic(projectId, req.id);
      const emails = memberEmails(req.emails);
      let found = await store.contactsByEmail(projectId, emails);
      const known = new Set(found.map((c) => c.email));
      let missing = emails.filter((e) => !known.has(e));
      let created = 0;
      if (req.create_missing && missing.length) {
        const items = missing.map((email) => ({ project_id: projectId, email, subscribed: req.subscribed ?? true, data_json: '', default_subscribed: true }));
        const out = await d.upsert({ items }, meta);
        created = (out.results ?? []).filter((r) => r.result?.is_new).length;
        found = await store.contactsByEmail(projectId, emails);
        const now = new Set(found.map((c) => c.email));
        missing = emails.filter((e) => !now.has(e));
      }
      const added = await store.uow.run((work) =>
        store.addMembers(
          work,
          projectId,
          s.id,
          found.map((c) => c.id),
        ),
      );
      await touched(projectId);
      return { added, created, not_found: missing };
    },

    async RemoveSegmentMembers(req, meta) {
      const projectId = projectOf(meta);
      const s = await requireStatic(projectId, req.id);
      const found = await store.contactsByEmail(projectId, memberEmails(req.emails));
      const removed = await store.uow.run((work) =>
        store.removeMembers(
          work,
          projectId,
          s.id,
          found.map((c) => c.id),
        ),
      );
      await touched(projectId);
      return { removed };
    },

    async ComputeSegment(req, meta) {
      const projectId = projectOf(meta);
      const s = await requireTracked(projectId, req.id);
      const r = await computeSegment(d, projectId, s.id);
      if (!r) throw segmentNotFound(); // deleted or untracked meanwhile
      return { added: String(r.added), removed: String(r.removed), total: String(r.total) };
    },

    async RefreshSegment(req, meta) {
      const projectId = projectOf(meta);
      const s = await load(projectId, req.id);
      if (s.type === 'STATIC') return { member_count: String(s.member_count) };
      const n = await store.count(projectId, await compileSegment(d, projectId, s));
      await store.setMemberCount(projectId, s.id, n);
      return { member_count: String(n) };
    },

    /**
     * An unsaved condition counted as a DYNAMIC segment's is (same validation, same count query),
     * with the subscribed among them in the same statement (so the two agree); nothing is written.
     */
    async PreviewSegment(req, meta) {
      const projectId = projectOf(meta);
      const { compiled } = await prepareCondition(projectId, parseConditionJson(req.condition_json || 'null'));
      const { total, subscribed } = await store.countWithSubscribed(projectId, compiled);
      return { total: String(total), subscribed: String(subscribed) };
    },

    async EventUsage(req, meta) {
      const projectId = projectOf(meta);
      const [segments, workflows] = await Promise.all([store.conditions(projectId), store.workflowRefs(projectId)]);
      const used = segments.filter((s) => s.condition && conditionReferences(s.condition).events.includes(req.name));
      return { segments: refs(used), workflows: refs(workflows.filter((w) => w.eventNames.includes(req.name))) };
    },

    async CountAudience(req, meta) {
      const projectId = projectOf(meta);
      const { condition, compiled } = await compileAudience(d, projectId, req.audience);
      return { count: String(await store.count(projectId, compiled)), condition_json: condition ? JSON.stringify(condition) : '' };
    },

    async AudienceIds(req, meta) {
      const projectId = projectOf(meta);
      const limit = req.limit || AUDIENCE_PAGE;
      if (limit < 1 || limit > MAX_AUDIENCE_PAGE) throw badRequest(`limit must be between 1 and ${MAX_AUDIENCE_PAGE}`);
      if (req.after_id && !isUuid(req.after_id)) throw badRequest('after_id must be a contact id');
      const { compiled } = await compileAudience(d, projectId, req.audience);
      return { ids: await store.audienceIds(projectId, compiled, req.after_id || undefined, limit) };
    },

    async FieldUsage(req, meta) {
      const projectId = projectOf(meta);
      if (!parseFieldParam(req.field)) {
        throw validationError(
          [{ field: 'field', message: `"${req.field}" is not a valid field name`, code: 'invalid_string' }],
          'Use a standard field (email, subscribed, createdAt, updatedAt) or data.<key>.',
        );
      }
      const [segments, audiences, workflows] = await Promise.all([
        store.conditions(projectId),
        store.campaignAudiences(projectId),
        store.workflowRefs(projectId),
      ]);
      const used = segments.filter((s) => s.condition && referencesField(s.condition, req.field));
      const campaigns = audiences.filter((c) => c.audienceFilter && referencesField(c.audienceFilter as unknown as Condition, req.field));
      return {
        field: req.field,
        used_in_segments: refs(used),
        used_in_campaigns: refs(campaigns),
        used_in_workflows: refs(workflows.filter((w) => namesField(w.fields, req.field))),
      };
    },
  };
}

/** What usage answers name: id and name. */
const refs = (xs: Array<{ id: string; name: string }>) => xs.map((x) => ({ id: x.id, name: x.name }));

/** A campaign in these holds its audience's segments: deleting one of them is a 409. */
const ACTIVE_CAMPAIGN = new Set(['SCHEDULED', 'SENDING']);

/** Whether a campaign's audience is the segment, or its filter names it. */
const audienceNames = (c: CampaignAudience, segmentId: string) =>
  c.segmentId === segmentId || (!!c.audienceFilter && conditionReferences(c.audienceFilter as unknown as Condition).segments.includes(segmentId));

const AUDIENCE_PAGE = 1000;
const MAX_AUDIENCE_PAGE = 10_000;

/**
 * A campaign audience as one predicate over contacts: ALL of them, a segment's members (through
 * the `segment.<id>` filter, so STATIC membership rows and DYNAMIC conditions both work) or a
 * FILTERED condition (validated here: 422s name `audienceFilter.…`) — always only the subscribed.
 */
async function compileAudience(
  d: SegmentsDeps,
  projectId: string,
  a: AudienceMsg | null | undefined,
): Promise<{ condition?: Condition; compiled: CompiledCondition }> {
  const [fieldTypes, all] = await Promise.all([d.contacts.fieldTypes(projectId), d.segments.conditions(projectId)]);
  let condition: Condition | undefined;
  switch (a?.type) {
    case 'ALL':
      break;
    case 'SEGMENT': {
      const id = (a.segment_id ?? '').toLowerCase();
      if (!all.some((s) => s.id === id)) {
        throw validationError(
          [{ field: 'segmentId', message: 'no segment of this project has this id', code: 'not_found' }],
          "Pass the id of one of the project's segments (GET /segments).",
        );
      }
      condition = { logic: 'AND', groups: [{ filters: [{ field: `segment.${id}`, operator: 'memberOfSegment' }] }] };
      break;
    }
    case 'FILTERED':
      condition = validateCondition(a.condition_json ? parseConditionJson(a.condition_json, 'audienceFilter') : undefined, {
        fieldTypes,
        path: 'audienceFilter',
        segmentIds: new Set(all.map((s) => s.id)),
      });
      break;
    default:
      throw validationError([{ field: 'audienceType', message: 'must be ALL, SEGMENT or FILTERED', code: 'invalid_value' }]);
  }
  const compiled = condition
    ? await compileCondition(condition, { fieldTypes, resolveSegment: resolverOf(all), path: 'audienceFilter' })
    : { where: 'true', params: [], projectParam: 1, firstParam: 2 };
  return { condition: a.type === 'FILTERED' ? condition : undefined, compiled: { ...compiled, where: `c.subscribed AND (${compiled.where})` } };
}

/** Segment ids → how they are matched, for conditions that reference segments (DYNAMIC ones inlined, live). */
export function resolverOf(all: SegmentRef[]) {
  const byId = new Map(all.map((s) => [s.id, s]));
  return (id: string): SegmentSource | undefined => {
    const s = byId.get(id);
    if (!s) return undefined;
    return s.type === 'DYNAMIC' && s.condition ? { type: 'DYNAMIC', condition: s.condition } : { type: 'STATIC' };
  };
}

/** A DYNAMIC segment's condition compiled with the project's field types as they are now. */
async function compileSegment(d: SegmentsDeps, projectId: string, s: SegmentRow): Promise<CompiledCondition> {
  const [fieldTypes, all] = await Promise.all([d.contacts.fieldTypes(projectId), d.segments.conditions(projectId)]);
  return compileCondition(s.condition!, { fieldTypes, segmentId: s.id, resolveSegment: resolverOf(all) });
}

/**
 * A tracked DYNAMIC segment's compute: under the segment's row lock (one compute of a segment at
 * a time), its membership rows become the contacts matching now, and the contacts that entered
 * and left are published for the events service to record as `segment.<slug>.entry` / `.exit`
 * events of those contacts, in the same transaction. Undefined when the segment is gone or no
 * longer tracked.
 */
export async function computeSegment(d: SegmentsDeps, projectId: string, id: string) {
  return d.segments.uow.run(async (work) => {
    const s = await d.segments.getForUpdate(work, projectId, id);
    if (!s || s.type !== 'DYNAMIC' || !s.track_membership || !s.condition) return undefined;
    const compiled = await compileSegment(d, projectId, s);
    const { entered, exited, total } = await d.segments.writeMembership(work, projectId, id, compiled);
    await d.contacts.outbox.enqueue(work, membershipEvents(projectId, s, entered, exited));
    return { added: entered.length, removed: exited.length, total };
  });
}

function membershipEvents(projectId: string, s: SegmentRow, entered: string[], exited: string[]): NewEvent[] {
  const tagged = [...entered.map((id) => ({ id, entered: true })), ...exited.map((id) => ({ id, entered: false }))];
  return chunks(tagged, MEMBERSHIP_EVENT_IDS).map((part) => ({
    type: 'contacts.segment.membership_changed.v1',
    projectId,
    data: {
      segmentId: s.id,
      segmentName: s.name,
      slug: segmentSlug(s.name),
      entered: part.filter((p) => p.entered).map((p) => p.id),
      exited: part.filter((p) => !p.entered).map((p) => p.id),
    },
  }));
}

export interface RecomputeSettings {
  /** After a change, how long a project waits for more before its tracked segments are recomputed. */
  debounceMs: number;
  /** Tracked segments not computed for this long are recomputed (conditions relative to now drift without any change). */
  intervalMs: number;
  /** How long a replica holds a project it recomputes before another may take it. */
  leaseMs: number;
}

/**
 * The background recompute (a Timer's run): projects whose tracked segments are stale become due,
 * then each due project is taken (one replica at a time) and its tracked segments computed. A
 * project changed while it ran is due again after; one whose replica died is taken again when
 * its lease ends.
 */
export async function recomputeDue(d: SegmentsDeps, s: RecomputeSettings, stopped: () => boolean) {
  await d.segments.markStale(s.intervalMs);
  for (let due = await d.segments.takeDue(s.leaseMs); due; due = await d.segments.takeDue(s.leaseMs)) {
    const { projectId } = due;
    for (const id of await d.segments.trackedIds(projectId)) {
      if (stopped()) break;
      try {
        const r = await computeSegment(d, projectId, id);
        if (r && (r.added || r.removed)) logger.info({ projectId, segmentId: id, ...r }, 'tracked segment recomputed');
      } catch (err) {
        // One segment that cannot be computed (a condition that no longer compiles, a failing
        // statement) neither stops the others nor comes back every second: tried again after the interval.
        logger.warn({ projectId, segmentId: id, err: (err as Error).message }, 'a tracked segment could not be computed');
        await d.segments.computeFailed(projectId, id);
      }
    }
    if (stopped()) return d.segments.releaseDue(due); // another replica, or the next start, takes it again
    await d.segments.doneDue(due, s.debounceMs);
  }
}
