import type { DomainEvent } from '../../../../libs/contracts/src';
import { workOf } from '../../../../libs/db/src';
import { isUuid } from '../../../../libs/kit/src';
import type { Consumer } from '../../../../libs/runtime/src/service';
import type { BillingBlocks } from '../adapters/billing-blocks';
import type { MessagingStore } from '../app/ports';

/**
 * From the campaigns service's events: the campaigns each template is used by (GET
 * /templates/:id/usage), and a cancelled campaign's emails that no sender holds dropped. From the
 * workflows service's: the workflow steps each template is sent by (usage, and DELETE
 * /templates/:id refused while there is one). From the contacts service's: a deleted contact's
 * received mail goes with it.
 */
export function messagingConsumer(repo: MessagingStore, billing: BillingBlocks): Consumer {
  return {
    handlers: {
      'campaigns.campaign.changed.v1': async (e: DomainEvent<'campaigns.campaign.changed.v1'>, tx) => {
        await repo.saveCampaignTemplate(workOf(tx), e.projectId, {
          campaignId: e.data.campaignId,
          templateId: e.data.templateId,
          name: e.data.name,
          version: e.data.version,
        });
        // The cancel's own call (CancelCampaign) drops the queued emails at once; this makes it
        // hold even when that call failed half-way.
        if (e.data.status === 'CANCELLED') await repo.cancelCampaign(e.projectId, e.data.campaignId, workOf(tx));
      },
      'campaigns.campaign.deleted.v1': async (e: DomainEvent<'campaigns.campaign.deleted.v1'>, tx) => {
        await repo.deleteCampaignTemplate(workOf(tx), e.projectId, e.data.campaignId);
        await repo.deleteCampaignContent(workOf(tx), e.projectId, e.data.campaignId);
      },
      'workflows.workflow.changed.v1': async (e: DomainEvent<'workflows.workflow.changed.v1'>, tx) => {
        if (!isUuid(e.data.workflowId)) return;
        // Only the steps that name a template matter here (a template id is a uuid: anything else names none).
        const steps = e.data.steps.flatMap((s) => (s.templateId && isUuid(s.templateId) ? [{ stepId: s.stepId, name: s.name, templateId: s.templateId }] : []));
        await repo.saveWorkflowSteps(workOf(tx), e.projectId, { workflowId: e.data.workflowId, name: e.data.name, version: e.data.version, steps });
      },
      'contacts.contact.deleted.v1': async (e: DomainEvent<'contacts.contact.deleted.v1'>, tx) => {
        if (isUuid(e.data.contactId)) await repo.deleteContactInbound(workOf(tx), e.projectId, e.data.contactId);
      },
      'workflows.workflow.deleted.v1': async (e: DomainEvent<'workflows.workflow.deleted.v1'>, tx) => {
        if (!isUuid(e.data.workflowId)) return;
        await repo.deleteWorkflowSteps(workOf(tx), e.projectId, e.data.workflowId);
      },
      // Billing's blocked categories, which sends check (adapters/billing-blocks.ts).
      'billing.limit.state_changed.v1': (e: DomainEvent<'billing.limit.state_changed.v1'>, tx) => billing.apply(tx, e),
    },
  };
}
