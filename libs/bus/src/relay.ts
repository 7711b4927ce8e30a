import type { DomainEvent, DomainEventType } from '../../contracts/src/events';
import type { Db } from '../../db/src';
import { logger, metrics, Spacing } from '../../kit/src';
import { onOutboxWrite } from './outbox';
import type { Transport } from './transport';

const BATCH = 500;
const POLL_MS = 1000;
/**
 * A batch starts at least this long after the one before (unless that one was full): a lone event
 * goes at once, while under load the commits of the last few milliseconds go together, in one
 * claim, one publish and one commit for the lot, instead of one round of statements per commit.
 * An outbox whose events nobody waits for (projections, public event records) can take longer
 * (`PROJECTION_RELAY_SPACING_MS`).
 */
export const RELAY_SPACING_MS = 20;
export const PROJECTION_RELAY_SPACING_MS = 100;

type OutboxRow = { seq: string; id: string; type: string; project_id: string; occurred_at: Date; data: any; attempts: number; traceparent: string | null };

/**
 * Publishes a schema's outbox in order, in batches, and deletes what was handed over. Rows are
 * claimed with SKIP LOCKED so replicas of a service share the work; a failed batch is retried with
 * backoff. At-least-once: a crash between publish and delete republishes, consumers dedupe.
 */
export class Relay {
  private running = false;
  private again = false;
  private readonly spacing: Spacing;
  private paced?: NodeJS.Timeout;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private unsubscribe?: () => void;

  constructor(
    private readonly db: Db,
    private readonly schema: string,
    private readonly transport: Transport,
    spacingMs = RELAY_SPACING_MS,
  ) {
    this.spacing = new Spacing(spacingMs);
  }

  /** Woken by this process's commits to the outbox (`Outbox.written`), and polls for anything else. */
  start() {
    this.unsubscribe = onOutboxWrite(this.schema, () => this.kick());
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  kick() {
    if (this.stopped || this.paced) return;
    if (this.running) {
      this.again = true;
      return;
    }
    const wait = this.spacing.wait();
    if (wait > 0) {
      this.paced = setTimeout(() => {
        this.paced = undefined;
        this.kick();
      }, wait);
      return;
    }
    this.running = true;
    this.spacing.started();
    this.drain()
      .then((claimed) => {
        // A batch that found nothing (a poll, or rows another replica took) holds no one back.
        // One whose publish failed does: it must not be retried at every commit.
        if (claimed === 0) this.spacing.reset();
      })
      .catch((err) => logger.error({ err, schema: this.schema }, 'outbox relay failed'))
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Waits until the relay is idle (used by stop, so nothing is half-published on shutdown). */
  async stop() {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    if (this.paced) clearTimeout(this.paced);
    while (this.running) await new Promise((r) => setTimeout(r, 20));
  }

  /** Batches until one is not full or fails; how many rows were claimed (published or not). */
  private async drain(): Promise<number> {
    let claimed = 0;
    while (!this.stopped) {
      const b = await this.batch();
      claimed += b.claimed;
      if (!b.published || b.claimed < BATCH) break;
    }
    return claimed;
  }

  /**
   * One batch: claim and delete the oldest due rows in one statement (sent with the BEGIN), publish
   * them (in-process subscribers may handle them in this transaction; see `Origin`), commit. If the
   * publish fails the transaction rolls back (the rows are back, untouched) and their next attempt
   * is pushed out with backoff.
   */
  private async batch(): Promise<{ claimed: number; published: boolean }> {
    let claimed: Array<{ seq: string }> = [];
    try {
      const n = await this.db.tx<number, OutboxRow>(
        async (tx, opened) => {
          const rows = opened.sort((a, b) => Number(a.seq) - Number(b.seq));
          if (rows.length === 0) return 0;
          claimed = rows;
          // Rows were validated when enqueued; consumers on the far side of a broker validate again.
          const events = rows.map((r): DomainEvent => ({
            id: r.id,
            type: r.type as DomainEventType,
            projectId: r.project_id,
            occurredAt: new Date(r.occurred_at).toISOString(),
            data: r.data,
            ...(r.traceparent ? { traceparent: r.traceparent } : {}),
          }));
          await this.transport.publish(events, { db: this.db, tx, firstAttempts: new Set(rows.filter((r) => r.attempts === 0).map((r) => r.id)) });
          metrics.busPublished.inc({ schema: this.schema }, rows.length);
          return rows.length;
        },
        `DELETE FROM "${this.schema}".outbox WHERE seq IN (
           SELECT seq FROM "${this.schema}".outbox WHERE next_attempt_at <= now() ORDER BY seq LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
         RETURNING seq, id, type, project_id, occurred_at, data, attempts, traceparent`,
      );
      return { claimed: n, published: true };
    } catch (err) {
      if (claimed.length === 0) throw err;
      logger.warn({ err: (err as Error).message, schema: this.schema, count: claimed.length }, 'outbox publish failed; will retry');
      await this.db.query(
        `UPDATE "${this.schema}".outbox SET attempts = attempts + 1, last_error = $2,
           next_attempt_at = now() + least(interval '30 seconds', interval '200 milliseconds' * power(2, least(attempts, 10)))
         WHERE seq = ANY($1::bigint[])`,
        [claimed.map((r) => r.seq), String((err as Error).message).slice(0, 500)],
      );
      return { claimed: claimed.length, published: false };
    }
  }
}
