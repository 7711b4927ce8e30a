/**
 * Preloaded into every Herald process the track bench starts (NODE_OPTIONS=--require …/preload.js).
 *
 * 1. Works around libs/testing/src/topology.ts computing its repo root as `__dirname/../../..`:
 *    correct when jest runs the .ts source, but from the compiled dist/libs/testing/src it yields
 *    /…/dist, so it spawns `dist/dist/services/all/src/main.js` (MODULE_NOT_FOUND). We map a
 *    `/dist/dist/` path back to `/dist/`. A no-op once topology.ts resolves the root correctly.
 * 2. Installs the statement profiler (./pg-hook) when BENCH_PGCOUNT_DIR is set.
 */
import Module from 'node:module';
import path from 'node:path';

const doubled = `${path.sep}dist${path.sep}dist${path.sep}`;
const M = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const resolve = M._resolveFilename;
M._resolveFilename = function (request: string, ...rest: unknown[]) {
  if (typeof request === 'string' && request.includes(doubled)) request = request.replace(doubled, `${path.sep}dist${path.sep}`);
  return resolve.call(this, request, ...rest);
};

// Worker threads get NODE_OPTIONS too. All-in-one's services thread queries PostgreSQL, so it is
// profiled as well (a snapshot file of its own); the others (the sender's composer pool) neither
// query PostgreSQL nor own the process's snapshot file or signal handlers.
const threads = require('node:worker_threads') as typeof import('node:worker_threads');
const mainThread = threads.isMainThread;
const servicesThread = !mainThread && threads.workerData?.heraldThread === 'services';

if ((mainThread || servicesThread) && process.env.BENCH_PGCOUNT_DIR) require('./pg-hook');

// 3. BENCH_V8_FLAGS: V8 flags for A/B runs that NODE_OPTIONS does not accept (set at start, in every thread).
if (process.env.BENCH_V8_FLAGS) (require('node:v8') as typeof import('node:v8')).setFlagsFromString(process.env.BENCH_V8_FLAGS);

/**
 * 4. With BENCH_CPU_PROF_DIR set: the first SIGUSR2 starts a V8 CPU profile, the second writes it
 *    to $BENCH_CPU_PROF_DIR/<TARGET>-<pid>.cpuprofile (the bench signals at its window's edges;
 *    --cpu-prof itself is not allowed in NODE_OPTIONS).
 */
const profDir = process.env.BENCH_CPU_PROF_DIR;
if (mainThread && profDir) {
  const inspector = require('node:inspector') as typeof import('node:inspector');
  const fs = require('node:fs') as typeof import('node:fs');
  const session = new inspector.Session();
  session.connect();
  let state: 'idle' | 'running' | 'done' = 'idle';
  process.on('SIGUSR2', () => {
    if (state === 'idle') {
      state = 'running';
      session.post('Profiler.setSamplingInterval', { interval: 500 }, () => session.post('Profiler.enable', () => session.post('Profiler.start')));
    } else if (state === 'running') {
      state = 'done';
      session.post('Profiler.stop', (err, res) => {
        if (!err) fs.writeFileSync(path.join(profDir, `${process.env.TARGET ?? 'proc'}-${process.pid}.cpuprofile`), JSON.stringify(res.profile));
      });
    }
  });
}
