/**
 * What a filter's `field` names, and the kinds of value the condition language compares.
 *
 *   email | subscribed | createdAt | updatedAt      the contact's standard fields
 *   data.<key>[.<key>…]                             a custom field (typed per project by its first value)
 *   event.<name>                                    a tracked event, by its facts (count, first, last)
 *   email.<sent|delivered|opened|clicked|bounced|complained>   the same facts of the public email.* events
 *   segment.<id>                                    membership of another segment
 */
import { isUuid } from '../../kit/src';
import { EMAIL_STATUSES, type EmailStatus } from './language';

export type StandardField = 'email' | 'subscribed' | 'createdAt' | 'updatedAt';

/** A project's custom field types, keyed by dotted path without `data.` (`profile.tier`), as `contacts.fields` holds them. */
export type FieldTypes = ReadonlyMap<string, string>;

/** Plunk's other spellings of the email activities, accepted and stored as the canonical ones (`opened`…). */
export const EMAIL_STATUS_ALIASES: Record<string, EmailStatus> = {
  open: 'opened',
  click: 'clicked',
  bounce: 'bounced',
  complaint: 'complained',
  delivery: 'delivered',
};

export const MAX_EVENT_NAME = 255;

export type FieldRef =
  | { kind: 'standard'; name: StandardField; type: 'string' | 'boolean' | 'date'; column: 'email' | 'subscribed' | 'created_at' | 'updated_at' }
  | { kind: 'data'; path: string[]; key: string }
  /** `event.<name>` and `email.<status>`: `name` is the event name in `event_facts` (`email.opened`). */
  | { kind: 'event'; name: string; email: boolean }
  | { kind: 'segment'; id: string };

const STANDARD: Record<StandardField, FieldRef & { kind: 'standard' }> = {
  email: { kind: 'standard', name: 'email', type: 'string', column: 'email' },
  subscribed: { kind: 'standard', name: 'subscribed', type: 'boolean', column: 'subscribed' },
  createdAt: { kind: 'standard', name: 'createdAt', type: 'date', column: 'created_at' },
  updatedAt: { kind: 'standard', name: 'updatedAt', type: 'date', column: 'updated_at' },
};

/** Why a field name was refused, with what to send instead. */
export interface FieldProblem {
  message: string;
  suggestion: string;
}

export const FIELD_GRAMMAR =
  'Use email, subscribed, createdAt, updatedAt, data.<key>, event.<name>, email.<sent|delivered|opened|clicked|bounced|complained> or segment.<segment id>.';

/** Parses a filter's field; a string problem when it names nothing the language knows. */
export function parseField(field: string): FieldRef | FieldProblem {
  if (Object.prototype.hasOwnProperty.call(STANDARD, field)) return STANDARD[field as StandardField];
  const dot = field.indexOf('.');
  const prefix = dot < 0 ? field : field.slice(0, dot);
  const rest = dot < 0 ? '' : field.slice(dot + 1);
  switch (prefix) {
    case 'data': {
      const path = rest.split('.');
      if (!rest || path.some((segment) => segment === '' || segment === '__proto__')) {
        return {
          message: `"${field}" is not a custom field name`,
          suggestion: 'Name a custom field as data.<key>, nested keys with dots: data.plan, data.profile.tier.',
        };
      }
      return { kind: 'data', path, key: path.join('.') };
    }
    case 'event':
      if (!rest || rest.length > MAX_EVENT_NAME) {
        return {
          message: `"${field}" does not name an event`,
          suggestion: `Name a tracked event as event.<name> (a name of 1 to ${MAX_EVENT_NAME} characters).`,
        };
      }
      return { kind: 'event', name: rest, email: false };
    case 'email': {
      const status = (EMAIL_STATUSES as readonly string[]).includes(rest) ? (rest as EmailStatus) : EMAIL_STATUS_ALIASES[rest];
      if (!status) return { message: `"${field}" is not an email activity`, suggestion: `Use email.${EMAIL_STATUSES.join(', email.')}.` };
      return { kind: 'event', name: `email.${status}`, email: true };
    }
    case 'segment':
      if (!isUuid(rest))
        return {
          message: `"${field}" does not name a segment`,
          suggestion: 'Reference a segment as segment.<segment id>, the id of a segment of this project.',
        };
      return { kind: 'segment', id: rest.toLowerCase() };
  }
  return { message: `unknown field "${field}"`, suggestion: FIELD_GRAMMAR };
}

export const isFieldProblem = (r: FieldRef | FieldProblem): r is FieldProblem => !('kind' in r);

/** The field as stored: the canonical spelling (`email.open` becomes `email.opened`, segment ids lower case). */
export function canonicalField(ref: FieldRef): string {
  switch (ref.kind) {
    case 'standard':
      return ref.name;
    case 'data':
      return `data.${ref.key}`;
    case 'event':
      return ref.email ? ref.name : `event.${ref.name}`;
    case 'segment':
      return `segment.${ref.id}`;
  }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(\.\d{3})?Z)?$/;

/**
 * A date is `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS[.sss]Z`, a real calendar date and time
 * of day — the rule contacts infers field types by (services/contacts/src/domain/types.ts uses
 * this one), and the one `contacts.audience_timestamp` applies to stored values.
 */
export function isIsoDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  if (m[4] === undefined) return true;
  return Number(m[4]) <= 23 && Number(m[5]) <= 59 && Number(m[6]) <= 59;
}

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/**
 * The span of time a date value names, by its precision: a day for `2026-05-06`, a second for
 * `2026-05-06T10:00:00Z`, a millisecond with milliseconds. Comparisons are against the span:
 * equals = inside it, greaterThan = after it, lessThan = before it. `from` inclusive, `to` exclusive.
 */
export function dateSpan(value: string): { from: Date; to: Date } {
  const m = ISO_DATE.exec(value);
  if (!m || !isIsoDate(value)) throw new Error(`not an ISO date: ${value}`);
  const from = new Date(0);
  from.setUTCFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3])); // setUTCFullYear keeps years 1–99 as they are
  if (m[4] === undefined) return { from, to: new Date(from.getTime() + 86_400_000) };
  from.setUTCHours(Number(m[4]), Number(m[5]), Number(m[6]), m[7] ? Number(m[7].slice(1)) : 0);
  return { from, to: new Date(from.getTime() + (m[7] ? 1 : 1000)) };
}
