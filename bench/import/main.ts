/**
 * bench/import: CSV import rows/s end to end through the API, against PostgreSQL's own COPY of the
 * same rows into the same tables, in the same run; and a 5 MB file end to end. See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Topology } from '../../libs/testing/src';
import { registry } from '../../services/all/src/registry';
import { cpuWindow, f0, f1, f2, log, machineLine, num, pct, readSnapshots, requireInfra, run, running, sampleCpu, sleep, snapshotDeltas, table } from '../lib';

const S = {
  rows: num('BENCH_ROWS', 100_000),
  existing: num('BENCH_EXISTING_RATIO', 0.2),
  fiveMb: num('BENCH_SMALL_FILE_BYTES', 5 * 1024 * 1024),
  topologies: (process.env.BENCH_TOPOLOGIES ?? 'all,split').split(',').filter(Boolean) as Array<'all' | 'split'>,
  poolMax: String(num('BENCH_DB_POOL_MAX', 10)),
  profile: num('BENCH_PROFILE', 1) === 1,
  /** /v1/track requests per second beside the import (0: none). */
  trackRate: num('BENCH_TRACK_RATE', 50),
};

const RUN = Date.now().toString(36);
const PLANS = ['free', 'pro', 'team', 'enterprise'];

/** Row i of a generated file: email, then 6 typed columns (string, number, decimal, boolean, date, string with a leading zero). */
function row(prefix: string, i: number): string[] {
  const day = String(1 + (i % 28)).padStart(2, '0');
  const month = String(1 + (i % 12)).padStart(2, '0');
  return [
    `${prefix}${i}@import.bench`,
    `Name ${i}`,
    String(18 + (i % 60)),
    (i % 997) + '.' + String(i % 100).padStart(2, '0'),
    i % 3 === 0 ? 'yes' : 'no',
    `2024-${month}-${day}`,
    PLANS[i % 4] + ' ' + String(i % 1000).padStart(5, '0'),
  ];
}
const HEADER = ['email', 'name', 'age', 'score', 'vip', 'signedUp', 'code'];

/** The stored value of a generated cell, as the import types it (for the COPY baseline's jsonb). */
function dataOf(cells: string[]): Record<string, unknown> {
  return { name: cells[1], age: Number(cells[2]), score: Number(cells[3]), vip: cells[4] === 'yes', signedUp: cells[5], code: cells[6] };
}

function csvOf(prefix: string, n: number, offset = 0): string {
  const lines = [HEADER.join(',')];
  for (let i = offset; i < offset + n; i++) lines.push(row(prefix, i).join(','));
  return lines.join('\n') + '\n';
}

/** COPY text format of contacts rows: project_id, id, email, subscribed, data. */
function copyText(projectId: string, prefix: string, n: number, offset = 0): string {
  const { v7 } = require('uuid') as typeof import('uuid');
  const out: string[] = [];
  for (let i = offset; i < offset + n; i++) {
    const cells = row(prefix, i);
    out.push(`${projectId}\t${v7()}\t${cells[0]}\tt\t${JSON.stringify(dataOf(cells)).replace(/\\/g, '\\\\')}`);
  }
  return out.join('\n') + '\n';
}

async function copyRows(dbUrl: string, text: string): Promise<number> {
  const c = new Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const started = performance.now();
    await c.query('BEGIN');
    await new Promise<void>((resolve, reject) => {
      const stream = c.query(copyFrom('COPY contacts.contacts (project_id, id, email, subscribed, data) FROM STDIN'));
      stream.on('finish', resolve);
      stream.on('error', reject);
      stream.end(text);
    });
    await c.query('COMMIT');
    return performance.now() - started;
  } finally {
    await c.end();
  }
}

interface Upload {
  jobId: string;
  uploadMs: number;
  totalMs: number;
  job: any;
}

/** Uploads a file and waits for its job: the time to the 202, and to `completed`. */
async function importFile(t: Topology, key: string, csv: string): Promise<Upload> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench.csv');
  const started = performance.now();
  const res = await fetch(`${t.baseUrl}/contacts/import`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
  const body = (await res.json()) as any;
  if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
  const uploadMs = performance.now() - started;
  for (;;) {
    const s = (await (await fetch(`${t.baseUrl}/contacts/import/${body.jobId}`, { headers: { authorization: `Bearer ${key}` } })).json()) as any;
    if (s.status === 'completed' || s.status === 'failed') {
      const totalMs = performance.now() - started;
      if (s.status === 'failed') throw new Error(`import failed: ${s.reason}`);
      return { jobId: body.jobId, uploadMs, totalMs, job: s };
    }
    await sleep(100);
  }
}

/**
 * /v1/track at a steady `rate` while `until` is pending (or for `ms`): the latency transactional
 * traffic sees, from each request's scheduled start. Returns sorted latencies and the errors.
 */
async function trackProbe(t: Topology, publicKey: string, rate: number, until: Promise<unknown> | number) {
  const lat: number[] = [];
  let errors = 0;
  const inflight: Array<Promise<void>> = [];
  let done = false;
  if (typeof until === 'number') setTimeout(() => (done = true), until);
  else void until.finally(() => (done = true));
  const t0 = performance.now();
  for (let i = 0; !done; i++) {
    const at = t0 + (i * 1000) / rate;
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    inflight.push(
      fetch(`${t.baseUrl}/v1/track`, {
        method: 'POST',
        headers: { authorization: `Bearer ${publicKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ event: 'probe', email: `probe${i % 500}@import.bench`, data: { i } }),
      }).then(
        async (r) => {
          await r.arrayBuffer();
          if (r.status !== 200) errors++;
          else lat.push(performance.now() - at);
        },
        () => void errors++,
      ),
    );
  }
  await Promise.all(inflight);
  return { sorted: lat.sort((a, b) => a - b), errors };
}

async function newProject(t: Topology): Promise<{ id: string; key: string }> {
  const login = await fetch(`${t.baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@herald.test', password: 'owner-password-1' }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  const res = await fetch(`${t.baseUrl}/users/@me/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: `bench ${Math.random()}` }),
  });
  const p = (await res.json()) as any;
  return { id: p.id, key: p.secret };
}

/** Process CPU (ms) of every Herald process, from /proc. */
function processCpu(t: Topology): Map<string, number> {
  const tick = 1000 / 100;
  return new Map(
    t.procs.map((p) => {
      try {
        const f = fs.readFileSync(`/proc/${p.child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return [p.target, (Number(f[11]) + Number(f[12])) * tick];
      } catch {
        return [p.target, NaN];
      }
    }),
  );
}

async function pgStats(t: Topology) {
  const r = await t.sql(
    `SELECT xact_commit, tup_inserted, tup_updated, tup_deleted, blks_read, blks_hit FROM pg_stat_database WHERE datname = current_database()`,
  );
  return Object.fromEntries(Object.entries(r[0]).map(([k, v]) => [k, Number(v)]));
}

async function runTopology(kind: 'all' | 'split') {
  const profDir = fs.mkdtempSync(path.join(os.tmpdir(), `herald-bench-import-${kind}-`));
  const env: NodeJS.ProcessEnv = {
    RATE_LIMIT_PER_MINUTE: '100000000',
    // info: the contacts process logs where an import's time went (see below).
    LOG_LEVEL: 'info',
    DB_POOL_MAX: S.poolMax,
    // The bench raises the upload limit: a file of 100,000 rows is about 7 MB.
    IMPORT_MAX_BYTES: String(64 * 1024 * 1024),
    NODE_OPTIONS: `--require ${path.join(__dirname, '../track/preload.js')} ${process.env.BENCH_NODE_OPTIONS ?? ''}`.trim(),
    ...(S.profile ? { BENCH_PGCOUNT_DIR: profDir } : {}),
  };
  log(`starting ${kind} ...`);
  const t = await Topology.start(kind, { env, registry });
  running.add(t);
  try {
    const existing = Math.round(S.rows * S.existing);
    const main = await newProject(t);
    const baseline = await newProject(t);
    // Seed the existing contacts of the imported file (its first `existing` rows), with other data.
    await copyRows(t.dbUrl, copyText(main.id, `r${RUN}-`, existing).replace(/"name":"Name /g, '"name":"Old '));
    await t.sql('ANALYZE contacts.contacts');
    const csv = csvOf(`r${RUN}-`, S.rows);
    const copy = copyText(baseline.id, `c${RUN}-`, S.rows);
    log(`${kind}: file ${f1(csv.length / 2 ** 20)} MB, ${S.rows} rows (${existing} existing); COPY baseline ...`);
    const copyMs = await copyRows(t.dbUrl, copy);
    log(`${kind}: COPY ${f0(copyMs)} ms; importing through the API ...`);

    // Transactional traffic beside the import: /v1/track latency without an import, then during it.
    const quiet = await trackProbe(t, t.keys.public, S.trackRate, 5000);
    await sleep(600);
    const snapA = readSnapshots(profDir);
    const pgA = await pgStats(t);
    const cpuA = processCpu(t);
    const machineA = sampleCpu();
    const importing = importFile(t, main.key, csv);
    const busy = S.trackRate ? trackProbe(t, t.keys.public, S.trackRate, importing) : Promise.resolve({ sorted: [], errors: 0 });
    const big = await importing;
    const during = await busy;
    const machineB = sampleCpu();
    const cpuB = processCpu(t);
    const pgB = await pgStats(t);
    await sleep(600);
    const snapB = readSnapshots(profDir);
    const [jobRow] = await t.sql(`SELECT created_at, updated_at, finished_at FROM contacts.jobs WHERE id = $1`, [big.jobId]);
    log(`${kind}: import ${f0(big.totalMs)} ms (upload ${f0(big.uploadMs)} ms); 5 MB file ...`);

    const small = await newProject(t);
    const smallRows = Math.floor(S.fiveMb / (csv.length / S.rows));
    let smallCsv = csvOf(`s${RUN}-`, smallRows);
    while (Buffer.byteLength(smallCsv) > S.fiveMb) smallCsv = smallCsv.slice(0, smallCsv.lastIndexOf('\n', smallCsv.length - 2) + 1);
    const five = await importFile(t, small.key, smallCsv);
    log(`${kind}: 5 MB file ${f0(five.totalMs)} ms`);

    const window = cpuWindow(machineA, machineB);
    const timing = t
      .output()
      .split('\n')
      .map((l) => {
        try {
          return JSON.parse(l);
        } catch {
          return undefined;
        }
      })
      .find((l) => l?.jobId === big.jobId && l.checkMs !== undefined);
    const deltas = S.profile ? snapshotDeltas(snapA, snapB) : [];
    return {
      kind,
      copyMs,
      timing,
      quiet,
      during,
      big,
      five,
      fiveBytes: Buffer.byteLength(smallCsv),
      fiveRows: five.job.totalRows,
      existing,
      window,
      cpuA,
      cpuB,
      pgA,
      pgB,
      deltas,
      jobRow,
    };
  } finally {
    running.delete(t);
    await t.stop();
    fs.rmSync(profDir, { recursive: true, force: true });
  }
}

async function main() {
  await requireInfra();
  const results = [];
  for (const kind of S.topologies) results.push(await runTopology(kind));

  console.log(`\nbench:import — ${S.rows} rows, ${f0(S.existing * 100)} % existing, 6 typed columns`);
  console.log(machineLine());
  const rows: string[][] = [['', 'COPY rows/s', 'import rows/s', 'ratio (≥ 0.5)', 'upload ms', 'import ms', '5 MB file ms (< 3000)', 'verdict']];
  for (const r of results) {
    const copyRate = (S.rows / r.copyMs) * 1000;
    const rate = (S.rows / r.big.totalMs) * 1000;
    const ok = rate >= 0.5 * copyRate && r.five.totalMs < 3000;
    rows.push([
      r.kind,
      f0(copyRate),
      f0(rate),
      f2(rate / copyRate),
      f0(r.big.uploadMs),
      f0(r.big.totalMs),
      `${f0(r.five.totalMs)} (${f1(r.fiveBytes / 2 ** 20)} MB, ${r.fiveRows} rows)`,
      ok ? 'PASS' : 'FAIL',
    ]);
  }
  table(rows);
  for (const r of results) {
    console.log(`\n${r.kind}: where the time of the ${S.rows}-row import went`);
    console.log(
      `  job: imported ${r.big.job.imported}, updated ${r.big.job.updated}, skipped ${r.big.job.skipped}; upload (to 202) ${f0(r.big.uploadMs)} ms, then queued+running ${f0(r.big.totalMs - r.big.uploadMs)} ms`,
    );
    if (r.during.sorted.length) {
      const q = (x: { sorted: number[] }, p: number) => f1(pct(x.sorted, p));
      console.log(
        `  /v1/track at ${S.trackRate}/s: p50 ${q(r.quiet, 50)} ms, p99 ${q(r.quiet, 99)} ms without an import; p50 ${q(r.during, 50)} ms, p99 ${q(r.during, 99)} ms during it (${r.during.sorted.length} tracks, ${r.during.errors} errors)`,
      );
    }
    if (r.timing)
      console.log(
        `  the worker: ${f0(r.timing.ms)} ms from claim to last commit, of which ${f0(r.timing.checkMs)} ms checking the file (UTF-8, quotes, rows) and ${f0(r.timing.waitMs)} ms waiting for a batch's transaction while the next batch was ready`,
      );
    console.log(`  machine busy ${f0(r.window.machineBusyPct)} % of ${os.cpus().length} cores (steal ${f1(r.window.stealPct)} %)`);
    const cpu = [...r.cpuB].map(([target, ms]) => `${target} ${f0(ms - (r.cpuA.get(target) ?? NaN))} ms`).join(', ');
    console.log(`  Herald CPU: ${cpu}`);
    const d = (k: string) => r.pgB[k] - r.pgA[k];
    console.log(`  PostgreSQL: ${d('xact_commit')} commits, ${d('tup_inserted')} rows inserted, ${d('tup_updated')} updated, ${d('tup_deleted')} deleted`);
    for (const p of r.deltas) {
      const top = p.statements.sort((a, b) => b.ns - a.ns).slice(0, 6);
      if (!top.length) continue;
      console.log(`  ${p.target}: ELU ${f0(p.elu * 100)} %, statements (top by time):`);
      table(
        top.map((s) => [String(s.n), `${f1(s.ns / 1e6)} ms`, `${f2(s.ns / s.n / 1e6)} ms avg`, s.sql.replace(/\s+/g, ' ').slice(0, 110)]),
        '    ',
      );
    }
  }
}

run(main);
