/**
 * Track bench: sustained POST /v1/track throughput and p50/p99 latency for the all-in-one and the
 * split topology, and — in the same run, on the same machine and PostgreSQL — the ceiling of that
 * PostgreSQL for the statements one track must persist (a raw `pg` loop at the same concurrency).
 *
 *   npm run bench:track            (builds, then runs dist/bench/track/main.js)
 *
 * Settings (env): BENCH_CONCURRENCY (32 in flight), BENCH_SECONDS (15, measured per phase),
 * BENCH_WARMUP_SECONDS (3), BENCH_HERALD_WARMUP_SECONDS (30, Herald's closed loop), BENCH_CONTACTS
 * (10000 existing contacts), BENCH_NEW_RATIO (0.2),
 * BENCH_TOPOLOGIES ("all,split"), BENCH_CEILINGS ("A,B,N"), BENCH_PROFILE (1: count statements
 * inside the Herald processes through bench/track/pg-hook.ts), BENCH_DRAIN_SECONDS (60),
 * BENCH_CEILING_OPEN (1: also offer ceiling A open loop at the p99 target's rate), BENCH_OPEN_RATE,
 * BENCH_DISK_PROBE (1: an independent fdatasync writer during open loops) and BENCH_DISK_PROBE_DIR.
 * Needs PostgreSQL (127.0.0.1:5432, role root), RabbitMQ and Redis as the e2e tests do.
 * Not part of the test suite. See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import crypto from 'node:crypto';
import { Pool as PgPool, PoolClient } from 'pg';
import { Pool as HttpPool } from 'undici';
import { Db, migrate } from '../../libs/db/src';
import { newId } from '../../libs/kit/src';
import { INFRA, Topology } from '../../libs/testing/src';
import { registry } from '../../services/all/src/registry';
import { migrationsOf, schemaOf } from '../../libs/runtime/src';
import { contacts } from '../../services/contacts/src/service';
import { events } from '../../services/events/src/service';
import {
  cpuWindow,
  CpuSample,
  CpuWindow,
  DiskProbe,
  diskProbeSummary,
  f0,
  f1,
  f2,
  lpad,
  log,
  machineLine,
  tracesEnv,
  tracesLine,
  num,
  pad,
  pct,
  readSnapshots,
  requireInfra,
  run,
  running,
  sampleCpu,
  sleep,
  Snapshot,
  snapshotDeltas,
  startDiskProbe,
  table,
} from '../lib';

// ---------------------------------------------------------------- settings

const S = {
  concurrency: Math.max(1, Math.floor(num('BENCH_CONCURRENCY', 32))),
  seconds: num('BENCH_SECONDS', 15),
  warmup: num('BENCH_WARMUP_SECONDS', 3),
  /** Herald's closed loop is the first load on freshly started processes: long enough for the JIT to settle. */
  heraldWarmup: num('BENCH_HERALD_WARMUP_SECONDS', 30),
  contacts: Math.max(1, Math.floor(num('BENCH_CONTACTS', 10_000))),
  newRatio: num('BENCH_NEW_RATIO', 0.2),
  drainSeconds: num('BENCH_DRAIN_SECONDS', 60),
  topologies: (process.env.BENCH_TOPOLOGIES ?? 'all,split')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean) as Array<'all' | 'split'>,
  ceilings: (process.env.BENCH_CEILINGS ?? 'A,B,N')
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean),
  diskProbe: (process.env.BENCH_DISK_PROBE ?? '1') !== '0',
  diskProbeDir: process.env.BENCH_DISK_PROBE_DIR || os.tmpdir(),
  profile: (process.env.BENCH_PROFILE ?? '1') !== '0',
  ceilingOpen: (process.env.BENCH_CEILING_OPEN ?? '1') !== '0',
  poolMax: process.env.BENCH_DB_POOL_MAX ?? '10',
};
const TARGETS = { allOfCeiling: 0.6, p99Ms: 50, p99OverRawMs: 15, splitOfAll: 0.6 };

/**
 * The all-in-one p99 verdict, judged against the machine (docs/decisions/0074-track-p99-judged-against-machine.md): ≤ 50 ms, or, when the
 * raw PostgreSQL loop's own p99 at the same offered rate in the same run is over 50 ms (the disk's
 * fsync stalls, which no durable commit beats), ≤ that p99 + 15 ms. Without the raw loop's open
 * phase only the 50 ms bound applies.
 */
function p99Verdict(heraldP99: number, rawP99: number | undefined): { ok: boolean; boundMs: number; why: string } {
  if (rawP99 !== undefined && rawP99 > TARGETS.p99Ms) {
    const boundMs = rawP99 + TARGETS.p99OverRawMs;
    return {
      ok: heraldP99 <= boundMs,
      boundMs,
      why: `the raw loop's p99 ${f1(rawP99)} ms is over ${TARGETS.p99Ms} ms: bound = it + ${TARGETS.p99OverRawMs} ms`,
    };
  }
  return {
    ok: heraldP99 <= TARGETS.p99Ms,
    boundMs: TARGETS.p99Ms,
    why: rawP99 === undefined ? 'no raw loop at that rate in this run' : `the raw loop's p99 ${f1(rawP99)} ms is within ${TARGETS.p99Ms} ms`,
  };
}
const EVENT_NAMES = Array.from({ length: 20 }, (_, i) => `bench.event_${String(i + 1).padStart(2, '0')}`);
const PLANS = ['free', 'pro', 'team', 'enterprise'];
const RUN = crypto.randomBytes(3).toString('hex');

const nowMs = () => performance.timeOrigin + performance.now();

/** A pg Pool whose idle-client errors (e.g. a backend terminated by someone else) are logged, not fatal. */
function pgPool(cfg: ConstructorParameters<typeof PgPool>[0]) {
  const pool = new PgPool(cfg);
  pool.on('error', (err) => log('idle PostgreSQL client error:', err.message));
  return pool;
}

// ---------------------------------------------------------------- the workload mix

/** 80 % existing contacts (a pool of BENCH_CONTACTS), 20 % new; 20 event names; small data. */
class Mix {
  private fresh = 0;
  constructor(private readonly tag: string) {}
  existingEmail(i: number) {
    return `user${i}@bench.test`;
  }
  next() {
    const isNew = Math.random() < S.newRatio;
    const email = isNew ? `new-${this.tag}-${this.fresh++}@bench.test` : this.existingEmail(Math.floor(Math.random() * S.contacts));
    const event = EVENT_NAMES[Math.floor(Math.random() * EVENT_NAMES.length)];
    const data: Record<string, unknown> = { plan: PLANS[Math.floor(Math.random() * PLANS.length)], visits: Math.floor(Math.random() * 1000) };
    if (Math.random() < 0.3) data.source = 'web';
    return { email, event, data, isNew };
  }
}

// ---------------------------------------------------------------- closed-loop load driver

interface PhaseResult {
  label: string;
  ok: number;
  errors: Map<string, number>;
  errorSample: Map<string, string>;
  seconds: number;
  latencies: number[]; // ms, successful requests started after warm-up and completed in the window
  measureStart: number; // epoch ms
  measureEnd: number;
  completions: number[]; // epoch ms of each measured completion (for aligning profiler snapshots)
  cpu: CpuWindow;
  /** Open loop: the disk probe's writes during the phase (BENCH_DISK_PROBE). */
  probe?: DiskProbe;
}

/**
 * Runs `concurrency` loops of `op` for warm-up + measure seconds. A call counts if it started after
 * warm-up and completed before the end of the window; `op` returns an error key or undefined.
 */
type Hooks = { onMeasureStart?: () => void | Promise<void>; onMeasureEnd?: () => void | Promise<void> };

async function drive(label: string, op: () => Promise<{ error?: string; detail?: string }>, hooks: Hooks = {}, warmup = S.warmup): Promise<PhaseResult> {
  const t0 = nowMs();
  const measureStart = t0 + warmup * 1000;
  const measureEnd = measureStart + S.seconds * 1000;
  const r: PhaseResult = {
    label,
    ok: 0,
    errors: new Map(),
    errorSample: new Map(),
    seconds: S.seconds,
    latencies: [],
    measureStart,
    measureEnd,
    completions: [],
    cpu: undefined as unknown as CpuWindow,
  };
  let cpuStart: CpuSample | undefined;
  const marks = (async () => {
    await sleep(Math.max(0, measureStart - nowMs()));
    cpuStart = sampleCpu();
    await hooks.onMeasureStart?.();
    await sleep(Math.max(0, measureEnd - nowMs()));
    r.cpu = cpuWindow(cpuStart, sampleCpu());
    await hooks.onMeasureEnd?.();
  })();
  const worker = async () => {
    while (nowMs() < measureEnd) {
      const start = nowMs();
      await runAndRecord(r, op, start, (end) => start >= measureStart && end <= measureEnd);
    }
  };
  await Promise.all(Array.from({ length: S.concurrency }, worker));
  await marks;
  return r;
}

/** Runs `op` once; if `counts(end)`, records its error or its latency from `since`. */
async function runAndRecord(r: PhaseResult, op: () => Promise<{ error?: string; detail?: string }>, since: number, counts: (end: number) => boolean) {
  let out: { error?: string; detail?: string };
  try {
    out = await op();
  } catch (err) {
    out = { error: `exception: ${(err as Error).message.slice(0, 120)}` };
  }
  const end = nowMs();
  if (!counts(end)) return;
  if (out.error) {
    r.errors.set(out.error, (r.errors.get(out.error) ?? 0) + 1);
    if (out.detail && !r.errorSample.has(out.error)) r.errorSample.set(out.error, out.detail);
  } else {
    r.ok++;
    r.latencies.push(end - since);
    r.completions.push(end);
  }
}

/**
 * Open loop: `op` started at a fixed `rate` (requests/s) whatever the answers, for warm-up + measure
 * seconds. Latency is counted from the time a request was *scheduled*, so a stalled server is not
 * hidden by a load generator that waited for it (no coordinated omission). A request counts if it
 * was scheduled inside the window; the phase waits for every request it started.
 */
async function driveOpen(label: string, rate: number, op: () => Promise<{ error?: string; detail?: string }>, hooks: Hooks = {}): Promise<PhaseResult> {
  const t0 = nowMs() + 20;
  const measureStart = t0 + S.warmup * 1000;
  const measureEnd = measureStart + S.seconds * 1000;
  const r: PhaseResult = {
    label,
    ok: 0,
    errors: new Map(),
    errorSample: new Map(),
    seconds: S.seconds,
    latencies: [],
    measureStart,
    measureEnd,
    completions: [],
    cpu: undefined as unknown as CpuWindow,
  };
  let cpuStart: CpuSample | undefined;
  const probe = S.diskProbe ? startDiskProbe(S.diskProbeDir) : undefined;
  const inFlight = new Set<Promise<void>>();
  const launch = (due: number) => {
    const p = runAndRecord(r, op, due, () => due >= measureStart && due < measureEnd);
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };
  const marks: Array<void | Promise<void>> = [];
  for (let i = 0; ;) {
    const now = nowMs();
    if (!cpuStart && now >= measureStart) {
      cpuStart = sampleCpu();
      marks.push(hooks.onMeasureStart?.());
    }
    if (t0 + (i * 1000) / rate >= measureEnd) break;
    while (t0 + (i * 1000) / rate <= now) launch(t0 + (i++ * 1000) / rate);
    await sleep(1);
  }
  r.cpu = cpuWindow(cpuStart ?? sampleCpu(), sampleCpu());
  marks.push(hooks.onMeasureEnd?.());
  await Promise.all(inFlight);
  await Promise.all(marks);
  r.probe = await probe?.stop();
  return r;
}

function summary(r: PhaseResult) {
  const s = [...r.latencies].sort((a, b) => a - b);
  const errors = [...r.errors.values()].reduce((a, b) => a + b, 0);
  return { rate: r.ok / r.seconds, p50: pct(s, 50), p99: pct(s, 99), max: s[s.length - 1] ?? NaN, errors, n: r.ok };
}

/** p99 of the requests scheduled in each second of the window: a stall shows as one bad second, saturation as many. */
function p99PerSecond(r: PhaseResult): number[] {
  const seconds: number[][] = Array.from({ length: Math.ceil(r.seconds) }, () => []);
  r.latencies.forEach((l, i) => seconds[Math.floor((r.completions[i] - l - r.measureStart) / 1000)]?.push(l));
  return seconds.map((s) =>
    pct(
      s.sort((a, b) => a - b),
      99,
    ),
  );
}

// ---------------------------------------------------------------- PostgreSQL ceiling

const CEILINGS: Record<string, { title: string; statements: string[] }> = {
  A: {
    title: 'PG ceiling A (minimal persist)',
    statements: [
      'BEGIN',
      'INSERT INTO contacts.contacts ... ON CONFLICT (project_id, email) DO UPDATE SET data = contacts.data || excluded.data, updated_at = now() RETURNING id',
      'INSERT INTO events.events (project_id, id, contact_id, name, data)',
      'INSERT INTO events.outbox (id, type, project_id, occurred_at, data)',
      'COMMIT',
    ],
  },
  B: {
    title: 'PG ceiling B (A + projection)',
    statements: [
      'A',
      '+ INSERT INTO contacts.inbox ... ON CONFLICT DO NOTHING',
      '+ INSERT INTO contacts.event_facts ... ON CONFLICT DO UPDATE (count+1, first/last_at)',
    ],
  },
  N: {
    title: 'PG diag N (A + pg_notify)',
    statements: ['A', "+ SELECT pg_notify('herald_bench_<run>', 'events')  (diagnostic: the NOTIFY every Herald outbox tx sends)"],
  },
};

async function withScratchDb<T>(fn: (url: string, projectId: string) => Promise<T>): Promise<T> {
  const name = `herald_bench_${RUN}`;
  const admin = pgPool({ connectionString: INFRA.postgres.url, max: 1 });
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(INFRA.postgres.url);
  url.pathname = `/${name}`;
  try {
    const db = new Db(url.toString(), 2);
    try {
      // As the runtime migrates them: the shared tables (outbox, inbox…), then the service's own.
      await migrate(db, schemaOf(contacts), migrationsOf(contacts));
      await migrate(db, schemaOf(events), migrationsOf(events));
    } finally {
      await db.close();
    }
    const projectId = newId();
    await seedContacts(url.toString(), projectId);
    return await fn(url.toString(), projectId);
  } finally {
    await sleep(300); // pool.end() resolves before its backends have exited; let them go before FORCE
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch((e) => log('drop scratch db failed:', e.message));
    await admin.end();
  }
}

/** The BENCH_CONTACTS existing contacts, inserted directly (same rows Herald would hold). */
async function seedContacts(url: string, projectId: string) {
  const pool = pgPool({ connectionString: url, max: 1 });
  try {
    await pool.query(
      `INSERT INTO contacts.contacts (project_id, id, email, subscribed, data)
       SELECT $1, gen_random_uuid(), 'user' || i || '@bench.test', true, jsonb_build_object('plan', 'free')
       FROM generate_series(0, $2 - 1) AS i ON CONFLICT DO NOTHING`,
      [projectId, S.contacts],
    );
    await pool.query('ANALYZE contacts.contacts');
  } finally {
    await pool.end();
  }
}

/** Ceiling `kind` in a closed loop, or with `openRate`, in an open loop at that rate. */
async function runCeiling(kind: string, url: string, projectId: string, openRate?: number): Promise<PhaseResult> {
  const pool = pgPool({ connectionString: url, max: S.concurrency });
  const mix = new Mix(`pg${kind}${RUN}`);
  const channel = `herald_bench_${RUN}`;
  // Open every connection before the clock starts.
  const warm: PoolClient[] = await Promise.all(Array.from({ length: S.concurrency }, () => pool.connect()));
  warm.forEach((c) => c.release());
  const op = async () => {
    const t = mix.next();
    const c = await pool.connect();
    try {
      await c.query('BEGIN');
      const contactId = (
        await c.query(
          `INSERT INTO contacts.contacts (project_id, id, email, subscribed, data) VALUES ($1, $2, $3, true, $4)
           ON CONFLICT (project_id, email) DO UPDATE SET data = contacts.data || excluded.data, updated_at = now() RETURNING id`,
          [projectId, newId(), t.email, JSON.stringify(t.data)],
        )
      ).rows[0].id;
      const eventId = newId();
      const at = new Date().toISOString();
      await c.query(`INSERT INTO events.events (project_id, id, contact_id, name, data) VALUES ($1, $2, $3, $4, $5)`, [
        projectId,
        eventId,
        contactId,
        t.event,
        JSON.stringify(t.data),
      ]);
      await c.query(`INSERT INTO events.outbox (id, type, project_id, occurred_at, data) VALUES ($1, $2, $3, $4, $5)`, [
        newId(),
        'events.event.recorded.v1',
        projectId,
        at,
        JSON.stringify({ eventId, contactId, name: t.event, occurredAt: at }),
      ]);
      if (kind === 'B') {
        await c.query(`INSERT INTO contacts.inbox (project_id, event_id, consumer) VALUES ($1, $2, 'contacts') ON CONFLICT DO NOTHING`, [projectId, eventId]);
        await c.query(
          `INSERT INTO contacts.event_facts (project_id, contact_id, name, count, first_at, last_at) VALUES ($1, $2, $3, 1, $4, $4)
           ON CONFLICT (project_id, contact_id, name) DO UPDATE SET count = event_facts.count + 1,
             first_at = least(event_facts.first_at, excluded.first_at), last_at = greatest(event_facts.last_at, excluded.last_at)`,
          [projectId, contactId, t.event, at],
        );
      }
      if (kind === 'N') await c.query('SELECT pg_notify($1, $2)', [channel, 'events']);
      await c.query('COMMIT');
      return {};
    } catch (err) {
      await c.query('ROLLBACK').catch(() => undefined);
      return { error: `pg ${(err as any).code ?? ''} ${(err as Error).message.slice(0, 80)}` };
    } finally {
      c.release();
    }
  };
  try {
    return await (openRate ? driveOpen(`${CEILINGS[kind].title}, open loop`, openRate, op) : drive(CEILINGS[kind].title, op));
  } finally {
    await pool.end();
  }
}

// ---------------------------------------------------------------- Herald topologies

interface DbStats {
  xact_commit: number;
  xact_rollback: number;
  tup_inserted: number;
  tup_updated: number;
  tup_deleted: number;
  blks_hit: number;
  blks_read: number;
}
async function dbStats(pool: PgPool, dbName: string): Promise<DbStats> {
  // pg_stat_database is updated when backends report (at most every ~0.5-1 s); clear our snapshot.
  await pool.query('SELECT pg_stat_clear_snapshot()');
  const r = (
    await pool.query(
      `SELECT xact_commit, xact_rollback, tup_inserted, tup_updated, tup_deleted, blks_hit, blks_read FROM pg_stat_database WHERE datname = $1`,
      [dbName],
    )
  ).rows[0];
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)])) as unknown as DbStats;
}

/** What was measured around a window besides the load generator's own figures. */
interface Measured {
  profile?: ProfileReport;
  db?: { perTrack: Record<string, number> };
  /** How fast the event_facts projection fell behind during the window (events/s; ≤ 0 = kept up). */
  lagGrowthPerS?: number;
}

interface TopoResult extends Measured {
  phase: PhaseResult;
  drain?: { seconds: number; done: boolean; backlogAtEnd: Backlog };
  /** The open-loop phase at the target rate (see driveOpen), after the closed loop has drained. */
  open?: PhaseResult & { rate: number } & Measured;
}

/**
 * Whether an open-loop phase shows the server keeping up with the offered rate: no errors, every
 * request served, and a median latency (from the scheduled start) of at most 100 ms. A server
 * short of the rate by even 1 % builds a queue that puts the median near 100 ms by the middle of a
 * 3 + 15 s phase (1 % × 10.5 s), growing from there; a disk stall moves the p99, not the median.
 * The projection must keep up too (as in the closed loop: lag growth ≤ 5 % of the rate).
 */
function sustains(open: PhaseResult & { rate: number } & Measured): { ok: boolean; why?: string } {
  const s = summary(open);
  if (s.errors > 0) return { ok: false, why: `${s.errors} errors` };
  if (s.rate < 0.97 * open.rate) return { ok: false, why: `served only ${f0(s.rate)}/s` };
  if (s.p50 > 100) return { ok: false, why: 'median over 100 ms: a queue builds, the rate is not sustained' };
  if (open.lagGrowthPerS !== undefined && open.lagGrowthPerS > 0.05 * open.rate) return { ok: false, why: 'the projection falls behind' };
  return { ok: true };
}

interface ProfileReport {
  tracks: number;
  windowS: number;
  statements: Array<{ target: string; sql: string; perTrack: number; avgMs: number; slow: number }>;
  poolWait: Array<{ target: string; perTrack: number; avgMs: number }>;
  cpu: Array<{ target: string; cores?: number; elu: number }>;
}

function diffProfile(a: Snapshot[], b: Snapshot[], tracks: number): ProfileReport {
  const report: ProfileReport = { tracks, windowS: 0, statements: [], poolWait: [], cpu: [] };
  for (const d of snapshotDeltas(a, b)) {
    report.windowS = d.ms / 1000;
    report.cpu.push({ target: d.target, cores: d.cpuMs === undefined ? undefined : d.cpuMs / d.ms, elu: d.elu });
    const pw = d.poolWait;
    if (pw.n) report.poolWait.push({ target: d.target, perTrack: pw.n / tracks, avgMs: pw.ns / pw.n / 1e6 });
    for (const s of d.statements) report.statements.push({ target: d.target, sql: s.sql, perTrack: s.n / tracks, avgMs: s.ns / s.n / 1e6, slow: s.slow });
  }
  report.statements.sort((x, y) => y.perTrack * y.avgMs - x.perTrack * x.avgMs);
  return report;
}

async function runTopology(kind: 'all' | 'split', admin: PgPool, openRate?: (closed: PhaseResult) => number | undefined): Promise<TopoResult> {
  const profDir = fs.mkdtempSync(path.join(os.tmpdir(), `herald-bench-${kind}-`));
  // preload.js: see its header (dist path work-around; statement profiler when BENCH_PGCOUNT_DIR is set).
  const env: NodeJS.ProcessEnv = {
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOG_LEVEL: 'warn',
    // Passed through for A/B runs (one thread or two in all-in-one).
    ...(process.env.ALL_IN_ONE_THREADS ? { ALL_IN_ONE_THREADS: process.env.ALL_IN_ONE_THREADS } : {}),
    DB_POOL_MAX: S.poolMax,
    NODE_OPTIONS: `--require ${path.join(__dirname, 'preload.js')} ${process.env.BENCH_NODE_OPTIONS ?? ''}`.trim(),
  };
  if (S.profile) env.BENCH_PGCOUNT_DIR = profDir;
  const cpuProfDir = process.env.BENCH_CPU_PROF_DIR;
  if (cpuProfDir) {
    fs.mkdirSync(cpuProfDir, { recursive: true });
    env.BENCH_CPU_PROF_DIR = path.resolve(cpuProfDir);
  }
  const signalProfilers = () => cpuProfDir && t.procs.forEach((p) => p.child.kill('SIGUSR2'));
  log(`starting topology ${kind} ...`);
  const t = await Topology.start(kind, { env: { ...env, ...(await tracesEnv()) }, registry });
  running.add(t);
  try {
    await seedContacts(t.dbUrl, t.projectId);
    log(`${kind}: up at ${t.baseUrl} (${t.procs.map((p) => p.target).join(', ')}); ${S.contacts} contacts seeded; driving load`);
    const http = new HttpPool(t.baseUrl, { connections: S.concurrency, pipelining: 1, keepAliveTimeout: 30_000 });
    const mix = new Mix(`${kind}${RUN}`);
    const headers = { authorization: `Bearer ${t.keys.public}`, 'content-type': 'application/json' };
    /** One POST /v1/track of the mix through `pool`: an error key (and the body) unless 2xx. */
    const trackOp = (pool: HttpPool) => async () => {
      const m = mix.next();
      const res = await pool.request({ path: '/v1/track', method: 'POST', headers, body: JSON.stringify({ event: m.event, email: m.email, data: m.data }) });
      if (res.statusCode >= 200 && res.statusCode < 300) {
        await res.body.dump();
        return {};
      }
      const text = await res.body.text().catch(() => '');
      return { error: `HTTP ${res.statusCode}`, detail: text.slice(0, 300) };
    };
    const probe = pgPool({ connectionString: t.dbUrl, max: 1 });
    /** Profiler snapshots, pg_stat_database and the backlog at the start and end of a measured window. */
    const recorder = (cpuProfile: boolean) => {
      let snapA: Snapshot[] = [];
      let snapB: Snapshot[] = [];
      let statsA: DbStats | undefined;
      let statsB: DbStats | undefined;
      let backlogA: Backlog | undefined;
      let backlogB: Backlog | undefined;
      const hooks: Hooks = {
        onMeasureStart: async () => {
          if (cpuProfile) signalProfilers();
          snapA = readSnapshots(profDir);
          statsA = await dbStats(admin, t.dbName);
          backlogA = await backlog(probe);
        },
        onMeasureEnd: async () => {
          if (cpuProfile) signalProfilers();
          snapB = readSnapshots(profDir);
          statsB = await dbStats(admin, t.dbName);
          backlogB = await backlog(probe);
        },
      };
      const measured = (phase: PhaseResult): Measured => {
        const m: Measured = {};
        if (backlogA && backlogB) m.lagGrowthPerS = (Math.max(0, backlogB.factsBehind) - Math.max(0, backlogA.factsBehind)) / S.seconds;
        // Statements per track: count the tracks that completed between the two snapshots' instants.
        if (S.profile && snapA.length && snapB.length) {
          const from = Math.min(...snapA.map((s) => s.at));
          const to = Math.max(...snapB.map((s) => s.at));
          const tracks = phase.completions.filter((c) => c >= from && c <= to).length || 1;
          m.profile = diffProfile(snapA, snapB, tracks);
        }
        if (statsA && statsB) {
          const ok = phase.ok || 1;
          m.db = { perTrack: Object.fromEntries((Object.keys(statsB) as Array<keyof DbStats>).map((k) => [k, (statsB![k] - statsA![k]) / ok])) };
        }
        return m;
      };
      return { hooks, measured };
    };
    const closed = recorder(true);
    log(`${kind}: closed loop (${S.heraldWarmup} s warm-up + ${S.seconds} s)`);
    const phase = await drive(`Herald ${kind === 'all' ? 'all-in-one' : 'split'}`, trackOp(http), closed.hooks, S.heraldWarmup);
    await http.close();
    const out: TopoResult = { phase, ...closed.measured(phase) };
    out.drain = await drainProjection(t);
    const rate = openRate?.(phase);
    if (rate) {
      log(`${kind}: open loop at ${f0(rate)} tracks/s (${S.warmup} s warm-up + ${S.seconds} s)`);
      const open = new HttpPool(t.baseUrl, { connections: 256, pipelining: 1, keepAliveTimeout: 30_000 });
      const rec = recorder(false);
      const openPhase = await driveOpen(`${phase.label}, open loop`, rate, trackOp(open), rec.hooks);
      out.open = { ...openPhase, rate, ...rec.measured(openPhase) };
      await open.close();
    }
    await probe.end();
    return out;
  } finally {
    log(`stopping topology ${kind}`);
    await t.stop().catch((e) => log('stop failed:', e.message));
    running.delete(t);
    fs.rmSync(profDir, { recursive: true, force: true });
  }
}

interface Backlog {
  eventsOutbox: number;
  contactsOutbox: number;
  /** Events recorded but not yet counted in contacts.event_facts (the projection's lag). */
  factsBehind: number;
}
async function backlog(pool: PgPool): Promise<Backlog> {
  const r = (
    await pool.query(
      `SELECT (SELECT count(*) FROM events.outbox)::int AS events_outbox, (SELECT count(*) FROM contacts.outbox)::int AS contacts_outbox,
              ((SELECT count(*) FROM events.events) - (SELECT coalesce(sum(count), 0) FROM contacts.event_facts))::int AS facts_behind`,
    )
  ).rows[0];
  return { eventsOutbox: r.events_outbox, contactsOutbox: r.contacts_outbox, factsBehind: r.facts_behind };
}

/** After the load stops: how long until the outboxes are empty and event_facts counts every event. */
async function drainProjection(t: Topology) {
  const pool = pgPool({ connectionString: t.dbUrl, max: 1 });
  const t0 = nowMs();
  try {
    const atEnd = await backlog(pool);
    let b = atEnd;
    while (b.eventsOutbox + b.contactsOutbox + Math.max(0, b.factsBehind) > 0 && nowMs() - t0 < S.drainSeconds * 1000) {
      await sleep(200);
      b = await backlog(pool);
    }
    const done = b.eventsOutbox + b.contactsOutbox + Math.max(0, b.factsBehind) === 0;
    return { seconds: (nowMs() - t0) / 1000, done, backlogAtEnd: atEnd };
  } finally {
    await pool.end();
  }
}

// ---------------------------------------------------------------- report

function printErrors(r: PhaseResult) {
  for (const [k, n] of r.errors) console.log(`    errors in ${r.label}: ${n} × ${k}${r.errorSample.has(k) ? ` — ${r.errorSample.get(k)}` : ''}`);
}

function printTopologyDetail(r: TopoResult) {
  console.log(`\n--- ${r.phase.label}: where the time goes (closed loop, measured window) ---`);
  printMeasured(r, summary(r.phase).rate, r.drain);
  if (r.open) {
    console.log(`\n--- ${r.open.label} at ${f0(r.open.rate)}/s: where the time goes (measured window) ---`);
    console.log(`  p99 per second of the window (ms): ${p99PerSecond(r.open).map(f0).join(' ')}`);
    printProbe(r.open);
    printMeasured(r.open, summary(r.open).rate);
  }
}

/** The disk probe beside an open loop's p99 per second: a stall of the disk shows in both. */
function printProbe(r: PhaseResult) {
  if (!r.probe) return;
  const d = diskProbeSummary(r.probe, r.measureStart, r.measureEnd);
  console.log(
    `  disk probe in ${r.probe.dir} (another writer: 4 KB + fdatasync every 10 ms), n=${d.n}: p50 ${f1(d.p50)} p99 ${f1(d.p99)} max ${f1(d.max)} ms; slowest per second: ${d.perSecond.map(f0).join(' ')}`,
  );
}

function printMeasured(m: Measured, rate: number, drain?: TopoResult['drain']) {
  if (m.db) {
    const p = m.db.perTrack;
    console.log(
      `  PostgreSQL per track (pg_stat_database, whole Herald DB incl. relay/consumers): ${f2(p.xact_commit)} commits, ` +
        `${f2(p.tup_inserted)} rows inserted, ${f2(p.tup_updated)} updated, ${f2(p.tup_deleted)} deleted, ${f2(p.xact_rollback)} rollbacks`,
    );
  }
  if (drain) {
    const b = drain.backlogAtEnd;
    console.log(
      `  async side at end of load: events.outbox=${b.eventsOutbox}, contacts.outbox=${b.contactsOutbox}, event_facts behind by ${b.factsBehind} events; ` +
        `${drain.done ? `drained in ${f1(drain.seconds)} s` : `NOT drained after ${f1(drain.seconds)} s`}`,
    );
  }
  if (m.lagGrowthPerS !== undefined) {
    console.log(
      `  projection lag grew by ${f0(m.lagGrowthPerS)} events/s during the window (${f0((100 * Math.max(0, m.lagGrowthPerS)) / (rate || 1))} % of the track rate)` +
        (m.lagGrowthPerS > 0.05 * rate ? ' — the async side does NOT keep up; the HTTP rate is not sustainable end to end' : ' — keeps up'),
    );
  }
  const p = m.profile;
  if (!p) return;
  console.log(`  Herald processes (profiler window ${f1(p.windowS)} s, ${p.tracks} tracks):`);
  for (const c of p.cpu) {
    const cpu =
      c.cores === undefined
        ? 'a thread (CPU counted with its process)'
        : `CPU ${f2(c.cores)} cores = ${f2((1000 * c.cores) / (p.tracks / (p.windowS || 1)))} ms per track`;
    console.log(`    ${pad(c.target, 9)} ${cpu}, event loop busy ${f0(100 * c.elu)} %`);
  }
  for (const w of p.poolWait) console.log(`    ${pad(w.target, 9)} pool.connect: ${f2(w.perTrack)} per track, avg wait ${f2(w.avgMs)} ms`);
  const total = p.statements.reduce((a, s) => a + s.perTrack, 0);
  console.log(`  statements sent to PostgreSQL: ${f2(total)} per track (each a network round trip); by cost (per-track × avg latency):`);
  console.log(`    ${pad('process', 9)} ${lpad('per track', 9)} ${lpad('avg ms', 7)} ${lpad('≥100 ms', 7)}  statement`);
  for (const s of p.statements.slice(0, 24)) {
    console.log(`    ${pad(s.target, 9)} ${lpad(f2(s.perTrack), 9)} ${lpad(f2(s.avgMs), 7)} ${lpad(String(s.slow), 7)}  ${s.sql}`);
  }
  const slow = p.statements.filter((s) => s.slow > 0);
  if (slow.length) console.log(`  replies that took ≥ 100 ms: ${slow.map((s) => `${s.slow} × ${s.sql.slice(0, 40)}`).join('; ')}`);
  if (p.statements.length > 24) console.log(`    ... ${p.statements.length - 24} more (rare) statements`);
}

// ---------------------------------------------------------------- main

async function main() {
  const started = nowMs();
  await requireInfra();
  const admin = pgPool({ connectionString: INFRA.postgres.url, max: 2 });
  const pgInfo = (
    await admin.query(
      `SELECT current_setting('server_version') AS v, current_setting('synchronous_commit') AS sc, current_setting('fsync') AS fs,
              current_setting('max_connections') AS mc, current_setting('shared_buffers') AS sb, current_setting('commit_delay') AS cd`,
    )
  ).rows[0];
  const settings =
    `concurrency ${S.concurrency} in flight, warm-up ${S.warmup} s (Herald's closed loop ${S.heraldWarmup} s) + measure ${S.seconds} s per phase, ${S.contacts} existing contacts, ` +
    `${Math.round(S.newRatio * 100)} % new, ${EVENT_NAMES.length} event names, Herald DB_POOL_MAX=${S.poolMax}, profiler ${S.profile ? 'on' : 'off'}`;
  log(settings);

  // The p99 target is judged at the target rate, offered open loop: all-in-one at 0.6 × ceiling A,
  // split at 0.6 × all-in-one (closed-loop rates of this run); BENCH_OPEN_RATE overrides both, and
  // the raw loop's open phase runs at the all-in-one's rate, whichever it is.
  const forced = process.env.BENCH_OPEN_RATE ? num('BENCH_OPEN_RATE', 0) : undefined;
  const ceilings = new Map<string, PhaseResult>();
  /** Ceiling A offered open loop at the all-in-one p99 target's rate: the machine's own p99 there. */
  let ceilingOpen: (PhaseResult & { rate: number }) | undefined;
  if (S.ceilings.length) {
    await withScratchDb(async (url, projectId) => {
      for (const k of S.ceilings) {
        if (!CEILINGS[k]) throw new Error(`unknown ceiling ${k} (A, B, N)`);
        log(`running ${CEILINGS[k].title} ...`);
        ceilings.set(k, await runCeiling(k, url, projectId));
        if (k === 'A' && S.ceilingOpen) {
          const rate = forced || TARGETS.allOfCeiling * summary(ceilings.get('A')!).rate;
          log(`running ${CEILINGS[k].title}, open loop at ${f0(rate)}/s ...`);
          ceilingOpen = { ...(await runCeiling(k, url, projectId, rate)), rate };
        }
      }
    });
  }

  const topo = new Map<string, TopoResult>();
  const openRate = (kind: 'all' | 'split') => (closed: PhaseResult) => {
    if (forced !== undefined) return forced || undefined;
    if (kind === 'all') return ceilings.get('A') ? TARGETS.allOfCeiling * summary(ceilings.get('A')!).rate : undefined;
    const all = topo.get('all');
    return all ? TARGETS.splitOfAll * summary(all.phase).rate : (void closed, undefined);
  };
  for (const kind of S.topologies) topo.set(kind, await runTopology(kind, admin, openRate(kind)));
  await admin.end();

  // ---- report
  console.log('\n================ Herald /v1/track bench ================');
  console.log(machineLine());
  console.log(`  ${tracesLine()}`);
  console.log(
    `PostgreSQL ${pgInfo.v} at ${INFRA.postgres.host}:${INFRA.postgres.port}: synchronous_commit=${pgInfo.sc}, fsync=${pgInfo.fs}, ` +
      `shared_buffers=${pgInfo.sb}, max_connections=${pgInfo.mc}, commit_delay=${pgInfo.cd} (shared with anything else on this machine)`,
  );
  console.log(`settings: ${settings}`);
  console.log('NOTE: single short run on a shared machine; the load generator runs on the same cores. Treat figures as ±20 %.\n');

  const rows: string[][] = [['phase', 'tracks/s', 'p50 ms', 'p99 ms', 'max ms', 'ok', 'errors', 'machine CPU', 'steal', 'loadgen CPU']];
  const row = (label: string, r: PhaseResult) => {
    const s = summary(r);
    rows.push([
      label,
      f0(s.rate),
      f2(s.p50),
      f2(s.p99),
      f1(s.max),
      String(s.n),
      String(s.errors),
      `${f0(r.cpu.machineBusyPct)} %`,
      `${f0(r.cpu.stealPct)} %`,
      `${f2(r.cpu.benchCores)} cores`,
    ]);
  };
  for (const r of [...ceilings.values(), ...(ceilingOpen ? [ceilingOpen] : [])]) {
    const label = r === ceilingOpen ? `${r.label} at ${f0(ceilingOpen.rate)}/s` : r.label;
    row(label, r);
  }
  for (const [, r] of topo) {
    for (const ph of [r.phase, r.open]) {
      if (!ph) continue;
      const label = ph === r.open ? `${ph.label} at ${f0(r.open.rate)}/s` : ph.label;
      row(label, ph);
    }
  }
  table(rows, '');
  for (const [, r] of ceilings) printErrors(r);
  for (const [, r] of topo) [r.phase, r.open].forEach((ph) => ph && printErrors(ph));
  console.log("  closed loop: BENCH_CONCURRENCY requests in flight, the saturated rate; its latency is about concurrency ÷ rate (Little's law).");
  console.log('  open loop: requests started at a fixed rate (the target rate), latency counted from the scheduled start.');

  console.log('\nPostgreSQL ceiling = a raw `pg` loop, one pooled connection per in-flight track, each "track" one transaction of:');
  for (const k of ceilings.keys()) console.log(`  ${k}: ${CEILINGS[k].statements.join('; ')}`);
  console.log('  (scratch database migrated with the real contacts + events migrations, so tables and indexes match Herald.)');

  // ---- ratios and targets
  const A = ceilings.get('A') ? summary(ceilings.get('A')!) : undefined;
  const all = topo.get('all') ? summary(topo.get('all')!.phase) : undefined;
  const split = topo.get('split') ? summary(topo.get('split')!.phase) : undefined;
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  console.log('\nratios and targets:');
  if (A && all) {
    const ratio = all.rate / A.rate;
    console.log(`  all-in-one / PG ceiling A = ${f2(ratio)}   (target ≥ ${TARGETS.allOfCeiling})  ${verdict(ratio >= TARGETS.allOfCeiling)}`);
    const B = ceilings.get('B') ? summary(ceilings.get('B')!) : undefined;
    if (B) console.log(`  all-in-one / PG ceiling B = ${f2(all.rate / B.rate)}   (informational)`);
  }
  const allOpen = topo.get('all')?.open;
  const rawOpen = ceilingOpen && (!allOpen || Math.abs(ceilingOpen.rate - allOpen.rate) < 1e-6) ? summary(ceilingOpen) : undefined;
  if (ceilingOpen) {
    const c = summary(ceilingOpen);
    console.log(
      `  PG ceiling A's own p99 at ${f0(ceilingOpen.rate)}/s offered = ${f1(c.p99)} ms, p50 ${f1(c.p50)} ms   (what this machine's PostgreSQL gives one raw loop at that rate)`,
    );
    console.log(`  PG ceiling A open loop, p99 per second of the window (ms): ${p99PerSecond(ceilingOpen).map(f0).join(' ')}`);
    printProbe(ceilingOpen);
  }
  if (allOpen) {
    const o = summary(allOpen);
    const kept = o.rate >= 0.97 * allOpen.rate && o.errors === 0;
    const v = p99Verdict(o.p99, rawOpen?.p99);
    console.log(
      `  all-in-one p99 at ${f0(allOpen.rate)} tracks/s offered (${f0(o.rate)}/s served) = ${f1(o.p99)} ms  ` +
        `(target ≤ ${f1(v.boundMs)} ms at ${TARGETS.allOfCeiling} × ceiling A: ${v.why}${kept ? '' : '; the offered rate was not served'})  ${verdict(kept && v.ok)}`,
    );
  }
  if (all) console.log(`  all-in-one p99 in the closed loop (saturated) = ${f1(all.p99)} ms   (informational)`);
  for (const [kind, r] of topo) {
    const rate = summary(r.phase).rate;
    if (r.lagGrowthPerS !== undefined && r.lagGrowthPerS > 0.05 * rate) {
      console.log(`  NOTE ${kind}: event_facts projection fell behind by ${f0(r.lagGrowthPerS)} events/s — throughput above is HTTP-only, not end to end`);
    }
  }
  const splitOpen = topo.get('split')?.open;
  if (all && splitOpen) {
    const o = summary(splitOpen);
    const offered = splitOpen.rate / all.rate;
    const v = sustains(splitOpen);
    console.log(
      `  split sustains ${f0(splitOpen.rate)}/s = ${f2(offered)} × all-in-one, offered open loop: ${f0(o.rate)}/s served, p50 ${f1(o.p50)} ms, ` +
        `p99 ${f1(o.p99)} ms${v.why ? ` — ${v.why}` : ''}  (target ≥ ${TARGETS.splitOfAll})  ${verdict(v.ok && offered >= TARGETS.splitOfAll - 1e-9)}`,
    );
  }
  if (all && split) {
    const ratio = split.rate / all.rate;
    console.log(
      `  split / all-in-one, closed loop at ${S.concurrency} in flight = ${f2(ratio)}   (${splitOpen ? 'informational: latency-bound, see bench/README.md' : `target ≥ ${TARGETS.splitOfAll}  ${verdict(ratio >= TARGETS.splitOfAll)}`})`,
    );
  }
  const N = ceilings.get('N') ? summary(ceilings.get('N')!) : undefined;
  if (A && N) console.log(`  diag: PG ceiling with pg_notify / without = ${f2(N.rate / A.rate)}  (NOTIFY serializes committing transactions cluster-wide)`);
  const anyErrors = [...ceilings.values(), ...[...topo.values()].map((t) => t.phase)].some((r) => r.errors.size > 0);
  if (anyErrors) console.log('  WARNING: some requests failed (see errors above); their latencies are excluded.');

  for (const [, r] of topo) printTopologyDetail(r);
  console.log(`\nbench finished in ${f0((nowMs() - started) / 1000)} s`);
}

run(main);
