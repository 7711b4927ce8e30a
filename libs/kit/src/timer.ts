import { logger } from './logger';

/**
 * Background work a service repeats (a sweep, a poll of due rows, a prune). The runtime starts it
 * after the service has started and stops it before the service stops.
 */
export interface Timer {
  /** For logs. */
  name: string;
  /** From the end of one run to the start of the next. */
  everyMs: number;
  /** Before the first run (default: `everyMs`). */
  firstAfterMs?: number;
  /** One run; `stopped()` turns true at shutdown, so a long run can end between steps. */
  run(stopped: () => boolean): Promise<unknown>;
}

/** Runs a Timer: never two runs at once, a failed run logged and tried again at the next turn. */
export class Ticker {
  private timeout?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(private readonly timer: Timer) {}

  start() {
    this.schedule(this.timer.firstAfterMs ?? this.timer.everyMs);
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timeout = setTimeout(() => {
      this.running = this.timer
        .run(() => this.stopped)
        .then(
          () => undefined,
          (err) => logger.warn({ err: (err as Error)?.message ?? String(err), timer: this.timer.name }, 'timer run failed; trying again at its next turn'),
        )
        .finally(() => {
          this.running = undefined;
          this.schedule(this.timer.everyMs);
        });
    }, ms);
    this.timeout.unref();
  }

  /** No new run starts; a run in progress finishes (before the pools close). */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timeout);
    await this.running;
  }
}
