import crypto from 'node:crypto';
import { promisify } from 'node:util';

const generateKeyPair = promisify(crypto.generateKeyPair);

export interface DkimKey {
  selector: string;
  /** Base64 of the DER SubjectPublicKeyInfo: the `p=` of the DKIM record. */
  publicKey: string;
  /** PKCS#8 PEM, what DKIM signers (nodemailer) take. */
  privateKeyPem: string;
}

/**
 * A fresh RSA-2048 key and a selector unique to this domain of this project (`herald` + 8 hex), so
 * re-adding a domain or adding it to a second project never collides with a published key.
 */
export async function newDkimKey(): Promise<DkimKey> {
  const { publicKey, privateKey } = await generateKeyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    selector: `herald${crypto.randomBytes(4).toString('hex')}`,
    publicKey: (publicKey as unknown as Buffer).toString('base64'),
    privateKeyPem: privateKey as unknown as string,
  };
}
