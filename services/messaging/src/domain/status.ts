/** An email's status never moves down this order (failed sits apart: it ends delivery). */
export const STATUS_RANK = {
  queued: 0,
  sending: 1,
  failed: 2,
  sent: 3,
  delivered: 4,
  opened: 5,
  clicked: 6,
  bounced: 7,
  complained: 8,
} as const;

export type EmailStatus = keyof typeof STATUS_RANK;

/** Public events a status change records on the contact (queued/sending are internal). */
export const PUBLIC_EVENT: Partial<Record<EmailStatus, string>> = {
  sent: 'email.sent',
  delivered: 'email.delivered',
  opened: 'email.opened',
  clicked: 'email.clicked',
  bounced: 'email.bounced',
  complained: 'email.complained',
  failed: 'email.failed',
};
