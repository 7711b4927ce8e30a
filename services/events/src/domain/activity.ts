/**
 * Activity and analytics rules (docs/decisions/README.md, "Activity and analytics"): which events the
 * feed shows as which type, the feed's cursor, the date ranges and time zones the reads take, and
 * how email status changes become counts. No I/O.
 */
import type { DomainEventType } from '../../../../libs/contracts/src';
import { AppError, isUuid } from '../../../../libs/kit/src';

/**
 * The feed's types. An email.* or contact.* event is its own type; a tracked segment's entries
 * and exits are `segment.entry` / `segment.exit` (whatever the segment); every event a project
 * tracks itself is `event.triggered`. The same mapping is `events.activity_type(name)` in SQL
 * (migration 002_activity), which the `types` filter uses. Workflow runs are not events: their
 * types (WORKFLOW_ACTIVITY_TYPES) come from their own table (migration 003_workflow_activity).
 * Nor are a sending domain's deliverability changes, which are no contact's
 * (DELIVERABILITY_ACTIVITY_TYPES, migration 021_deliverability_activity).
 */
export const ACTIVITY_TYPES = [
  'email.sent',
  'email.delivered',
  'email.opened',
  'email.clicked',
  'email.human_opened',
  'email.human_clicked',
  'email.bounced',
  'email.complained',
  'email.failed',
  'email.received',
  'contact.subscribed',
  'contact.unsubscribed',
  'segment.entry',
  'segment.exit',
  'event.triggered',
  'workflow.started',
  'deliverability.throttled',
  'deliverability.resumed',
  'deliverability.guardrail_paused',
  'deliverability.guardrail_warning',
  'deliverability.guardrail_resumed',
] as const;

export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** The types of workflow activity (never an event's type, whatever its name). */
export const WORKFLOW_ACTIVITY_TYPES: readonly ActivityType[] = ['workflow.started'];

/** The types of deliverability activity: a sending domain's throttling and guardrails, no contact's. */
export const DELIVERABILITY_ACTIVITY_TYPES: readonly ActivityType[] = [
  'deliverability.throttled',
  'deliverability.resumed',
  'deliverability.guardrail_paused',
  'deliverability.guardrail_warning',
  'deliverability.guardrail_resumed',
];

/** The domain events that are deliverability activity. */
export const DELIVERABILITY_EVENTS = [
  'messaging.deliverability.changed.v1',
  'messaging.domain.guardrail_paused.v1',
  'messaging.domain.guardrail_warning.v1',
  'messaging.domain.guardrail_resumed.v1',
] as const satisfies readonly DomainEventType[];
export type DeliverabilityEvent = (typeof DELIVERABILITY_EVENTS)[number];

/**
 * A deliverability event's type in the feed: a throttling change by its action
 * (`deliverability.throttled` / `.resumed`), a guardrail's by what it did.
 */
export function deliverabilityType(type: DeliverabilityEvent, data: { action?: string }): ActivityType {
  if (type === 'messaging.deliverability.changed.v1') return data.action === 'resumed' ? 'deliverability.resumed' : 'deliverability.throttled';
  if (type === 'messaging.domain.guardrail_paused.v1') return 'deliverability.guardrail_paused';
  if (type === 'messaging.domain.guardrail_warning.v1') return 'deliverability.guardrail_warning';
  return 'deliverability.guardrail_resumed';
}

/** An event's type in the feed. */
export function activityType(name: string): ActivityType {
  if (name.startsWith('email.') || name === 'contact.subscribed' || name === 'contact.unsubscribed') return name as ActivityType;
  if (/^segment\.[^.]+\.entry$/.test(name)) return 'segment.entry';
  if (/^segment\.[^.]+\.exit$/.test(name)) return 'segment.exit';
  return 'event.triggered';
}

/** What the feed shows of an event beside its type: the event's data; a tracked event's name and data. */
export function activityMetadata(name: string, data: Record<string, unknown>): Record<string, unknown> {
  const type = activityType(name);
  if (type === 'event.triggered') return { eventName: name, eventData: data };
  if (type === 'segment.entry' || type === 'segment.exit') return { eventName: name, ...data };
  return data;
}

const badQuery = (field: string, message: string, suggestion: string) =>
  new AppError({
    code: 'BAD_REQUEST',
    status: 400,
    message: `Invalid query parameter ${field}: ${message}`,
    errors: [{ field, message, code: 'invalid_string' }],
    suggestion,
  });

export function parseTypes(types: string[]): ActivityType[] | undefined {
  const list = types.map((t) => t.trim()).filter(Boolean);
  if (list.length === 0) return undefined;
  const unknown = list.filter((t) => !(ACTIVITY_TYPES as readonly string[]).includes(t));
  if (unknown.length)
    throw badQuery(
      'types',
      `unknown type ${unknown.map((t) => `"${t}"`).join(', ')}`,
      `Use comma-separated types among: ${ACTIVITY_TYPES.join(', ')} (GET /activity/types).`,
    );
  return [...new Set(list)] as ActivityType[];
}

export function parseContactId(id: string): string | undefined {
  if (!id) return undefined;
  if (!isUuid(id)) throw badQuery('contactId', 'must be a contact id (a UUID)', 'Pass the id of a contact of this project, as GET /contacts returns it.');
  return id;
}

// ---- cursor -------------------------------------------------------------------------------------

/** The feed is ordered by event id (UUIDv7: time first); the cursor is the last id shown, opaque. */
export const encodeCursor = (id: string) => Buffer.from(`a1:${id}`).toString('base64url');

export function decodeCursor(cursor: string): string | undefined {
  if (!cursor) return undefined;
  const raw = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const id = raw.startsWith('a1:') ? raw.slice(3) : '';
  if (!isUuid(id)) throw badQuery('cursor', 'not a cursor this feed gave', 'Pass the cursor of the previous response as it came, or none for the first page.');
  return id;
}

// ---- dates and ranges ---------------------------------------------------------------------------

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const DAY_MS = 86_400_000;
const DATE_HINT = 'Use an ISO 8601 date (2025-06-01) or date-time (2025-06-01T09:30:00Z).';

/** A query date: a calendar day (`2025-06-01`) or an instant; undefined when not given. */
export type QueryDate = { day: string; at?: undefined } | { at: Date; day?: undefined };

export function parseDate(field: string, value: string): QueryDate | undefined {
  if (!value) return undefined;
  const d = DATE_ONLY.exec(value);
  if (d) {
    const at = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value) throw badQuery(field, `"${value}" is not a date`, DATE_HINT);
    return { day: value };
  }
  const at = DATE_TIME.test(value) ? new Date(value) : new Date(NaN);
  if (Number.isNaN(at.getTime())) throw badQuery(field, `"${value}" is not a date`, DATE_HINT);
  return { at };
}

/** An instant range: a day as start is its first instant, as end its last. */
export interface Range {
  start: Date;
  end: Date;
}

const startOf = (d: QueryDate) => d.at ?? new Date(`${d.day}T00:00:00Z`);
const endOf = (d: QueryDate) => d.at ?? new Date(new Date(`${d.day}T00:00:00Z`).getTime() + DAY_MS - 1);

function ordered<T>(start: T, end: T, before: (a: T, b: T) => boolean) {
  if (before(end, start)) throw badQuery('startDate', 'is after endDate', 'Give a startDate on or before endDate.');
}

/** startDate/endDate as instants, each optional (no bound). */
export function openRange(startDate: string, endDate: string): { start?: Date; end?: Date } {
  const s = parseDate('startDate', startDate);
  const e = parseDate('endDate', endDate);
  const range = { start: s && startOf(s), end: e && endOf(e) };
  if (range.start && range.end) ordered(range.start, range.end, (a, b) => a < b);
  return range;
}

/** startDate/endDate as instants, by default the last `days` days up to now. */
export function rangeOf(startDate: string, endDate: string, days = 30, now = new Date()): Range {
  const { start, end } = openRange(startDate, endDate);
  const e = end ?? now;
  const range = { start: start ?? new Date(e.getTime() - days * DAY_MS), end: e };
  ordered(range.start, range.end, (a, b) => a < b);
  return range;
}

/** A range of whole UTC days (inclusive), for counts kept per UTC day. */
export interface DayRange {
  from: string;
  to: string;
  days: number;
}

export const addDays = (day: string, n: number) => new Date(new Date(`${day}T00:00:00Z`).getTime() + n * DAY_MS).toISOString().slice(0, 10);
const dayCount = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

// ---- time zones -----------------------------------------------------------------------------------

const TZ_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;
const zones = new Map<string, Intl.DateTimeFormat>();

/** An IANA time zone name, as PostgreSQL and Intl both know it ('' is UTC). */
export function parseTimeZone(tz: string): string {
  if (!tz) return 'UTC';
  if (!zones.has(tz)) {
    let fmt: Intl.DateTimeFormat | undefined;
    try {
      if (TZ_NAME.test(tz)) fmt = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      fmt = undefined;
    }
    if (!fmt) throw unknownTimeZone(tz);
    zones.set(tz, fmt);
  }
  return tz;
}

export const unknownTimeZone = (tz: string) =>
  badQuery('timezone', `"${tz}" is not a time zone`, 'Use an IANA time zone name such as UTC, Europe/Paris or America/New_York.');

/** The calendar day of an instant in a time zone. */
export function dayIn(tz: string, at: Date): string {
  const parts = zones.get(parseTimeZone(tz))!.formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export const MAX_SERIES_DAYS = 366;

/**
 * The calendar days startDate/endDate name in a time zone (a day as given, an instant's day
 * there), by default the 30 days up to today there.
 */
export function daysIn(tz: string, startDate: string, endDate: string, now = new Date()): DayRange {
  const s = parseDate('startDate', startDate);
  const e = parseDate('endDate', endDate);
  const to = e ? (e.day ?? dayIn(tz, e.at)) : dayIn(tz, now);
  const from = s ? (s.day ?? dayIn(tz, s.at)) : addDays(to, -29);
  ordered(from, to, (a, b) => a < b);
  const days = dayCount(from, to);
  if (days > MAX_SERIES_DAYS) throw badQuery('startDate', `the range covers ${days} days`, `Ask for at most ${MAX_SERIES_DAYS} days at a time.`);
  return { from, to, days };
}

/** The UTC days of an instant range. */
export function utcDays(r: Range): DayRange {
  const from = r.start.toISOString().slice(0, 10);
  const to = r.end.toISOString().slice(0, 10);
  return { from, to, days: dayCount(from, to) };
}

// ---- counts ---------------------------------------------------------------------------------------

/** Emails per status, and per first human open and click (docs/deliverability.md, "Human and machine engagement"). */
export const EMAIL_COUNTERS = ['sent', 'delivered', 'opened', 'clicked', 'bounced', 'complained', 'failed', 'human_opened', 'human_clicked'] as const;
export type EmailCounter = (typeof EMAIL_COUNTERS)[number];
export type Counts = Record<EmailCounter, number>;

export interface StatusChange {
  projectId: string;
  occurredAt: string;
  status: string;
  campaignId: string | null;
  /** 'transient' for a transient bounce: an event, not a status (the email did not move). */
  reason?: string;
  /** The email's first open or click by a person. */
  human?: boolean;
  /** false: only the human figure moves (the status had moved already). */
  raw?: boolean;
}

const BUCKET_MS = 15 * 60_000;
/** The 15-minute bucket of an instant: every time zone's day starts on such a boundary. */
export const bucketOf = (at: Date) => new Date(Math.floor(at.getTime() / BUCKET_MS) * BUCKET_MS);

const zero = (): Counts => ({ sent: 0, delivered: 0, opened: 0, clicked: 0, bounced: 0, complained: 0, failed: 0, human_opened: 0, human_clicked: 0 });

/** The counters a change adds one to: its status (unless only the human figure moved), and the human open or click. */
function countersOf(c: StatusChange): EmailCounter[] {
  if (c.reason === 'transient') return [];
  const out: EmailCounter[] = [];
  if (c.raw !== false && (EMAIL_COUNTERS as readonly string[]).includes(c.status) && !c.status.startsWith('human_')) out.push(c.status as EmailCounter);
  if (c.human && (c.status === 'opened' || c.status === 'clicked')) out.push(`human_${c.status}`);
  return out;
}

function tally<K>(changes: StatusChange[], keyOf: (c: StatusChange) => K | undefined, id: (k: K) => string): Array<{ key: K; counts: Counts }> {
  const out = new Map<string, { key: K; counts: Counts }>();
  for (const c of changes) {
    const counters = countersOf(c);
    if (!counters.length) continue;
    const key = keyOf(c);
    if (key === undefined) continue;
    const k = id(key);
    if (!out.has(k)) out.set(k, { key, counts: zero() });
    for (const counter of counters) out.get(k)!.counts[counter]++;
  }
  // Sorted: concurrent transactions lock the rows they add to in one order (no deadlock).
  return [...out.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
}

/**
 * Email status changes as counts, per project and 15-minute bucket of when they happened, and
 * per campaign. An email moves up to each status once (messaging), so each count is of emails; a
 * transient bounce, which leaves the email where it was, is not counted.
 */
export function emailCounts(changes: StatusChange[]) {
  return {
    buckets: tally(
      changes,
      (c) => ({ projectId: c.projectId, bucket: bucketOf(new Date(c.occurredAt)) }),
      (k) => `${k.projectId}|${k.bucket.toISOString()}`,
    ),
    campaigns: tally(
      changes,
      (c) => (c.campaignId && isUuid(c.campaignId) ? { projectId: c.projectId, campaignId: c.campaignId } : undefined),
      (k) => `${k.projectId}|${k.campaignId}`,
    ),
  };
}

/** A rate in percent (0–100, two decimals); 0 of nothing. */
export const rate = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.round((part / whole) * 10_000) / 100) : 0);

/** The change from the previous period in percent, rounded; 100 for a name new in this period. */
export const trend = (current: number, previous: number) => (previous > 0 ? Math.round(((current - previous) / previous) * 100) : current > 0 ? 100 : 0);
