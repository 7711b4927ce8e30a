/**
 * batchedLimiter: one point per call, concurrent calls for a key taken in one consume, against the
 * in-memory limiter and a real Redis (the limit holds across two limiters, as across replicas).
 */
import crypto from 'node:crypto';
import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { batchedLimiter } from '../src';
import { INFRA } from '../../testing/src';

/** Counts the consume calls that reach the store. */
class CountingMemory extends RateLimiterMemory {
  calls = 0;
  consume(key: string | number, points?: number, options?: object) {
    this.calls++;
    return super.consume(key, points, options);
  }
}

describe('batchedLimiter', () => {
  it('takes concurrent calls for a key in one consume; exactly `points` of them are allowed', async () => {
    const store = new CountingMemory({ points: 6, duration: 60 });
    const take = batchedLimiter(store, 6, { name: 'test', concurrency: 1 });
    const verdicts = await Promise.all(Array.from({ length: 10 }, () => take('p1')));
    expect(store.calls).toBe(1);
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, true, true, true, false, false, false, false]);
    expect(verdicts.map((v) => v.remaining)).toEqual([5, 4, 3, 2, 1, 0, 0, 0, 0, 0]);
    expect(verdicts.every((v) => v.msBeforeNext > 0 && v.msBeforeNext <= 60_000)).toBe(true);
    // Another key has its own points; the first stays spent.
    expect((await take('p2')).allowed).toBe(true);
    expect((await take('p1')).allowed).toBe(false);
  });

  it('calls arriving one after another each take their own point', async () => {
    const store = new CountingMemory({ points: 2, duration: 60 });
    const take = batchedLimiter(store, 2, { name: 'test', concurrency: 1 });
    expect(await take('k')).toMatchObject({ allowed: true, remaining: 1 });
    expect(await take('k')).toMatchObject({ allowed: true, remaining: 0 });
    expect(await take('k')).toMatchObject({ allowed: false, remaining: 0 });
    expect(store.calls).toBe(3);
  });

  describe('in Redis', () => {
    let redis: Redis;
    beforeAll(async () => {
      redis = new Redis(INFRA.redis.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
      await redis.connect();
    });
    afterAll(() => redis?.quit());

    it('holds the limit across two limiters sharing the store (two replicas)', async () => {
      const keyPrefix = `herald-test-${crypto.randomBytes(4).toString('hex')}`;
      const a = batchedLimiter(new RateLimiterRedis({ storeClient: redis, points: 7, duration: 60, keyPrefix }), 7, { name: 'a', concurrency: 2 });
      const b = batchedLimiter(new RateLimiterRedis({ storeClient: redis, points: 7, duration: 60, keyPrefix }), 7, { name: 'b', concurrency: 2 });
      const verdicts = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b)('project')));
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(7);
      expect((await a('project')).allowed).toBe(false);
      expect((await b('other')).allowed).toBe(true);
      await redis.del(`${keyPrefix}:project`, `${keyPrefix}:other`);
    });

    it('rejects with the store error when Redis fails and there is no insurance limiter', async () => {
      const down = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, enableOfflineQueue: false, lazyConnect: true, retryStrategy: () => null });
      const take = batchedLimiter(new RateLimiterRedis({ storeClient: down, points: 5, duration: 60 }), 5, { name: 'down', concurrency: 1 });
      await expect(take('project')).rejects.toThrow();
      down.disconnect();
    });

    it('falls back to the insurance limiter when Redis fails', async () => {
      const down = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, enableOfflineQueue: false, lazyConnect: true, retryStrategy: () => null });
      const insurance = new RateLimiterMemory({ points: 2, duration: 60 });
      const take = batchedLimiter(new RateLimiterRedis({ storeClient: down, points: 2, duration: 60, insuranceLimiter: insurance }), 2, {
        name: 'insured',
        concurrency: 1,
      });
      const verdicts = await Promise.all([take('p'), take('p'), take('p')]);
      expect(verdicts.map((v) => v.allowed)).toEqual([true, true, false]);
      down.disconnect();
    });
  });
});
