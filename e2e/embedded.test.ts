import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Api, freePort, sleep } from '../libs/testing/src';

/**
 * The quick start: `npm start` with nothing configured runs all-in-one on an embedded PostgreSQL,
 * hands over the first-run credentials once (a file in the data directory; on a terminal, the
 * screen too — test/edge/first-run.test.ts), and keeps its data across restarts.
 */
const MAIN = path.resolve(__dirname, '../dist/services/all/src/main.js');

interface Run {
  child: ChildProcess;
  out: string[];
  exited: Promise<number | null>;
}

function start(env: NodeJS.ProcessEnv): Run {
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: string[] = [];
  child.stdout!.on('data', (d) => out.push(d.toString()));
  child.stderr!.on('data', (d) => out.push(d.toString()));
  return { child, out, exited: new Promise((r) => child.once('exit', (code) => r(code))) };
}

async function ready(url: string, run: Run) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (run.child.exitCode !== null) throw new Error(`exited early:\n${run.out.join('')}`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      return;
    await sleep(200);
  }
  throw new Error(`not ready:\n${run.out.join('')}`);
}

describe('all-in-one on embedded PostgreSQL (the quick start)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-embedded-'));
  let env: NodeJS.ProcessEnv;
  let url: string;
  let run: Run | undefined;

  beforeAll(async () => {
    const port = await freePort();
    env = { HERALD_DATA_DIR: dataDir, PORT: String(port), EMBEDDED_PG_PORT: String(await freePort()) };
    url = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    if (run && run.child.exitCode === null) {
      run.child.kill('SIGTERM');
      await run.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the owner and keys to a private file on first start (not to the log), serves the API, and keeps data across a restart', async () => {
    run = start(env);
    await ready(url, run);
    const file = path.join(dataDir, 'first-run.txt');
    const banner = fs.readFileSync(file, 'utf8');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const secret = /Secret key:\s+(sk_[0-9a-f]{64})/.exec(banner)?.[1];
    const pub = /Public key:\s+(pk_[0-9a-f]{64})/.exec(banner)?.[1];
    const password = /Password:\s+(\S{8,})/.exec(banner)?.[1];
    expect(secret).toBeDefined();
    expect(banner).toMatch(/Login:\s+owner@herald\.local/);
    // stdout is not a terminal: the log says where the file is, and holds none of it.
    const log = run.out.join('');
    expect(log).toContain(file);
    for (const s of [secret!, pub!, password!]) expect(log).not.toContain(s);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    // All-in-one calls no gRPC but keeps the data directory's internal token, for targets started beside it.
    const token = fs.readFileSync(path.join(dataDir, 'internal-token'), 'utf8');
    expect(token).toMatch(/^[0-9a-f]{64}\n$/);
    expect(fs.statSync(path.join(dataDir, 'internal-token')).mode & 0o777).toBe(0o600);

    const tracked = await new Api(url, pub).post('/v1/track', { event: 'signed-up', email: 'first@example.com', data: { plan: 'pro' } });
    expect(tracked.status).toBe(200);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);

    run = start(env);
    await ready(url, run);
    expect(run.out.join('')).not.toContain('first-run.txt');
    expect(fs.readFileSync(path.join(dataDir, 'internal-token'), 'utf8')).toBe(token);
    const list = await new Api(url, secret).get('/contacts');
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: any) => [c.email, c.data.plan])).toEqual([['first@example.com', 'pro']]);
  }, 180_000);
});
