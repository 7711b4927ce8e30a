/**
 * What the benches (bench/send, bench/track) share: settings from the environment, logging,
 * percentiles, machine CPU sampling, the profiler snapshots of bench/track/pg-hook.ts, a disk
 * probe, report formatting, and stopping topologies on Ctrl-C.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { INFRA, OtlpReceiver, reachable, Topology } from '../libs/testing/src';

// ---------------------------------------------------------------- settings, logging

/**
 * BENCH_TRACES=1: Herald records and exports traces (OTEL_EXPORTER_OTLP_ENDPOINT) to an OTLP
 * receiver in this process, to compare with a run without (the default: traces off). The
 * settings to start Herald with; `tracesLine()` says which it was, for the report.
 */
let otlp: OtlpReceiver | undefined;
export async function tracesEnv(): Promise<NodeJS.ProcessEnv> {
  if (process.env.BENCH_TRACES !== '1') return {};
  otlp ??= await OtlpReceiver.start({ keep: false });
  return { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url };
}
export const tracesLine = () =>
  otlp ? `traces: on, exported over OTLP/HTTP to a receiver on loopback (${otlp.received} spans received)` : 'traces: off (OTEL_EXPORTER_OTLP_ENDPOINT unset)';

/** A non-negative number from the environment variable `name`, `dflt` when unset or empty. */
export const num = (name: string, dflt: number) => {
  const v = process.env[name];
  const n = v === undefined || v === '' ? dflt : Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number`);
  return n;
};

export const log = (...a: unknown[]) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...a);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Throws unless PostgreSQL, RabbitMQ and Redis (INFRA) all accept connections. */
export async function requireInfra() {
  for (const [name, s] of Object.entries({ postgres: INFRA.postgres, rabbitmq: INFRA.rabbitmq, redis: INFRA.redis })) {
    if (!(await reachable(s.host, s.port))) throw new Error(`${name} is not reachable at ${s.host}:${s.port}`);
  }
}

// ---------------------------------------------------------------- stats

/** The p-th percentile (nearest rank) of ascending `sorted`; NaN when empty. */
export const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN;

// ---------------------------------------------------------------- machine CPU (/proc/stat)

export interface CpuSample {
  busy: number;
  steal: number;
  total: number;
  self: NodeJS.CpuUsage;
  at: number;
}
export interface CpuWindow {
  machineBusyPct: number; // all cores, 100 % = every core busy (steal included)
  /** Time the hypervisor gave this machine's cores to someone else, % of all cores (100 = every core). */
  stealPct: number;
  benchCores: number; // this process (load generator, plus the sink thread or the ceiling driver), in cores
}
export function sampleCpu(): CpuSample {
  let busy = 0;
  let steal = 0;
  let total = 0;
  try {
    // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest time is in user)
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    total = line.reduce((a, b) => a + b, 0);
    busy = total - line[3] - (line[4] ?? 0); // minus idle and iowait
    steal = line[7] ?? 0;
  } catch {
    /* not Linux */
  }
  return { busy, steal, total, self: process.cpuUsage(), at: performance.now() };
}
/** Machine busy % (100 = every core) and this process's CPU, in cores, between two samples. */
export function cpuWindow(a: CpuSample, b: CpuSample): CpuWindow {
  const self = process.cpuUsage(a.self);
  return {
    machineBusyPct: b.total > a.total ? (100 * (b.busy - a.busy)) / (b.total - a.total) : NaN,
    stealPct: b.total > a.total ? (100 * (b.steal - a.steal)) / (b.total - a.total) : NaN,
    benchCores: (self.user + self.system) / 1000 / (b.at - a.at),
  };
}

// ---------------------------------------------------------------- profiler snapshots (bench/track/pg-hook.ts)

export interface Snapshot {
  target: string;
  pid: number;
  at: number;
  /** Process CPU; absent for a worker thread (all-in-one's services thread), whose process reports it. */
  cpuMs?: number;
  eluIdle: number;
  eluActive: number;
  poolWait: { n: number; ns: number };
  /** Per normalized statement: count, total send→reply ns, replies that took ≥ 100 ms. */
  statements: Record<string, { n: number; ns: number; slow?: number }>;
}
export const readSnapshots = (dir: string): Snapshot[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => {
          try {
            return JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Snapshot;
          } catch {
            return undefined;
          }
        })
        .filter((s): s is Snapshot => !!s)
    : [];

/** What one Herald process did between two of its snapshots. */
export interface ProcessDelta {
  target: string;
  /** Wall time between the two snapshots. */
  ms: number;
  /** Absent for a worker thread (see Snapshot). */
  cpuMs?: number;
  /** Event-loop utilization over the interval. */
  elu: number;
  poolWait: { n: number; ns: number };
  /** Statements sent in the interval (n > 0), in the order of the later snapshot. */
  statements: Array<{ sql: string; n: number; ns: number; slow: number }>;
}
/** One delta per process (or thread) in `b` that also has a snapshot in `a` (matched by pid and target). */
export function snapshotDeltas(a: Snapshot[], b: Snapshot[]): ProcessDelta[] {
  const out: ProcessDelta[] = [];
  for (const sb of b) {
    const sa = a.find((x) => x.pid === sb.pid && x.target === sb.target);
    if (!sa) continue;
    const statements: ProcessDelta['statements'] = [];
    for (const [sql, s] of Object.entries(sb.statements)) {
      const n = s.n - (sa.statements[sql]?.n ?? 0);
      const ns = s.ns - (sa.statements[sql]?.ns ?? 0);
      if (n > 0) statements.push({ sql, n, ns, slow: (s.slow ?? 0) - (sa.statements[sql]?.slow ?? 0) });
    }
    out.push({
      target: sb.target,
      ms: sb.at - sa.at,
      cpuMs: sb.cpuMs === undefined || sa.cpuMs === undefined ? undefined : sb.cpuMs - sa.cpuMs,
      elu: (sb.eluActive - sa.eluActive) / (sb.eluActive - sa.eluActive + sb.eluIdle - sa.eluIdle),
      poolWait: { n: sb.poolWait.n - sa.poolWait.n, ns: sb.poolWait.ns - sa.poolWait.ns },
      statements,
    });
  }
  return out;
}

// ---------------------------------------------------------------- report formatting

export const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-');
export const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
export const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '-');
export const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
export const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

/** Prints rows[0] as the header, a rule, then the rows: first column left-aligned, the rest right-aligned. */
export function table(rows: string[][], indent = '  ') {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  for (const [i, r] of rows.entries()) {
    console.log(indent + r.map((c, j) => (j === 0 ? pad(c, widths[j]) : lpad(c, widths[j]))).join('  '));
    if (i === 0) console.log(indent + widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

/** The report's `machine:` line. */
export function machineLine() {
  const cpus = os.cpus();
  return `machine: ${cpus.length} cores (${cpus[0]?.model ?? '?'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load avg ${os.loadavg().map(f2).join(' ')}`;
}

// ---------------------------------------------------------------- process

/** Topologies still up, stopped on Ctrl-C / SIGTERM so no Herald process outlives the bench. */
export const running = new Set<Topology>();
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    log(`${sig}: stopping ${running.size} topology(ies)`);
    Promise.all([...running].map((t) => t.stop().catch(() => undefined))).finally(() => process.exit(130));
  });
}

/** Runs the bench's main and exits: 0 when it resolves, 1 (after printing the error) when it throws. */
export function run(main: () => Promise<void>) {
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

// ---------------------------------------------------------------- disk probe

export interface DiskProbe {
  dir: string;
  /** Epoch ms at the start of each write, and how long the write + fdatasync took (ms). */
  at: number[];
  ms: number[];
}

/**
 * An independent writer on the disk: a worker thread writes 4 KB and fdatasyncs it every 10 ms to a
 * file in `dir` (its own file, not PostgreSQL's), recording how long each took. When a latency
 * target is missed, this tells whether the disk itself stalled at that moment, for anyone writing
 * to it. Stop it to get the samples.
 */
export function startDiskProbe(dir: string): { stop(): Promise<DiskProbe> } {
  const file = path.join(dir, `herald-bench-probe-${process.pid}-${Date.now()}`);
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const fs = require('node:fs');
     const fd = fs.openSync(workerData.file, 'w');
     const buf = Buffer.alloc(4096, 7);
     const at = [], ms = [];
     let stop = false;
     parentPort.on('message', () => { stop = true; });
     (async () => {
       for (let i = 0; !stop; i++) {
         const t0 = performance.timeOrigin + performance.now();
         const s = performance.now();
         fs.writeSync(fd, buf, 0, buf.length, (i % 256) * 4096);
         fs.fdatasyncSync(fd);
         at.push(t0); ms.push(performance.now() - s);
         await new Promise((r) => setTimeout(r, 10));
       }
       fs.closeSync(fd); fs.unlinkSync(workerData.file);
       parentPort.postMessage({ at, ms });
     })();`,
    { eval: true, workerData: { file } },
  );
  const result = new Promise<DiskProbe>((resolve, reject) => {
    worker.once('message', (m: { at: number[]; ms: number[] }) => resolve({ dir, ...m }));
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const r = await result;
      await worker.terminate();
      return r;
    },
  };
}

/** The probe's p50/p99/max inside [from, to), and its slowest write per second of that window. */
export function diskProbeSummary(p: DiskProbe, from: number, to: number) {
  const inWindow = p.ms.filter((_, i) => p.at[i] >= from && p.at[i] < to);
  const sorted = [...inWindow].sort((a, b) => a - b);
  const perSecond: number[] = Array.from({ length: Math.ceil((to - from) / 1000) }, () => 0);
  p.at.forEach((t, i) => {
    const s = Math.floor((t - from) / 1000);
    if (t >= from && s < perSecond.length) perSecond[s] = Math.max(perSecond[s], p.ms[i]);
  });
  return { n: sorted.length, p50: pct(sorted, 50), p99: pct(sorted, 99), max: sorted[sorted.length - 1] ?? NaN, perSecond };
}
