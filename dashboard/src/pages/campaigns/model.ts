import type { Answer } from '../../api-types';
import { allows, type Status } from '../../../../services/campaigns/src/domain/status';

// The statuses and what each allows are the API's own rule (the campaigns service's domain).
export { active, STATUSES, type Status } from '../../../../services/campaigns/src/domain/status';

/** GET /campaigns/:id: the campaign, with when it is expected out while the warm-up holds some of it. */
type CampaignDetail = Answer<'/campaigns/{id}', 'get'>;
/** A campaign as the API shows it (Plunk's shape); `body` is left out of lists, the expected finish is GET /campaigns/:id's. */
export type Campaign = Omit<CampaignDetail, 'expectedFinishAt' | 'heldBy'> & Partial<Pick<CampaignDetail, 'expectedFinishAt' | 'heldBy'>>;
export type AudienceType = Campaign['audienceType'];

export type CampaignStats = Answer<'/campaigns/{id}/stats', 'get'>;

/** What a campaign's audience shows of a segment. */
export type Segment = Pick<Answer<'/segments/{id}', 'get'>, 'id' | 'name' | 'type' | 'memberCount'>;

/** Whether the campaign's fields can still be replaced (PUT), and whether a cancel applies. */
export const editable = (s: Status) => allows(s, 'edit');
export const cancellable = (s: Status) => allows(s, 'cancel');

export const STATUS_TONE: Record<Status, 'neutral' | 'good' | 'warn' | 'bad' | 'info'> = {
  DRAFT: 'neutral',
  SCHEDULED: 'info',
  SENDING: 'warn',
  SENT: 'good',
  CANCELLED: 'bad',
};

export const AUDIENCE_LABEL: Record<AudienceType, string> = {
  ALL: 'All subscribed contacts',
  SEGMENT: 'A segment',
  FILTERED: 'A filter',
};

/** Mailbox providers as people name them (messaging's names: domain/providers.ts). */
const PROVIDER_LABEL: Record<string, string> = { google: 'Google', microsoft: 'Microsoft', yahoo: 'Yahoo', apple: 'Apple', other: 'Other providers' };
export const providerLabel = (p: string) => PROVIDER_LABEL[p] ?? p;

/** What holds a sending campaign back: "Google 50/hour, Yahoo 50/hour" (empty when nothing does). */
export const heldByLine = (c: Pick<Campaign, 'heldBy'>) =>
  (c.heldBy ?? []).map((h) => `${providerLabel(h.provider)} ${h.cap.toLocaleString()}/hour`).join(', ');

/** A datetime-local value (the browser's time zone) as the ISO instant the API takes; '' stays '' (the API names it). */
export function localToIso(local: string): string {
  if (!local) return '';
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
}

/** An ISO instant as a datetime-local value in the browser's time zone. */
export function isoToLocal(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
