import type { RequestHandler } from 'express';
import type Redis from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../../../libs/kit/src';

/**
 * Per-project request limit (SPEC §8: 1000/min). In memory for one process; in Redis when the
 * gateway runs as several replicas, so the limit holds across them (memory as insurance when
 * Redis is unreachable).
 */
export function rateLimiter(perMinute: number, redis?: Redis, keyPrefix = 'herald:rl'): RequestHandler {
  const memory = new RateLimiterMemory({ points: perMinute, duration: 60, keyPrefix });
  const limiter: RateLimiterAbstract = redis
    ? new RateLimiterRedis({ storeClient: redis, points: perMinute, duration: 60, keyPrefix, insuranceLimiter: memory })
    : memory;

  const setHeaders = (res: Parameters<RequestHandler>[1], r: RateLimiterRes) => {
    res.set('RateLimit-Limit', String(perMinute));
    res.set('RateLimit-Remaining', String(Math.max(0, r.remainingPoints)));
    res.set('RateLimit-Reset', String(Math.ceil(r.msBeforeNext / 1000)));
  };

  return (req, res, next) => {
    const projectId = req.projectId;
    if (!projectId) return next();
    limiter.consume(projectId).then(
      (r) => {
        setHeaders(res, r);
        next();
      },
      (r: unknown) => {
        if (!(r instanceof RateLimiterRes)) return next(r);
        setHeaders(res, r);
        const retryAfter = Math.max(1, Math.ceil(r.msBeforeNext / 1000));
        next(
          new AppError({
            code: 'RATE_LIMIT_EXCEEDED',
            status: 429,
            message: `Rate limit of ${perMinute} requests per minute exceeded`,
            suggestion: `Wait ${retryAfter} s (Retry-After) and spread requests over the minute.`,
            details: { retryAfter },
          }),
        );
      },
    );
  };
}
