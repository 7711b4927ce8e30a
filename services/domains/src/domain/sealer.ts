import crypto from 'node:crypto';

const PREFIX = 'enc:v1:';

/**
 * Encrypts DKIM private keys at rest with ENCRYPTION_KEY (AES-256-GCM, a fresh 96-bit IV per
 * value). The ciphertext is bound to its row (project and domain id as associated data), so a
 * value copied to another row does not decrypt. Without a key, values are stored as given;
 * values stored before a key was set stay readable and are sealed when the service starts.
 */
export class KeySealer {
  private constructor(private readonly key?: Buffer) {}

  static fromHex(hex: string | undefined): KeySealer {
    return new KeySealer(hex ? Buffer.from(hex, 'hex') : undefined);
  }

  get enabled(): boolean {
    return this.key !== undefined;
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(PREFIX);
  }

  seal(plain: string, projectId: string, domainId: string): string {
    if (!this.key) return plain;
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(`${projectId}/${domainId}`));
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + [iv, cipher.getAuthTag(), ct].map((b) => b.toString('base64')).join(':');
  }

  /** The plain value; throws when it is sealed and this key cannot open it (none, another, or tampered). */
  open(stored: string, projectId: string, domainId: string): string {
    if (!KeySealer.isSealed(stored)) return stored;
    if (!this.key) throw new Error('DKIM keys are encrypted but ENCRYPTION_KEY is not set');
    try {
      const parts = stored
        .slice(PREFIX.length)
        .split(':')
        .map((s) => Buffer.from(s, 'base64'));
      const [iv, tag, ct] = parts;
      if (parts.length !== 3 || iv.length !== 12 || tag.length !== 16) throw new Error('malformed');
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, iv, { authTagLength: 16 });
      decipher.setAAD(Buffer.from(`${projectId}/${domainId}`));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ct), decipher.final()]).toString('utf8');
    } catch {
      throw new Error('a DKIM key does not decrypt with ENCRYPTION_KEY (another key, a value moved between rows, or a damaged one)');
    }
  }
}
