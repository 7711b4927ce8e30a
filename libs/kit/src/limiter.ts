import { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { BatchOutcome, Batcher } from './batcher';

export interface LimitVerdict {
  allowed: boolean;
  /** Points left in the current window after this call's. */
  remaining: number;
  msBeforeNext: number;
}

/**
 * One point per call from `limiter` (of `points` per window), with the calls for a key that arrive
 * together taken in one `consume(key, n)` — one Redis round trip for a RateLimiterRedis: the k-th
 * of them is allowed if the count including it is within `points`. Rejects with the store's error
 * when the limiter fails (and has no insurance limiter).
 */
export function batchedLimiter(
  limiter: RateLimiterAbstract,
  points: number,
  opts: { name: string; concurrency: number },
): (key: string) => Promise<LimitVerdict> {
  const counter = new Batcher<string, LimitVerdict>(
    async (keys) => {
      const out: Array<BatchOutcome<LimitVerdict>> = new Array(keys.length);
      const byKey = new Map<string, number[]>();
      keys.forEach((k, i) => {
        const idx = byKey.get(k);
        if (idx) idx.push(i);
        else byKey.set(k, [i]);
      });
      await Promise.all(
        [...byKey].map(async ([key, idx]) => {
          let r: RateLimiterRes;
          try {
            r = await limiter.consume(key, idx.length);
          } catch (err) {
            if (!(err instanceof RateLimiterRes)) return idx.forEach((i) => (out[i] = { ok: false, error: err }));
            r = err;
          }
          const before = r.consumedPoints - idx.length;
          idx.forEach((i, k) => {
            const used = before + k + 1;
            out[i] = { ok: true, value: { allowed: used <= points, remaining: Math.max(0, points - used), msBeforeNext: r.msBeforeNext } };
          });
        }),
      );
      return out;
    },
    { name: opts.name, maxBatch: 1000, concurrency: opts.concurrency },
  );
  return (key) => counter.submit(key);
}
