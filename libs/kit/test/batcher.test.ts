/**
 * Unit test: Batcher (group commit). No database: the flush is a function the test controls, its
 * calls recorded and each one finished by hand through a deferred promise where timing matters.
 */
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from '@jest/globals';
import { Batcher, BatchOutcome } from '../src/batcher';
import { currentContext, runWithContext } from '../src/context';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets setImmediate callbacks and promise continuations run. */
const settle = async (turns = 3) => {
  for (let i = 0; i < turns; i++) await new Promise((r) => setImmediate(r));
};

const ok = <O>(value: O): BatchOutcome<O> => ({ ok: true, value });

/**
 * A flush whose calls are recorded and stay running until the test finishes them:
 * `calls[n].done(outcomes)` / `calls[n].fail(err)`, `calls[n].at` when it started; `running`/`maxRunning` count overlaps.
 */
function controlledFlush<I, O>() {
  const calls: Array<{ items: I[]; at: number; done: (o: Array<BatchOutcome<O>>) => void; fail: (e: unknown) => void }> = [];
  const stats = { running: 0, maxRunning: 0 };
  const flush = async (items: I[]): Promise<Array<BatchOutcome<O>>> => {
    const d = deferred<Array<BatchOutcome<O>>>();
    calls.push({ items: [...items], at: performance.now(), done: d.resolve, fail: d.reject });
    stats.running++;
    stats.maxRunning = Math.max(stats.maxRunning, stats.running);
    try {
      return await d.promise;
    } finally {
      stats.running--;
    }
  };
  return { flush, calls, stats };
}

/** Tracks whether a promise has settled, and how, without awaiting it. */
function track<T>(p: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown; ok?: boolean } = { settled: false };
  p.then(
    (value) => Object.assign(state, { settled: true, ok: true, value }),
    (error) => Object.assign(state, { settled: true, ok: false, error }),
  );
  return state;
}

describe('Batcher', () => {
  it('flushes a lone submit on its own (next turn of the event loop) and resolves it with its outcome', async () => {
    const calls: number[][] = [];
    const b = new Batcher<number, string>(
      async (items) => {
        calls.push([...items]);
        return items.map((i) => ok(`v${i}`));
      },
      { name: 'lone', maxBatch: 10, concurrency: 1 },
    );

    await expect(b.submit(7)).resolves.toBe('v7');
    expect(calls).toEqual([[7]]);
  });

  it('items submitted in the same turn go together in one flush, each resolved with its own outcome', async () => {
    const calls: number[][] = [];
    const b = new Batcher<number, number>(
      async (items) => {
        calls.push([...items]);
        return items.map((i) => ok(i * 10));
      },
      { name: 'same-turn', maxBatch: 10, concurrency: 2 },
    );

    const results = await Promise.all([b.submit(1), b.submit(2), b.submit(3)]);
    expect(results).toEqual([10, 20, 30]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('coalesces items submitted while `concurrency` flushes are running into the next flush', async () => {
    const { flush, calls } = controlledFlush<string, string>();
    const b = new Batcher(flush, { name: 'coalesce', maxBatch: 100, concurrency: 1 });

    const a = track(b.submit('a'));
    await settle();
    expect(calls.map((c) => c.items)).toEqual([['a']]);

    // The only flush slot is busy: these wait, across several turns of the event loop.
    const rest = [track(b.submit('b')), track(b.submit('c'))];
    await settle();
    rest.push(track(b.submit('d')));
    await settle();
    expect(calls).toHaveLength(1);
    expect(rest.every((r) => !r.settled)).toBe(true);

    calls[0].done([ok('A')]);
    await settle();
    expect(a).toMatchObject({ settled: true, ok: true, value: 'A' });
    // Exactly one more flush, carrying every waiting item, in submission order.
    expect(calls.map((c) => c.items)).toEqual([['a'], ['b', 'c', 'd']]);
    expect(rest.every((r) => !r.settled)).toBe(true);

    calls[1].done([ok('B'), ok('C'), ok('D')]);
    await settle();
    expect(rest.map((r) => r.value)).toEqual(['B', 'C', 'D']);
    expect(calls).toHaveLength(2);
  });

  it('maxWeight ends a batch before the item that would take it over; a heavy item goes alone', async () => {
    const { flush, calls } = controlledFlush<number, number>();
    const b = new Batcher(flush, { name: 'test', maxBatch: 10, concurrency: 1, weigh: (n) => n, maxWeight: 10 });
    const all = [4, 5, 3, 20, 1].map((n) => b.submit(n));
    await settle();
    expect(calls.map((c) => c.items)).toEqual([[4, 5]]);
    calls[0].done([ok(4), ok(5)]);
    await settle();
    expect(calls[1].items).toEqual([3]);
    calls[1].done([ok(3)]);
    await settle();
    expect(calls[2].items).toEqual([20]);
    calls[2].done([ok(20)]);
    await settle();
    expect(calls[3].items).toEqual([1]);
    calls[3].done([ok(1)]);
    expect(await Promise.all(all)).toEqual([4, 5, 3, 20, 1]);
  });

  it('with concurrency 2, a second flush starts while the first runs, and later items wait for a free slot', async () => {
    const { flush, calls, stats } = controlledFlush<number, number>();
    const b = new Batcher(flush, { name: 'two', maxBatch: 100, concurrency: 2 });

    const p1 = track(b.submit(1));
    await settle();
    const p2 = track(b.submit(2));
    await settle();
    expect(calls.map((c) => c.items)).toEqual([[1], [2]]);
    expect(stats.running).toBe(2);

    const waiting = [3, 4, 5].map((n) => track(b.submit(n)));
    await settle();
    expect(calls).toHaveLength(2); // both slots busy

    calls[1].done([ok(20)]); // finishing either flush frees a slot
    await settle();
    expect(p2).toMatchObject({ settled: true, value: 20 });
    expect(p1.settled).toBe(false);
    expect(calls.map((c) => c.items)).toEqual([[1], [2], [3, 4, 5]]);

    calls[0].done([ok(10)]);
    calls[2].done([ok(30), ok(40), ok(50)]);
    await settle();
    expect(p1.value).toBe(10);
    expect(waiting.map((w) => w.value)).toEqual([30, 40, 50]);
    expect(stats.maxRunning).toBe(2);
  });

  it('caps every flush at maxBatch items, in submission order', async () => {
    const calls: number[][] = [];
    const b = new Batcher<number, number>(
      async (items) => {
        calls.push([...items]);
        return items.map((i) => ok(-i));
      },
      { name: 'cap', maxBatch: 2, concurrency: 1 },
    );

    const results = await Promise.all([1, 2, 3, 4, 5].map((i) => b.submit(i)));
    expect(results).toEqual([-1, -2, -3, -4, -5]);
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
    for (const c of calls) expect(c.length).toBeLessThanOrEqual(2);
  });

  it('maxBatch also splits a backlog across concurrent flushes', async () => {
    const { flush, calls } = controlledFlush<number, number>();
    const b = new Batcher(flush, { name: 'cap2', maxBatch: 3, concurrency: 2 });
    const all = Array.from({ length: 7 }, (_, i) => track(b.submit(i)));
    await settle();
    expect(calls.map((c) => c.items)).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    calls[0].done([ok(0), ok(1), ok(2)]);
    await settle();
    expect(calls.map((c) => c.items)).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    calls[1].done([ok(3), ok(4), ok(5)]);
    calls[2].done([ok(6)]);
    await settle();
    expect(all.map((t) => t.value)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('a { ok: false } outcome rejects only that item; the others of the batch resolve', async () => {
    const boom = new Error('item 2 failed');
    const calls: number[][] = [];
    const b = new Batcher<number, string>(
      async (items) => {
        calls.push([...items]);
        return items.map((i) => (i === 2 ? { ok: false, error: boom } : ok(`ok${i}`)));
      },
      { name: 'outcomes', maxBatch: 10, concurrency: 1 },
    );

    const settled = await Promise.allSettled([b.submit(1), b.submit(2), b.submit(3)]);
    expect(calls).toEqual([[1, 2, 3]]); // one batch: the failure is per item, not per flush
    expect(settled[0]).toEqual({ status: 'fulfilled', value: 'ok1' });
    expect(settled[1]).toEqual({ status: 'rejected', reason: boom });
    expect(settled[2]).toEqual({ status: 'fulfilled', value: 'ok3' });
  });

  it('rejects an item the flush returned no outcome for', async () => {
    const b = new Batcher<number, number>(async (items) => items.slice(0, 1).map((i) => ok(i)), { name: 'short', maxBatch: 10, concurrency: 1 });
    const settled = await Promise.allSettled([b.submit(1), b.submit(2)]);
    expect(settled[0]).toEqual({ status: 'fulfilled', value: 1 });
    expect(settled[1].status).toBe('rejected');
    expect(((settled[1] as PromiseRejectedResult).reason as Error).message).toMatch(/no outcome/);
  });

  it('a flush that throws rejects every item of that batch with its error, and the batcher keeps working', async () => {
    const boom = new Error('database went away');
    let failNext = true;
    const calls: string[][] = [];
    const b = new Batcher<string, string>(
      async (items) => {
        calls.push([...items]);
        if (failNext) {
          failNext = false;
          throw boom;
        }
        return items.map((i) => ok(i.toUpperCase()));
      },
      { name: 'throws', maxBatch: 10, concurrency: 1 },
    );

    const first = await Promise.allSettled([b.submit('a'), b.submit('b')]);
    expect(first).toEqual([
      { status: 'rejected', reason: boom },
      { status: 'rejected', reason: boom },
    ]);

    // The failed flush released its slot: later items are flushed and resolve.
    await expect(Promise.all([b.submit('c'), b.submit('d')])).resolves.toEqual(['C', 'D']);
    await expect(b.submit('e')).resolves.toBe('E');
    expect(calls).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    await b.idle(); // nothing left counted as running
  });

  it('a failed flush does not affect a batch running beside it', async () => {
    const { flush, calls } = controlledFlush<number, number>();
    const b = new Batcher(flush, { name: 'beside', maxBatch: 1, concurrency: 2 });
    const x = track(b.submit(1));
    const y = track(b.submit(2));
    await settle();
    expect(calls.map((c) => c.items)).toEqual([[1], [2]]);
    calls[0].fail(new Error('first failed'));
    await settle();
    expect(x).toMatchObject({ settled: true, ok: false });
    expect(y.settled).toBe(false);
    calls[1].done([ok(2)]);
    await settle();
    expect(y).toMatchObject({ settled: true, ok: true, value: 2 });
  });

  it('never runs more than `concurrency` flushes at once under a burst, and serves every item', async () => {
    let running = 0;
    let maxRunning = 0;
    let flushes = 0;
    const b = new Batcher<number, number>(
      async (items) => {
        running++;
        flushes++;
        maxRunning = Math.max(maxRunning, running);
        try {
          await new Promise((r) => setTimeout(r, 1 + (items[0] % 4)));
          return items.map((i) => ok(i + 1000));
        } finally {
          running--;
        }
      },
      { name: 'burst', maxBatch: 2, concurrency: 3 },
    );

    // Submissions spread over several turns so new items arrive while flushes run.
    const promises: Array<Promise<number>> = [];
    for (let wave = 0; wave < 5; wave++) {
      for (let k = 0; k < 8; k++) promises.push(b.submit(wave * 8 + k));
      await new Promise((r) => setTimeout(r, 1));
      expect(running).toBeLessThanOrEqual(3);
    }
    const results = await Promise.all(promises);
    expect(results).toEqual(Array.from({ length: 40 }, (_, i) => i + 1000));
    expect(maxRunning).toBe(3); // reached, never exceeded
    expect(flushes).toBeGreaterThanOrEqual(20); // maxBatch 2: at least 40 / 2 flushes
  });

  it('idle() resolves at once when nothing is pending, and only after every item is done otherwise', async () => {
    const { flush, calls } = controlledFlush<number, number>();
    const b = new Batcher(flush, { name: 'idle', maxBatch: 1, concurrency: 1 });

    const fresh = track(b.idle());
    await new Promise((r) => setTimeout(r, 30));
    expect(fresh.settled).toBe(true);

    const items = [1, 2, 3].map((n) => track(b.submit(n)));
    const idle = track(b.idle());
    await settle();
    await new Promise((r) => setTimeout(r, 30));
    expect(idle.settled).toBe(false); // flush 1 running, 2 and 3 pending

    calls[0].done([ok(1)]);
    await settle();
    await new Promise((r) => setTimeout(r, 30));
    expect(idle.settled).toBe(false); // flush 2 running, 3 pending

    calls[1].done([ok(2)]);
    await settle();
    await new Promise((r) => setTimeout(r, 30));
    expect(idle.settled).toBe(false); // flush 3 running

    calls[2].fail(new Error('last one fails')); // a failed flush still counts as done
    await new Promise((r) => setTimeout(r, 50));
    expect(idle.settled).toBe(true);
    expect(items.map((t) => t.settled)).toEqual([true, true, true]);
    expect(items.map((t) => t.ok)).toEqual([true, true, false]);
  });

  it('with spacingMs, a flush that is not full starts that long after the previous one; a lone item after a quiet spell goes at once', async () => {
    const starts: Array<{ at: number; items: number[] }> = [];
    const b = new Batcher<number, number>(
      async (items) => {
        starts.push({ at: performance.now(), items: [...items] });
        return items.map((i) => ok(i));
      },
      { name: 'spaced', maxBatch: 100, concurrency: 2, spacingMs: 400 },
    );

    const t0 = performance.now();
    await b.submit(1); // quiet before: at once
    const later = [b.submit(2), b.submit(3)];
    await settle();
    expect(starts).toHaveLength(1); // waiting for the spacing, though a flush slot is free
    await Promise.all(later);
    expect(starts.map((s) => s.items)).toEqual([[1], [2, 3]]);
    // Margins far from the spacing, so a busy machine's stalls do not decide the outcome.
    expect(starts[1].at - starts[0].at).toBeGreaterThanOrEqual(390);
    expect(starts[0].at - t0).toBeLessThan(200);

    await new Promise((r) => setTimeout(r, 450));
    const t1 = performance.now();
    await b.submit(4);
    expect(starts[2].at - t1).toBeLessThan(200);
  });

  it('with overlapAfterMs, a second flush waits for the first to finish, to be slow, or for a full batch', async () => {
    const { flush, calls, stats } = controlledFlush<number, number>();
    const b = new Batcher(flush, { name: 'overlap', maxBatch: 3, concurrency: 2, overlapAfterMs: 400 });

    // The first finishes in time: the items waiting behind it go next, together.
    const first = track(b.submit(1));
    await settle();
    const behind = [2, 3].map((n) => track(b.submit(n)));
    await settle();
    expect(calls).toHaveLength(1); // a slot is free, but the running flush is not slow
    calls[0].done([ok(1)]);
    await settle();
    expect(first.value).toBe(1);
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3]]);

    // A full batch waiting does not wait for the running flush.
    const full = [4, 5, 6].map((n) => track(b.submit(n)));
    await settle();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3], [4, 5, 6]]);
    expect(stats.running).toBe(2);
    calls[1].done([ok(2), ok(3)]);
    calls[2].done([ok(4), ok(5), ok(6)]);
    await settle();
    expect([...behind, ...full].map((t) => t.value)).toEqual([2, 3, 4, 5, 6]);

    // A slow flush holds the next one up for overlapAfterMs, no longer.
    const t0 = performance.now();
    const slow = track(b.submit(7));
    await settle();
    const late = track(b.submit(8));
    while (calls.length < 5 && performance.now() - t0 < 5000) await new Promise((r) => setTimeout(r, 10));
    expect(calls[4].items).toEqual([8]);
    expect(calls[4].at - calls[3].at).toBeGreaterThanOrEqual(390);
    expect(stats.running).toBe(2); // beside the slow one
    calls[4].done([ok(80)]);
    calls[3].done([ok(70)]);
    await settle();
    expect([slow.value, late.value]).toEqual([70, 80]);
    expect(stats.maxRunning).toBe(2);
  });

  it("runs the flush in a context of its own (<name>.batch), not the first caller's", async () => {
    const seen: Array<string | undefined> = [];
    const b = new Batcher<number, string | undefined>(
      async (items) => {
        seen.push(currentContext()?.requestId);
        return items.map(() => ok(currentContext()?.requestId));
      },
      { name: 'ctx', maxBatch: 10, concurrency: 1 },
    );

    const r = await runWithContext({ requestId: 'caller-1', projectId: 'p' }, () => Promise.all([b.submit(1), b.submit(2)]));
    expect(r).toEqual(['ctx.batch', 'ctx.batch']);
    expect(seen).toEqual(['ctx.batch']);
  });
});
