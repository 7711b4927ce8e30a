import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { deleteBrokerObjects, freePort, INFRA, sleep } from '../../libs/testing/src';
import { registry } from '../../services/all/src/registry';

/**
 * The image runs `node dist/services/all/src/main.js` (what `npm start` runs after building).
 * Prove the built artifact runs: migrations as a one-shot target, one service target alone, and a
 * clear refusal of an unknown target.
 */
const MAIN = path.resolve(__dirname, '../../dist/services/all/src/main.js');

describe('the built dist/ runs every way the image is used', () => {
  const db = `herald_dist_${crypto.randomBytes(4).toString('hex')}`;
  const url = new URL(INFRA.postgres.url);
  url.pathname = `/${db}`;
  const env = { PATH: process.env.PATH, LOG_LEVEL: 'warn', DATABASE_URL: url.toString() };

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-dist-'));

  afterAll(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    const c = new Client({ connectionString: INFRA.postgres.url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
    await c.end();
  });

  it('TARGET=migrate creates the database, applies every schema and exits 0', async () => {
    const r = spawnSync(process.execPath, [MAIN], { env: { ...env, TARGET: 'migrate' }, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    const c = new Client({ connectionString: url.toString() });
    await c.connect();
    const schemas = (
      await c.query(`SELECT schema_name FROM information_schema.schemata WHERE schema_name IN ('gateway','contacts','events','domains','messaging') ORDER BY 1`)
    ).rows.map((x) => x.schema_name);
    await c.end();
    expect(schemas).toEqual(['contacts', 'domains', 'events', 'gateway', 'messaging']);
  });

  it('TARGET=contacts starts alone (its internal token generated into the data directory), reports ready and stops cleanly on SIGTERM', async () => {
    const [port, grpc] = [await freePort(), await freePort()];
    const ns = `d${crypto.randomBytes(3).toString('hex')}`;
    const child = spawn(process.execPath, [MAIN], {
      env: { ...env, TARGET: 'contacts', PORT: String(port), GRPC_PORT: String(grpc), HERALD_NAMESPACE: ns, HERALD_DATA_DIR: dataDir },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    let ready = false;
    for (let i = 0; i < 150 && !ready && child.exitCode === null; i++) {
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (!ready) await sleep(100);
    }
    expect(ready).toBe(true);
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`).then((r) => r.text());
    expect(metrics).toContain('process_cpu_seconds_total');
    const token = path.join(dataDir, 'internal-token');
    expect(fs.readFileSync(token, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    expect(fs.statSync(token).mode & 0o777).toBe(0o600);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await deleteBrokerObjects(ns, registry);
  });

  it('NODE_ENV=production: a split target without INTERNAL_TOKEN refuses to start, naming it (and writes no token)', () => {
    const dir = path.join(dataDir, 'production');
    const r = spawnSync(process.execPath, [MAIN], {
      env: { ...env, NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(32), TARGET: 'gateway', PORT: '0', HERALD_DATA_DIR: dir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).not.toBe(0);
    expect(r.stdout + r.stderr).toContain('INTERNAL_TOKEN must be set when NODE_ENV=production');
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('an unknown TARGET is a startup error naming the known targets', () => {
    const r = spawnSync(process.execPath, [MAIN], { env: { ...env, TARGET: 'nope' }, encoding: 'utf8', timeout: 30_000 });
    expect(r.status).not.toBe(0);
    expect(r.stdout + r.stderr).toContain(`Unknown TARGET "nope". Known targets: all, migrate, ${registry.names().join(', ')}`);
  });
});
