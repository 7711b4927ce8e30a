/**
 * Bench-only profiler, preloaded into the Herald processes the track bench starts
 * (NODE_OPTIONS=--require dist/bench/track/pg-hook.js). Never imported by product code.
 *
 * Counts every PostgreSQL statement a process sends (pg Client#query, keyed by its normalized
 * text), the time from send to reply, the time spent waiting for a pool connection, and the
 * process's CPU time and event-loop utilization; replies that took 100 ms or more are counted
 * apart (`slow`: a stall, e.g. a COMMIT waiting on the disk, shows there). Every 250 ms (and on exit) it writes a snapshot
 * to $BENCH_PGCOUNT_DIR/<TARGET>-<pid>.json; the bench diffs two snapshots around its
 * measurement window. The cost is one Map lookup and two hrtime reads per statement.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

interface Stat {
  n: number;
  ns: number;
  slow: number;
}

const SLOW_NS = 100e6;

const dir = process.env.BENCH_PGCOUNT_DIR;
if (dir) install(dir);

function install(outDir: string) {
  // Resolve pg the way the product does (from the repo root, the child's cwd).
  const pg = require(require.resolve('pg', { paths: [process.cwd()] }));
  const stats = new Map<string, Stat>();
  const names = new Map<string, string>();
  const poolWait: Stat = { n: 0, ns: 0, slow: 0 };

  const keyOf = (text: unknown): string => {
    if (typeof text !== 'string') return '<non-text query>';
    let k = names.get(text);
    if (k === undefined) {
      k = text.replace(/\s+/g, ' ').trim();
      if (k.length > 110) k = k.slice(0, 107) + '...';
      names.set(text, k);
    }
    return k;
  };
  const add = (s: Stat, t0: bigint) => {
    const ns = Number(process.hrtime.bigint() - t0);
    s.n++;
    s.ns += ns;
    if (ns >= SLOW_NS) s.slow++;
  };
  const statOf = (key: string) => {
    let s = stats.get(key);
    if (!s) stats.set(key, (s = { n: 0, ns: 0, slow: 0 }));
    return s;
  };

  const origQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config: any, values?: any, cb?: any) {
    const s = statOf(keyOf(typeof config === 'string' ? config : config?.text));
    const t0 = process.hrtime.bigint();
    if (typeof values === 'function') {
      return origQuery.call(this, config, (err: unknown, res: unknown) => {
        add(s, t0);
        values(err, res);
      });
    }
    if (typeof cb === 'function') {
      return origQuery.call(this, config, values, (err: unknown, res: unknown) => {
        add(s, t0);
        cb(err, res);
      });
    }
    const ret = origQuery.call(this, config, values);
    if (ret && typeof ret.then === 'function')
      ret.then(
        () => add(s, t0),
        () => add(s, t0),
      );
    else s.n++;
    return ret;
  };

  const origConnect = pg.Pool.prototype.connect;
  pg.Pool.prototype.connect = function (cb?: any) {
    const t0 = process.hrtime.bigint();
    if (typeof cb === 'function') {
      return origConnect.call(this, (err: unknown, client: unknown, release: unknown) => {
        add(poolWait, t0);
        cb(err, client, release);
      });
    }
    const ret = origConnect.call(this);
    ret.then(
      () => add(poolWait, t0),
      () => add(poolWait, t0),
    );
    return ret;
  };

  // All-in-one's services thread (see libs/runtime/src/runtime.ts) reports as "<TARGET>.services";
  // process.cpuUsage() is the whole process's there too, so only the main thread reports CPU.
  const worker = !(require('node:worker_threads') as typeof import('node:worker_threads')).isMainThread;
  const target = `${process.env.TARGET ?? 'proc'}${worker ? '.services' : ''}`;
  const file = path.join(outDir, `${target}-${process.pid}.json`);
  const write = () => {
    const cpu = process.cpuUsage();
    const elu = performance.eventLoopUtilization();
    const snap = {
      target,
      pid: process.pid,
      at: Date.now(),
      cpuMs: worker ? undefined : (cpu.user + cpu.system) / 1000,
      eluIdle: elu.idle,
      eluActive: elu.active,
      poolWait,
      statements: Object.fromEntries(stats),
    };
    try {
      fs.writeFileSync(file + '.tmp', JSON.stringify(snap));
      fs.renameSync(file + '.tmp', file);
    } catch {
      /* the bench may have removed the directory already */
    }
  };
  setInterval(write, 250).unref();
  process.on('exit', write);
}
