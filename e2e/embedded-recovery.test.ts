import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isAlive, readPostmasterPid } from '../libs/db/src/processes';
import { Api, freePort } from '../libs/testing/src';
import { firstRunKeys, gone, killLeftovers, launch, type Launched, stopLeftPostgres, waitReady } from './support/launch';

/**
 * All-in-one on its embedded PostgreSQL recovers from a hard stop by itself: PostgreSQL does not
 * outlive a killed Herald for long (its watchdog stops it), a PostgreSQL left running anyway (the
 * watchdog killed too) is stopped by the next start, nothing committed before the kill is lost,
 * and a second Herald is refused a data directory whose Herald runs.
 */
interface Herald {
  url: string;
  run: Launched;
  /** From its "embedded PostgreSQL started" log line. */
  postgresPid: number;
  watchdogPid: number;
}

describe('all-in-one after a hard stop', () => {
  const dirs: string[] = [];
  const runs: Launched[] = [];
  const watchdogs: number[] = [];

  afterAll(async () => {
    killLeftovers([...runs.map((r) => r.child.pid), ...watchdogs]);
    for (const dir of dirs) {
      await stopLeftPostgres(dir);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-recovery-'));
    dirs.push(dir);
    return dir;
  };

  async function start(dir: string, port: number, opts: { ownGroup?: boolean } = {}): Promise<Herald> {
    const url = `http://127.0.0.1:${port}`;
    const run = launch('main', { PORT: String(port), HERALD_DATA_DIR: dir, LOG_LEVEL: 'info' }, opts);
    runs.push(run);
    await waitReady(url, run);
    const line = run
      .output()
      .split('\n')
      .find((l) => l.includes('"embedded PostgreSQL started"'));
    const started = JSON.parse(line ?? '{}');
    expect(started.postgresPid).toBe(readPostmasterPid(path.join(dir, 'pg'))?.pid);
    watchdogs.push(started.watchdogPid);
    expect(isAlive(started.watchdogPid)).toBe(true);
    return { url, run, postgresPid: started.postgresPid, watchdogPid: started.watchdogPid };
  }

  /** Writes through the API: a tracked event (its contact) and a contact with data. */
  async function write(h: Herald, dir: string) {
    const keys = firstRunKeys(dir);
    expect((await new Api(h.url, keys.public).post('/v1/track', { event: 'signed-up', email: 'tracked@example.com', data: { plan: 'pro' } })).status).toBe(200);
    expect((await new Api(h.url, keys.secret).post('/contacts', { email: 'created@example.com', data: { tier: 'gold' } })).status).toBe(201);
  }

  async function expectWritten(h: Herald, dir: string) {
    const list = await new Api(h.url, firstRunKeys(dir).secret).get('/contacts');
    expect(list.status).toBe(200);
    const byEmail = Object.fromEntries(list.body.data.map((c: any) => [c.email, c.data]));
    expect(byEmail).toEqual({ 'tracked@example.com': { plan: 'pro' }, 'created@example.com': { tier: 'gold' } });
  }

  async function kill(h: Herald) {
    h.run.child.kill('SIGKILL');
    await h.run.exited;
  }

  /** SIGTERM or SIGINT (Ctrl-C): exits 0, and leaves no PostgreSQL, watchdog or pid file behind. */
  async function stop(h: Herald, dir: string, signal: NodeJS.Signals = 'SIGTERM') {
    h.run.child.kill(signal);
    expect(await h.run.exited).toBe(0);
    expect(isAlive(h.postgresPid)).toBe(false);
    expect(await gone(h.watchdogPid, 5000)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'herald.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'pg', 'postmaster.pid'))).toBe(false);
  }

  it("Ctrl-C on a terminal (SIGINT to Herald's process group): PostgreSQL, in a group of its own, is stopped by Herald last, after the drain", async () => {
    const dir = dataDir();
    const h = await start(dir, await freePort(), { ownGroup: true });
    await write(h, dir);
    const groupOf = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[2]);
    expect(groupOf(h.run.child.pid!)).toBe(h.run.child.pid);
    expect(groupOf(h.postgresPid)).not.toBe(h.run.child.pid);
    process.kill(-h.run.child.pid!, 'SIGINT');
    expect(await h.run.exited).toBe(0);
    // In Herald's group, PostgreSQL took the SIGINT too and cut Herald's connections mid-drain.
    expect(h.run.output()).not.toContain('terminating connection due to administrator command');
    expect(isAlive(h.postgresPid)).toBe(false);
    expect(await gone(h.watchdogPid, 5000)).toBe(true);
  }, 120_000);

  it('SIGKILL: its watchdog stops PostgreSQL soon after; the next start is ready with every write', async () => {
    const dir = dataDir();
    const port = await freePort();
    const first = await start(dir, port);
    expect(fs.readFileSync(path.join(dir, 'herald.pid'), 'utf8').split('\n')[0]).toBe(String(first.run.child.pid));
    await write(first, dir);

    await kill(first);
    expect(await gone(first.postgresPid, 60_000)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(await gone(first.watchdogPid, 5000)).toBe(true);
    // The watchdog says so on the output it shares with Herald.
    expect(first.run.output()).toContain('Herald has stopped without stopping its embedded PostgreSQL');

    const second = await start(dir, port);
    expect(second.run.output()).not.toContain('left running');
    await expectWritten(second, dir);
    await stop(second, dir);
  }, 240_000);

  it('Herald and its watchdog both SIGKILLed: the next start stops the PostgreSQL they left and starts normally', async () => {
    const dir = dataDir();
    const port = await freePort();
    const first = await start(dir, port);
    await write(first, dir);

    process.kill(first.watchdogPid, 'SIGKILL');
    expect(await gone(first.watchdogPid, 5000)).toBe(true);
    await kill(first);
    // Nothing stops it now: it is still running, holding the data directory.
    expect(isAlive(first.postgresPid)).toBe(true);
    expect(readPostmasterPid(path.join(dir, 'pg'))?.pid).toBe(first.postgresPid);

    const second = await start(dir, port);
    expect(second.run.output()).toContain('stopping the embedded PostgreSQL a stopped Herald left running on this data directory');
    expect(isAlive(first.postgresPid)).toBe(false);
    expect(second.postgresPid).not.toBe(first.postgresPid);
    await expectWritten(second, dir);
    await stop(second, dir);
  }, 240_000);

  it('a second Herald on a data directory whose Herald runs is refused, naming it, and the first runs on undisturbed', async () => {
    const dir = dataDir();
    const first = await start(dir, await freePort());
    await write(first, dir);
    const pgPort = fs.readFileSync(path.join(dir, 'pg-port'), 'utf8');

    const intruder = launch('main', { PORT: String(await freePort()), HERALD_DATA_DIR: dir, LOG_LEVEL: 'info' });
    runs.push(intruder);
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toContain(`another Herald (pid ${first.run.child.pid}) is running on the data directory ${dir}`);
    expect(fs.readFileSync(path.join(dir, 'herald.pid'), 'utf8').split('\n')[0]).toBe(String(first.run.child.pid));
    // Without its pid file (deleted by hand), the running Herald is still known: its PostgreSQL's parent.
    fs.rmSync(path.join(dir, 'herald.pid'));
    const again = launch('main', { PORT: String(await freePort()), HERALD_DATA_DIR: dir, LOG_LEVEL: 'info' });
    runs.push(again);
    expect(await again.exited).toBe(1);
    expect(again.output()).toContain(`another Herald (pid ${first.run.child.pid}) is running on the data directory ${dir}`);

    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    expect(readPostmasterPid(path.join(dir, 'pg'))?.pid).toBe(first.postgresPid);
    expect(fs.existsSync(path.join(dir, 'herald.pid'))).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'pg-port'), 'utf8')).toBe(pgPort);
    expect(isAlive(first.watchdogPid)).toBe(true);
    await expectWritten(first, dir);
    await stop(first, dir, 'SIGINT');
  }, 240_000);
});
