import type { Api } from '../../../../libs/contracts/src';
import { ttlMemo } from '../../../../libs/kit/src';
import type { SigningKey as Key, SigningKeys } from '../app/ports';

/**
 * The DKIM key of a (project, domain), asked of the domains service at most every 30 s per process
 * instead of once per email; it also answers "is this sender verified" for /v1/send. A domain that
 * loses its verification stops being accepted and signing within that window. "Not verified" is
 * not kept, so a domain verified a moment ago is usable at once.
 */
export class SigningKeyCache implements SigningKeys {
  private readonly keys = ttlMemo<Key>({ ttlMs: 30_000, keep: (k) => k.found });

  constructor(private readonly domains: () => Api<'domains'>) {}

  get(projectId: string, domain: string): Promise<Key> {
    // Named, not taken from the context: the sender workers call this outside any request.
    return this.keys(`${projectId}:${domain}`, () => this.domains().GetSigningKey({ domain }, { projectId }));
  }
}
