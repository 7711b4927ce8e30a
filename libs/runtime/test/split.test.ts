/**
 * Unit test: what `npm run start:split` gives each of its processes (libs/runtime/src/split.ts):
 * PORT is the edge's only, every other service gets its own ports (its defaults while free) and
 * every process the others' addresses; settings that cannot mean one thing for every process are
 * refused; the ports one launcher hands out are not handed out again by another while it lives.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { contracts } from '../../contracts/src';
import { freePort } from '../../testing/src';
import { type AnyService, planSplit, Registry, type SplitPlan } from '../src';

const dirs: string[] = [];
const reservations = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-split-test-'));
  dirs.push(dir);
  return dir;
};
const plans: SplitPlan[] = [];
afterEach(() => plans.splice(0).forEach((p) => p.release()));
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** Listens on a port (nothing else may), until closed. */
function occupy(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve(server));
  });
}

const service = (name: string, more: Partial<AnyService>): AnyService =>
  ({ name, httpPort: 0, deploy: { about: 'a test service.', size: 'small', scaling: 'cpu' }, start: async () => ({}), ...more }) as AnyService;

describe('planSplit', () => {
  // Services whose default ports are free ports of this machine, so that "the default while free" can be seen.
  let registry: Registry;
  let defaults: Record<string, number>;
  beforeAll(async () => {
    defaults = {
      gateway: await freePort(),
      contacts: await freePort(),
      contactsGrpc: await freePort(),
      events: await freePort(),
      eventsGrpc: await freePort(),
    };
    registry = new Registry([
      service('gateway', { placement: 'edge', httpPort: defaults.gateway, calls: { contacts: contracts.contacts } }),
      service('contacts', { httpPort: defaults.contacts, grpc: { contract: contracts.contacts, port: defaults.contactsGrpc } }),
      service('events', { httpPort: defaults.events, grpc: { contract: contracts.events, port: defaults.eventsGrpc } }),
    ]);
  });
  const plan = async (env: NodeJS.ProcessEnv, dir = reservations()) => {
    const p = await planSplit(registry, { NODE_ENV: 'test', ...env }, dir);
    plans.push(p);
    return Object.fromEntries(p.processes.map((x) => [x.target, x]));
  };
  const refusal = (env: NodeJS.ProcessEnv, dir = reservations()) =>
    planSplit(registry, { NODE_ENV: 'test', ...env }, dir).then(
      (p) => (plans.push(p), 'started'),
      (err: Error) => err.message,
    );

  it('gives PORT to the edge only; every other service its default ports while free, and every process their addresses', async () => {
    const port = await freePort();
    const p = await plan({ PORT: String(port), HOST: '0.0.0.0' });
    expect(Object.keys(p).sort()).toEqual(['contacts', 'events', 'gateway']);
    expect(p.gateway.httpPort).toBe(port);
    expect([p.contacts.httpPort, p.contacts.grpcPort, p.events.httpPort, p.events.grpcPort]).toEqual([
      defaults.contacts,
      defaults.contactsGrpc,
      defaults.events,
      defaults.eventsGrpc,
    ]);
    for (const x of Object.values(p)) {
      expect(x.env.TARGET).toBe(x.target);
      expect(x.env.PORT).toBe(String(x.httpPort));
      expect(x.env.GRPC_PORT).toBe(x.grpcPort === undefined ? undefined : String(x.grpcPort));
      expect(x.env.CONTACTS_ADDR).toBe(`127.0.0.1:${defaults.contactsGrpc}`);
      expect(x.env.EVENTS_ADDR).toBe(`127.0.0.1:${defaults.eventsGrpc}`);
      // Links in mail (messaging) point at the edge, whatever process builds them.
      expect(x.env.PUBLIC_URL).toBe(`http://localhost:${port}`);
    }
  });

  it('without PORT the edge keeps its default; <SERVICE>_PORT, <SERVICE>_GRPC_PORT and PUBLIC_URL are honoured', async () => {
    const [http, grpc] = [await freePort(), await freePort()];
    const p = await plan({ CONTACTS_PORT: String(http), CONTACTS_GRPC_PORT: String(grpc), PUBLIC_URL: 'https://mail.example.com' });
    expect(p.gateway.httpPort).toBe(defaults.gateway);
    expect([p.contacts.httpPort, p.contacts.grpcPort]).toEqual([http, grpc]);
    expect(p.events.env.CONTACTS_ADDR).toBe(`127.0.0.1:${grpc}`);
    expect(p.events.env.PUBLIC_URL).toBe('https://mail.example.com');
  });

  it('addresses follow GRPC_HOST when it names one address', async () => {
    const p = await plan({ PORT: String(await freePort()), GRPC_HOST: '127.0.0.2' });
    expect(p.gateway.env.CONTACTS_ADDR).toBe(`127.0.0.2:${p.contacts.grpcPort}`);
  });

  it('a default port that is in use, or reserved by another live launcher, is replaced by a free one', async () => {
    const dir = reservations();
    const server = await occupy(defaults.contacts);
    // Another launcher (a live process: this one's parent) holds events' gRPC port.
    fs.writeFileSync(path.join(dir, String(defaults.eventsGrpc)), `${process.ppid}\n`);
    try {
      const p = await plan({ PORT: String(await freePort()) }, dir);
      expect(p.contacts.httpPort).not.toBe(defaults.contacts);
      expect(p.events.grpcPort).not.toBe(defaults.eventsGrpc);
      expect(p.gateway.env.EVENTS_ADDR).toBe(`127.0.0.1:${p.events.grpcPort}`);
      const ports = Object.values(p).flatMap((x) => [x.httpPort, x.grpcPort].filter(Boolean));
      expect(new Set(ports).size).toBe(ports.length);
    } finally {
      server.close();
    }
  });

  it("reserves the ports it hands out until released; a gone launcher's reservations are taken over", async () => {
    const dir = reservations();
    const first = await plan({ PORT: String(await freePort()) }, dir);
    const held = () =>
      fs
        .readdirSync(dir)
        .filter((f) => Number(fs.readFileSync(path.join(dir, f), 'utf8')) === process.pid)
        .map(Number);
    expect(held().sort()).toEqual(
      [first.gateway.httpPort, first.contacts.httpPort, first.contacts.grpcPort, first.events.httpPort, first.events.grpcPort].sort(),
    );
    // Its launcher killed (the pid in its files dead): the next launcher takes those ports.
    for (const port of held()) fs.writeFileSync(path.join(dir, String(port)), '2147483646\n');
    const second = await plan({ PORT: String(await freePort()) }, dir);
    expect([second.contacts.httpPort, second.events.grpcPort]).toEqual([defaults.contacts, defaults.eventsGrpc]);
    plans.splice(0).forEach((p) => p.release());
    expect(held()).toEqual([]);
  });

  it('refuses, in one message before anything starts, what cannot mean one thing for every process, and ports taken or given twice', async () => {
    const busy = await freePort();
    const server = await occupy(busy);
    const dir = reservations();
    const reservedPort = await freePort();
    fs.writeFileSync(path.join(dir, String(reservedPort)), `${process.ppid}\n`);
    const twice = await freePort();
    try {
      const message = await refusal(
        {
          PORT: String(busy),
          TARGET: 'contacts',
          GRPC_PORT: '50070',
          CONTACTS_ADDR: '10.0.0.1:50061',
          BUS_TRANSPORT: 'memory',
          GATEWAY_PORT: '9999',
          CONTACTS_PORT: 'eighty',
          EVENTS_PORT: String(reservedPort),
          CONTACTS_GRPC_PORT: String(twice),
          EVENTS_GRPC_PORT: String(twice),
          DB_POOL_MAX: 'many',
        },
        dir,
      );
      expect(message).toMatch(/^Cannot start split:\n/);
      expect(message).toContain('TARGET: the split launcher runs every service');
      expect(message).toContain('GRPC_PORT: each service has a gRPC port of its own here; set CONTACTS_GRPC_PORT, EVENTS_GRPC_PORT instead');
      expect(message).toContain('CONTACTS_ADDR: the launcher starts contacts itself');
      expect(message).toContain('BUS_TRANSPORT=memory');
      expect(message).toContain("GATEWAY_PORT: the gateway's port is PORT");
      expect(message).toContain(`PORT: port ${busy} is in use on 0.0.0.0; set PORT to a free port`);
      expect(message).toContain('CONTACTS_PORT: "eighty" is not a port number');
      expect(message).toContain(`EVENTS_PORT: port ${reservedPort} is taken by the Herald of the split launcher with pid ${process.ppid}`);
      expect(message).toContain(`EVENTS_GRPC_PORT: ${twice} is CONTACTS_GRPC_PORT already`);
      expect(message).toContain('DB_POOL_MAX');
      // Nothing stays reserved by a refused launcher (but the other launcher's port).
      expect(fs.readdirSync(dir)).toEqual([String(reservedPort)]);
    } finally {
      server.close();
    }
  });
});
