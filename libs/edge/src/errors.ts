import type { ServerResponse } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { AppError, FieldError, isAppError, logger, validationError } from '../../kit/src';

/** A JSON answer through Node's own response API, so Express routes and the fast lane write the same bytes. */
export function writeJson(res: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json);
}

/** The one error envelope (docs/compatibility.md), rendered here and nowhere else. */
export function sendError(requestId: string, res: ServerResponse, err: AppError) {
  if (err.status === 429 && err.details?.retryAfter) res.setHeader('Retry-After', String(err.details.retryAfter));
  writeJson(res, err.status, {
    success: false,
    error: {
      code: err.code,
      message: err.message,
      statusCode: err.status,
      requestId,
      ...(err.errors ? { errors: err.errors } : {}),
      ...(err.details ? { details: err.details } : {}),
      ...(err.suggestion ? { suggestion: err.suggestion } : {}),
    },
    timestamp: new Date().toISOString(),
  });
}

/** The error envelope as a schema: what `sendError` writes, as the API reference documents it. */
export const errorEnvelope = z
  .object({
    success: z.literal(false),
    error: z
      .object({
        code: z.string().describe('Machine-readable, e.g. VALIDATION_ERROR, CONTACT_NOT_FOUND.'),
        message: z.string(),
        statusCode: z.number().int().describe('The HTTP status.'),
        requestId: z.string().describe('Also in the X-Request-ID header (echoed when the client sent one).'),
        errors: z
          .array(
            z.object({
              field: z.string().describe('Dotted path of the field.'),
              message: z.string(),
              code: z.string().describe('e.g. invalid_type, invalid_string, reserved_event.'),
            }),
          )
          .optional()
          .describe('Field-level details (422, and 400 for a bad query).'),
        details: z.record(z.string(), z.unknown()).optional().describe('More about the error, e.g. { retryAfter } on a 429.'),
        suggestion: z.string().optional().describe('What to do about it.'),
      })
      .strict(),
    timestamp: z.iso.datetime(),
  })
  .strict();

const ZOD_CODES: Record<string, string> = { invalid_format: 'invalid_string' };

export function zodToFieldErrors(error: z.ZodError, prefix = ''): FieldError[] {
  return error.issues.map((i) => ({
    field: [prefix, ...i.path.map(String)].filter(Boolean).join('.') || prefix || 'body',
    message: i.message,
    code: ZOD_CODES[i.code] ?? i.code,
  }));
}

/** Validates a part of the request; a failure is a 422 naming every bad field. */
export function parse<S extends z.ZodTypeAny>(schema: S, value: unknown, prefix = ''): z.infer<S> {
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw validationError(zodToFieldErrors(r.error, prefix));
  return r.data;
}

/**
 * A body the gateway forwarded (`doc.forwardedBody`), as the service gets it (JSON text), validated
 * by the service's schema: none is an empty object; not JSON, or a failure, a 422 naming each field.
 */
export function parseBody<S extends z.ZodTypeAny>(schema: S, text: string): z.infer<S> {
  let raw: unknown;
  try {
    raw = JSON.parse(text || '{}');
  } catch {
    throw validationError([{ field: 'body', message: 'must be a JSON object', code: 'invalid_type' }]);
  }
  return parse(schema, raw);
}

/** A bad query string is a 400 (as Plunk clients expect), still naming each field. */
export function parseQuery<S extends z.ZodTypeAny>(schema: S, query: unknown): z.infer<S> {
  const r = schema.safeParse(query);
  if (!r.success) {
    const errors = zodToFieldErrors(r.error);
    throw new AppError({
      code: 'BAD_REQUEST',
      status: 400,
      message: `Invalid query parameter ${errors[0].field}: ${errors[0].message}`,
      errors,
      suggestion: 'Fix the query parameters listed in errors.',
    });
  }
  return r.data;
}

export const notFoundHandler: RequestHandler = (req, res) => {
  sendError(
    req.requestId,
    res,
    new AppError({
      code: 'NOT_FOUND',
      status: 404,
      message: `No route for ${req.method} ${req.path}`,
      suggestion: 'Check the path and method against the API reference (GET /docs).',
    }),
  );
};

/** What an error answers with: AppErrors as they are, body reading failures 400/413, other 4xx as is, anything else a logged 500. */
export function asAppError(err: any): AppError {
  if (isAppError(err)) return err;
  if (err?.type === 'entity.parse.failed') {
    return new AppError({
      code: 'BAD_REQUEST',
      status: 400,
      message: 'Malformed JSON body',
      suggestion: 'Send a valid JSON document with Content-Type: application/json.',
    });
  }
  if (err?.type === 'entity.too.large') {
    return new AppError({ code: 'PAYLOAD_TOO_LARGE', status: 413, message: 'Request body too large', suggestion: `Keep the body under ${err.limit} bytes.` });
  }
  if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500) {
    return new AppError({ code: 'BAD_REQUEST', status: err.status, message: err.expose ? err.message : 'Bad request' });
  }
  logger.error({ err }, 'unhandled error');
  return new AppError({
    code: 'INTERNAL_SERVER_ERROR',
    status: 500,
    message: 'Something went wrong on our side',
    suggestion: `Retry; if it persists, report the requestId.`,
  });
}

/** Last middleware: every error as the envelope. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) return;
  sendError(req.requestId, res, asAppError(err));
};
