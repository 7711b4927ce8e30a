/**
 * The API's errors in the user's words. The error envelope stays the API's (field, message, code);
 * the dashboard says each problem once, at the field it concerns, as a person would: "Enter an
 * email address", not "Invalid input: expected string, received undefined".
 *
 * Lookup for a field error, first hit wins:
 *   1. an empty value: the form's "required" sentence (`login.password` → "Enter your password");
 *   2. the dictionary, by (form context, field, code) then (field, code);
 *   3. what the code says in general (too_small with its number, an email or URL format, a template
 *      that does not compile with its line);
 *   4. the API's message as it is (the services write these in plain words), unless it reads like a parser's or a schema's
 *      (`expected`, `received`, token names, braces), where a neutral sentence stands in.
 */
import type { ApiError, FieldError } from '../api';

/** What to say when a field is empty, by `context.field` then `field` (the last part of its path). */
const REQUIRED: Record<string, string> = {
  email: 'Enter an email address',
  password: 'Enter a password',
  newPassword: 'Enter a new password',
  name: 'Enter a name',
  subject: 'Enter a subject',
  body: 'Write the email body',
  from: 'Enter a sender address',
  value: 'Enter a value',
  unit: 'Choose a unit',
  operator: 'Choose an operator',
  field: 'Choose a field',
  'login.password': 'Enter your password',
  'signup.password': 'Choose a password of at least 8 characters',
  'segment.name': 'Choose a segment name',
  'template.name': 'Choose a template name',
  'campaign.name': 'Choose a campaign name',
};

/** (field, code) → sentence, by `context.field:code` then `field:code`. */
const DICTIONARY: Record<string, string> = {
  'email:invalid_string': 'Enter a full email address, like ann@example.com',
  'email:invalid_email': 'Enter a full email address, like ann@example.com',
  'from:invalid_string': 'Enter a full sender address, like hello@your-domain.com',
  'replyTo:invalid_string': 'Enter a full reply-to address, like support@your-domain.com',
  'password:too_small': 'Use at least 8 characters',
  'newPassword:too_small': 'Use at least 8 characters',
  'login.password:too_small': 'Enter your password',
  'data:invalid_json': 'This is not valid JSON: write it like { "plan": "pro" }',
  'data:invalid_type': 'Write the data as a JSON object, like { "plan": "pro" }',
  'value:missing_value': 'Enter a value',
  'value:invalid_type': 'This value does not fit the field: check its type (text, number, yes/no or date)',
  'value:invalid_value': 'Enter a value this field accepts',
  'unit:missing_unit': 'Choose a unit',
  'unit:unexpected_unit': 'This operator takes no unit',
  'operator:invalid_operator': 'Choose an operator this field takes',
  'field:invalid_field': 'Choose a field',
  'field:unknown_segment': 'That segment no longer exists: choose another',
  'field:self_reference': 'A segment cannot include itself: choose another segment',
  'groups:too_big': 'Too many groups: split the audience into segments',
  'filters:too_big': 'Too many filters: split the audience into segments',
  'scheduledFor:invalid_value': 'Choose a time in the future',
};

/** The last named part of an error path: `condition.groups[0].filters[1].value` → `value`. */
export function leafOf(field: string): string {
  const parts = field.replace(/\[\d+\]/g, '').split('.');
  return parts[parts.length - 1] || field;
}

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Reads like a schema or a parser, not a person: never shown. */
const JARGON = /expected|received|invalid input|Expecting|OPEN_|CLOSE|EOF|regex|zod|undefined|NaN|\bnull\b|[{}<>[\]]|_[a-z]|[a-z]_/;

/** "must be a number" → "Must be a number". */
function sentence(s: string): string {
  const t = s.trim().replace(/[.]$/, '');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/**
 * A template's compile error ("does not compile at line 3, column 1: an opened {{#if}} is never
 * closed: add {{/if}} where it ends") as "Line 3: an opened {{#if}} is never closed: …".
 */
export function templateMessage(message: string): string {
  const m = /line (\d+)(?:, column \d+)?:\s*(.*)$/s.exec(message);
  if (!m) return message.startsWith('could not be rendered') ? `Could not be rendered: ${plainRenderProblem(message)}` : 'This template does not compile';
  const what = /Expecting|OPEN_|CLOSE|EOF|parse error/.test(m[2]) ? 'the braces here do not form a valid {{ … }}' : m[2];
  return `Line ${m[1]}: ${what}`;
}

const plainRenderProblem = (message: string) =>
  /budget|runs|characters/.test(message) ? 'its loops run too long (a loop over a very long list?)' : 'check its variables and loops';

export interface SayOptions {
  /** The field's current value, when the form knows it (an empty one gets the "required" sentence). */
  value?: unknown;
  /** The form's context for the dictionary (`login`, `segment`, `template` …). */
  context?: string;
}

/** Whether the dictionary has its own sentence for this error (then the API's suggestion is not added). */
export function hasOwnWords(e: FieldError, opts: SayOptions = {}): boolean {
  const leaf = leafOf(e.field);
  const ctx = opts.context ? `${opts.context}.` : '';
  const suffix = `:${e.code ?? ''}`;
  return [`${ctx}${e.field}${suffix}`, `${ctx}${leaf}${suffix}`, `${e.field}${suffix}`, `${leaf}${suffix}`].some((k) => k in DICTIONARY);
}

/** One field error as one sentence in the user's words. */
export function humanFieldMessage(e: FieldError, opts: SayOptions = {}): string {
  const leaf = leafOf(e.field);
  const code = e.code ?? '';
  const ctx = opts.context ? `${opts.context}.` : '';
  const keys = (suffix: string) => [`${ctx}${e.field}${suffix}`, `${ctx}${leaf}${suffix}`, `${e.field}${suffix}`, `${leaf}${suffix}`];
  const lookup = (table: Record<string, string>, suffix: string) =>
    keys(suffix)
      .map((k) => table[k])
      .find(Boolean);

  const missing = code === 'missing_value' || code === 'missing_unit' || /received undefined|required|needs a value/i.test(e.message);
  if ((opts.value !== undefined && isEmpty(opts.value)) || missing) {
    const required = lookup(REQUIRED, '');
    if (required) return required;
    if (code !== 'invalid_template') return 'Fill in this field';
  }
  const known = lookup(DICTIONARY, `:${code}`);
  if (known) return known;
  if (code === 'invalid_template' || /does not compile|could not be rendered/.test(e.message)) return templateMessage(e.message);
  if (code === 'invalid_json' || /not valid JSON/i.test(e.message)) return 'This is not valid JSON: check its quotes, commas and braces';
  const n = /(?:>=|at least )(\d+)/.exec(e.message)?.[1];
  const max = /(?:<=|at most )(\d+)/.exec(e.message)?.[1];
  if (code === 'too_small' && n) return `Use at least ${n} character${n === '1' ? '' : 's'}`;
  if (code === 'too_big' && max) return `Use at most ${max} characters`;
  if (code === 'too_big') return 'This is too long: shorten it';
  if (/email/i.test(e.message) && /invalid|must be/i.test(e.message)) return 'Enter a full email address, like ann@example.com';
  if (/url/i.test(e.message) && /invalid|must be/i.test(e.message)) return 'Enter a full web address, starting with https://';
  if (/must be a number/.test(e.message)) return 'Enter a number';
  if (/must be a boolean/.test(e.message)) return 'Choose yes or no';
  if (/ISO 8601 date/.test(e.message)) return 'Enter a date';
  if (JARGON.test(e.message)) return 'This value is not accepted: check it';
  return e.message;
}

/** A field path as a person names it: `replyTo` → "Reply to", `data.plan` → "Plan". */
export function fieldLabel(field: string): string {
  const parts = field.replace(/\[\d+\]/g, '').split('.');
  // `steps.<id>`: the thing, not its id.
  if (parts.length > 1 && /^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(parts[parts.length - 1])) return sentence(parts[parts.length - 2].replace(/s$/, ''));
  const words = leafOf(field)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return sentence(words);
}

/** Whether the API's failure is one a second try may fix (the network, a 5xx): a Retry is offered. */
export const isRetryable = (e: ApiError) => (e.status === 0 ? e.code === 'NETWORK_ERROR' : e.status >= 500);

/** The suggestion only where it helps a person: never the API's "fix the fields … send the request again". */
export function helpfulSuggestion(e: ApiError): string | undefined {
  const s = e.suggestion;
  if (!s || e.code === 'INVALID_JSON') return undefined;
  // "Cancel it first (POST /campaigns/:id/cancel)." → "Cancel it first."
  const plain = s.replace(/\s*\((?:GET|POST|PATCH|PUT|DELETE) [^)]*\)/g, '');
  if (/request|listed in errors|\bsend\b|GET |POST |PATCH |PUT |DELETE |\/[a-z]+\/|[{}]|retry shortly/i.test(plain)) return undefined;
  return plain;
}

/** The banner's headline for an error no field owns. */
export function humanHeadline(e: ApiError): string {
  if (e.status === 0 && e.code === 'NETWORK_ERROR') return 'Herald could not be reached. Check your connection.';
  if (e.status >= 500) return "Something went wrong on Herald's side.";
  if (e.status === 429) return 'Too many requests for now. Wait a moment.';
  if (e.code === 'VALIDATION_ERROR' || /^Invalid [\w.[\]]+: /.test(e.message)) return 'Some details need a fix.';
  if (JARGON.test(e.message)) return 'That did not work.';
  return `${sentence(e.message)}.`;
}
