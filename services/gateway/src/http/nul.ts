import type { Request, RequestHandler } from 'express';
import { AppError, FieldError, validationError } from '../../../../libs/kit/src';

/**
 * PostgreSQL text and jsonb cannot hold U+0000, so a NUL anywhere in the input would surface as a
 * 500 deep in a service. Refuse it at the edge instead: in the URL (path or query) a 400, in the
 * JSON body a 422 naming the field.
 */
export const rejectNul: RequestHandler = (req, _res, next) => {
  if (/%00/i.test(req.originalUrl)) {
    return next(new AppError({ code: 'BAD_REQUEST', status: 400, message: 'The URL must not contain a NUL character (%00)', suggestion: 'Remove the NUL character from the path or query.' }));
  }
  next(req.nulFree ? undefined : nulError(req.body));
};

/** The 422 naming each field of a parsed JSON body that holds a NUL (at most 20), or undefined. */
export function nulError(body: unknown) {
  const errors: FieldError[] = [];
  findNul(body, '', errors);
  return errors.length ? validationError(errors.slice(0, 20)) : undefined;
}

/**
 * The JSON parser's `verify` hook: in UTF-8 JSON a NUL can only be written as the escape `\u0000`
 * (a raw control character is not valid JSON), so a body without that sequence needs no walk.
 */
export function markNulFree(req: Request, _res: unknown, raw: Buffer, encoding: string) {
  req.nulFree = encoding.toLowerCase().replace('-', '') === 'utf8' && nulFree(raw);
}

/** True when a UTF-8 JSON text cannot hold a NUL (see markNulFree). */
export const nulFree = (raw: Buffer) => !raw.includes('\\u0000');

function findNul(value: unknown, path: string, out: FieldError[], depth = 0) {
  if (out.length >= 20 || depth > 1000) return;
  if (typeof value === 'string') {
    if (value.includes('\u0000')) out.push({ field: path || 'body', message: 'must not contain the NUL character (\\u0000)', code: 'invalid_string' });
    return;
  }
  if (!value || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value)) {
    const p = path ? `${path}.${k}` : k;
    if (k.includes('\u0000')) out.push({ field: p, message: 'key must not contain the NUL character (\\u0000)', code: 'invalid_string' });
    findNul(v, p, out, depth + 1);
  }
}
