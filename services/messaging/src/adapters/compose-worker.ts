import { createHash, createPrivateKey, KeyObject } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Outgoing } from '../app/ports';
import { textOf } from '../domain/mail-format';

/** What a sender asks a composer for: the message, and the DKIM key to sign it with (as PEM). */
export type ComposeTask = Pick<Outgoing, 'mail' | 'dkim' | 'textFrom'>;

// nodemailer builds the MIME message and DKIM-signs it exactly as its SMTP transport would; the
// stream transport hands back the bytes instead of sending them.
const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/** Parsed keys by PEM hash: signing with a PEM string would parse it again for every message. */
const keys = new Map<string, KeyObject>();
function keyOf(pem: string): KeyObject {
  const id = createHash('sha256').update(pem).digest('hex');
  let key = keys.get(id);
  if (!key) {
    if (keys.size >= 1000) keys.clear();
    key = createPrivateKey(pem);
    keys.set(id, key);
  }
  return key;
}

/**
 * The full message, DKIM-signed: MIME building and RSA signing are the CPU-heavy part of sending,
 * so they run here — in a worker thread of the sender's pool (see mailer.ts), or inline.
 */
export async function compose(task: ComposeTask): Promise<Buffer> {
  const dkim = task.dkim
    ? {
        domainName: task.dkim.domainName,
        keySelector: task.dkim.keySelector,
        headerFieldNames: task.dkim.headerFieldNames,
        // crypto's Sign.sign takes a KeyObject as well as the PEM string nodemailer's types name.
        privateKey: keyOf(task.dkim.privateKeyPem) as unknown as string,
      }
    : undefined;
  // multipart/alternative: the text part first, the HTML last (RFC 2046: the preferred one last).
  const text = task.mail.text ?? (task.textFrom !== undefined ? textOf(task.textFrom) : undefined);
  const info = await builder.sendMail({ ...task.mail, text, dkim });
  return info.message as Buffer;
}

export default compose;
