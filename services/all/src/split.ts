import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { planSplit, type SplitProcess } from '../../../libs/runtime/src/split';
import { registry } from './registry';

/**
 * `npm run start:split`: every target as its own process (gRPC between them, RabbitMQ for domain
 * events, Redis for rate limits). `PORT` is the gateway's; every other target gets its own ports
 * and every process the others' addresses (planSplit), so a second copy beside the first needs
 * only another PORT. Output is prefixed with the target; Ctrl-C stops them all. Without
 * INTERNAL_TOKEN (outside production) they share the one generated into their common
 * HERALD_DATA_DIR, as does a target started beside them.
 */
const main = path.join(__dirname, 'main.js');
const children = new Map<string, ChildProcess>();
let stopping = false;

function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const c of children.values()) c.kill('SIGTERM');
  const force = setTimeout(() => {
    for (const c of children.values()) c.kill('SIGKILL');
    process.exit(code || 1);
  }, 15_000);
  force.unref();
  const wait = () => ([...children.values()].every((c) => c.exitCode !== null || c.signalCode !== null) ? process.exit(code) : setTimeout(wait, 50));
  wait();
}

function start(p: SplitProcess) {
  const { target } = p;
  const child = spawn(process.execPath, [main], { env: p.env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.set(target, child);
  const prefix = (data: Buffer) =>
    data
      .toString()
      .split('\n')
      .filter((l) => l.length)
      .map((l) => `[${target}] ${l}\n`)
      .join('');
  child.stdout!.on('data', (d) => process.stdout.write(prefix(d)));
  child.stderr!.on('data', (d) => process.stderr.write(prefix(d)));
  child.on('exit', (code, signal) => {
    if (!stopping) {
      process.stderr.write(`[${target}] exited (${signal ?? code}); stopping the others\n`);
      stopAll(1);
    }
  });
  const grpc = p.grpcPort ? `, gRPC port ${p.grpcPort}` : '';
  process.stdout.write(`[split] ${target} (pid ${child.pid}): HTTP port ${p.httpPort}${grpc}\n`);
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

planSplit(registry, process.env).then(
  (plan) => {
    // Its ports stay reserved until the launcher exits, so a copy started meanwhile takes others.
    process.on('exit', () => plan.release());
    if (!stopping) plan.processes.forEach(start);
  },
  (err: Error) => {
    process.stderr.write(`${err.message}\n`);
    process.exit(2);
  },
);
