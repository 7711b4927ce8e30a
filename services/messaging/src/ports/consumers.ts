import type { DomainEvent } from '../../../../libs/contracts/src';
import type { Consumer } from '../../../../libs/runtime/src/service';
import type { MessagingStore } from '../app/ports';

/** The campaigns each template is used by (GET /templates/:id/usage), kept from the campaigns service's events. */
export function messagingConsumer(repo: MessagingStore): Consumer {
  return {
    handlers: {
      'campaigns.campaign.changed.v1': async (e: DomainEvent<'campaigns.campaign.changed.v1'>, tx) => {
        await repo.saveCampaignTemplate(tx, e.projectId, { campaignId: e.data.campaignId, templateId: e.data.templateId, name: e.data.name, version: e.data.version });
      },
      'campaigns.campaign.deleted.v1': async (e: DomainEvent<'campaigns.campaign.deleted.v1'>, tx) => {
        await repo.deleteCampaignTemplate(tx, e.projectId, e.data.campaignId);
      },
    },
  };
}
