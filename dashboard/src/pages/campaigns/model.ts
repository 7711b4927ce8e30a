import { ApiError } from '../../api';

/** A campaign as the API shows it (Plunk's shape). */
export type Status = 'DRAFT' | 'SCHEDULED' | 'SENDING' | 'SENT' | 'CANCELLED';
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

export const STATUSES: Status[] = ['DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'CANCELLED'];
/** Statuses whose fields can still be replaced (PUT), and those a cancel applies to. */
export const editable = (s: Status) => s === 'DRAFT' || s === 'SCHEDULED';
export const cancellable = (s: Status) => s === 'SCHEDULED' || s === 'SENDING';
/** While one of these, the campaign changes by itself: the page polls it. */
export const active = (s: Status) => s === 'SCHEDULED' || s === 'SENDING';

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

/**
 * The API's error with its problems put where the form shows them: a sender on an unverified
 * domain (a 403 naming no field) next to From, a refused `scheduledFor` (a 400 saying so in its
 * message) next to the date. (`audienceFilter.…` paths go to the condition builder as they are.)
 */
export function placeErrors(err: unknown): unknown {
  if (!(err instanceof ApiError)) return err;
  const errors = [...err.errors];
  if (err.code === 'DOMAIN_NOT_VERIFIED' && !errors.some((e) => e.field === 'from')) errors.push({ field: 'from', message: err.message });
  if (err.status === 400 && /^scheduledFor /.test(err.message) && errors.length === 0)
    errors.push({ field: 'scheduledFor', message: err.message.replace(/^scheduledFor /, '') });
  return new ApiError(err.status, err.code, err.message, err.suggestion, errors, err.requestId);
}

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
