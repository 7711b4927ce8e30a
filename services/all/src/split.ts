import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { EXIT_PORT_TAKEN } from '../../../libs/kit/src';
import { planSplit, type SplitPlan, type SplitProcess } from '../../../libs/runtime/src/split';
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
/**
 * How many times the processes start. A port is free when planned but bound only once its process
 * has started, seconds later; something else may take it meanwhile (any connection's local port is
 * drawn from the same range). That process exits EXIT_PORT_TAKEN, and every process starts again
 * on a new plan.
 */
const STARTS = 3;
let children = new Map<string, ChildProcess>();
let plan: SplitPlan | undefined;
let starts = 0;
let stopping = false;
let restarting = false;

const exited = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;

function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const c of children.values()) c.kill('SIGTERM');
  const force = setTimeout(() => {
    for (const c of children.values()) c.kill('SIGKILL');
    process.exit(code || 1);
  }, 15_000);
  force.unref();
  const wait = () => ([...children.values()].every(exited) ? process.exit(code) : setTimeout(wait, 50));
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
    if (stopping || restarting) return;
    if (code === EXIT_PORT_TAKEN && starts < STARTS) return void restart(target);
    process.stderr.write(`[${target}] exited (${signal ?? code}); stopping the others\n`);
    stopAll(1);
  });
  const grpc = p.grpcPort ? `, gRPC port ${p.grpcPort}` : '';
  process.stdout.write(`[split] ${target} (pid ${child.pid}): HTTP port ${p.httpPort}${grpc}\n`);
}

async function launch() {
  starts++;
  plan = await planSplit(registry, process.env);
  if (!stopping) plan.processes.forEach(start);
}

async function restart(target: string) {
  restarting = true;
  process.stderr.write(`[split] ${target}: a port it was given was taken before it could bind it; starting every process again\n`);
  const old = [...children.values()];
  for (const c of old) c.kill('SIGTERM');
  await Promise.all(old.map((c) => (exited(c) ? undefined : once(c, 'exit'))));
  plan!.release();
  children = new Map();
  restarting = false;
  if (!stopping) await launch().catch(fail);
}

function fail(err: Error) {
  process.stderr.write(`${err.message}\n`);
  process.exit(2);
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
// Its ports stay reserved until the launcher exits, so a copy started meanwhile takes others.
process.on('exit', () => plan?.release());
launch().catch(fail);
