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
