/**
 * bench/workflows: the workflow engine's timers. BENCH_EXECUTIONS (100,000) executions of one
 * workflow TRIGGER → DELAY (1 minute) → EXIT wait at the DELAY step, due uniformly over
 * BENCH_SPREAD_MS (60 s); BENCH_WORKERS (2) engine workers, each as a replica runs it (its own
 * pool and GraphCache, `runEngine` every 200 ms through the kit's Ticker, the service's settings),
 * walk them to the end. Reported: timer lateness (the DELAY step's history `at` − its due time),
 * steps per second, and the claim + write cycle. Then the engine's capacity (the same number of
 * executions all due at once) against the PostgreSQL ceiling for the statements it writes (the
 * repository's claimDue and writeExecutions in a bare loop on as many connections). Its own
 * database, dropped at the end (also on Ctrl-C) unless BENCH_KEEP=1. Needs PostgreSQL only
 * (INFRA.postgres.url). See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Db, migrate } from '../../libs/db/src';
import { newId, Ticker } from '../../libs/kit/src';
import { migrationsOf } from '../../libs/runtime/src';
import { scratchDatabase, type ScratchDatabase, type Topology } from '../../libs/testing/src';
import { GraphCache, runEngine, type EngineDeps, type EngineSettings } from '../../services/workflows/src/app/engine';
import type { ClaimedExecution, ExecutionWrite } from '../../services/workflows/src/app/ports';
import { workflowsSettings } from '../../services/workflows/src/config';
import { SCHEMA } from '../../services/workflows/src/migrations';
import { workflows } from '../../services/workflows/src/service';
import { cpuWindow, f0, f1, f2, log, machineLine, num, pct, run, running, sampleCpu, sleep, table, type CpuWindow } from '../lib';
import { TimedRepo, type Batch } from './probe';

const N = num('BENCH_EXECUTIONS', 100_000);
const SPREAD_MS = num('BENCH_SPREAD_MS', 60_000);
const WORKERS = Math.max(1, num('BENCH_WORKERS', 2));
/** The first timer falls due this long after the setup (seed, VACUUM, CHECKPOINT) has ended, at least. */
const LEAD_MS = num('BENCH_LEAD_MS', 3000);
/** Which phases: `timers` (the issue's figure), `backlog` (the engine's capacity), `ceiling`. */
const PHASES = new Set(
  (process.env.BENCH_PHASES ?? 'timers,backlog,ceiling')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
/** Rounds of the capacity phases (backlog, ceiling), alternating; the medians are compared. */
const ROUNDS = Math.max(1, num('BENCH_ROUNDS', 3));
/**
 * A capacity round during which the rest of the machine (other people's work, PostgreSQL's
 * background processes) used more than this many cores is disturbed: measured again, up to
 * 3 × BENCH_ROUNDS rounds, and left out of the medians.
 */
const CLEAN_REST_CORES = num('BENCH_CLEAN_REST_CORES', 0.3);
const TIMEOUT_S = num('BENCH_TIMEOUT_SECONDS', 600);
const KEEP = num('BENCH_KEEP', 0) === 1;
/** services/workflows/src/service.ts ENGINE_EVERY_MS: from the end of one run to the next. */
const EVERY_MS = num('BENCH_ENGINE_EVERY_MS', 200);
/** The service's own settings (WORKFLOW_BATCH 500, WORKFLOW_CONCURRENCY 32, WORKFLOW_LEASE_MS 60 s), overridable as for the service. */
const CONFIG = workflowsSettings.parse(process.env);
const SETTINGS: EngineSettings = {
  batch: CONFIG.WORKFLOW_BATCH,
  leaseMs: CONFIG.WORKFLOW_LEASE_MS,
  concurrency: CONFIG.WORKFLOW_CONCURRENCY,
  timeScale: CONFIG.WORKFLOW_TIME_SCALE,
  retryBaseMs: CONFIG.WORKFLOW_RETRY_BASE_MS,
};
/** DB_POOL_MAX's default: each worker stands for a replica with its own pool. */
const POOL_MAX = num('BENCH_DB_POOL_MAX', 10);

const P99_TARGET_MS = 1000;
const RATIO_TARGET = 0.5;

interface Flow {
  projectId: string;
  workflowId: string;
  trigger: string;
  delay: string;
  exit: string;
}

/** One project, one enabled workflow: TRIGGER → DELAY (1 minute) → EXIT, made through the repository as the API makes it. */
async function createWorkflow(db: Db): Promise<Flow> {
  const store = new TimedRepo(db);
  const f: Flow = { projectId: newId(), workflowId: newId(), trigger: newId(), delay: newId(), exit: newId() };
  await db.run(async (tx) => {
    await store.insertWorkflow(tx, {
      project_id: f.projectId,
      id: f.workflowId,
      name: 'bench',
      description: null,
      trigger_event: 'signup',
      allow_reentry: false,
      webhook_secret: 'whsec_bench',
    });
    await store.updateWorkflow(tx, f.projectId, f.workflowId, { enabled: true });
    const step = (id: string, type: string, config: object) =>
      store.insertStep(tx, {
        project_id: f.projectId,
        workflow_id: f.workflowId,
        id,
        type: type as never,
        name: type,
        position: null,
        config: config as never,
        template_id: null,
      });
    await step(f.trigger, 'TRIGGER', {});
    await step(f.delay, 'DELAY', { amount: 1, unit: 'minutes' });
    await step(f.exit, 'EXIT', { reason: 'done' });
    const edge = (from: string, to: string) =>
      store.insertTransition(tx, {
        project_id: f.projectId,
        workflow_id: f.workflowId,
        id: newId(),
        from_step_id: from,
        to_step_id: to,
        branch: null,
        wait_outcome: null,
        priority: 0,
      });
    await edge(f.trigger, f.delay);
    await edge(f.delay, f.exit);
  });
  return f;
}

/**
 * `n` executions WAITING at the DELAY step, as the engine leaves them: entered a minute before
 * their due time (UUIDv7 id of that time, the trigger event, history [TRIGGER, DELAY], version 3 =
 * inserted, claimed, written), due from `base` on, evenly over `spreadMs`. Each one's due time is
 * also kept in bench.seeded (the claim moves due_at to the lease's end). Then VACUUM ANALYZE and a
 * CHECKPOINT, so every phase starts from the same state. Not measured.
 */
async function seed(db: Db, f: Flow, phase: string, n: number, base: Date, spreadMs: number) {
  await db.query(
    `WITH s AS (
       SELECT i, $5::timestamptz + ((i - 1) * $6::double precision / $4) * interval '1 millisecond' AS due FROM generate_series(1, $4::int) i
     ), ins AS (
       INSERT INTO workflows.executions (project_id, id, workflow_id, contact_id, status, current_step_id, context, trigger_event, due_at, attempts, history, version, started_at, updated_at)
       SELECT $1, (lpad(to_hex((extract(epoch FROM due - interval '1 minute') * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text), 1, 3) || '8' || substr(md5(random()::text), 1, 15))::uuid,
              $2, gen_random_uuid(), 'WAITING', $8::uuid, '{}',
              jsonb_build_object('id', gen_random_uuid(), 'name', 'signup', 'occurredAt', due - interval '1 minute', 'data', '{}'::jsonb),
              due, 0,
              jsonb_build_array(
                jsonb_build_object('stepId', $7::uuid, 'type', 'TRIGGER', 'at', due - interval '1 minute', 'outcome', jsonb_build_object('event', 'signup')),
                jsonb_build_object('stepId', $8::uuid, 'type', 'DELAY', 'at', due - interval '1 minute', 'outcome', jsonb_build_object('delay', '1 minutes'))),
              3, due - interval '1 minute', due - interval '1 minute'
         FROM s ORDER BY i
       RETURNING id, due_at
     )
     INSERT INTO bench.seeded (id, phase, due_at) SELECT id, $3, due_at FROM ins`,
    [f.projectId, f.workflowId, phase, n, base, spreadMs, f.trigger, f.delay],
  );
  await db.query('VACUUM (ANALYZE) workflows.executions');
  await db.query('CHECKPOINT').catch((e: Error) => log(`CHECKPOINT failed (${e.message}); going on`));
}

// ---------------------------------------------------------------- PostgreSQL counters

interface PgCounters {
  commits: number;
  updated: number;
  hot: number;
  wal: string;
  autovacuums: number;
  autoanalyzes: number;
}
async function pgCounters(db: Db, dbName: string): Promise<PgCounters> {
  const [r] = await db.query(
    `SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = $1)::float8 AS commits,
            n_tup_upd::float8 AS updated, n_tup_hot_upd::float8 AS hot, autovacuum_count::float8 AS autovacuums, autoanalyze_count::float8 AS autoanalyzes,
            pg_current_wal_lsn()::text AS wal
       FROM pg_stat_user_tables WHERE schemaname = 'workflows' AND relname = 'executions'`,
    [dbName],
  );
  return r;
}
interface PgDelta {
  commits: number;
  updated: number;
  hot: number;
  walBytes: number;
  autovacuums: number;
  autoanalyzes: number;
}
async function pgDelta(db: Db, dbName: string, a: PgCounters): Promise<PgDelta> {
  await sleep(1100); // backends flush their statistics at most once a second
  await db.query('SELECT pg_stat_clear_snapshot()');
  const b = await pgCounters(db, dbName);
  const [{ wal }] = await db.query(`SELECT pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::float8 AS wal`, [b.wal, a.wal]);
  return {
    commits: b.commits - a.commits,
    updated: b.updated - a.updated,
    hot: b.hot - a.hot,
    walBytes: wal,
    autovacuums: b.autovacuums - a.autovacuums,
    autoanalyzes: b.autoanalyzes - a.autoanalyzes,
  };
}

// ---------------------------------------------------------------- the workers' PostgreSQL backends

const WORKER_APP = 'herald-bench-worker';
/** The scratch database's URL for a worker's pool: its backends are told apart by application_name. */
const workerUrl = (url: string) => {
  const u = new URL(url);
  u.searchParams.set('application_name', WORKER_APP);
  return u.toString();
};

/**
 * CPU ms (utime + stime, /proc) of the workers' PostgreSQL backends over their whole life: their
 * pools are opened for one phase, so that is the phase's. NaN without /proc.
 */
async function backendCpuMs(db: Db, dbName: string): Promise<number> {
  const pids = (await db.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = $2`, [dbName, WORKER_APP])).map(
    (r) => r.pid,
  );
  let ms = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms += (Number(f[11]) + Number(f[12])) * 10; // USER_HZ = 100
    } catch {
      return NaN;
    }
  }
  return pids.length ? ms : NaN;
}

// ---------------------------------------------------------------- the phases

interface PhaseResult {
  name: string;
  n: number;
  /** Epoch ms: the first non-empty claim sent, the last write answered. */
  start: number;
  end: number;
  batches: Batch[][];
  emptyClaims: number;
  exited: number;
  /** Wall ms the workers ran (from their start to their stop). */
  wallMs: number;
  cpu: CpuWindow;
  /** CPU ms of the workers' PostgreSQL backends during the phase. */
  pgCpuMs: number;
  pg: PgDelta;
  timedOut: boolean;
}

/** Stand-ins for the services the engine may call: DELAY and EXIT call none, so any call is a bug of the bench. */
const nobody = (what: string) => () => {
  throw new Error(`the bench's workflow called ${what}`);
};

let stopWorkers: (() => Promise<void>) | undefined;

/** The engine as the service runs it, WORKERS times (one per replica), until `n` executions have ended (EXITED). */
async function engine(scratch: ScratchDatabase, name: string, n: number): Promise<PhaseResult> {
  const workers = Array.from({ length: WORKERS }, () => {
    const db = new Db(workerUrl(scratch.url), POOL_MAX);
    const store = new TimedRepo(db);
    const deps: EngineDeps = {
      store,
      contacts: nobody('contacts'),
      messaging: nobody('messaging'),
      webhooks: { send: nobody('a webhook') },
      settings: SETTINGS,
    };
    const cache = new GraphCache(store);
    const ticker = new Ticker({ name: 'workflows.engine', everyMs: EVERY_MS, run: (stopped) => runEngine(deps, cache, stopped) });
    return { db, store, ticker };
  });
  let stopped = false;
  let pgCpuMs = NaN;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.all(workers.map((w) => w.ticker.stop()));
    pgCpuMs = await backendCpuMs(scratch.db, scratch.name).catch(() => NaN);
    await Promise.all(workers.map((w) => w.db.close()));
  };
  stopWorkers = stop;
  const pg0 = await pgCounters(scratch.db, scratch.name);
  const cpu0 = sampleCpu();
  const t0 = Date.now();
  workers.forEach((w) => w.ticker.start());
  const exited = () => workers.reduce((s, w) => s + w.store.exited, 0);
  let lastLog = Date.now();
  let timedOut = false;
  while (exited() < n) {
    await sleep(50);
    if (Date.now() - lastLog >= 5000) {
      lastLog = Date.now();
      log(`${name}: ${exited()} of ${n} ended, ${workers.reduce((s, w) => s + w.store.batches.length, 0)} batches, ${f0((Date.now() - t0) / 1000)} s`);
    }
    if (Date.now() - t0 > TIMEOUT_S * 1000) {
      log(`${name}: timed out after ${TIMEOUT_S} s with ${exited()} of ${n} ended`);
      timedOut = true;
      break;
    }
  }
  const cpu = cpuWindow(cpu0, sampleCpu());
  const wallMs = Date.now() - t0;
  await stop();
  stopWorkers = undefined;
  const pg = await pgDelta(scratch.db, scratch.name, pg0);
  const batches = workers.map((w) => w.store.batches);
  const all = batches.flat();
  return {
    name,
    n,
    start: Math.min(...all.map((b) => b.at)),
    end: Math.max(...all.map((b) => b.doneAt)),
    batches,
    emptyClaims: workers.reduce((s, w) => s + w.store.emptyClaims, 0),
    exited: exited(),
    wallMs,
    cpu,
    pgCpuMs,
    pg,
    timedOut,
  };
}

/** What the engine writes for an execution whose DELAY is over and that then reaches EXIT: the same values, without the engine. */
function exitWrite(e: ClaimedExecution, f: Flow): ExecutionWrite {
  const at = new Date().toISOString();
  return {
    projectId: e.project_id,
    id: e.id,
    version: e.version,
    status: 'EXITED',
    currentStepId: f.exit,
    exitReason: 'done',
    waitEvent: null,
    waitingSince: null,
    dueAt: null,
    attempts: 0,
    history: [
      { stepId: f.delay, type: 'DELAY', at, outcome: { waited: true } },
      { stepId: f.exit, type: 'EXIT', at, outcome: {} },
    ],
  };
}

/** The PostgreSQL ceiling: WORKERS connections, each claimDue then writeExecutions (the repository's statements, batch size as the engine's) back to back until nothing is due. */
async function ceiling(scratch: ScratchDatabase, name: string, f: Flow, n: number): Promise<PhaseResult> {
  const loops = Array.from({ length: WORKERS }, () => new TimedRepo(new Db(workerUrl(scratch.url), POOL_MAX)));
  let stopped = false;
  stopWorkers = async () => {
    stopped = true;
  };
  const pg0 = await pgCounters(scratch.db, scratch.name);
  const cpu0 = sampleCpu();
  const t0 = Date.now();
  await Promise.all(
    loops.map(async (store) => {
      while (!stopped) {
        const claimed = await store.claimDue(SETTINGS.batch, SETTINGS.leaseMs);
        if (!claimed.length) return;
        await store.writeExecutions(claimed.map((e) => exitWrite(e, f)));
      }
    }),
  );
  const cpu = cpuWindow(cpu0, sampleCpu());
  const wallMs = Date.now() - t0;
  stopWorkers = undefined;
  const pgCpuMs = await backendCpuMs(scratch.db, scratch.name).catch(() => NaN);
  await Promise.all(loops.map((s) => s.db.close()));
  const pg = await pgDelta(scratch.db, scratch.name, pg0);
  const batches = loops.map((s) => s.batches);
  const all = batches.flat();
  return {
    name,
    n,
    start: Math.min(...all.map((b) => b.at)),
    end: Math.max(...all.map((b) => b.doneAt)),
    batches,
    emptyClaims: loops.reduce((s, x) => s + x.emptyClaims, 0),
    exited: loops.reduce((s, x) => s + x.exited, 0),
    wallMs,
    cpu,
    pgCpuMs,
    pg,
    timedOut: false,
  };
}

// ---------------------------------------------------------------- what the rows say

interface Walked {
  due: number;
  walked: number;
  exitAt: number;
  written: number;
  entries: number;
  status: string;
}
/**
 * Per execution of a phase: its due time, when the engine walked its DELAY (history[2].at) and its
 * EXIT (history[3].at), when it was written (updated_at). extract() answers numeric (a string in pg).
 */
async function walkedOf(db: Db, f: Flow, phase: string): Promise<Walked[]> {
  return db
    .query(
      `SELECT extract(epoch FROM s.due_at) * 1000 AS due,
            extract(epoch FROM (e.history -> 2 ->> 'at')::timestamptz) * 1000 AS walked,
            extract(epoch FROM (e.history -> 3 ->> 'at')::timestamptz) * 1000 AS "exitAt",
            extract(epoch FROM e.updated_at) * 1000 AS written,
            jsonb_array_length(e.history) AS entries, e.status
       FROM bench.seeded s JOIN workflows.executions e ON e.project_id = $1 AND e.id = s.id
      WHERE s.phase = $2`,
      [f.projectId, phase],
    )
    .then((rows) =>
      rows.map((r) => ({
        due: Number(r.due),
        walked: Number(r.walked),
        exitAt: Number(r.exitAt),
        written: Number(r.written),
        entries: r.entries,
        status: r.status,
      })),
    );
}

/**
 * A capacity round's executions deleted once measured (VACUUMed by the next seed), so every round
 * starts from the same table: the timers' ended executions and the free space rounds leave.
 */
async function forget(db: Db, f: Flow, phase: string) {
  await db.query(`DELETE FROM workflows.executions e USING bench.seeded s WHERE s.phase = $2 AND e.project_id = $1 AND e.id = s.id`, [f.projectId, phase]);
  await db.query(`DELETE FROM bench.seeded WHERE phase = $1`, [phase]);
}

/** Every execution walked exactly once: EXITED with history [TRIGGER, DELAY, DELAY (waited), EXIT]. */
function checkWalked(rows: Walked[], n: number, phase: string) {
  const bad = rows.filter((r) => r.status !== 'EXITED' || r.entries !== 4);
  if (rows.length !== n || bad.length)
    throw new Error(`${phase}: ${rows.length} executions seeded of ${n}; ${bad.length} not EXITED with 4 history entries (e.g. ${JSON.stringify(bad[0])})`);
}

/** Steps per second: each execution's two steps (the DELAY's resume and the EXIT) counted at the second their history says they ran. */
function perSecond(rows: Walked[], from: number, to: number): number[] {
  const out: number[] = Array.from({ length: Math.max(1, Math.ceil((to - from) / 1000)) }, () => 0);
  for (const r of rows) {
    for (const t of [r.walked, r.exitAt]) {
      const s = Math.floor((t - from) / 1000);
      if (s >= 0 && s < out.length) out[s]++;
    }
  }
  return out;
}

/** Seconds, whole when they are. */
const seconds = (ms: number) => (Math.abs(ms / 1000 - Math.round(ms / 1000)) < 0.05 ? f0(ms / 1000) : f1(ms / 1000));
const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
const sum = (a: number[]) => a.reduce((s, x) => s + x, 0);
const mean = (a: number[]) => (a.length ? sum(a) / a.length : NaN);

/** The claim + write cycle of a kind of phase (its rounds together): per batch, and the share of each worker's time. */
function cycleRow(name: string, ps: PhaseResult[]): string[] {
  const all = ps.flatMap((p) => p.batches.flat());
  const rows = sum(all.map((b) => b.rows));
  const claim = sum(all.map((b) => b.claimMs));
  const write = sum(all.map((b) => b.writeMs));
  const load = sum(all.map((b) => b.loadMs));
  const walk = sum(all.map((b) => b.walkMs));
  // Each worker's time from the phase's first claim to its last answer; what the batches did not use is idle (the timer's 200 ms, empty claims).
  const span = sum(ps.map((p) => (p.end - p.start) * p.batches.length));
  const share = (ms: number) => f0((100 * ms) / span);
  const sizes = sorted(all.map((b) => b.rows));
  return [
    name,
    String(all.length),
    `${f0(rows / all.length)} (${f0(pct(sizes, 10))}–${f0(pct(sizes, 90))})`,
    `${f1(mean(all.map((b) => b.claimMs)))} / ${f1(pct(sorted(all.map((b) => b.claimMs)), 99))}`,
    f1(mean(all.map((b) => b.loadMs))),
    f1(mean(all.map((b) => b.walkMs))),
    `${f1(mean(all.map((b) => b.writeMs)))} / ${f1(pct(sorted(all.map((b) => b.writeMs)), 99))}`,
    f0((1000 * claim) / rows),
    f0((1000 * write) / rows),
    f0(rows / ((claim + write) / 1000)),
    `${share(claim)}/${share(load)}/${share(walk)}/${share(write)}/${share(span - claim - load - walk - write)}`,
  ];
}

/** Cores the rest of the machine used during a phase: all busy time but this process's and the workers' backends'. */
const restCores = (r: PhaseResult) => (r.cpu.machineBusyPct / 100) * os.cpus().length - r.cpu.benchCores - r.pgCpuMs / r.wallMs;

/** Executions per second of a drain: from its first claim to its last write's answer. */
const drainRate = (p: PhaseResult) => p.n / ((p.end - p.start) / 1000);
const median = (a: number[]) => pct(sorted(a), 50);

// ---------------------------------------------------------------- main

async function main() {
  const scratch = await scratchDatabase({ prefix: 'herald_bench_workflows', poolMax: 4 });
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await Promise.race([stopWorkers?.(), sleep(5000)]).catch(() => undefined);
    if (KEEP) await scratch.db.close();
    else {
      log(`dropping ${scratch.name}`);
      await scratch.drop();
    }
  };
  // bench/lib.ts stops what is in `running` on Ctrl-C / SIGTERM before it exits: the scratch database goes with it.
  const onSignal = { stop: drop } as unknown as Topology;
  running.add(onSignal);
  try {
    const db = scratch.db;
    log(`database ${scratch.name}: the workflows migrations`);
    await migrate(db, SCHEMA, migrationsOf(workflows));
    await db.query(`CREATE SCHEMA bench; CREATE TABLE bench.seeded (id uuid PRIMARY KEY, phase text NOT NULL, due_at timestamptz NOT NULL)`);
    const f = await createWorkflow(db);
    let timers: { result: PhaseResult; rows: Walked[]; firstDue: number; lastDue: number; gapMs: number } | undefined;
    const backlogs: Array<{ result: PhaseResult; rows: Walked[] }> = [];
    const ceilings: PhaseResult[] = [];

    if (PHASES.has('timers')) {
      // Due from a few seconds after the setup ends: its length guessed from N (about 0.03 ms a row here, doubled), checked after.
      const setupGuessMs = 1500 + N * 0.06;
      const base = new Date(Date.now() + setupGuessMs + LEAD_MS);
      log(`timers: seeding ${N} executions due from ${base.toISOString()} over ${SPREAD_MS / 1000} s`);
      const s0 = performance.now();
      await seed(db, f, 'timers', N, base, SPREAD_MS);
      const gapMs = base.getTime() - Date.now();
      log(
        `timers: seeded in ${f1((performance.now() - s0) / 1000)} s; the first timer falls due in ${f1(gapMs / 1000)} s; starting ${WORKERS} engine worker(s)`,
      );
      if (gapMs < 500)
        throw new Error(`the setup took longer than guessed: the first timer was due ${f1(-gapMs / 1000)} s before the engine started; raise BENCH_LEAD_MS`);
      const result = await engine(scratch, 'timers', N);
      const rows = await walkedOf(db, f, 'timers');
      checkWalked(rows, N, 'timers');
      timers = { result, rows, firstDue: base.getTime(), lastDue: base.getTime() + SPREAD_MS * (1 - 1 / N), gapMs };
    }
    // The engine's capacity and the ceiling, each a drain of N executions all due already, in
    // alternating rounds of a few seconds each until BENCH_ROUNDS of each were clean (the machine
    // may be shared: a round during which others used it is measured again), each round's
    // executions deleted after it.
    const clean = (r: PhaseResult) => restCores(r) <= CLEAN_REST_CORES;
    const wanted = (kind: string, done: PhaseResult[]) => PHASES.has(kind) && done.filter(clean).length < ROUNDS;
    for (
      let round = 1;
      round <= 3 * ROUNDS &&
      (wanted(
        'backlog',
        backlogs.map((b) => b.result),
      ) ||
        wanted('ceiling', ceilings));
      round++
    ) {
      if (
        wanted(
          'backlog',
          backlogs.map((b) => b.result),
        )
      ) {
        const name = `backlog ${round}`;
        log(`${name}: seeding ${N} executions, all due already`);
        await seed(db, f, name, N, new Date(Date.now() - 2 * 60_000), SPREAD_MS);
        const result = await engine(scratch, name, N);
        const rows = await walkedOf(db, f, name);
        checkWalked(rows, N, name);
        await forget(db, f, name);
        backlogs.push({ result, rows });
        log(
          `${name}: ${f0(drainRate(result))} executions/s${clean(result) ? '' : `; disturbed (the rest of the machine used ${f2(restCores(result))} cores)`}`,
        );
      }
      if (wanted('ceiling', ceilings)) {
        const name = `ceiling ${round}`;
        log(`${name}: seeding ${N} executions, all due already`);
        await seed(db, f, name, N, new Date(Date.now() - 2 * 60_000), SPREAD_MS);
        const result = await ceiling(scratch, name, f, N);
        checkWalked(await walkedOf(db, f, name), N, name);
        await forget(db, f, name);
        ceilings.push(result);
        log(
          `${name}: ${f0(drainRate(result))} executions/s${clean(result) ? '' : `; disturbed (the rest of the machine used ${f2(restCores(result))} cores)`}`,
        );
      }
    }

    // ------------------------------------------------------------ the report
    const cores = os.cpus().length;
    console.log('');
    console.log(
      `bench/workflows: ${N} executions of TRIGGER → DELAY (1 minute) → EXIT; ${WORKERS} engine worker(s) (replicas), each runEngine every ${EVERY_MS} ms,`,
    );
    console.log(
      `batch ${SETTINGS.batch}, concurrency ${SETTINGS.concurrency}, lease ${SETTINGS.leaseMs / 1000} s, pool ${POOL_MAX}; no step calls another service (the engine and PostgreSQL are measured)`,
    );
    console.log(machineLine());
    console.log('');

    // The medians of the clean rounds; of every round when a kind has none (said below).
    const judged = (ps: PhaseResult[]) => (ps.some(clean) ? ps.filter(clean) : ps);
    const cleanCeilings = judged(ceilings);
    const cleanBacklogs = judged(backlogs.map((b) => b.result));
    const ceilRate = ceilings.length ? median(cleanCeilings.map(drainRate)) : NaN;
    const backlogRate = backlogs.length ? median(cleanBacklogs.map(drainRate)) : NaN;
    const ratio = backlogRate / ceilRate;
    const mark = (r: PhaseResult) => (clean(r) ? '' : ' (disturbed)');
    let p99 = NaN;

    if (timers) {
      const { rows, firstDue, lastDue } = timers;
      const walkedLate = sorted(rows.map((r) => r.walked - r.due));
      const writtenLate = sorted(rows.map((r) => r.written - r.due));
      p99 = pct(walkedLate, 99);
      console.log(
        `Timer lateness, ms (${rows.length} timers due over ${SPREAD_MS / 1000} s; the first due ${f1(timers.gapMs / 1000)} s after the setup ended):`,
      );
      const late = (a: number[]) => [
        f0(pct(a, 50)),
        f0(pct(a, 95)),
        f0(pct(a, 99)),
        f0(a[a.length - 1]),
        f0(a[0]),
        String(a.filter((x) => x > P99_TARGET_MS).length),
      ];
      table([
        ['', 'p50', 'p95', 'p99', 'max', 'min', '> 1 s'],
        ['walked (DELAY history `at` − due)', ...late(walkedLate)],
        ['written (updated_at − due)', ...late(writtenLate)],
      ]);
      // Lateness by when the timer was due: is the engine keeping up, or falling behind as the run goes on?
      const slices = 6;
      const sliceRows: string[][] = [['due in', 'timers', 'p50', 'p99', 'max']];
      for (let i = 0; i < slices; i++) {
        const a = firstDue + (i * (lastDue - firstDue + 1)) / slices;
        const b = firstDue + ((i + 1) * (lastDue - firstDue + 1)) / slices;
        const s = sorted(rows.filter((r) => r.due >= a && r.due < b).map((r) => r.walked - r.due));
        sliceRows.push([`${seconds(a - firstDue)}–${seconds(b - firstDue)} s`, String(s.length), f0(pct(s, 50)), f0(pct(s, 99)), f0(s[s.length - 1])]);
      }
      console.log('');
      console.log('  by due time (walked − due, ms):');
      table(sliceRows, '    ');
      console.log('');
    }

    console.log('Throughput (steps = the DELAY resume + the EXIT, 2 per execution, counted at their history `at`):');
    const tput: string[][] = [['', 'executions', 'seconds', 'executions/s', 'steps/s', 'peak steps/s (1 s)', '× ceiling']];
    if (timers) {
      const { rows, firstDue, lastDue, result: r } = timers;
      const window = (lastDue - firstDue) / 1000;
      const inWindow = rows.filter((x) => x.walked >= firstDue && x.walked <= lastDue).length;
      const steps = perSecond(rows, r.start, r.end);
      tput.push([
        `timers, while due (${f0(window)} s)`,
        String(inWindow),
        f1(window),
        f0(inWindow / window),
        f0((2 * inWindow) / window),
        f0(Math.max(...steps)),
        `(${f2(inWindow / window / ceilRate)})`,
      ]);
    }
    for (const b of backlogs) {
      const r = b.result;
      tput.push([
        `${r.name}: engine, all due at once${mark(r)}`,
        String(r.n),
        f2((r.end - r.start) / 1000),
        f0(drainRate(r)),
        f0(2 * drainRate(r)),
        f0(Math.max(...perSecond(b.rows, r.start, r.end))),
        f2(drainRate(r) / ceilRate),
      ]);
    }
    for (const r of ceilings) {
      tput.push([
        `${r.name}: PG claimDue + writeExecutions, ${WORKERS} conn.${mark(r)}`,
        String(r.n),
        f2((r.end - r.start) / 1000),
        f0(drainRate(r)),
        f0(2 * drainRate(r)),
        '',
        f2(drainRate(r) / ceilRate),
      ]);
    }
    if (backlogs.length)
      tput.push([
        `engine (median of ${cleanBacklogs.length}${cleanBacklogs.some(clean) ? ' clean' : ', ALL DISTURBED'})`,
        '',
        '',
        f0(backlogRate),
        f0(2 * backlogRate),
        '',
        f2(ratio),
      ]);
    if (ceilings.length)
      tput.push([
        `PG ceiling (median of ${cleanCeilings.length}${cleanCeilings.some(clean) ? ' clean' : ', ALL DISTURBED'})`,
        '',
        '',
        f0(ceilRate),
        f0(2 * ceilRate),
        '',
        '1.00',
      ]);
    table(tput);
    if (timers) {
      console.log(
        `  (the timers' rate is paced by their due times, ${f0((2 * N) / (SPREAD_MS / 1000))} steps/s offered: not a capacity; the engine's drains are)`,
      );
      console.log(`  timers, steps per second from the first claim: ${perSecond(timers.rows, timers.result.start, timers.result.end).join(' ')}`);
    }
    console.log('');

    const kinds: Array<[string, PhaseResult[]]> = [
      ['timers', timers ? [timers.result] : []],
      ['backlog', backlogs.map((b) => b.result)],
      ['ceiling', ceilings],
    ];
    console.log(
      'Claim + write cycle, per batch (rows: mean (p10–p90); ms: "a / b" = mean / p99); µs per row; rows/s per connection while in the two statements;',
    );
    console.log("share of each worker's time claim/load/walk/write/idle in % (idle: the timer's 200 ms, empty claims):");
    table([
      ['', 'batches', 'rows/batch', 'claim ms', 'load ms', 'walk ms', 'write ms', 'claim µs/row', 'write µs/row', 'rows/s claim+write', 'worker time %'],
      ...kinds.filter(([, ps]) => ps.length).map(([name, ps]) => cycleRow(name, ps)),
    ]);
    console.log('');

    const results = kinds.flatMap(([, ps]) => ps);
    console.log(`Machine and PostgreSQL per phase (machine CPU: ${cores} cores = 100 %, everyone's; bench = this process: the engine or the loop, and pg;`);
    console.log(`PG backends = the workers' connections (/proc); rest = everything else: PostgreSQL's background processes and other people's work;`);
    console.log(`WAL is cluster-wide, so it includes other databases' writes):`);
    table([
      [
        '',
        'wall s',
        'machine CPU %',
        'steal %',
        'bench cores',
        'PG backends cores',
        'rest cores',
        'bench CPU µs/exec.',
        'PG CPU µs/exec.',
        'empty claims',
        'commits/exec.',
        'row updates/exec.',
        'HOT %',
        'WAL bytes/exec.',
        'autovacuums',
      ],
      ...results.map((r) => [
        r.name,
        f1(r.wallMs / 1000),
        f0(r.cpu.machineBusyPct),
        f1(r.cpu.stealPct),
        f2(r.cpu.benchCores),
        f2(r.pgCpuMs / r.wallMs),
        f2(restCores(r)),
        f0((1000 * r.cpu.benchCores * r.wallMs) / r.n),
        f0((1000 * r.pgCpuMs) / r.n),
        String(r.emptyClaims),
        f2(r.pg.commits / r.n),
        f2(r.pg.updated / r.n),
        f0((100 * r.pg.hot) / r.pg.updated),
        f0(r.pg.walBytes / r.n),
        String(r.pg.autovacuums),
      ]),
    ]);
    console.log('');

    if (timers) console.log(`timer lateness p99 ${f0(p99)} ms (target ≤ ${P99_TARGET_MS} ms): ${p99 <= P99_TARGET_MS ? 'PASS' : 'SHORT'}`);
    if (backlogs.length && ceilings.length)
      console.log(
        `engine ${f0(backlogRate)} executions/s (${f0(2 * backlogRate)} steps/s) = ${f2(ratio)} × the PostgreSQL ceiling ${f0(ceilRate)}/s (target ≥ ${RATIO_TARGET} ×): ${ratio >= RATIO_TARGET ? 'PASS' : 'SHORT'}`,
      );
    if (results.some((r) => r.timedOut)) console.log('SOME PHASE TIMED OUT: its figures cover what ended in time');
  } finally {
    running.delete(onSignal);
    await drop();
  }
}

run(main);
