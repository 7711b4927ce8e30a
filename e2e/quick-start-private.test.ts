import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isAlive, readPostmasterPid } from '../libs/db/src/processes';
import { SYSTEM_DIR } from '../libs/db/src/postgres-server';
import { Api, freePort } from '../libs/testing/src';
import { firstRunKeys, gone, killLeftovers, type Launched, stopLeftPostgres, waitReady } from './support/launch';

/**
 * The README's quick start from a checkout inside a private (0700) directory, as a home directory
 * is: `npm start` in a copy of this repository. As root, PostgreSQL runs as the `postgres` user,
 * which cannot reach that directory: Herald places the binaries and the cluster where it can
 * (libs/db/src/postgres-server.ts). As an ordinary user it runs in place. Either way: first-run
 * file, a track, a clean stop (a terminal's Ctrl-C), a restart that keeps the data, and no rebuild
 * of an up-to-date build.
 */
const ROOT = path.resolve(__dirname, '..');
const asRoot = process.getuid?.() === 0;

/** A copy of the repository (its files as they are in the work tree, the build, the installed dependencies) in a fresh 0700 directory. */
function copyRepository(): { home: string; checkout: string } {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-home-'));
  expect(fs.statSync(home).mode & 0o777).toBe(0o700);
  const checkout = path.join(home, 'herald');
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' });
  for (const rel of listed.split('\0').filter(Boolean)) {
    if (!fs.existsSync(path.join(ROOT, rel))) continue; // deleted in the work tree
    fs.mkdirSync(path.dirname(path.join(checkout, rel)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, rel), path.join(checkout, rel));
  }
  execFileSync('cp', ['-a', path.join(ROOT, 'dist'), path.join(checkout, 'dist')]);
  // The dependencies as `npm ci` left them, hard-linked (nothing in them is written to).
  for (const dir of ['node_modules', 'dashboard/node_modules']) {
    if (fs.existsSync(path.join(ROOT, dir))) execFileSync('cp', ['-al', path.join(ROOT, dir), path.join(checkout, dir)]);
  }
  return { home, checkout };
}

/** `npm start` in the checkout, leading a process group of its own as a terminal's job does. */
function npmStart(checkout: string, env: NodeJS.ProcessEnv, user?: { uid: number; gid: number }): Launched {
  const child = spawn('npm', ['start'], {
    cwd: checkout,
    env: { PATH: process.env.PATH, HOME: path.dirname(checkout), LOG_LEVEL: 'info', NPM_CONFIG_UPDATE_NOTIFIER: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    ...(user ?? {}),
  });
  const out: string[] = [];
  child.stdout!.on('data', (d) => out.push(d.toString()));
  child.stderr!.on('data', (d) => out.push(d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, out, exited, output: () => out.join('') };
}

/**
 * A terminal's Ctrl-C: SIGINT to the job's group. npm exits on it at once; Herald (its child, in
 * the same group) then drains and stops, PostgreSQL last: wait for Herald's own process to end,
 * having logged nothing above info.
 */
async function ctrlC(run: Launched) {
  const heraldPid = JSON.parse(
    run
      .output()
      .split('\n')
      .find((l) => l.includes('"HTTP listening"'))!,
  ).pid;
  process.kill(-run.child.pid!, 'SIGINT');
  await run.exited;
  expect(await gone(heraldPid)).toBe(true);
  const logged = run
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));
  expect(logged.filter((l) => l.level > 30 && !/cannot reach/.test(l.msg))).toEqual([]);
  expect(logged.some((l) => l.msg === 'stopping')).toBe(true);
}

/** What a rebuild would have rewritten: the build stamps and the dashboard's page. */
const buildMarks = (checkout: string) =>
  ['dist/.build-typescript', 'dist/.build-dashboard', 'dist/dashboard/index.html'].map((f) => fs.statSync(path.join(checkout, f)).mtimeMs);

/** An ordinary user to run Herald as (root creates one); undefined when this process is one already. */
function ordinaryUser(): { uid: number; gid: number } | undefined {
  if (!asRoot) return undefined;
  const name = 'herald-quickstart';
  const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  try {
    id('-u');
  } catch {
    execFileSync('useradd', ['--system', '--user-group', name]);
  }
  return { uid: id('-u'), gid: id('-g') };
}

describe('the quick start from a checkout in a private directory', () => {
  const homes: string[] = [];
  const runs: Launched[] = [];
  const clusters: string[] = [];

  afterAll(async () => {
    killLeftovers(runs.map((r) => r.child.pid));
    for (const home of homes) {
      await stopLeftPostgres(path.join(home, 'herald', '.herald'));
      fs.rmSync(home, { recursive: true, force: true });
    }
    for (const dir of clusters) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Starts, tracks, stops with a Ctrl-C, starts again: the contact is still there and nothing was rebuilt. */
  async function quickStart(checkout: string, user?: { uid: number; gid: number }) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()) };
    const marks = buildMarks(checkout);
    const dataDir = path.join(checkout, '.herald');

    let run = npmStart(checkout, env, user);
    runs.push(run);
    await waitReady(url, run, 120_000);
    const keys = firstRunKeys(dataDir);
    expect((await new Api(url, keys.public).post('/v1/track', { event: 'signed-up', email: 'root@example.com', data: { plan: 'pro' } })).status).toBe(200);
    const postmaster = readPostmasterPid(path.join(dataDir, 'pg'));
    expect(postmaster && isAlive(postmaster.pid)).toBe(true);

    await ctrlC(run);
    expect(await gone(postmaster!.pid)).toBe(true);

    run = npmStart(checkout, env, user);
    runs.push(run);
    await waitReady(url, run, 120_000);
    expect(run.output()).not.toContain('first-run.txt');
    const contacts = await new Api(url, keys.secret).get('/contacts');
    expect(contacts.body.data.map((c: any) => [c.email, c.data.plan])).toEqual([['root@example.com', 'pro']]);
    expect(run.output()).not.toMatch(/built in|tsc/);
    expect(buildMarks(checkout)).toEqual(marks);

    await ctrlC(run);
    return { dataDir, output: runs.map((r) => r.output()).join('') };
  }

  (asRoot ? it : it.skip)(
    'as root: PostgreSQL, run as the postgres user, gets what it must reach where it can, and keeps it',
    async () => {
      const { home, checkout } = copyRepository();
      homes.push(home);
      const { dataDir, output } = await quickStart(checkout);
      // The cluster lives where the postgres user can reach it; the data directory links to it, and the log says where.
      const link = path.join(dataDir, 'pg');
      expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
      const cluster = fs.readlinkSync(link);
      clusters.push(cluster);
      expect(cluster.startsWith(path.join(SYSTEM_DIR, 'pg') + path.sep)).toBe(true);
      expect(fs.existsSync(path.join(cluster, 'PG_VERSION'))).toBe(true);
      const pgUid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      expect(fs.statSync(cluster).uid).toBe(pgUid);
      expect(fs.statSync(cluster).mode & 0o777).toBe(0o700);
      expect(output).toContain(cluster);
      // The binaries it ran: a copy under SYSTEM_DIR, not node_modules inside the private directory.
      const started = JSON.parse(output.split('\n').find((l) => l.includes('"embedded PostgreSQL started"'))!);
      expect(started.binaries.startsWith(path.join(SYSTEM_DIR, 'postgresql') + path.sep)).toBe(true);
      expect(started.databaseDir).toBe(cluster);
      // The private directory stayed private.
      expect(fs.statSync(home).mode & 0o777).toBe(0o700);
    },
    300_000,
  );

  it('as an ordinary user: PostgreSQL runs in place, as that user', async () => {
    const user = ordinaryUser();
    const { home, checkout } = copyRepository();
    homes.push(home);
    if (user) {
      // The user's own home and checkout; what was copied stays root's, readable by all.
      fs.chownSync(home, user.uid, user.gid);
      fs.chownSync(checkout, user.uid, user.gid);
    }
    const { dataDir } = await quickStart(checkout, user);
    const cluster = path.join(dataDir, 'pg');
    expect(fs.lstatSync(cluster).isDirectory()).toBe(true);
    expect(fs.statSync(cluster).uid).toBe(user?.uid ?? process.getuid!());
  }, 300_000);

  (asRoot ? it : it.skip)(
    'as root, a cluster the postgres user cannot reach is a clear startup error, not a crash',
    async () => {
      const home = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-home-'));
      homes.push(home);
      const dataDir = path.join(home, 'data');
      fs.mkdirSync(path.join(dataDir, 'pg'), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'pg', 'PG_VERSION'), '18\n');
      const child = spawn(process.execPath, [path.join(ROOT, 'dist/services/all/src/main.js')], {
        env: { PATH: process.env.PATH, HERALD_DATA_DIR: dataDir, PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (d) => (output += d));
      child.stderr!.on('data', (d) => (output += d));
      const code = await new Promise<number | null>((r) => child.once('exit', r));
      expect(code).toBe(1);
      const fatal = JSON.parse(output.split('\n').find((l) => l.includes('"failed to start"'))!);
      expect(fatal.err).toContain(path.join(dataDir, 'pg'));
      expect(fatal.err).toContain('postgres user');
      expect(fatal.err).toMatch(/HERALD_DATA_DIR/);
      expect(fatal.err).toMatch(/DATABASE_URL/);
      expect(output).not.toMatch(/\n\s+at /); // no stack
      expect(fs.readFileSync(path.join(dataDir, 'pg', 'PG_VERSION'), 'utf8')).toBe('18\n'); // left as it was
    },
    60_000,
  );
});
