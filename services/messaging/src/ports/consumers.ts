import type { DomainEvent } from '../../../../libs/contracts/src';
import type { Consumer } from '../../../../libs/runtime/src/service';
import type { MessagingStore } from '../app/ports';

/**
 * From the campaigns service's events: the campaigns each template is used by (GET
 * /templates/:id/usage), and a cancelled campaign's emails that no sender holds dropped.
 */
export function messagingConsumer(repo: MessagingStore): Consumer {
  return {
    handlers: {
      'campaigns.campaign.changed.v1': async (e: DomainEvent<'campaigns.campaign.changed.v1'>, tx) => {
        await repo.saveCampaignTemplate(tx, e.projectId, { campaignId: e.data.campaignId, templateId: e.data.templateId, name: e.data.name, version: e.data.version });
        // The cancel's own call (CancelCampaign) drops the queued emails at once; this makes it
        // hold even when that call failed half-way.
        if (e.data.status === 'CANCELLED') await repo.cancelCampaign(e.projectId, e.data.campaignId, tx);
      },
      'campaigns.campaign.deleted.v1': async (e: DomainEvent<'campaigns.campaign.deleted.v1'>, tx) => {
        await repo.deleteCampaignTemplate(tx, e.projectId, e.data.campaignId);
        await repo.deleteCampaignContent(tx, e.projectId, e.data.campaignId);
      },
    },
  };
}
