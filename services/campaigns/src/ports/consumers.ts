import type { DomainEvent } from '../../../../libs/contracts/src';
import type { Queryable } from '../../../../libs/db/src';
import type { Consumer } from '../../../../libs/runtime/src/service';
import type { CampaignsStore, RecipientFact } from '../app/ports';
import { FACT, factBits } from '../domain/campaign';

type StatusChanged = DomainEvent<'messaging.email.status_changed.v1'>;
type Unsubscribed = DomainEvent<'messaging.campaign.unsubscribed.v1'>;

const statusFacts = (events: StatusChanged[]): RecipientFact[] =>
  events.flatMap((e) =>
    e.data.campaignId && factBits(e.data.status) ? [{ projectId: e.projectId, campaignId: e.data.campaignId, contactId: e.data.contactId, bits: factBits(e.data.status) }] : [],
  );
const unsubscribeFacts = (events: Unsubscribed[]): RecipientFact[] =>
  events.map((e) => ({ projectId: e.projectId, campaignId: e.data.campaignId, contactId: e.data.contactId, bits: FACT.unsubscribed }));

/** Campaign stats and progress from what happened to each recipient's email (counted once per recipient and fact). */
export function campaignsConsumer(store: CampaignsStore): Consumer {
  const apply = (facts: RecipientFact[], tx: Queryable) => store.applyFacts(tx, facts).then(() => undefined);
  return {
    handlers: {
      'messaging.email.status_changed.v1': (e: StatusChanged, tx) => apply(statusFacts([e]), tx),
      'messaging.campaign.unsubscribed.v1': (e: Unsubscribed, tx) => apply(unsubscribeFacts([e]), tx),
    },
    batchHandlers: {
      'messaging.email.status_changed.v1': (events: StatusChanged[], tx) => apply(statusFacts(events), tx),
      'messaging.campaign.unsubscribed.v1': (events: Unsubscribed[], tx) => apply(unsubscribeFacts(events), tx),
    },
  };
}
