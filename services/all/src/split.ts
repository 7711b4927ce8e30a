import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { registry } from './registry';

/**
 * `npm run start:split`: every target as its own process (gRPC between them, RabbitMQ for domain
 * events, Redis for rate limits). Output is prefixed with the target; Ctrl-C stops them all.
 * Without INTERNAL_TOKEN (outside production) they share the one generated into their common
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

for (const target of registry.names()) {
  const child = spawn(process.execPath, [main], { env: { ...process.env, TARGET: target }, stdio: ['ignore', 'pipe', 'pipe'] });
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
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
