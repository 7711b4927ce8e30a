import { afterAll } from '@jest/globals';

// After each test file's last test: a topology it started and did not stop (a beforeAll that
// failed after starting one) is stopped, instead of running on beside the files after it. The
// topologies register on the file's global (libs/testing/src/topology.ts), so a file that starts
// none loads nothing here.
afterAll(async () => {
  const unstopped: Set<{ stop(): Promise<void> }> | undefined = (globalThis as Record<string, any>).__heraldUnstoppedTopologies;
  await Promise.all([...(unstopped ?? [])].map((t) => t.stop()));
}, 60_000);
