import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type Redis from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError, BatchOutcome, Batcher } from '../../../../libs/kit/src';

/**
 * Per-project request limit (SPEC §8: 1000/min). In memory for one process; in Redis when the
 * gateway runs as several replicas, so the limit holds across them (memory as insurance when
 * Redis is unreachable).
 */
export interface RateLimit {
  /** Takes the request's point: sets the RateLimit headers, and rejects with the 429 when over the limit. */
  admit(projectId: string, res: ServerResponse): Promise<void>;
  /** `admit` for Express routes (after auth; a request without a project passes). */
  middleware: RequestHandler;
}

export function rateLimiter(perMinute: number, redis?: Redis, keyPrefix = 'herald:rl'): RateLimit {
  const memory = new RateLimiterMemory({ points: perMinute, duration: 60, keyPrefix });
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({ storeClient: redis, points: perMinute, duration: 60, keyPrefix, insuranceLimiter: memory })
    : memory;

  type Verdict = { allowed: boolean; remaining: number; msBeforeNext: number };

  /**
   * Requests of a project that arrive together take their points in one `consume(project, n)`
   * (one Redis round trip): the k-th of them is allowed if the count including it is within the limit.
   */
  const counter = new Batcher<string, Verdict>(
    async (projectIds) => {
      const out: Array<BatchOutcome<Verdict>> = new Array(projectIds.length);
      const byProject = new Map<string, number[]>();
      projectIds.forEach((p, i) => byProject.set(p, [...(byProject.get(p) ?? []), i]));
      await Promise.all(
        [...byProject].map(async ([projectId, idx]) => {
          let r: RateLimiterRes;
          try {
            r = await limiter.consume(projectId, idx.length);
          } catch (err) {
            if (!(err instanceof RateLimiterRes)) return idx.forEach((i) => (out[i] = { ok: false, error: err }));
            r = err;
          }
          const before = r.consumedPoints - idx.length;
          idx.forEach((i, k) => {
            const used = before + k + 1;
            out[i] = { ok: true, value: { allowed: used <= perMinute, remaining: Math.max(0, perMinute - used), msBeforeNext: r.msBeforeNext } };
          });
        }),
      );
      return out;
    },
    { name: 'ratelimit', maxBatch: 1000, concurrency: 8 },
  );

  async function admit(projectId: string, res: ServerResponse) {
    const v = await counter.submit(projectId);
    res.setHeader('RateLimit-Limit', String(perMinute));
    res.setHeader('RateLimit-Remaining', String(v.remaining));
    res.setHeader('RateLimit-Reset', String(Math.ceil(v.msBeforeNext / 1000)));
    if (v.allowed) return;
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
