import { performance } from 'node:perf_hooks';
import { runWithContext } from './context';
import { errorFromMessage, errorMessageOf, isAppError, type ErrorMessage } from './errors';
import { logger } from './logger';

/** What a flush returns for each item, in order: its result, or the error that item failed with. */
export type BatchOutcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

/** One item of a batch RPC's reply: its result, or the AppError it failed with. */
export interface BatchReplyItem<O> {
  result?: O | null;
  error?: ErrorMessage | null;
}

/** Outcomes as a batch RPC's reply items; an error that is not an AppError is logged and sent as a 500. */
export function toBatchReply<O>(outcomes: Array<BatchOutcome<O>>): Array<BatchReplyItem<O>> {
  return outcomes.map((o) => {
    if (o.ok) return { result: o.value };
    if (!isAppError(o.error)) logger.error({ err: o.error }, 'batch item failed');
    return { error: errorMessageOf(o.error) };
  });
}

/** A batch RPC's reply items as outcomes, one per item sent (an item with neither result nor error is a 500). */
export function fromBatchReply<O>(results: Array<BatchReplyItem<O>>, count: number): Array<BatchOutcome<O>> {
  return Array.from({ length: count }, (_x, i) => {
    const r = results[i];
    return r?.result ? { ok: true as const, value: r.result } : { ok: false as const, error: errorFromMessage(r?.error) };
  });
}

/**
 * Keeps starts at least `ms` apart, on the monotonic clock (a wall clock stepped back must not
 * hold anyone for that long): `wait()` is how long the next start must wait (≤ 0: not at all).
 */
export class Spacing {
  private last = -Infinity;

  constructor(readonly ms: number) {}

  wait(): number {
    return Math.min(this.ms, this.last + this.ms - performance.now());
  }

  started() {
    this.last = performance.now();
  }

  /** Forgets the last start (it did nothing, so the next need not wait for it). */
  reset() {
    this.last = -Infinity;
  }
}

/**
 * An `overlapAfterMs` for batchers on the send path: above nine flushes in ten under load (the
 * send bench measured 90th percentiles of 10 ms for claims, 35 ms for messaging's send batches and
 * 60 ms for the gateway's), so one flush at a time carries the load; and short enough that a
 * stalled flush (a disk stall, a slow peer) holds the requests behind it up for a tenth of a second.
 */
export const OVERLAP_AFTER_MS = 100;

/**
 * Group commit for concurrent callers: items submitted while `concurrency` flushes are already
 * running (or, with `overlapAfterMs`, while a flush is running and not yet slow) wait and go
 * together in the next flush (at most `maxBatch` each). An idle batcher flushes on the next turn
 * of the event loop, so a lone call waits for nothing; under load, one flush (a few statements,
 * one commit) carries many callers. A flush serves many requests, so it runs in a context of its
 * own (`<name>.batch`), not in the first caller's.
 */
export class Batcher<I, O> {
  private pending: Array<{ item: I; resolve: (o: O) => void; reject: (e: unknown) => void }> = [];
  /** When each running flush started (performance.now()). */
  private runningSince: number[] = [];
  private scheduled = false;

  constructor(
    private readonly flush: (items: I[]) => Promise<Array<BatchOutcome<O>>>,
    private readonly opts: {
      name: string;
      maxBatch: number;
      concurrency: number;
      /** With `maxWeight`: a batch stops before the item that would take it over (an item alone always goes). */
      weigh?: (item: I) => number;
      maxWeight?: number;
      /**
       * For work off the critical path: a flush that is not full starts at least this long after
       * the previous one started, so under load the items of that time go together (a lone item
       * after a quiet spell still goes at once).
       */
      spacingMs?: number;
      /**
       * A flush starts beside running ones only when `maxBatch` items are waiting or every running
       * flush has taken this long: under steady load one flush at a time carries more items (fewer
       * statements per item), and a slow flush still holds the others up for no longer than this.
       */
      overlapAfterMs?: number;
    },
  ) {
    if (opts.spacingMs) this.spacing = new Spacing(opts.spacingMs);
  }

  private readonly spacing?: Spacing;
  private wakeup?: NodeJS.Timeout;

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  /** Resolves when nothing is pending or running (shutdown). */
  async idle(): Promise<void> {
    while (this.runningSince.length > 0 || this.pending.length > 0) await new Promise((r) => setTimeout(r, 10));
  }

  /** How many pending items the next batch takes: up to maxBatch, and maxWeight if set. */
  private takeCount(): number {
    const { maxBatch, weigh, maxWeight } = this.opts;
    if (!weigh || maxWeight === undefined) return maxBatch;
    let n = 0;
    let weight = 0;
    while (n < Math.min(maxBatch, this.pending.length)) {
      weight += weigh(this.pending[n].item);
      if (n > 0 && weight > maxWeight) break;
      n++;
    }
    return n;
  }

  /** How long the next flush must wait (≤ 0: not at all): for the spacing, or for the running flushes to be slow. */
  private waitMs(): number {
    if (this.pending.length >= this.opts.maxBatch) return 0;
    const spacing = this.spacing?.wait() ?? 0;
    const { overlapAfterMs } = this.opts;
    if (overlapAfterMs === undefined || this.runningSince.length === 0) return spacing;
    return Math.max(spacing, Math.max(...this.runningSince) + overlapAfterMs - performance.now());
  }

  private pump() {
    while (this.runningSince.length < this.opts.concurrency && this.pending.length > 0) {
      const wait = this.waitMs();
      if (wait > 0) {
        this.wakeup ??= setTimeout(() => {
          this.wakeup = undefined;
          this.pump();
        }, wait);
        return;
      }
      this.spacing?.started();
      const batch = this.pending.splice(0, this.takeCount());
      const since = performance.now();
      this.runningSince.push(since);
      Promise.resolve()
        .then(() => runWithContext({ requestId: `${this.opts.name}.batch` }, () => this.flush(batch.map((b) => b.item))))
        .then(
          (outcomes) =>
            batch.forEach((b, i) => {
              const o = outcomes[i];
              if (!o) b.reject(new Error('batch flush returned no outcome for an item'));
              else if (o.ok) b.resolve(o.value);
              else b.reject(o.error);
            }),
          (err) => batch.forEach((b) => b.reject(err)),
        )
        .finally(() => {
          this.runningSince.splice(this.runningSince.indexOf(since), 1);
          this.pump();
        });
    }
  }
}
