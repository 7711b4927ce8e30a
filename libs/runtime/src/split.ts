import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isAlive } from '../../db/src/processes';
import { anyFreePort, createPrivateFile, loadConfig, portFree } from '../../kit/src';
import { addressVariable, type Registry } from './registry';

/** `contacts` → `CONTACTS_PORT`: a service's HTTP port under the split launcher (the edge's is `PORT`). */
export const portVariable = (service: string) => `${service.toUpperCase()}_PORT`;
/** `contacts` → `CONTACTS_GRPC_PORT`: a service's gRPC port under the split launcher. */
export const grpcPortVariable = (service: string) => `${service.toUpperCase()}_GRPC_PORT`;

/** One process of `npm run start:split`: its target, where it listens, and its environment. */
export interface SplitProcess {
  target: string;
  httpPort: number;
  grpcPort?: number;
  env: NodeJS.ProcessEnv;
}

export interface SplitPlan {
  processes: SplitProcess[];
  /** Gives the ports back (see PortReservations): when the processes have stopped. */
  release(): void;
}

/**
 * The processes of `npm run start:split`, one per registered service, and what each is given.
 * Every process inherits the launcher's environment, so what names one process's port or address
 * is set per process here:
 * - `PORT` is the edge's (its descriptor's `httpPort` when unset);
 * - every other service listens on `<SERVICE>_PORT` and `<SERVICE>_GRPC_PORT` when set, else on
 *   its descriptor's ports when they are free, else on free ports the system picks, so a second
 *   copy started beside the first needs only its own `PORT`;
 * - every process gets every `<SERVICE>_ADDR` (the gRPC ports chosen here, on `GRPC_HOST`) and,
 *   unless set, `PUBLIC_URL` (the edge's address: links in mail are built by messaging).
 * Settings that cannot mean the same for every process (`GRPC_PORT`, a `<SERVICE>_ADDR`, a TARGET
 * other than `all`, `BUS_TRANSPORT=memory`), a port that is taken or given twice, and any invalid
 * setting of any service are refused here, all in one error, before anything starts.
 * The ports are reserved for this launcher (PortReservations) until `release`.
 */
export async function planSplit(registry: Registry, env: NodeJS.ProcessEnv, reservationsDir = defaultReservationsDir()): Promise<SplitPlan> {
  const problems: string[] = [];
  const edge = registry.services.find((s) => s.placement === 'edge');
  const set = (name: string) => env[name] !== undefined && env[name] !== '';

  if (set('TARGET') && env.TARGET!.trim() !== 'all') {
    problems.push(`TARGET: the split launcher runs every service, each as a process of its own; to run only some, start each with TARGET=<name> npm start`);
  }
  if (set('GRPC_PORT'))
    problems.push(
      `GRPC_PORT: each service has a gRPC port of its own here; set ${registry.services
        .filter((s) => s.grpc)
        .map((s) => grpcPortVariable(s.name))
        .join(', ')} instead`,
    );
  for (const s of registry.services.filter((x) => x.grpc)) {
    if (set(addressVariable(s.name)))
      problems.push(`${addressVariable(s.name)}: the launcher starts ${s.name} itself and gives every process its address; unset it`);
  }
  if (env.BUS_TRANSPORT === 'memory') problems.push('BUS_TRANSPORT=memory: split processes exchange domain events through RabbitMQ; unset it (or set amqp)');
  if (edge && set(portVariable(edge.name))) problems.push(`${portVariable(edge.name)}: the ${edge.name}'s port is PORT`);
  try {
    loadConfig({ ...env, TARGET: 'all' }, registry.slicesOf(registry.services));
  } catch (err) {
    problems.push(
      ...(err as Error).message
        .split('\n')
        .slice(1)
        .map((l) => l.trim()),
    );
  }

  const host = env.HOST || '0.0.0.0';
  const grpcHost = env.GRPC_HOST || '0.0.0.0';
  const taken = new Map<number, string>();
  const reservations = new PortReservations(reservationsDir);
  /** Reserves the port for this launcher if nothing listens on it and no other launcher has it. */
  const free = async (port: number, bindHost: string) => {
    if (taken.has(port) || reservations.take(port) !== true) return false;
    if (await portFree(port, bindHost)) return true;
    reservations.give(port);
    return false;
  };
  /** The port a variable names, which must be free. */
  const claim = async (variable: string, value: string, bindHost: string): Promise<number> => {
    const port = Number(value);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      if (!problems.some((p) => p.startsWith(`${variable}:`))) problems.push(`${variable}: "${value}" is not a port number (1–65535)`);
    } else if (taken.has(port)) {
      problems.push(`${variable}: ${port} is ${taken.get(port)} already`);
    } else {
      const holder = reservations.take(port);
      if (holder !== true)
        problems.push(`${variable}: port ${port} is taken by the Herald of the split launcher with pid ${holder}; set ${variable} to another port`);
      else if (!(await portFree(port, bindHost))) problems.push(`${variable}: port ${port} is in use on ${bindHost}; set ${variable} to a free port`);
    }
    taken.set(port, variable);
    return port;
  };
  /** The port a variable names, else the default when it is free, else any free port. */
  const choose = async (variable: string, fallback: number, bindHost: string): Promise<number> => {
    if (set(variable)) return claim(variable, env[variable]!, bindHost);
    let port = fallback;
    while (!(await free(port, bindHost))) port = await anyFreePort(bindHost, new Set(taken.keys()));
    taken.set(port, variable);
    return port;
  };

  const processes: SplitProcess[] = [];
  // The edge first: its port (PORT, else its default) is the address users have, never moved.
  for (const s of [...registry.services].sort((a, b) => Number(b === edge) - Number(a === edge))) {
    const httpPort =
      s === edge ? await claim('PORT', set('PORT') ? env.PORT! : String(s.httpPort), host) : await choose(portVariable(s.name), s.httpPort, host);
    const grpcPort = s.grpc ? await choose(grpcPortVariable(s.name), s.grpc.port, grpcHost) : undefined;
    processes.push({ target: s.name, httpPort, grpcPort, env: {} });
  }
  if (problems.length) {
    reservations.release();
    throw new Error(`Cannot start split:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }

  const addressHost = ['0.0.0.0', '::', '[::]'].includes(grpcHost) ? '127.0.0.1' : grpcHost.includes(':') ? `[${grpcHost}]` : grpcHost;
  const shared: NodeJS.ProcessEnv = {
    ...env,
    // processes[0] is the edge (sorted first above).
    PUBLIC_URL: env.PUBLIC_URL || `http://localhost:${processes[0].httpPort}`,
  };
  for (const p of processes.filter((x) => x.grpcPort)) shared[addressVariable(p.target)] = `${addressHost}:${p.grpcPort}`;
  for (const p of processes) {
    p.env = { ...shared, TARGET: p.target, PORT: String(p.httpPort) };
    if (p.grpcPort) p.env.GRPC_PORT = String(p.grpcPort);
  }
  return { processes, release: () => reservations.release() };
}

const defaultReservationsDir = () => path.join(os.tmpdir(), `herald-split-ports-${os.userInfo().uid}`);

/**
 * The ports the split launchers of this user on this machine have handed out, one file per port
 * holding the launcher's pid. A launcher's processes bind their ports only once started, seconds
 * later, so a second launcher started meanwhile would find them free and take them too. A file of
 * a launcher that is gone (killed, so it could not remove it) is taken over.
 */
class PortReservations {
  private readonly held = new Set<number>();
  constructor(private readonly dir: string) {}

  /** Reserves the port for this process: true, or the pid of the live launcher holding it. */
  take(port: number): true | number {
    const file = path.join(this.dir, String(port));
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        createPrivateFile(file, `${process.pid}\n`);
        this.held.add(port);
        return true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const holder = Number(fs.readFileSync(file, 'utf8').trim());
      if (holder === process.pid && this.held.has(port)) return true;
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) return holder;
      fs.rmSync(file, { force: true });
    }
    return Number(fs.readFileSync(file, 'utf8').trim());
  }

  /** Gives one port back. */
  give(port: number) {
    if (!this.held.delete(port)) return;
    const file = path.join(this.dir, String(port));
    try {
      if (Number(fs.readFileSync(file, 'utf8').trim()) === process.pid) fs.rmSync(file, { force: true });
    } catch {
      // gone already
    }
  }

  /** Gives every port back. */
  release() {
    for (const port of [...this.held]) this.give(port);
  }
}
