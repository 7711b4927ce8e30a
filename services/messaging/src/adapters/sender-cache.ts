import { createPrivateKey, KeyObject } from 'node:crypto';
import type { DomainsApi } from '../../../../libs/contracts/src';

const TTL_MS = 30_000;
const MAX = 10_000;

/** The domains service's answer, with the private key parsed once (signing with a PEM string re-parses it every time). */
export type SigningKey = Awaited<ReturnType<DomainsApi['GetSigningKey']>> & { privateKey?: KeyObject };
type Key = SigningKey;

/**
 * The DKIM key of a (project, domain), asked of the domains service at most every 30 s per sender
 * process instead of once per email. A domain that loses its verification stops signing within
 * that window.
 */
export class SigningKeys {
  private entries = new Map<string, { at: number; key: Promise<Key> }>();

  constructor(private readonly domains: () => DomainsApi) {}

  get(projectId: string, domain: string): Promise<Key> {
    const id = `${projectId}:${domain}`;
    const hit = this.entries.get(id);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.key;
    if (this.entries.size >= MAX) this.entries.clear();
    const key = this.domains()
      .GetSigningKey({ project_id: projectId, domain })
      .then((k): Key => (k.found ? { ...k, privateKey: createPrivateKey(k.private_key_pem) } : k));
    this.entries.set(id, { at: Date.now(), key });
    key.catch(() => this.entries.delete(id));
    return key;
  }
}
