import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { readPostmasterPid } from '../libs/db/src/processes';
import { Api, freePort } from '../libs/testing/src';
import { firstRunKeys, killLeftovers, launch, type Launched, stopLeftPostgres, waitReady } from './support/launch';

/**
 * Two all-in-ones on one machine, each given only its own PORT and HERALD_DATA_DIR (never
 * EMBEDDED_PG_PORT): each data directory's embedded PostgreSQL gets a port of its own (54329 if
 * free, else a free one), remembered in `<dataDir>/pg-port` and reused; a remembered port another
 * program has taken meanwhile is replaced.
 */
interface Instance {
  port: number;
  dataDir: string;
  run?: Launched;
}

const pgPortOf = (i: Instance) => Number(fs.readFileSync(path.join(i.dataDir, 'pg-port'), 'utf8'));

describe('two all-in-ones side by side', () => {
  const instances: Instance[] = [];
  const started: Launched[] = [];
  const start = (i: Instance) => {
    i.run = launch('main', { PORT: String(i.port), HERALD_DATA_DIR: i.dataDir, LOG_LEVEL: 'info' });
    started.push(i.run);
    return i.run;
  };
  const stop = async (i: Instance) => {
    i.run!.child.kill('SIGTERM');
    expect(await i.run!.exited).toBe(0);
  };

  afterAll(async () => {
    killLeftovers(started.map((r) => r.child.pid));
    for (const i of instances) {
      await stopLeftPostgres(i.dataDir);
      fs.rmSync(i.dataDir, { recursive: true, force: true });
    }
  });

  it('need only PORT and HERALD_DATA_DIR: each embedded PostgreSQL gets a port of its own, kept across restarts, moved when taken', async () => {
    for (let n = 0; n < 2; n++) instances.push({ port: await freePort(), dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'herald-side-')) });
    const [a, b] = instances;
    // Started at the same moment: both may choose the same free port first.
    start(a);
    start(b);
    await waitReady(`http://127.0.0.1:${a.port}`, a.run!);
    await waitReady(`http://127.0.0.1:${b.port}`, b.run!);

    expect(pgPortOf(a)).not.toBe(pgPortOf(b));
    for (const i of [a, b]) {
      expect(readPostmasterPid(path.join(i.dataDir, 'pg'))?.port).toBe(pgPortOf(i));
      const keys = firstRunKeys(i.dataDir);
      const tracked = await new Api(`http://127.0.0.1:${i.port}`, keys.public).post('/v1/track', { event: 'signed-up', email: 'side@example.com' });
      expect(tracked.status).toBe(200);
    }

    // A restart reuses the remembered port.
    const remembered = pgPortOf(b);
    await stop(b);
    start(b);
    await waitReady(`http://127.0.0.1:${b.port}`, b.run!);
    expect(pgPortOf(b)).toBe(remembered);
    await stop(b);

    // Another program on it meanwhile: the next start moves to a free port and remembers that.
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(remembered, '127.0.0.1', () => resolve()));
    try {
      start(b);
      await waitReady(`http://127.0.0.1:${b.port}`, b.run!);
      expect(pgPortOf(b)).not.toBe(remembered);
      expect(pgPortOf(b)).not.toBe(pgPortOf(a));
      expect(readPostmasterPid(path.join(b.dataDir, 'pg'))?.port).toBe(pgPortOf(b));
      const list = await new Api(`http://127.0.0.1:${b.port}`, firstRunKeys(b.dataDir).secret).get('/contacts');
      expect(list.body.data.map((c: any) => c.email)).toEqual(['side@example.com']);
    } finally {
      squatter.close();
    }
    await stop(b);
    await stop(a);
  }, 240_000);
});
