import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isAlive, readPostmasterPid } from '../../libs/db/src/processes';
import { FIRST_RUN_FILE } from '../../libs/kit/src';
import { sleep } from '../../libs/testing/src';

/**
 * Herald started as a user starts it — `node dist/services/all/src/<script>.js` (what `npm start`
 * and `npm run start:split` run after building) with only the environment given — its output
 * kept in memory for assertions and failure messages, never in the test output.
 */
export interface Launched {
  child: ChildProcess;
  out: string[];
  exited: Promise<number | null>;
  output(): string;
}

const DIST = path.resolve(__dirname, '../../dist/services/all/src');

export function launch(script: 'main' | 'split', env: NodeJS.ProcessEnv, opts: { ownGroup?: boolean } = {}): Launched {
  // ownGroup: the process leads a process group of its own, as a shell's foreground job does (a
  // terminal's Ctrl-C is a SIGINT to that group: `process.kill(-pid, 'SIGINT')`).
  const child = spawn(process.execPath, [path.join(DIST, `${script}.js`)], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: !!opts.ownGroup,
  });
  const out: string[] = [];
  child.stdout!.on('data', (d) => out.push(d.toString()));
  child.stderr!.on('data', (d) => out.push(d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, out, exited, output: () => out.join('') };
}

/** Waits for /readyz 200 at `url`; fails at once, with the output, if the process exits. */
export async function waitReady(url: string, run: Launched, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (run.child.exitCode !== null) throw new Error(`exited early (${run.child.exitCode}):\n${run.output()}`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      return;
    await sleep(200);
  }
  throw new Error(`not ready after ${timeoutMs} ms:\n${run.output()}`);
}

/** The first start's keys, from the data directory's first-run file. */
export function firstRunKeys(dataDir: string) {
  const text = fs.readFileSync(path.join(dataDir, FIRST_RUN_FILE), 'utf8');
  const pub = /Public key:\s+(pk_[0-9a-f]{64})/.exec(text)?.[1];
  const secret = /Secret key:\s+(sk_[0-9a-f]{64})/.exec(text)?.[1];
  if (!pub || !secret) throw new Error(`no keys in ${dataDir}/${FIRST_RUN_FILE}:\n${text}`);
  return { public: pub, secret, text };
}

/** Polls until the process is gone (exited and reaped, or a zombie); false at the deadline. */
export async function gone(pid: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  return true;
}

/** Last resort in afterAll: SIGKILL whichever of these processes still runs. */
export function killLeftovers(pids: Iterable<number | undefined>) {
  for (const pid of pids) {
    if (pid && isAlive(pid)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
  }
}

/** Last resort in afterAll: a fast shutdown of an embedded PostgreSQL still running on the data directory. */
export async function stopLeftPostgres(dataDir: string) {
  const pg = readPostmasterPid(path.join(dataDir, 'pg'));
  if (!pg || !isAlive(pg.pid)) return;
  try {
    process.kill(pg.pid, 'SIGINT');
  } catch {
    return;
  }
  await gone(pg.pid, 30_000);
}
