import { logger } from '../../../../libs/kit/src';
import type { DomainsRepo } from '../adapters/repo';
import type { DomainsService } from '../app/handlers';

const POLL_MS = 500;
const BATCH = 20;
/** A claimed timer fires again after this long if its check never finished (process died). */
const LEASE_SECONDS = 60;

/**
 * The background re-check (SPEC §8: every 5 minutes). Timer rows in domains.timers are polled
 * every 500 ms, claimed with FOR UPDATE SKIP LOCKED (replicas share them) and rescheduled once the
 * check is recorded, so they survive restarts and a due check runs within a second.
 */
export class RecheckTimers {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(private readonly repo: DomainsRepo, private readonly service: DomainsService) {}

  start() {
    this.timer = setInterval(() => this.tick(), POLL_MS);
    this.timer.unref();
  }

  private tick() {
    if (this.running || this.stopped) return;
    this.running = this.drain()
      .catch((err) => logger.error({ err }, 'domain re-check poll failed'))
      .finally(() => {
        this.running = undefined;
      });
  }

  /** Claims and checks due timers until none are left (a full batch means there may be more). */
  async drain() {
    while (!this.stopped) {
      const due = await this.repo.claimDue(BATCH, LEASE_SECONDS);
      await Promise.all(
        due.map((t) =>
          this.service.check(t.project_id, t.domain_id, { reschedule: true }).catch((err) =>
            logger.error({ err, projectId: t.project_id, domainId: t.domain_id }, 'domain re-check failed; retried after the lease'),
          ),
        ),
      );
      if (due.length < BATCH) return;
    }
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}
