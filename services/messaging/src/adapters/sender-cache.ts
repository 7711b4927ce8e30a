import type { DomainsApi } from '../../../../libs/contracts/src';

const TTL_MS = 30_000;
const MAX = 10_000;

type Key = Awaited<ReturnType<DomainsApi['GetSigningKey']>>;

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
    const key = this.domains().GetSigningKey({ project_id: projectId, domain });
    this.entries.set(id, { at: Date.now(), key });
    key.catch(() => this.entries.delete(id));
    return key;
  }
}
