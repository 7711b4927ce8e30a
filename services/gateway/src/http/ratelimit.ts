import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError, batchedLimiter, metrics } from '../../../../libs/kit/src';

/**
 * Per-project request limit (1000/min by default, RATE_LIMIT_PER_MINUTE), on a limiter of
 * `perMinute` points a minute: in memory for one process; in Redis when the gateway runs as
 * several replicas, so the limit holds across them (see ServiceContext.limiter).
 */
export interface RateLimit {
  /** Takes the request's point: sets the RateLimit headers, and rejects with the 429 when over the limit. */
  admit(projectId: string, res: ServerResponse): Promise<void>;
  /** `admit` for Express routes (after auth; a request without a project passes). */
  middleware: RequestHandler;
}

export function rateLimiter(perMinute: number, limiter: RateLimiterAbstract): RateLimit {
  // Requests of a project that arrive together take their points in one Redis round trip.
  const take = batchedLimiter(limiter, perMinute, { name: 'ratelimit', concurrency: 8 });

  async function admit(projectId: string, res: ServerResponse) {
    const v = await take(projectId);
    res.setHeader('RateLimit-Limit', String(perMinute));
    res.setHeader('RateLimit-Remaining', String(v.remaining));
    res.setHeader('RateLimit-Reset', String(Math.ceil(v.msBeforeNext / 1000)));
    if (v.allowed) return;
    metrics.rateLimited.inc({ scope: 'api' });
    const retryAfter = Math.max(1, Math.ceil(v.msBeforeNext / 1000));
    throw new AppError({
      code: 'RATE_LIMIT_EXCEEDED',
      status: 429,
      message: `Rate limit of ${perMinute} requests per minute exceeded`,
      suggestion: `Wait ${retryAfter} s (Retry-After) and spread requests over the minute.`,
      details: { retryAfter },
    });
  }

  return {
    admit,
    middleware: (req, res, next) => {
      if (!req.projectId) return next();
      admit(req.projectId, res).then(() => next(), next);
    },
  };
}
