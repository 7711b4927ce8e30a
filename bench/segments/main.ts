/**
 * bench/segments: the member count of a segment with three filters (a custom number range, an
 * event triggered within 30 days, subscribed) over 1,000,000 contacts and 5,000,000 events, as
 * the condition compiler writes it and as the best hand-written SQL for the same question, in the
 * same run on the same data, and through Herald's API (POST /segments/:id/refresh). See
 * bench/README.md.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { compileCondition, countSql, validateCondition, type SqlQuery } from '../../libs/audience/src';
import { ensureDatabase } from '../../libs/db/src';
import { dropDatabase, INFRA, Topology } from '../../libs/testing/src';
import { registry } from '../../services/all/src/registry';
import { f0, f1, f2, log, machineLine, num, pct, readSnapshots, requireInfra, run, running, snapshotDeltas, table } from '../lib';
import { EVENT_NAMES, loadData, WITHIN_DAYS, type LoadReport, type ProjectSpec } from './load';
import { explain, renderPlan, type PlanSummary } from './plan';

const CONTACTS = num('BENCH_CONTACTS', 1_000_000);
const EVENTS = num('BENCH_EVENTS', 5_000_000);
const S = {
  contacts: CONTACTS,
  events: EVENTS,
  // The other project: a fifth of the measured one's size unless set.
  otherContacts: num('BENCH_S.otherContacts', Math.round(CONTACTS / 5)),
  otherEvents: num('BENCH_S.otherEvents', Math.round(EVENTS / 5)),
  runs: num('BENCH_RUNS', 30),
  warmup: num('BENCH_WARMUP_RUNS', 3),
  api: num('BENCH_API', 1) === 1,
  keep: num('BENCH_KEEP', 0) === 1,
  db: process.env.BENCH_DB ?? 'herald_bench_segments',
  profile: num('BENCH_PROFILE', 1) === 1,
};

/** The event the segment filters on. */
const EVENT = 'purchase';
const AGE = { from: 30, to: 50 };

/** The segment's condition, as a client sends it to POST /segments. */
const CONDITION = {
  logic: 'AND',
  groups: [
    {
      filters: [
        { field: 'data.age', operator: 'greaterThanOrEqual', value: AGE.from },
        { field: 'data.age', operator: 'lessThan', value: AGE.to },
        { field: `event.${EVENT}`, operator: 'triggeredWithin', value: WITHIN_DAYS, unit: 'days' },
        { field: 'subscribed', operator: 'equals', value: true },
      ],
    },
  ],
};

/**
 * The same question written by hand, the way one would for this schema and these indexes. The
 * fastest in the run is the baseline. The age range compares jsonb with jsonb: numbers order
 * among themselves numerically, and every other JSON type orders below (strings, null) or above
 * (booleans, arrays, objects) all numbers, so `>= 30 AND < 50` holds for exactly the numbers in
 * [30, 50) — what the compiled CASE on jsonb_typeof means — without a cast.
 */
function handWritten(projectId: string): Array<{ name: string; q: SqlQuery }> {
  const values = [projectId, EVENT, `${WITHIN_DAYS} days`, String(AGE.from), String(AGE.to)];
  return [
    {
      // From the event's side: the facts of this event within the window (event_facts_by_name), each
      // joined to its contact by primary key, the contact's own filters checked on the row.
      name: 'hand-written: join from the facts',
      q: {
        text: `SELECT count(*) AS n
                 FROM contacts.event_facts f
                 JOIN contacts.contacts c ON c.project_id = f.project_id AND c.id = f.contact_id
                WHERE f.project_id = $1 AND f.name = $2 AND f.last_at >= now() - $3::interval
                  AND c.subscribed
                  AND c.data -> 'age' >= $4::jsonb AND c.data -> 'age' < $5::jsonb`,
        values,
      },
    },
    {
      // The same as a semi-join, the planner choosing the side.
      name: 'hand-written: EXISTS',
      q: {
        text: `SELECT count(*) AS n
                 FROM contacts.contacts c
                WHERE c.project_id = $1 AND c.subscribed
                  AND c.data -> 'age' >= $4::jsonb AND c.data -> 'age' < $5::jsonb
                  AND EXISTS (SELECT 1 FROM contacts.event_facts f
                               WHERE f.project_id = $1 AND f.contact_id = c.id AND f.name = $2 AND f.last_at >= now() - $3::interval)`,
        values,
      },
    },
  ];
}

interface Sample {
  ms: number;
  n: number;
}
interface Method {
  name: string;
  kind: 'hand' | 'compiled' | 'api';
  once: () => Promise<Sample>;
  samples: Sample[];
  /** The statement, for EXPLAIN (the SQL methods). */
  q?: SqlQuery;
  plan?: PlanSummary;
}

const median = (xs: number[]) => pct([...xs].sort((a, b) => a - b), 50);
const p95 = (xs: number[]) => pct([...xs].sort((a, b) => a - b), 95);

async function timed(c: Client, q: SqlQuery): Promise<Sample> {
  const s = performance.now();
  const r = await c.query(q);
  return { ms: performance.now() - s, n: Number(r.rows[0].n) };
}

async function api(t: Topology, method: string, route: string, body?: unknown): Promise<{ status: number; body: any; ms: number }> {
  const s = performance.now();
  const res = await fetch(`${t.baseUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${t.keys.secret}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const ms = performance.now() - s;
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, ms };
}

/** `memberCount` of a segment answer, bare or in an envelope. */
const memberCount = (b: any): number => Number(b?.memberCount ?? b?.data?.memberCount);

async function main() {
  await requireInfra();
  const started = performance.now();
  const admin = new URL(INFRA.postgres.url);
  const dbUrl = new URL(admin.toString());
  dbUrl.pathname = `/${S.db}`;
  log(`database ${S.db}: dropping if it exists, creating`);
  await dropDatabase(S.db);
  await ensureDatabase(dbUrl.toString());

  const profDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-segments-'));
  // Herald's own first start makes the schemas (every service's migrations) and the owner's first project.
  log('starting Herald all-in-one (migrations, first project) ...');
  const t = await Topology.start('all', {
    registry,
    env: {
      DATABASE_URL: dbUrl.toString(),
      LOG_LEVEL: 'warn',
      DB_POOL_MAX: '4',
      NODE_OPTIONS: `--require ${path.join(__dirname, '../track/preload.js')} ${process.env.BENCH_NODE_OPTIONS ?? ''}`.trim(),
      ...(S.profile ? { BENCH_PGCOUNT_DIR: profDir } : {}),
    },
  });
  running.add(t);
  const pg = new Client({ connectionString: dbUrl.toString() });
  let failed = false;
  try {
    // Herald is stopped while the data loads, then started again on it.
    await t.terminate('all');
    await pg.connect();
    const main: ProjectSpec = { seed: 0, id: t.projectId, contacts: S.contacts, events: S.events };
    const other: ProjectSpec = { seed: 1, id: crypto.randomUUID(), contacts: S.otherContacts, events: S.otherEvents };
    log(`loading ${S.contacts.toLocaleString('en')} contacts and ${S.events.toLocaleString('en')} events into project ${main.id}, ` +
      `${S.otherContacts.toLocaleString('en')} and ${S.otherEvents.toLocaleString('en')} into another ...`);
    const load = await loadData(pg, [main, other]);
    log(`loaded in ${f1(load.totalMs / 1000)} s`);
    const shape = await dataShape(pg, main.id);

    // The compiled query: field types as contacts reads them, the condition validated as on write.
    await pg.query('SET plan_cache_mode = force_custom_plan'); // as Herald's pool (libs/db)
    const fieldTypes = new Map<string, string>(
      (await pg.query('SELECT key, type FROM contacts.fields WHERE project_id = $1', [main.id])).rows.map((r) => [r.key, r.type]),
    );
    // Validating and compiling costs microseconds once warm: the median of 50.
    const compileTimes: number[] = [];
    let compiledQ!: SqlQuery;
    for (let i = 0; i < 50; i++) {
      const c0 = performance.now();
      const condition = validateCondition(CONDITION, { fieldTypes });
      compiledQ = countSql(main.id, await compileCondition(condition, { fieldTypes }));
      compileTimes.push(performance.now() - c0);
    }
    const compileMs = median(compileTimes);

    const methods: Method[] = [
      ...handWritten(main.id).map((h): Method => ({ name: h.name, kind: 'hand', once: () => timed(pg, h.q), samples: [], q: h.q })),
      { name: 'compiled (compileCondition + countSql)', kind: 'compiled', once: () => timed(pg, compiledQ), samples: [], q: compiledQ },
    ];

    // Herald, started again on the loaded data: create the segment, then refresh its count.
    let apiNote = '';
    let createMs = NaN;
    let createCount = NaN;
    let segmentId: string | undefined;
    if (S.api) {
      log('starting Herald again on the loaded data ...');
      await t.restart('all');
      const created = await api(t, 'POST', '/segments', { name: 'bench: 30–49, purchased in 30 days, subscribed', type: 'DYNAMIC', condition: CONDITION });
      if (created.status === 404) {
        apiNote = `POST /segments answered 404: the segment routes are not in this build; the API row is skipped`;
        log(apiNote);
      } else if (created.status !== 201) {
        throw new Error(`POST /segments answered ${created.status}: ${JSON.stringify(created.body)}`);
      } else {
        segmentId = String(created.body?.id ?? created.body?.data?.id);
        createMs = created.ms;
        createCount = memberCount(created.body);
        const refresh = async (): Promise<Sample> => {
          const r = await api(t, 'POST', `/segments/${segmentId}/refresh`);
          if (r.status !== 200) throw new Error(`POST /segments/${segmentId}/refresh answered ${r.status}: ${JSON.stringify(r.body)}`);
          return { ms: r.ms, n: memberCount(r.body) };
        };
        methods.push({ name: 'Herald: POST /segments/:id/refresh', kind: 'api', once: refresh, samples: [] });
      }
    } else apiNote = 'BENCH_API=0: the API row is skipped';

    // Warm-up, then the runs, alternating the methods (the order rotates every round).
    log(`warm-up (${S.warmup} rounds), then ${S.runs} rounds of ${methods.length} methods ...`);
    for (let i = 0; i < S.warmup; i++) for (const m of methods) await m.once();
    const snapA = readSnapshots(profDir);
    for (let i = 0; i < S.runs; i++) {
      for (let j = 0; j < methods.length; j++) {
        const m = methods[(i + j) % methods.length];
        m.samples.push(await m.once());
      }
    }
    await new Promise((r) => setTimeout(r, 600));
    const snapB = readSnapshots(profDir);

    // Where the time goes: the plans, measured after the timed runs.
    for (const m of methods) if (m.q) m.plan = await explain(pg, m.q);

    // Every count of every method must be the same number.
    const counts = new Map<string, Set<number>>(methods.map((m) => [m.name, new Set(m.samples.map((s) => s.n))]));
    const all = new Set([...counts.values()].flatMap((s) => [...s]));
    if (segmentId) all.add(createCount);

    // ---------------------------------------------------------------- report
    console.log(`\nbench:segments — ${S.contacts.toLocaleString('en')} contacts, ${S.events.toLocaleString('en')} events in the project ` +
      `(+ ${S.otherContacts.toLocaleString('en')} contacts, ${S.otherEvents.toLocaleString('en')} events in another); ${S.runs} runs each after ${S.warmup} warm-up rounds`);
    console.log(machineLine());
    console.log(`condition: data.age >= ${AGE.from} AND data.age < ${AGE.to} AND event.${EVENT} triggeredWithin ${WITHIN_DAYS} days AND subscribed = true`);
    console.log(`\nload: ${f1(load.totalMs / 1000)} s — ${load.steps.map((s) => `${s.step} ${f1(s.ms / 1000)} s`).join('; ')}`);
    console.log(`data: ${shape}`);

    const hands = methods.filter((m) => m.kind === 'hand');
    const best = hands.reduce((a, b) => (median(b.samples.map((s) => s.ms)) < median(a.samples.map((s) => s.ms)) ? b : a));
    const bestMs = median(best.samples.map((s) => s.ms));
    const rows: string[][] = [['', 'members', 'median ms', 'p95 ms', 'min ms', '÷ best hand-written', 'verdict (≤ 1.5 × and < 200 ms)']];
    for (const m of methods) {
      const ms = m.samples.map((s) => s.ms);
      const med = median(ms);
      const ratio = med / bestMs;
      const verdict = m.kind === 'hand' ? (m === best ? 'baseline' : '') : ratio <= 1.5 && med < 200 ? 'PASS' : 'SHORT';
      rows.push([m.name, [...counts.get(m.name)!].join('/'), f1(med), f1(p95(ms)), f1(Math.min(...ms)), f2(ratio), verdict]);
    }
    console.log('');
    table(rows);
    if (apiNote) console.log(`  ${apiNote}`);
    if (segmentId) console.log(`  POST /segments (create, with its initial count) ${f0(createMs)} ms, memberCount ${createCount}`);
    console.log(`  validateCondition + compileCondition + countSql (field types already read) ${f2(compileMs)} ms (median of 50); the compiled statement:`);
    console.log(`    ${compiledQ.text.replace(/\s+/g, ' ')}`);
    console.log(`    values ${JSON.stringify(compiledQ.values)}`);

    if (all.size !== 1) {
      failed = true;
      console.log(`\nCOUNTS DISAGREE: ${[...counts].map(([k, v]) => `${k}: ${[...v].join('/')}`).join('; ')}${segmentId ? `; create: ${createCount}` : ''}`);
    } else console.log(`\ncounts agree: ${[...all][0]} members in every run of every method`);

    console.log('\nwhere the time goes (EXPLAIN (ANALYZE, BUFFERS), one run each after the timed runs; self = the node less its children):');
    for (const m of methods) if (m.plan) console.log(`\n  ${m.name}\n${renderPlan(m.plan, '    ')}`);

    if (S.profile && segmentId) {
      const deltas = snapshotDeltas(snapA, snapB);
      for (const p of deltas) {
        const top = p.statements.sort((a, b) => b.ns - a.ns).slice(0, 6);
        if (!top.length) continue;
        console.log(`\n  Herald ${p.target}: statements during the timed rounds (${S.runs} refreshes), top by time:`);
        table(top.map((s) => [String(s.n), `${f1(s.ns / 1e6)} ms`, `${f2(s.ns / s.n / 1e6)} ms avg`, s.sql.replace(/\s+/g, ' ').slice(0, 110)]), '    ');
      }
    }
    console.log(`\nbench total ${f0((performance.now() - started) / 1000)} s`);
  } finally {
    await pg.end().catch(() => undefined);
    running.delete(t);
    await t.stop();
    fs.rmSync(profDir, { recursive: true, force: true });
    if (S.keep) log(`BENCH_KEEP=1: database ${S.db} kept (${dbUrl.toString()})`);
    else await dropDatabase(S.db, { ignoreErrors: true });
  }
  if (failed) throw new Error('the methods counted different members (see above)');
}

/** Sizes and how selective each filter is alone, in the measured project. */
async function dataShape(pg: Client, projectId: string): Promise<string> {
  const r = (
    await pg.query(
      `SELECT (SELECT count(*) FROM contacts.contacts WHERE project_id = $1) AS contacts,
              (SELECT count(*) FROM contacts.contacts WHERE project_id = $1 AND subscribed) AS subscribed,
              (SELECT count(*) FROM contacts.contacts WHERE project_id = $1 AND data -> 'age' >= '${AGE.from}' AND data -> 'age' < '${AGE.to}') AS age,
              (SELECT count(*) FROM contacts.event_facts WHERE project_id = $1 AND name = $2 AND last_at >= now() - interval '${WITHIN_DAYS} days') AS within,
              (SELECT count(*) FROM contacts.event_facts WHERE project_id = $1 AND name = $2) AS ever,
              (SELECT count(*) FROM contacts.event_facts WHERE project_id = $1) AS facts,
              (SELECT count(DISTINCT contact_id) FROM contacts.event_facts WHERE project_id = $1) AS active,
              pg_size_pretty(pg_total_relation_size('contacts.contacts')) AS contacts_size,
              pg_size_pretty(pg_total_relation_size('events.events')) AS events_size,
              pg_size_pretty(pg_total_relation_size('contacts.event_facts')) AS facts_size`,
      [projectId, EVENT],
    )
  ).rows[0];
  const n = (k: string) => Number(r[k]).toLocaleString('en');
  const share = (k: string) => `${f1((100 * Number(r[k])) / Number(r.contacts))} %`;
  return (
    `project: ${n('contacts')} contacts (${n('active')} with events), ${n('facts')} event facts; alone: age in [${AGE.from}, ${AGE.to}) ${n('age')} (${share('age')}), ` +
    `subscribed ${n('subscribed')} (${share('subscribed')}), ${EVENT} within ${WITHIN_DAYS} days ${n('within')} (${share('within')}; ever ${n('ever')}). ` +
    `Sizes with indexes (both projects): contacts ${r.contacts_size}, events ${r.events_size}, event_facts ${r.facts_size}. ` +
    `Event names: ${EVENT_NAMES.map((e) => `${e.name} ${f0(e.share * 100)} %`).join(', ')}`
  );
}

run(main);
