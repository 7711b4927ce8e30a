import type { DomainEvent } from '../../contracts/src/events';
import { logger } from '../../kit/src';
import { applyInRelayTx, deliver, Origin, routingKeyOf, settled, Subscription, Transport, WorkSubscription } from './transport';

/** The other thread of an all-in-one process, as a destination of events. */
export interface Peer {
  takes(type: string): boolean;
  publish(events: DomainEvent[]): Promise<void>;
}

/** Failed attempts in the relay's transaction remembered at most (see `failedInTx`). */
const FAILED_IN_TX_MAX = 10_000;

/**
 * All-in-one: the relay hands events straight to the subscribers in this process — on a first
 * attempt, inside its own transaction (see `Origin`). Work items go
 * to an in-memory queue per lane, drained by `concurrency` workers; the owner of the work keeps its
 * state in PostgreSQL and re-queues anything a crash dropped (messaging's sweep), so nothing is lost.
 */
export class MemoryTransport implements Transport {
  readonly name = 'memory' as const;
  private subs: Subscription[] = [];
  private lanes = new Map<string, { sub: WorkSubscription; items: DomainEvent[]; busy: number }>();
  private stopped = false;
  private peer?: Peer;
  /**
   * `<consumer> <event id>` of the handler calls that failed in the relay's transaction. That
   * failure rolls the relay's batch back, so it is not recorded; if the retry (through `deliver`)
   * fails too, it counts as an attempt, and a poison event is dead after as many handler calls
   * as in split. Taken by the retry; the oldest are dropped past FAILED_IN_TX_MAX (a retry that
   * another replica's relay claimed), which at worst allows one attempt more.
   */
  private failedInTx = new Map<string, number>();

  async work(sub: WorkSubscription) {
    this.lanes.set(`${sub.type}.${sub.lane}`, { sub, items: [], busy: 0 });
  }

  private pump(lane: { sub: WorkSubscription; items: DomainEvent[]; busy: number }) {
    while (!this.stopped && lane.busy < lane.sub.concurrency && lane.items.length) {
      const item = lane.items.shift()!;
      lane.busy++;
      lane.sub
        .handler(item, { redelivered: false, stopping: () => this.stopped })
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

  async publish(events: DomainEvent[], from?: Origin) {
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
    await this.toSubscribers(domainEvents, from);
    const theirs = this.peer ? domainEvents.filter((e) => this.peer!.takes(e.type)) : [];
    if (theirs.length) await this.peer!.publish(theirs);
  }

  /**
   * Links the other thread of an all-in-one process (see Runtime): the events its subscribers take
   * are handed over to it as part of publishing, so the relay commits once they are handled there too.
   */
  link(peer: Peer) {
    this.peer = peer;
  }

  /** The event types this thread's subscribers take. */
  subscribedTypes(): string[] {
    return [...new Set(this.subs.flatMap((s) => Object.keys(s.handlers)))];
  }

  /** Events the other thread published: to this thread's subscribers (each with its inbox; see `deliver`). */
  async fromPeer(events: DomainEvent[]) {
    await this.toSubscribers(events);
  }

  private async toSubscribers(domainEvents: DomainEvent[], from?: Origin) {
    for (const sub of this.subs) {
      const shared = from && from.db === sub.db ? from : undefined;
      // In order, in runs: first attempts in the relay's transaction, the rest through the inbox.
      for (let i = 0; i < domainEvents.length;) {
        const inTx = !!shared?.firstAttempts.has(domainEvents[i].id);
        let j = i + 1;
        while (j < domainEvents.length && !!shared?.firstAttempts.has(domainEvents[j].id) === inTx) j++;
        const run = domainEvents.slice(i, j);
        i = j;
        if (inTx) {
          await applyInRelayTx(sub, run, shared!.tx, (failed) => this.noteFailedInTx(sub, failed));
          continue;
        }
        // A failed event is recorded for the subscriber's redeliverer; only one that could not be
        // makes the relay retry the batch (with backoff; the inbox skips what was done).
        const before = new Map(run.map((e) => [e.id, this.takeFailedInTx(sub, e)]));
        const error = (await deliver(sub, run, { failedBefore: (e) => before.get(e.id) ?? 0 })).find((e) => e !== undefined);
        if (error) throw error;
      }
    }
  }

  private noteFailedInTx(sub: Subscription, events: DomainEvent[]) {
    for (const e of events) {
      const key = `${sub.service} ${e.id}`;
      this.failedInTx.set(key, (this.failedInTx.get(key) ?? 0) + 1);
      if (this.failedInTx.size > FAILED_IN_TX_MAX) this.failedInTx.delete(this.failedInTx.keys().next().value!);
    }
  }

  private takeFailedInTx(sub: Subscription, e: DomainEvent): number {
    const key = `${sub.service} ${e.id}`;
    const n = this.failedInTx.get(key) ?? 0;
    this.failedInTx.delete(key);
    return n;
  }

  /** Starts no more work items (those queued stay queued in PostgreSQL) and waits for the running ones. */
  async quiesce(timeoutMs: number) {
    this.stopped = true;
    await settled(() => [...this.lanes.values()].some((l) => l.busy > 0), timeoutMs);
  }

  async stop() {
    this.stopped = true;
  }
}
