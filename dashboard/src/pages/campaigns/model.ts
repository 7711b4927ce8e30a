import { allows, type Status } from '../../../../services/campaigns/src/domain/status';

// The statuses and what each allows are the API's own rule (the campaigns service's domain).
export { active, STATUSES, type Status } from '../../../../services/campaigns/src/domain/status';

/** A campaign as the API shows it (Plunk's shape). */
export type AudienceType = 'ALL' | 'SEGMENT' | 'FILTERED';

export interface Campaign {
  id: string;
  name: string;
  description: string | null;
  subject: string;
  body: string;
  from: string;
  fromName: string | null;
  replyTo: string | null;
  templateId: string | null;
  audienceType: AudienceType;
  segmentId: string | null;
  audienceFilter: Record<string, unknown> | null;
  status: Status;
  scheduledAt: string | null;
  startedAt: string | null;
  sentAt: string | null;
  cancelledAt: string | null;
  statusReason: string | null;
  totalRecipients: number;
  sentCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface CampaignStats {
  totalRecipients: number;
  sentCount: number;
  deliveredCount: number;
  openedCount: number;
  clickedCount: number;
  bouncedCount: number;
  complainedCount: number;
  unsubscribedCount: number;
  repliedCount: number;
  openRate: number;
  clickRate: number;
  bounceRate: number;
  deliveryRate: number;
}

export interface Segment {
  id: string;
  name: string;
  type: string;
  memberCount: number;
}

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
