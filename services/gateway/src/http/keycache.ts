import type Redis from 'ioredis';
import { logger } from '../../../../libs/kit/src';

interface Entry {
  projectId: string;
  scope: 'public' | 'secret';
  disabled: boolean;
  disabledReason: string | null;
  tracking: string;
  at: number;
}

const TTL_MS = 60_000;
const MAX = 50_000;

/**
 * Resolved API keys, cached by key hash. Rotating keys or disabling a project invalidates the
 * project's entries at once — in this process, and through Redis pub/sub in every other gateway.
 */
export class KeyCache {
  private entries = new Map<string, Entry>();

  constructor(
    private readonly pub?: Redis,
    private readonly sub?: Redis,
    private readonly channel = 'herald:keys',
  ) {}

  async start() {
    if (!this.sub) return;
    this.sub.on('message', (_ch, projectId) => this.drop(projectId));
    await this.sub.subscribe(this.channel);
  }

  get(hash: string): Entry | undefined {
    const e = this.entries.get(hash);
    if (e && Date.now() - e.at < TTL_MS) return e;
    if (e) this.entries.delete(hash);
    return undefined;
  }

  set(hash: string, e: Omit<Entry, 'at'>) {
    if (this.entries.size >= MAX) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { ...e, at: Date.now() });
  }

  private drop(projectId: string) {
    for (const [k, v] of this.entries) if (v.projectId === projectId) this.entries.delete(k);
  }

  async invalidate(projectId: string) {
    this.drop(projectId);
    await this.pub?.publish(this.channel, projectId).catch((err) => logger.warn({ err: err.message }, 'key cache invalidation not published'));
  }
}
