import type { DomainEvent, DomainEventType } from '../../contracts/src/events';
import type { Db } from '../../db/src';
import { logger, metrics } from '../../kit/src';
import { onOutboxWrite } from './outbox';
import type { Transport } from './transport';

const BATCH = 500;
const POLL_MS = 1000;

/**
 * Publishes a schema's outbox in order, in batches, and deletes what was handed over. Rows are
 * claimed with SKIP LOCKED so replicas of a service share the work; a failed batch is retried with
 * backoff. At-least-once: a crash between publish and delete republishes, consumers dedupe.
 */
export class Relay {
  private running = false;
  private again = false;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private unsubscribe?: () => void;

  constructor(
    private readonly db: Db,
    private readonly schema: string,
    private readonly transport: Transport,
  ) {}

  /** Woken by this process's commits to the outbox (`outboxWritten`), and polls for anything else. */
  start() {
    this.unsubscribe = onOutboxWrite(this.schema, () => this.kick());
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.drain()
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
    while (this.running) await new Promise((r) => setTimeout(r, 20));
  }

  private async drain() {
    while (!this.stopped && (await this.batch()) === BATCH);
  }

  private async batch(): Promise<number> {
    return this.db.tx(async (tx) => {
      const rows = (
        await tx.query(
          `SELECT seq, id, type, project_id, occurred_at, data FROM "${this.schema}".outbox
           WHERE next_attempt_at <= now() ORDER BY seq LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
        )
      ).rows;
      if (rows.length === 0) return 0;
      // Rows were validated when enqueued; consumers on the far side of a broker validate again.
      const events = rows.map(
        (r): DomainEvent => ({ id: r.id, type: r.type as DomainEventType, projectId: r.project_id, occurredAt: new Date(r.occurred_at).toISOString(), data: r.data }),
      );
      try {
        await this.transport.publish(events);
      } catch (err) {
        logger.warn({ err: (err as Error).message, schema: this.schema, count: rows.length }, 'outbox publish failed; will retry');
        await tx.query(
          `UPDATE "${this.schema}".outbox SET attempts = attempts + 1, last_error = $2,
             next_attempt_at = now() + least(interval '30 seconds', interval '200 milliseconds' * power(2, attempts))
           WHERE seq = ANY($1::bigint[])`,
          [rows.map((r) => r.seq), String((err as Error).message).slice(0, 500)],
        );
        return 0;
      }
      await tx.query(`DELETE FROM "${this.schema}".outbox WHERE seq = ANY($1::bigint[])`, [rows.map((r) => r.seq)]);
      metrics.busPublished.inc({ schema: this.schema }, rows.length);
      return rows.length;
    });
  }
}
