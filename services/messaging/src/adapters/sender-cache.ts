import type { Api } from '../../../../libs/contracts/src';
import type { SigningKey as Key, SigningKeys } from '../app/ports';

const TTL_MS = 30_000;
const MAX = 10_000;

/**
 * The DKIM key of a (project, domain), asked of the domains service at most every 30 s per process
 * instead of once per email; it also answers "is this sender verified" for /v1/send. A domain that
 * loses its verification stops being accepted and signing within that window. "Not verified" is
 * not kept, so a domain verified a moment ago is usable at once.
 */
export class SigningKeyCache implements SigningKeys {
  private entries = new Map<string, { at: number; key: Promise<Key> }>();

  constructor(private readonly domains: () => Api<'domains'>) {}

  get(projectId: string, domain: string): Promise<Key> {
    const id = `${projectId}:${domain}`;
    const hit = this.entries.get(id);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.key;
    if (this.entries.size >= MAX) this.entries.clear();
    // Named, not taken from the context: the sender workers call this outside any request.
    const key = this.domains().GetSigningKey({ domain }, { projectId });
    const entry = { at: Date.now(), key };
    this.entries.set(id, entry);
    const forget = () => this.entries.get(id) === entry && this.entries.delete(id);
    key.then((k) => k.found || forget(), forget);
    return key;
  }
}
