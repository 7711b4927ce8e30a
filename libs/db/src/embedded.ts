import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { anyFreePort, logger, portFree } from '../../kit/src';
import { EMBEDDED_PASSWORD, EMBEDDED_USER, initialise, Place, place, serve } from './postgres-server';
import { commandLine, isAlive, parentOf, readPostmasterPid, startStamp, waitFor } from './processes';

/** The embedded PostgreSQL's port when EMBEDDED_PG_PORT is unset, the first time (if free). */
const DEFAULT_EMBEDDED_PG_PORT = 54329;
/** In the data directory: the port chosen for its embedded PostgreSQL (EMBEDDED_PG_PORT unset), reused at every start. */
const PG_PORT_FILE = 'pg-port';
/** In the data directory: the pid of the Herald running its embedded PostgreSQL, and when it started. */
const HERALD_PID_FILE = 'herald.pid';

interface StartedPostgres {
  url: string;
  port: number;
  /** Where its cluster is (links resolved), and its binaries: see postgres-server.ts `place`. */
  databaseDir: string;
  binDir: string;
  /** The postmaster's pid, and its watchdog's (see startWatchdog). */
  pid?: number;
  watchdogPid?: number;
  /** Stops PostgreSQL (fast shutdown), then its watchdog, and gives the data directory up. */
  stop(): Promise<void>;
}

/**
 * The embedded PostgreSQL of the all-in-one target: real PostgreSQL binaries from npm, data under
 * dataDir/pg (or where it links to: see postgres-server.ts), kept across restarts. `port`:
 * EMBEDDED_PG_PORT, else the one remembered in the data directory (see choosePort). Returns the
 * connection URL, the port and a stop function.
 *
 * One Herald at a time runs a data directory's PostgreSQL (claimDataDir). A PostgreSQL left
 * running by a Herald that died (SIGKILL) is stopped before this one starts (stopLeftBehind), and
 * a watchdog process stops this one if this Herald dies without stopping it (pg-watchdog.ts).
 */
export async function startEmbeddedPostgres(dataDir: string, port?: number): Promise<StartedPostgres> {
  fs.mkdirSync(dataDir, { recursive: true });
  const release = claimDataDir(dataDir, path.join(dataDir, 'pg'));
  try {
    await stopLeftBehind(path.join(dataDir, 'pg'));
    const where = place(dataDir);
    let pgPort = port ?? (await choosePort(dataDir));
    const server = await startPostgres(where, pgPort).catch(async (err) => {
      // Taken since it was chosen (another all-in-one starting at the same moment): choose again, once.
      if (port !== undefined || (await portFree(pgPort, '127.0.0.1'))) throw err;
      pgPort = await choosePort(dataDir);
      return startPostgres(where, pgPort);
    });
    const watchdog = startWatchdog(where.databaseDir, server.pid);
    const stop = async () => {
      await server.stop();
      watchdog?.disarm();
      release();
    };
    try {
      const client = new Client({ user: EMBEDDED_USER, password: EMBEDDED_PASSWORD, host: '127.0.0.1', port: pgPort, database: 'postgres' });
      await client.connect();
      try {
        const exists = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'herald'`);
        if (exists.rowCount === 0) await client.query('CREATE DATABASE herald');
      } finally {
        await client.end();
      }
    } catch (err) {
      await stop();
      throw err;
    }
    return {
      url: embeddedPostgresUrl(pgPort),
      port: pgPort,
      databaseDir: where.databaseDir,
      binDir: where.binaries.dir,
      pid: server.pid,
      watchdogPid: watchdog?.pid,
      stop,
    };
  } catch (err) {
    release();
    throw err;
  }
}

async function startPostgres(where: Place, port: number) {
  // PostgreSQL's complaints, for the error when it does not start.
  const complaints: string[] = [];
  const log = (m: string) => {
    const text = m.trim();
    logger.debug({ pg: text }, 'embedded postgres');
    complaints.push(...text.split('\n').filter((l) => /\b(FATAL|PANIC|HINT):/.test(l)));
  };
  if (!fs.existsSync(path.join(where.databaseDir, 'PG_VERSION'))) await initialise(where, log);
  return serve(where, port, log).catch((e: Error) => {
    const said = complaints.length ? complaints.slice(-3).join(' ') : e.message;
    throw new Error(`embedded PostgreSQL failed to start on port ${port} (${where.databaseDir}): ${said}`);
  });
}

/** The Herald recorded in `<dataDir>/herald.pid`, if it is still running. */
function liveOwner(file: string): number | undefined {
  let lines: string[];
  try {
    lines = fs.readFileSync(file, 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return undefined;
  // Its pid given to another process since (a reboot, a new container): not that Herald.
  const [stamp, now] = [lines[1], startStamp(pid)];
  return stamp && now && stamp !== now ? undefined : pid;
}

/**
 * Makes this Herald the one running the data directory's PostgreSQL: refuses (naming the pid and
 * the directory) while another live Herald is recorded in `herald.pid`, or while the directory's
 * PostgreSQL is the child of another live Node process (a Herald that kept no pid file), and
 * records this one. Returns the release: the file is removed at a clean stop (only if still ours).
 */
function claimDataDir(dataDir: string, databaseDir: string): () => void {
  const file = path.join(dataDir, HERALD_PID_FILE);
  const refuse = (pid: number) =>
    new Error(`another Herald (pid ${pid}) is running on the data directory ${dataDir}; stop it first, or give this one a HERALD_DATA_DIR of its own`);
  const owner = liveOwner(file);
  if (owner) throw refuse(owner);
  const postmaster = readPostmasterPid(databaseDir);
  const parent = postmaster && isAlive(postmaster.pid) ? parentOf(postmaster.pid) : undefined;
  if (parent && parent !== 1 && parent !== process.pid && isAlive(parent) && /^node/.test(path.basename(commandLine(parent)?.split(' ')[0] ?? '')))
    throw refuse(parent);
  const mine = `${process.pid}\n${startStamp(process.pid) ?? ''}\n`;
  writeReplacing(file, mine);
  return () => {
    try {
      if (fs.readFileSync(file, 'utf8') === mine) fs.unlinkSync(file);
    } catch {
      // gone already
    }
  };
}

/**
 * A PostgreSQL still running on this data directory after its Herald died (SIGKILL leaves it
 * behind): its `postmaster.pid` names a live postgres process of this directory. It gets a fast
 * shutdown (SIGINT; the last commits are on disk, nothing to recover) before this Herald starts
 * its own. PostgreSQL removes a postmaster.pid whose process is gone by itself.
 */
async function stopLeftBehind(databaseDir: string) {
  const left = readPostmasterPid(databaseDir);
  if (!left || !isAlive(left.pid) || !sameDir(left.dataDir, databaseDir)) return;
  // Only a postgres process started on this directory. Anything else (the pid given to another
  // process since, or a process that cannot be seen) is left alone, and PostgreSQL decides.
  const command = commandLine(left.pid);
  if (!command || !/(^|\/)postgres\s/.test(command) || !command.includes(left.dataDir)) return;
  logger.warn({ postgresPid: left.pid, port: left.port, databaseDir }, 'stopping the embedded PostgreSQL a stopped Herald left running on this data directory');
  try {
    process.kill(left.pid, 'SIGINT');
  } catch (err) {
    throw new Error(
      `the PostgreSQL left running on ${databaseDir} (pid ${left.pid}) could not be stopped (${(err as Error).message}); stop it (kill -INT ${left.pid}) and start again`,
    );
  }
  const gone = () => !isAlive(left.pid) && readPostmasterPid(databaseDir)?.pid !== left.pid;
  if (!(await waitFor(gone, 60_000))) {
    throw new Error(
      `the PostgreSQL left running on ${databaseDir} (pid ${left.pid}) did not stop within a minute; stop it (kill -INT ${left.pid}) and start again`,
    );
  }
  logger.info({ postgresPid: left.pid }, 'the PostgreSQL left running has stopped');
}

const sameDir = (a: string, b: string) => {
  try {
    return fs.realpathSync(a) === fs.realpathSync(b);
  } catch {
    return false;
  }
};

/**
 * EMBEDDED_PG_PORT unset: the port remembered in `<dataDir>/pg-port` while it is free, else
 * 54329 if free, else one the system picks — written back, so the next start reuses it. Two
 * all-in-ones with data directories of their own thus never fight over a port.
 */
async function choosePort(dataDir: string): Promise<number> {
  const file = path.join(dataDir, PG_PORT_FILE);
  const remembered = rememberedPort(file);
  if (remembered === null) logger.warn({ file }, 'the remembered port of the embedded PostgreSQL is not a port; choosing another');
  if (remembered && (await portFree(remembered, '127.0.0.1'))) return remembered;
  const port = (await portFree(DEFAULT_EMBEDDED_PG_PORT, '127.0.0.1')) ? DEFAULT_EMBEDDED_PG_PORT : await anyFreePort('127.0.0.1');
  if (remembered) logger.warn({ was: remembered, port }, 'the embedded PostgreSQL port of this data directory is taken by another program; moving it');
  writeReplacing(file, `${port}\n`);
  return port;
}

/** The port in a `pg-port` file: undefined when there is none, null when it holds no port. */
function rememberedPort(file: string): number | null | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const port = Number(text.trim());
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
}

/** Replaces the file's content at once (a reader never sees half of it). */
function writeReplacing(file: string, content: string) {
  const tmp = `${file}.${process.pid}`;
  fs.writeFileSync(tmp, content);
  fs.renameSync(tmp, file);
}

/** The connection URL of the embedded PostgreSQL on that port. */
export const embeddedPostgresUrl = (port: number) => `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/herald`;

/**
 * The port of the data directory's embedded PostgreSQL, for tools that connect to a running one
 * (the admin command): the running PostgreSQL's, else the remembered one, else the default.
 */
export function embeddedPostgresPort(dataDir: string): number {
  const running = readPostmasterPid(path.join(dataDir, 'pg'))?.port;
  if (running && Number.isInteger(running)) return running;
  return rememberedPort(path.join(dataDir, PG_PORT_FILE)) || DEFAULT_EMBEDDED_PG_PORT;
}

/**
 * Starts pg-watchdog.js (beside this file in dist/) for the postmaster now running, detached
 * (its own session: a Ctrl-C meant for Herald does not reach it) and sharing Herald's output.
 * `disarm` once PostgreSQL is stopped: the watchdog then exits. Without dist/ (sources run by a
 * test runner), none: a PostgreSQL left behind is still stopped at the next start.
 */
function startWatchdog(databaseDir: string, postmasterPid: number | undefined): { pid?: number; disarm(): void } | undefined {
  const script = path.join(__dirname, 'pg-watchdog.js');
  if (!postmasterPid || !fs.existsSync(script)) {
    logger.warn({ script }, 'no watchdog for the embedded PostgreSQL');
    return undefined;
  }
  const child = spawn(process.execPath, [script, String(process.pid), String(postmasterPid), databaseDir], {
    detached: true,
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  child.on('error', (err) => logger.warn({ err: err.message }, 'the embedded PostgreSQL watchdog did not start'));
  child.stdin!.on('error', () => undefined);
  child.unref();
  return { pid: child.pid, disarm: () => child.stdin!.end('disarm\n') };
}
