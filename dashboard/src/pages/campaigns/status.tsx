import { Badge } from '../../ui/kit';
import { STATUS_TONE, type Status } from './model';

/** A campaign's status as a coloured badge: Draft, Scheduled, Sending, Sent, Cancelled. */
export function StatusBadge({ status }: { status: Status }) {
  return <Badge tone={STATUS_TONE[status]}>{statusLabel(status)}</Badge>;
}

export const statusLabel = (s: Status) => s.charAt(0) + s.slice(1).toLowerCase();
