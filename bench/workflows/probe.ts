/**
 * The workflows repository with a stopwatch: every claim, graph load and write of a worker timed
 * and kept per batch, so the bench can say where a worker's time went (claim, load, walk, write,
 * idle) and how many executions it ended. The statements are the repository's own.
 */
import { performance } from 'node:perf_hooks';
import type { Db } from '../../libs/db/src';
import { WorkflowsRepo } from '../../services/workflows/src/adapters/repo';
import type { ClaimedExecution, ExecutionWrite } from '../../services/workflows/src/app/ports';

/** One claim and what followed it, in ms of performance.now() (and epoch ms for the timeline). */
export interface Batch {
  /** Epoch ms when the claim was sent. */
  at: number;
  rows: number;
  claimMs: number;
  /** workflowsByIds + graph (the GraphCache), 0 for the ceiling. */
  loadMs: number;
  /** From the end of the claim (and the load) to the start of the write: the engine walking the batch. */
  walkMs: number;
  writeMs: number;
  written: number;
  /** Epoch ms when the write was answered. */
  doneAt: number;
}

export class TimedRepo extends WorkflowsRepo {
  readonly batches: Batch[] = [];
  /** Executions whose write ended them (EXITED) and was applied. */
  exited = 0;
  /** Claims that came back empty (the timer looked and nothing was due). */
  emptyClaims = 0;
  private current?: Batch & { claimEnd: number };

  constructor(db: Db) {
    super(db);
  }

  override async claimDue(limit: number, leaseMs: number): Promise<ClaimedExecution[]> {
    const at = Date.now();
    const t0 = performance.now();
    const rows = await super.claimDue(limit, leaseMs);
    const t1 = performance.now();
    if (!rows.length) {
      this.emptyClaims++;
      this.current = undefined;
      return rows;
    }
    this.current = { at, rows: rows.length, claimMs: t1 - t0, loadMs: 0, walkMs: 0, writeMs: 0, written: 0, doneAt: 0, claimEnd: t1 };
    return rows;
  }

  override async workflowsByIds(projectIds: string[], ids: string[]) {
    const t0 = performance.now();
    try {
      return await super.workflowsByIds(projectIds, ids);
    } finally {
      if (this.current) this.current.loadMs += performance.now() - t0;
    }
  }

  override async graph(...args: Parameters<WorkflowsRepo['graph']>) {
    const t0 = performance.now();
    try {
      return await super.graph(...args);
    } finally {
      if (this.current) this.current.loadMs += performance.now() - t0;
    }
  }

  override async writeExecutions(writes: ExecutionWrite[]): Promise<Set<string>> {
    const t0 = performance.now();
    const written = await super.writeExecutions(writes);
    const t1 = performance.now();
    this.exited += writes.filter((w) => w.status === 'EXITED' && written.has(w.id)).length;
    const b = this.current;
    if (b) {
      b.walkMs = t0 - b.claimEnd - b.loadMs;
      b.writeMs = t1 - t0;
      b.written = written.size;
      b.doneAt = Date.now();
      const { claimEnd: _, ...batch } = b;
      this.batches.push(batch);
      this.current = undefined;
    }
    return written;
  }
}
