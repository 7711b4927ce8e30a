import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configFor, Runtime } from '../../libs/runtime/src';
import { OWNER, scratchDatabase, type ScratchDatabase } from '../../libs/testing/src';
import { registry } from '../../services/all/src/registry';

export interface InProcessHerald {
  runtime: Runtime;
  base: string;
  scratch: ScratchDatabase;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Herald all-in-one started in this process (every service on one thread, a scratch database on
 * the test PostgreSQL), for tests that look inside it (its Express app); e2e/ runs the built one.
 */
export async function startInProcess(env: NodeJS.ProcessEnv = {}, opts: { quiet?: boolean } = {}): Promise<InProcessHerald> {
  const scratch = await scratchDatabase({ poolMax: 2 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-edge-'));
  const runtime = new Runtime(
    configFor(registry, {
      TARGET: 'all',
      NODE_ENV: 'test',
      DATABASE_URL: scratch.url,
      HERALD_DATA_DIR: dataDir,
      DB_POOL_MAX: '4',
      PORT: '0',
      HOST: '127.0.0.1',
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      SEND_COMPOSE_THREADS: '0',
      ...env,
    }),
    registry,
    'whole',
  );
  const stop = async () => {
    await runtime.stop();
    await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const write = process.stdout.write;
  if (opts.quiet !== false) process.stdout.write = (() => true) as typeof process.stdout.write; // the first-run banner, on a terminal
  try {
    await runtime.start();
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  } finally {
    process.stdout.write = write;
  }
  return { runtime, base: `http://127.0.0.1:${runtime.httpPort}`, scratch, dataDir, stop };
}
