/**
 * Which failed deliveries are worth retrying: a rule over what an SMTP send fails with (its reply
 * code, or the network error's code, as nodemailer reports them).
 */

/** SMTP reply codes 4xx, 503 and network trouble are worth retrying; other 5xx are final. */
export function isTemporary(err: unknown): boolean {
  const e = err as { responseCode?: number; code?: string };
  // nodemailer's rule (its errors.isPermanentResponseCode, not exported): a 5yz reply is final,
  // except 503 (bad sequence of commands), which is about the session's state, not the message.
  if (typeof e.responseCode === 'number') return !(e.responseCode >= 500 && e.responseCode < 600 && e.responseCode !== 503);
  return ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'ECONNREFUSED', 'ECONNRESET', 'EDNS', 'EPIPE'].includes(e.code ?? '') || !e.code;
}

/**
 * A hard bounce at handoff: the receiving server refused the recipient (550/551/553, or an enhanced
 * status 5.1.x — no such mailbox, bad address), as opposed to refusing the message or the sender.
 */
export function isRecipientRefusal(err: unknown): boolean {
  const e = err as { responseCode?: number; response?: string; message?: string };
  if (typeof e.responseCode !== 'number' || e.responseCode < 500 || e.responseCode >= 600) return false;
  return [550, 551, 553].includes(e.responseCode) || /\b5\.1\.\d{1,3}\b/.test(e.response ?? e.message ?? '');
}
