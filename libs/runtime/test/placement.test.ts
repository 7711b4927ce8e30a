/**
 * A service without a gRPC API (a scheduler, a worker) is placed like any other service: on the
 * services thread of all-in-one, and in split a process of its own, on its own HTTP port and
 * without a gRPC server. Started in process against real PostgreSQL.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { contracts } from '../../contracts/src';
import { freePort, scratchDatabase, type ScratchDatabase } from '../../testing/src';
import { configFor, defineService, Registry, Runtime, type AnyService } from '../src';

function fixture(httpPort: number, edgePort = 8080) {
  const ticks: number[] = [];
  const worker = defineService({
    name: 'worker',
    httpPort,
    deploy: { about: 'a test service.', size: 'small', scaling: 'cpu' },
    schema: { migrations: [{ id: '001_ticks', sql: 'CREATE TABLE worker.ticks (n int)' }] },
    async start(ctx) {
      return {
        timers: [
          {
            name: 'worker.tick',
            everyMs: 20,
            firstAfterMs: 0,
            run: async () => ticks.push(ticks.length) && ctx.db.query('INSERT INTO worker.ticks VALUES (1)'),
          },
        ],
      };
    },
  });
  const contacts: AnyService = defineService({
    name: 'contacts',
    httpPort: httpPort + 1,
    deploy: { about: 'a test service.', size: 'small', scaling: 'cpu' },
    grpc: { contract: contracts.contacts, port: 50061 },
    start: async () => ({ grpc: {} as never }),
  });
  const edge: AnyService = defineService({
    name: 'edge',
    httpPort: edgePort,
    deploy: { about: 'a test service.', size: 'small', scaling: 'cpu' },
    placement: 'edge',
    start: async () => ({}),
  });
  return { ticks, registry: new Registry([worker, contacts, edge]) };
}

describe('a service without a gRPC API', () => {
  let scratch: ScratchDatabase;
  let runtime: Runtime | undefined;
  afterAll(async () => {
    await runtime?.stop();
    await scratch?.drop();
  });

  it('runs on the services thread in all-in-one, not beside the edge', () => {
    const { registry } = fixture(8090);
    expect(registry.select(['all'], 'services').map((s) => s.name)).toEqual(['contacts', 'worker']);
    expect(registry.select(['all'], 'edge').map((s) => s.name)).toEqual(['edge']);
  });

  it('a process running the edge beside another service serves HTTP on the edge’s port, whatever the start order', async () => {
    scratch ??= await scratchDatabase({ poolMax: 2 });
    const [workerPort, edgePort] = [await freePort(), await freePort()];
    const { registry } = fixture(workerPort, edgePort);
    expect(registry.select(['edge', 'worker']).map((s) => s.name)).toEqual(['edge', 'worker']);
    expect(registry.select(['worker', 'edge']).map((s) => s.name)).toEqual(['worker', 'edge']);
    runtime = new Runtime(
      configFor(registry, { TARGET: 'worker,edge', DATABASE_URL: scratch.url, BUS_TRANSPORT: 'memory', RATE_LIMIT_STORE: 'memory', HOST: '127.0.0.1' }),
      registry,
    );
    await runtime.start();
    expect(runtime.httpPort).toBe(edgePort);
    await runtime.stop();
    runtime = undefined;
  });

  it('in split, is a process on its own HTTP port with no gRPC server, and runs its timers', async () => {
    scratch ??= await scratchDatabase({ poolMax: 2 });
    const port = await freePort();
    const { ticks, registry } = fixture(port);
    runtime = new Runtime(
      configFor(registry, { TARGET: 'worker', DATABASE_URL: scratch.url, BUS_TRANSPORT: 'memory', RATE_LIMIT_STORE: 'memory', HOST: '127.0.0.1' }),
      registry,
    );
    await runtime.start();
    expect(runtime.httpPort).toBe(port);
    expect(runtime.grpcPort).toBe(0);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.json());
    expect(ready).toEqual({ status: 'ready', checks: { worker: true, bus: true } });
    await new Promise((r) => setTimeout(r, 300));
    expect(ticks.length).toBeGreaterThan(2);
    await runtime.stop();
    runtime = undefined;
    const stoppedAt = ticks.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(ticks.length).toBe(stoppedAt);
    expect(Number((await scratch.db.query('SELECT count(*) AS n FROM worker.ticks'))[0].n)).toBe(stoppedAt);
  });
});
