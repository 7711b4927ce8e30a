import type { DomainEvent } from '../../contracts/src/events';
import { metrics } from '../../kit/src';
import { logger } from '../../kit/src';
import { handleBatch, handleOnce, routingKeyOf, Subscription, Transport, WorkSubscription } from './transport';

/**
 * All-in-one: the relay hands events straight to the subscribers in this process. Work items go
 * to an in-memory queue per lane, drained by `concurrency` workers; the owner of the work keeps its
 * state in PostgreSQL and re-queues anything a crash dropped (messaging's sweep), so nothing is lost.
 */
export class MemoryTransport implements Transport {
  readonly name = 'memory' as const;
  private subs: Subscription[] = [];
  private lanes = new Map<string, { sub: WorkSubscription; items: DomainEvent[]; busy: number }>();
  private stopped = false;

  async work(sub: WorkSubscription) {
    this.lanes.set(`${sub.type}.${sub.lane}`, { sub, items: [], busy: 0 });
  }

  private pump(lane: { sub: WorkSubscription; items: DomainEvent[]; busy: number }) {
    while (!this.stopped && lane.busy < lane.sub.concurrency && lane.items.length) {
      const item = lane.items.shift()!;
      lane.busy++;
      lane.sub
        .handler(item, { redelivered: false })
        .catch((err) => logger.error({ err, queue: lane.sub.queue }, 'work item failed'))
        .finally(() => {
          lane.busy--;
          this.pump(lane);
        });
    }
  }

  async start() {}
  ready() {
    return true;
  }

  async subscribe(sub: Subscription) {
    this.subs.push(sub);
  }

  async publish(events: DomainEvent[]) {
    const domainEvents: DomainEvent[] = [];
    for (const event of events) {
      const lane = this.lanes.get(routingKeyOf(event));
      if (lane) {
        lane.items.push(event);
        this.pump(lane);
      } else {
        domainEvents.push(event);
      }
    }
    for (const sub of this.subs) {
      const mine = domainEvents.filter((e) => sub.handlers[e.type]);
      if (mine.length === 0) continue;
      try {
        const handled = await handleBatch(sub, mine);
        metrics.busConsumed.inc({ consumer: sub.service, outcome: 'handled' }, handled);
        metrics.busConsumed.inc({ consumer: sub.service, outcome: 'duplicate' }, mine.length - handled);
      } catch {
        // One bad event must not hold up the rest: fall back to one transaction per event, so only
        // the failing one is retried (with the relay's backoff).
        for (const event of mine) {
          const outcome = await handleOnce(sub, event);
          metrics.busConsumed.inc({ consumer: sub.service, outcome });
        }
      }
    }
  }

  async stop() {
    this.stopped = true;
  }
}
