/**
 * A campaign's statuses and what each allows: the one rule the API enforces (app/campaigns.ts)
 * and the dashboard follows (which buttons a campaign shows), so the two cannot disagree. It
 * imports nothing: the dashboard bundles this file.
 *
 * DRAFT → SCHEDULED → SENDING → SENT; CANCELLED from SCHEDULED or SENDING.
 */
export const STATUSES = ['DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'CANCELLED'] as const;
export type Status = (typeof STATUSES)[number];

/** What a user does to a campaign. */
export type CampaignAction = 'edit' | 'send' | 'cancel' | 'delete';

/** Why an action is refused, as the API answers it (code CAMPAIGN_STATE). */
export interface Refusal {
  message: string;
  suggestion: string;
}

/** Why a campaign in `status` cannot take `action`, or undefined when it can. */
export function refusal(status: Status, action: CampaignAction): Refusal | undefined {
  switch (action) {
    case 'edit': // its fields are replaced only before it starts
      return status === 'DRAFT' || status === 'SCHEDULED'
        ? undefined
        : { message: `The campaign is ${status}: only a DRAFT or SCHEDULED campaign can be edited`, suggestion: 'Duplicate it to send a changed copy.' };
    case 'send': // a DRAFT is sent or scheduled, a SCHEDULED one sent now or scheduled again
      if (status === 'SENDING' || status === 'SENT')
        return { message: `The campaign has been sent already (${status})`, suggestion: 'Duplicate it to send it again.' };
      if (status === 'CANCELLED') return { message: 'The campaign was cancelled', suggestion: 'Duplicate it to send it again.' };
      return undefined;
    case 'cancel':
      return status === 'SCHEDULED' || status === 'SENDING'
        ? undefined
        : {
            message: `The campaign is ${status}: only a SCHEDULED or SENDING campaign can be cancelled`,
            suggestion: status === 'DRAFT' ? 'A draft is not sent until you send it: delete it instead.' : 'Nothing of it is left to send.',
          };
    case 'delete':
      return active(status) ? { message: `The campaign is ${status}`, suggestion: 'Cancel it first (POST /campaigns/:id/cancel).' } : undefined;
  }
}

export const allows = (status: Status, action: CampaignAction) => refusal(status, action) === undefined;

/** While one of these, the campaign changes by itself: its time comes, its fan-out runs. */
export const active = (status: Status) => status === 'SCHEDULED' || status === 'SENDING';
