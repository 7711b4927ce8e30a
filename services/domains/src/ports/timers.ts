import { logger, type Timer } from '../../../../libs/kit/src';
import type { DomainsRepo } from '../adapters/repo';
import type { DomainsService } from '../app/handlers';

const POLL_MS = 500;
const BATCH = 20;
/** A claimed timer fires again after this long if its check never finished (process died). */
const LEASE_SECONDS = 60;

/**
 * The background re-check (every 5 minutes by default, DOMAIN_RECHECK_SECONDS). Timer rows in
 * domains.timers are polled every 500 ms, claimed with FOR UPDATE SKIP LOCKED (replicas share
 * them) and rescheduled once the check is recorded, so they survive restarts and a due check runs
 * within a second.
 */
export function recheckTimer(repo: DomainsRepo, service: DomainsService): Timer {
  return {
    name: 'domains.recheck',
    everyMs: POLL_MS,
    // Claims and checks due timers until none are left (a full batch means there may be more).
    async run(stopped) {
      while (!stopped()) {
        const due = await repo.claimDue(BATCH, LEASE_SECONDS);
        await Promise.all(
          due.map((t) =>
            service
              .check(t.project_id, t.domain_id, { reschedule: true })
              .catch((err) => logger.error({ err, projectId: t.project_id, domainId: t.domain_id }, 'domain re-check failed; retried after the lease')),
          ),
        );
        if (due.length < BATCH) return;
      }
    },
  };
}
