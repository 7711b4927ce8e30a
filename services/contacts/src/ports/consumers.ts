import type { DomainEvent } from '../../../../libs/contracts/src';
import { workOf, type Queryable } from '../../../../libs/db/src';
import type { Consumer } from '../../../../libs/runtime/src/service';
import type { ContactsRepo } from '../adapters/repo';
import type { SegmentsStore } from '../app/ports';

/**
 * Keeps the per-contact event facts that segment filters read (a projection of the events
 * service), and marks the projects whose contacts or events changed as due a recompute of their
 * tracked segments (debounced: see SegmentsStore.markDue and app/segments.ts recomputeDue). Also
 * keeps what campaigns' audiences and workflows reference (segment deletes, field and event usage).
 */
export function contactsConsumer(repo: ContactsRepo, segments: SegmentsStore, debounceMs: number): Consumer {
  type Changed = DomainEvent<'campaigns.campaign.changed.v1'>;
  const due = (events: DomainEvent[], tx: Queryable) => segments.markDue([...new Set(events.map((e) => e.projectId))], debounceMs, workOf(tx));
  const marks = (e: DomainEvent, tx: Queryable) => due([e], tx);
  return {
    handlers: {
      'events.event.recorded.v1': async (e: DomainEvent<'events.event.recorded.v1'>, tx) => {
        await repo.recordEventFact(tx, e.projectId, e.data.contactId, e.data.name, e.data.occurredAt);
        await due([e], tx);
      },
      'events.event_name.deleted.v1': async (e: DomainEvent<'events.event_name.deleted.v1'>, tx) => {
        await repo.deleteEventFacts(tx, e.projectId, e.data.name);
        await due([e], tx);
      },
      'contacts.contact.subscription_changed.v1': marks,
      'contacts.contact.deleted.v1': marks,
      'contacts.contacts.changed.v1': marks,
      // Campaigns' audiences: a segment an active one sends to cannot be deleted; field usage.
      'campaigns.campaign.changed.v1': async (e: Changed, tx) => {
        const { campaignId, segmentId, audienceFilter, name, status, version } = e.data;
        await segments.saveCampaignAudience(workOf(tx), e.projectId, { campaignId, segmentId, audienceFilter, name, status, version });
      },
      'campaigns.campaign.deleted.v1': async (e: DomainEvent<'campaigns.campaign.deleted.v1'>, tx) => {
        await segments.deleteCampaignAudience(workOf(tx), e.projectId, e.data.campaignId);
      },
      // What workflows read: field and event usage.
      'workflows.workflow.changed.v1': async (e: DomainEvent<'workflows.workflow.changed.v1'>, tx) => {
        const { workflowId, name, fields, eventNames, version } = e.data;
        await segments.saveWorkflowRefs(workOf(tx), e.projectId, { id: workflowId, name, fields, eventNames, version });
      },
      'workflows.workflow.deleted.v1': async (e: DomainEvent<'workflows.workflow.deleted.v1'>, tx) => {
        await segments.deleteWorkflowRefs(workOf(tx), e.projectId, e.data.workflowId);
      },
    },
    batchHandlers: {
      'events.event.recorded.v1': async (events: DomainEvent<'events.event.recorded.v1'>[], tx) => {
        await repo.recordEventFacts(
          tx,
          events.map((e) => ({ projectId: e.projectId, contactId: e.data.contactId, name: e.data.name, at: e.data.occurredAt })),
        );
        await due(events, tx);
      },
      'contacts.contact.subscription_changed.v1': due,
      'contacts.contact.deleted.v1': due,
    },
  };
}
