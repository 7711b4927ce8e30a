import type { DomainEvent } from '../../../../libs/contracts/src';
import { workOf, type Queryable } from '../../../../libs/db/src';
import type { Consumer } from '../../../../libs/runtime/src/service';
import type { CampaignsStore, RecipientFact } from '../app/ports';
import { FACT, factBits } from '../domain/campaign';

type StatusChanged = DomainEvent<'messaging.email.status_changed.v1'>;
type Unsubscribed = DomainEvent<'messaging.campaign.unsubscribed.v1'>;
type Received = DomainEvent<'messaging.email.received.v1'>;

const statusFacts = (events: StatusChanged[]): RecipientFact[] =>
  events.flatMap((e) =>
    e.data.campaignId && factBits(e.data.status)
      ? [{ projectId: e.projectId, campaignId: e.data.campaignId, contactId: e.data.contactId, bits: factBits(e.data.status, e.data.human) }]
      : [],
  );
const unsubscribeFacts = (events: Unsubscribed[]): RecipientFact[] =>
  events.map((e) => ({ projectId: e.projectId, campaignId: e.data.campaignId, contactId: e.data.contactId, bits: FACT.unsubscribed }));
// A reply to a campaign's email counts for its campaign; an auto-reply (out of office) does not.
const replyFacts = (events: Received[]): RecipientFact[] =>
  events.flatMap((e) =>
    e.data.inReplyTo?.campaignId && !e.data.autoReply
      ? [{ projectId: e.projectId, campaignId: e.data.inReplyTo.campaignId, contactId: e.data.contactId, bits: FACT.replied }]
      : [],
  );

/** Campaign stats and progress from what happened to each recipient's email (counted once per recipient and fact). */
export function campaignsConsumer(store: CampaignsStore): Consumer {
  const apply = (facts: RecipientFact[], tx: Queryable) => store.applyFacts(workOf(tx), facts).then(() => undefined);
  return {
    handlers: {
      'messaging.email.status_changed.v1': (e: StatusChanged, tx) => apply(statusFacts([e]), tx),
      'messaging.campaign.unsubscribed.v1': (e: Unsubscribed, tx) => apply(unsubscribeFacts([e]), tx),
      'messaging.email.received.v1': (e: Received, tx) => apply(replyFacts([e]), tx),
    },
    batchHandlers: {
      'messaging.email.status_changed.v1': (events: StatusChanged[], tx) => apply(statusFacts(events), tx),
      'messaging.campaign.unsubscribed.v1': (events: Unsubscribed[], tx) => apply(unsubscribeFacts(events), tx),
      'messaging.email.received.v1': (events: Received[], tx) => apply(replyFacts(events), tx),
    },
  };
}
