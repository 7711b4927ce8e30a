import type { PoolClient } from 'pg';
import type { DomainEvent } from '../../../../libs/contracts/src';
import { workOf } from '../../../../libs/db/src';
import type { Consumer } from '../../../../libs/runtime/src/service';
import type { EventsRepo } from '../adapters/repo';
import { countEmails, forgetCampaigns, projectCampaigns, recordDeliverability, recordWorkflowRuns } from '../app/activity';
import { recordEvents } from '../app/handlers';
import type { ActivityStore } from '../app/ports';
import { DELIVERABILITY_EVENTS, type DeliverabilityEvent } from '../domain/activity';

const PUBLIC_EMAIL_EVENTS = new Set(['sent', 'delivered', 'opened', 'clicked', 'bounced', 'complained', 'failed']);

type SubscriptionChanged = DomainEvent<'contacts.contact.subscription_changed.v1'>;
type StatusChanged = DomainEvent<'messaging.email.status_changed.v1'>;
type MembershipChanged = DomainEvent<'contacts.segment.membership_changed.v1'>;
type CampaignChanged = DomainEvent<'campaigns.campaign.changed.v1'>;
type CampaignDeleted = DomainEvent<'campaigns.campaign.deleted.v1'>;
type ExecutionStarted = DomainEvent<'workflows.execution.started.v1'>;
type Received = DomainEvent<'messaging.email.received.v1'>;
type DeliverabilityChanged = DomainEvent<DeliverabilityEvent>;

const subscriptionRows = (events: SubscriptionChanged[]) =>
  events.map((e) => ({
    projectId: e.projectId,
    contactId: e.data.contactId,
    name: e.data.subscribed ? 'contact.subscribed' : 'contact.unsubscribed',
    data: {},
  }));

/**
 * Every email status change is a public email.* event of the contact (opens and clicks with their
 * `engagement` class and `human`); an email's first open and click by a person are
 * `email.human_opened` and `email.human_clicked` as well, which humanOnly workflow triggers and
 * conditions read. A human open after a machine's (`raw: false`) is only the latter.
 */
const emailRows = (events: StatusChanged[]) =>
  events.flatMap((e) => {
    const { contactId, status, raw, ...data } = e.data;
    const rows = raw !== false && PUBLIC_EMAIL_EVENTS.has(status) ? [{ projectId: e.projectId, contactId, name: `email.${status}`, data }] : [];
    if (data.human && (status === 'opened' || status === 'clicked')) rows.push({ projectId: e.projectId, contactId, name: `email.human_${status}`, data });
    return rows;
  });

// A tracked segment's entries and exits are events of those contacts (segment.<slug>.entry|exit).
const membershipRows = (events: MembershipChanged[]) =>
  events.flatMap((e) => {
    const data = { segmentId: e.data.segmentId, segmentName: e.data.segmentName };
    return [
      ...e.data.entered.map((contactId) => ({ projectId: e.projectId, contactId, name: `segment.${e.data.slug}.entry`, data })),
      ...e.data.exited.map((contactId) => ({ projectId: e.projectId, contactId, name: `segment.${e.data.slug}.exit`, data })),
    ];
  });

/**
 * Received mail is `email.received` on the sender's contact, with the fields of the other
 * email.* events (the email it answers as emailId, with its campaign and template; null when it
 * answers none) and what is its own. No body: the message is at GET /inbound/:inboundId.
 */
const receivedRows = (events: Received[]) =>
  events.map((e) => {
    const { contactId, inReplyTo, ...rest } = e.data;
    return {
      projectId: e.projectId,
      contactId,
      name: 'email.received',
      data: {
        emailId: inReplyTo?.emailId ?? null,
        campaignId: inReplyTo?.campaignId ?? null,
        templateId: inReplyTo?.templateId ?? null,
        sourceType: 'inbound',
        ...rest,
      },
    };
  });

/**
 * Turns contacts' and messaging's domain events into the public events users see (email.*,
 * contact.*, segment.*), and keeps the read models of activity and analytics in the same
 * transactions: email counts, the campaigns projection, workflow runs, sending domains'
 * deliverability changes (docs/decisions/README.md, "Activity and analytics").
 */
export function eventsConsumer(repo: EventsRepo, activity: ActivityStore): Consumer {
  // Each kind of event in batches (one statement per read model per batch); one event is a batch of one.
  const batches = {
    'contacts.contact.subscription_changed.v1': (events: SubscriptionChanged[], tx: PoolClient) =>
      recordEvents(repo, subscriptionRows(events), workOf(tx)).then(() => undefined),
    'messaging.email.status_changed.v1': async (events: StatusChanged[], tx: PoolClient) => {
      await recordEvents(repo, emailRows(events), workOf(tx));
      await countEmails(activity, workOf(tx), events);
    },
    'contacts.segment.membership_changed.v1': (events: MembershipChanged[], tx: PoolClient) =>
      recordEvents(repo, membershipRows(events), workOf(tx)).then(() => undefined),
    'messaging.email.received.v1': (events: Received[], tx: PoolClient) => recordEvents(repo, receivedRows(events), workOf(tx)).then(() => undefined),
    'campaigns.campaign.changed.v1': (events: CampaignChanged[], tx: PoolClient) => projectCampaigns(activity, workOf(tx), events),
    'campaigns.campaign.deleted.v1': (events: CampaignDeleted[], tx: PoolClient) => forgetCampaigns(activity, workOf(tx), events),
    // Activity of their own, not recorded events (those trigger workflows).
    'workflows.execution.started.v1': (events: ExecutionStarted[], tx: PoolClient) => recordWorkflowRuns(activity, workOf(tx), events),
    // A sending domain's throttling and guardrails: the project's activity, no contact's.
    ...Object.fromEntries(
      DELIVERABILITY_EVENTS.map((type) => [type, (events: DeliverabilityChanged[], tx: PoolClient) => recordDeliverability(activity, workOf(tx), events)]),
    ),
  };
  const one =
    <E>(batch: (events: E[], tx: PoolClient) => Promise<void>) =>
    (e: E, tx: PoolClient) =>
      batch([e], tx);
  return {
    handlers: {
      ...Object.fromEntries(Object.entries(batches).map(([type, batch]) => [type, one(batch as (events: DomainEvent[], tx: PoolClient) => Promise<void>)])),
      'contacts.contact.deleted.v1': async (e: DomainEvent<'contacts.contact.deleted.v1'>, tx) => {
        await repo.deleteByContact(tx, e.projectId, e.data.contactId);
        await activity.deleteContactActivity(workOf(tx), e.projectId, e.data.contactId);
      },
    },
    batchHandlers: batches,
  };
}
