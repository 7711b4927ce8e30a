import fs from 'node:fs';
import type { Config } from '@jest/types';
import { sweep } from './global-setup';
import { uncalledRpcs } from './rpc-coverage';
import { RPC_CALLS_VARIABLE, stopShared } from './topology';

/**
 * Jest global teardown: what the workers left running (their shared topologies, killed when a
 * worker exits, or a topology of a worker that was killed) is cleaned up, databases and queues
 * too. Then, after a run of the whole suite, every gRPC method must have been called across
 * processes by some split topology (rpc-coverage.ts): the names of those that were not are printed
 * and go to HERALD_TEST_RPC_REPORT when set (.ci/run counts them as failures), and the run exits
 * non-zero. (Not thrown: jest would then write no report of the tests.)
 */
export default async function globalTeardown(config: Config.GlobalConfig) {
  await stopShared();
  await sweep();
  const dir = process.env[RPC_CALLS_VARIABLE];
  if (!dir) return;
  const whole = !config.testPathPatterns.isSet() && !config.testNamePattern && !config.onlyChanged && !config.shard;
  const missing = whole ? uncalledRpcs(dir) : [];
  fs.rmSync(dir, { recursive: true, force: true });
  if (process.env.HERALD_TEST_RPC_REPORT) fs.writeFileSync(process.env.HERALD_TEST_RPC_REPORT, missing.map((m) => `${m}\n`).join(''));
  if (missing.length) {
    console.error(
      `\nFAILED: no split topology called ${missing.length} gRPC method(s) across processes in this run: ${missing.join(', ')}. Cover them in a suite that runs split.\n`,
    );
    process.once('exit', () => (process.exitCode = 1));
  }
}
