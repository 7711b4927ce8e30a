import type { DomainEvent } from '../../../../libs/contracts/src';
import { workOf, type Queryable } from '../../../../libs/db/src';
import type { Consumer } from '../../../../libs/runtime/src/service';
import { countUsage } from '../app/billing';
import type { BillingStore } from '../app/ports';

type Status = DomainEvent<'messaging.email.status_changed.v1'>;
type Received = DomainEvent<'messaging.email.received.v1'>;

/** Messaging's events feed consumption: emails sent (by source) and emails received. The inbox makes each count once. */
export function billingConsumer(store: BillingStore): Consumer {
  const count = (events: Array<Status | Received>, tx: Queryable) => countUsage(store, workOf(tx), events);
  return {
    handlers: {
      'messaging.email.status_changed.v1': (e: Status, tx) => count([e], tx),
      'messaging.email.received.v1': (e: Received, tx) => count([e], tx),
    },
    batchHandlers: {
      'messaging.email.status_changed.v1': (events: Status[], tx) => count(events, tx),
      'messaging.email.received.v1': (events: Received[], tx) => count(events, tx),
    },
  };
}
