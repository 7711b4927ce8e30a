import type { DomainEvent } from '../../contracts/src/events';
import { metrics } from '../../kit/src';
import { handleOnce, Subscription, Transport } from './transport';

/** All-in-one: the relay hands events straight to the subscribers in this process. */
export class MemoryTransport implements Transport {
  readonly name = 'memory' as const;
  private subs: Subscription[] = [];

  async start() {}
  ready() {
    return true;
  }

  async subscribe(sub: Subscription) {
    this.subs.push(sub);
  }

  async publish(events: DomainEvent[]) {
    for (const event of events) {
      for (const sub of this.subs) {
        if (!sub.handlers[event.type]) continue;
        const outcome = await handleOnce(sub, event);
        metrics.busConsumed.inc({ consumer: sub.service, outcome });
      }
    }
  }

  async stop() {}
}
