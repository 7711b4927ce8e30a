import type { Request, RequestHandler } from 'express';
import { AppError, FieldError, validationError } from '../../../../libs/kit/src';
import { MAX_JSON_DEPTH } from '../../../../libs/kit/src/json';

/**
 * What a JSON body may not hold, refused at the edge with a 422 naming the field, before any
 * service (or anything recursive) touches it:
 * - U+0000, which PostgreSQL text and jsonb cannot store;
 * - an unpaired UTF-16 surrogate (`"\ud800"`), which is not Unicode text: PostgreSQL refuses it;
 * - objects and arrays nested deeper than MAX_JSON_DEPTH, which would overflow recursive code
 *   (JSON.stringify, validators) far down the line;
 * - a number JSON.parse cannot hold (`1e309` reads as Infinity, which JSON.stringify would store
 *   as null): refused, not dropped.
 * In the URL, a NUL is a 400.
 */
export const rejectUnsafeJson: RequestHandler = (req, _res, next) => {
  if (/%00/i.test(req.originalUrl)) {
    return next(
      new AppError({
        code: 'BAD_REQUEST',
        status: 400,
        message: 'The URL must not contain a NUL character (%00)',
        suggestion: 'Remove the NUL character from the path or query.',
      }),
    );
  }
  next(req.plainJson ? undefined : unsafeJsonError(req.body));
};

/** The 422 naming each field of a parsed JSON body that breaks a rule above (at most 20), or undefined. */
export function unsafeJsonError(body: unknown) {
  const errors = findUnsafe(body);
  return errors.length
    ? validationError(errors.slice(0, 20), errors[0].code === 'too_deep' ? `Nest objects and arrays at most ${MAX_JSON_DEPTH} levels deep.` : undefined)
    : undefined;
}

/**
 * The JSON parser's `verify` hook: whether the raw text can hold none of it, so the parsed body
 * needs no walk. In UTF-8 JSON a NUL or a lone surrogate can only be written as an escape
 * (`\u0000`, `\ud8…`–`\udf…`: raw UTF-8 cannot encode a surrogate), and nesting deeper than the
 * limit needs more than that many `{` and `[`.
 */
export function markPlainJson(req: Request, _res: unknown, raw: Buffer, encoding: string) {
  req.plainJson = encoding.toLowerCase().replace('-', '') === 'utf8' && plainJson(raw);
  // body-parser parses right after this hook, in the same synchronous call: the reviver marks
  // this request when a number overflows (the raw text cannot tell cheaply).
  parsing = req;
}

let parsing: Request | undefined;

/** express.json's reviver: a non-finite number makes the request's body need its walk. */
export function noteNonFinite(_key: string, value: unknown) {
  if (typeof value === 'number' && !Number.isFinite(value) && parsing) parsing.plainJson = false;
  return value;
}

/** JSON.parse that also says whether the text held a number too large for a double (fast lane). */
export function parseNoting(text: string): { body: unknown; nonFinite: boolean } {
  let nonFinite = false;
  const body = JSON.parse(text, (_k, v) => {
    if (typeof v === 'number' && !Number.isFinite(v)) nonFinite = true;
    return v;
  });
  return { body, nonFinite };
}

const OPENERS = [0x7b, 0x5b]; // { [

/** True when a UTF-8 JSON text needs no walk (see markPlainJson). */
export function plainJson(raw: Buffer): boolean {
  if (raw.includes('\\u0000') || raw.includes('\\ud') || raw.includes('\\uD')) return false;
  let openers = 0;
  for (const byte of OPENERS) {
    for (let at = raw.indexOf(byte); at >= 0; at = raw.indexOf(byte, at + 1)) if (++openers > MAX_JSON_DEPTH) return false;
  }
  return true;
}

/** The problems of a parsed body, found without recursion (an explicit stack: any depth is safe). */
function findUnsafe(body: unknown): FieldError[] {
  const out: FieldError[] = [];
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: body, path: '', depth: 0 }];
  while (stack.length && out.length < 20) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'number') {
      if (!Number.isFinite(value))
        out.push({ field: path || 'body', message: 'must be a number JSON can hold (at most about 1.8e308)', code: 'invalid_number' });
      continue;
    }
    if (typeof value === 'string') {
      const problem = stringProblem(value);
      if (problem) out.push({ field: path || 'body', message: `must not contain ${problem}`, code: 'invalid_string' });
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) {
      out.push({ field: path || 'body', message: `nests objects or arrays deeper than ${MAX_JSON_DEPTH} levels`, code: 'too_deep' });
      continue;
    }
    for (const [k, v] of Object.entries(value)) {
      const p = path ? `${path}.${k}` : k;
      const problem = stringProblem(k);
      if (problem) out.push({ field: p, message: `key must not contain ${problem}`, code: 'invalid_string' });
      stack.push({ value: v, path: p, depth: depth + 1 });
    }
  }
  return out;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function stringProblem(s: string): string | undefined {
  if (s.includes('\u0000')) return 'the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(s)) return 'an unpaired UTF-16 surrogate (\\ud800–\\udfff without its pair)';
  return undefined;
}
