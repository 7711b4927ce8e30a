import crypto from 'node:crypto';

/**
 * Signed, URL-safe tokens for tracking pixels, rewritten links and subscription pages: the payload
 * is readable (base64url JSON) but cannot be changed or forged without the secret. No bare ids.
 */
export interface TokenPayload {
  /** kind: o = open, c = click, s = subscription pages */
  k: 'o' | 'c' | 's';
  p: string;
  e?: string;
  c?: string;
  u?: string;
  /** Subscription pages reached from a campaign's email: the campaign (its unsubscribes are counted). */
  m?: string;
  /** A click token of the hidden trap link (no person can click it). */
  t?: 1;
}

export class TokenSigner {
  constructor(private readonly secret: string) {}

  sign(payload: TokenPayload): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  verify(token: string, kind: TokenPayload['k']): TokenPayload | undefined {
    const parts = String(token).split('.');
    if (parts.length !== 2) return undefined; // exactly `<body>.<mac>`: no extra segments
    const [body, mac] = parts;
    // Checked as base64url first: a decoded URL may hold any characters, of any byte length.
    if (!body || !mac || !/^[A-Za-z0-9_-]{32}$/.test(mac)) return undefined;
    const expected = this.mac(body);
    if (!crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return undefined;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenPayload;
      return payload.k === kind && typeof payload.p === 'string' ? payload : undefined;
    } catch {
      return undefined;
    }
  }

  /** A keyed digest of a text (a client's address and user agent): equal texts match, the text cannot be read back. */
  digest(text: string): string {
    return crypto.createHmac('sha256', `${this.secret}:digest`).update(text).digest('base64url').slice(0, 22);
  }

  private mac(body: string) {
    return crypto.createHmac('sha256', this.secret).update(body).digest('base64url').slice(0, 32);
  }
}
