import fs from 'node:fs';
import path from 'node:path';
import { contracts } from '../../contracts/src';

/**
 * Every gRPC method of every contract that no split topology of this run called (their processes'
 * herald_grpc_call_duration_seconds, noted by Topology.noteRpcCalls into `dir`). Most suites run
 * all-in-one only, where service calls are in-process; this keeps each method crossing a real
 * gRPC hop at least once per run.
 */
export function uncalledRpcs(dir: string): string[] {
  const called = new Set<string>();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    for (const method of JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as string[]) called.add(method);
  }
  return Object.values(contracts)
    .flatMap((c) => Object.keys(c.definition()).map((method) => `${c.fullName}/${method}`))
    .filter((m) => !called.has(m))
    .sort();
}
