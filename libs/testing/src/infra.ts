import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { portFree } from '../../kit/src/ports';

/** The infrastructure tests need; CI starts them (.ci/run), a developer's machine usually has them. */
export const INFRA = {
  postgres: { host: '127.0.0.1', port: 5432, url: process.env.TEST_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres' },
  rabbitmq: { host: '127.0.0.1', port: 5672, url: process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672' },
  redis: { host: '127.0.0.1', port: 6379, url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
};

export function reachable(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

/**
 * A port for a test server, from 20000–32767: below the kernel's ephemeral range (32768+), which
 * outgoing connections (PostgreSQL pools, RabbitMQ, HTTP clients) draw from — a port asked of the
 * kernel with listen(0) can be taken by one of those before the server binds it. Random, checked
 * free on all interfaces, and never handed out twice by this process.
 */
const handedOut = new Set<number>();
const RESERVED_PORTS = path.join(os.tmpdir(), 'herald-test-ports');

/**
 * Reserves a port for this process across the test processes of the machine (jest workers, other
 * runs): a file named after it, holding this pid, created exclusively. A reservation whose process
 * is gone is taken over. Two workers picking the same free port at once would otherwise both
 * hand it out, and one of their targets would fail to listen (EADDRINUSE).
 */
function reserve(port: number): boolean {
  fs.mkdirSync(RESERVED_PORTS, { recursive: true });
  const file = path.join(RESERVED_PORTS, String(port));
  const claim = () => {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return true;
    } catch {
      return false;
    }
  };
  if (claim()) return true;
  if (heldByLiveProcess(file)) return false;
  fs.rmSync(file, { force: true });
  return claim();
}

/** Whether a file holding a pid (a reservation, an owner mark) names a process that still runs. */
export function heldByLiveProcess(file: string): boolean {
  try {
    process.kill(Number(fs.readFileSync(file, 'utf8')), 0);
    return true;
  } catch {
    return false; // no such file, no pid in it, or its process is gone
  }
}
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_768);
    if (handedOut.has(port) || !(await portFree(port, '0.0.0.0')) || !reserve(port)) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error('no free port found in 20000-32767');
}

/**
 * The jest worker's own `process`. Jest gives each test file a copy of it (with its own global and
 * module registry): what is put on the file's `process` is gone at the next file, and the copy's
 * `exit` listeners never run. The main context's `process`, reached through node:vm, is the real
 * one, shared by every file the worker runs.
 */
export const workerProcess: NodeJS.Process = vm.runInThisContext('process');

/** State kept by the jest worker across its test files (on workerProcess, under `name`). */
export function workerState<T>(name: string, init: () => T): T {
  const slots = workerProcess as unknown as Record<symbol, T>;
  return (slots[Symbol.for(name)] ??= init());
}

/** Servers a worker keeps across its test files, closed by stopShared (a run in band would not exit otherwise). */
export const workerClosers = workerState('herald.test.closers', () => new Set<() => unknown>());
