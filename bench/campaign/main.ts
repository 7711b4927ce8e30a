/**
 * Campaign bench: one campaign to BENCH_CONTACTS (100,000) contacts, delivered over SMTP with DKIM
 * to the loopback sink, against the raw nodemailer DKIM blast to the same sink in the same run
 * (bench/mail.ts, shared with bench/send). Reports the campaign's emails/s (first email to last,
 * and send request to SENT), its ratio to raw, the time to the first email, the messaging
 * process's RSS along the send, and /v1/send latency (open loop) during the campaign vs idle.
 * Checks that the sink received every recipient exactly once.
 *
 *   npm run bench:campaign            (builds, then runs dist/bench/campaign/main.js)
 *
 * Needs PostgreSQL, RabbitMQ and Redis as the e2e tests do. Not part of the test suite. See
 * bench/README.md.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { Pool as HttpPool } from 'undici';
import { Api, DnsTestServer, Topology } from '../../libs/testing/src';
import { newId } from '../../libs/kit/src';
import { registry } from '../../services/all/src/registry';
import {
  cpuWindow,
  CpuWindow,
  f0,
  f1,
  f2,
  log,
  machineLine,
  num,
  pad,
  readSnapshots,
  requireInfra,
  run,
  running,
  sampleCpu,
  sleep,
  Snapshot,
  table,
} from '../lib';
import { processCpu } from '../segments/foreign';
import {
  BODY,
  diffProfile,
  dist,
  Dist,
  nowMs,
  PLANS,
  printStatements,
  Profile,
  rawBlast,
  RawResult,
  rsaKeyPem,
  settle,
  Sink,
  SUBJECT,
  verifyDomain,
  heraldMailEnv,
} from '../mail';

// ---------------------------------------------------------------- settings

const S = {
  contacts: Math.max(1, Math.floor(num('BENCH_CONTACTS', 100_000))),
  /** A first, small campaign on the fresh processes (JIT, pools), its contacts unsubscribed after. */
  warmupContacts: Math.floor(num('BENCH_WARMUP_CONTACTS', 3000)),
  topologies: (process.env.BENCH_TOPOLOGIES ?? 'all')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean) as Array<'all' | 'split'>,
  smtpConnections: Math.max(1, Math.floor(num('BENCH_SMTP_CONNECTIONS', 5))),
  rawWindow: Math.max(1, Math.floor(num('BENCH_RAW_WINDOW', 128))),
  rawSeconds: num('BENCH_RAW_SECONDS', 15),
  rawWarmup: num('BENCH_RAW_WARMUP_SECONDS', 3),
  raw: (process.env.BENCH_RAW ?? '1') !== '0',
  latencyRate: num('BENCH_LATENCY_RATE', 20),
  idleSeconds: num('BENCH_IDLE_SECONDS', 20),
  settle: num('BENCH_SETTLE_SECONDS', 60),
  poolMax: process.env.BENCH_DB_POOL_MAX ?? '10',
  timeout: num('BENCH_CAMPAIGN_TIMEOUT_SECONDS', 1800),
  profile: (process.env.BENCH_PROFILE ?? '1') !== '0',
};
/** Herald settings passed through when set (otherwise Herald's defaults apply). */
const PASS_THROUGH: Record<string, string> = {
  BENCH_SEND_CONCURRENCY: 'SEND_CONCURRENCY',
  BENCH_CAMPAIGN_WINDOW: 'CAMPAIGN_WINDOW',
  BENCH_DISPATCH_PAGE: 'CAMPAIGN_DISPATCH_PAGE',
  ALL_IN_ONE_THREADS: 'ALL_IN_ONE_THREADS',
  SEND_COMPOSE_THREADS: 'SEND_COMPOSE_THREADS',
};
const TARGET_RATIO = 0.8;
const RUN = crypto.randomBytes(3).toString('hex');
const CAMPAIGN_DOMAIN = 'camp.bench.example';
const WARM_DOMAIN = 'warm.bench.example';
const TX_DOMAIN = 'tx.bench.example';

// ---------------------------------------------------------------- helpers

/** Resident set size of a process (VmRSS, MB), NaN when gone. */
function rssMb(pid: number | undefined): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Inserts `n` subscribed contacts `<prefix><i>@<domain>` with data { plan, n }, UUIDv7 ids (as Herald's), 10,000 rows per statement. */
async function seedContacts(dbUrl: string, projectId: string, prefix: string, domain: string, n: number) {
  const c = new Client({ connectionString: dbUrl });
  await c.connect();
  try {
    for (let start = 0; start < n; start += 10_000) {
      const k = Math.min(10_000, n - start);
      const ids = Array.from({ length: k }, () => newId());
      const emails = Array.from({ length: k }, (_, j) => `${prefix}${start + j}@${domain}`);
      const data = Array.from({ length: k }, (_, j) => JSON.stringify({ plan: PLANS[(start + j) % PLANS.length], n: start + j }));
      await c.query(
        `INSERT INTO contacts.contacts (project_id, id, email, subscribed, data)
         SELECT $1, id, email, true, data FROM unnest($2::uuid[], $3::text[], $4::jsonb[]) AS x(id, email, data)`,
        [projectId, ids, emails, data],
      );
    }
    await c.query('ANALYZE contacts.contacts');
  } finally {
    await c.end();
  }
}

interface TxOutcome {
  scheduled: number;
  end: number;
  id?: string;
  error?: string;
}
interface TxResult {
  n: number;
  errors: number;
  errorSample?: string;
  /** HTTP response − scheduled start (open loop: a stalled server is not hidden). */
  http: Dist;
  /** Arrival at the sink − scheduled start. */
  toSink: Dist;
  missing: number;
}

/**
 * /v1/send at a steady open-loop rate (one recipient, the bench message) until `stop()`: each
 * request starts at its scheduled time whatever the earlier ones are doing.
 */
function transactionalProbe(http: HttpPool, secret: string, from: string, rate: number) {
  const outs: TxOutcome[] = [];
  const pending: Promise<void>[] = [];
  let stopped = false;
  const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
  const t0 = nowMs();
  const loop = (async () => {
    for (let k = 0; !stopped; k++) {
      const scheduled = t0 + (k * 1000) / rate;
      await sleep(scheduled - nowMs());
      if (stopped) break;
      const o: TxOutcome = { scheduled, end: NaN };
      outs.push(o);
      const body = JSON.stringify({ to: `t${k % 1000}@${TX_DOMAIN}`, from, subject: SUBJECT, body: BODY, data: { plan: PLANS[k % PLANS.length], n: k } });
      pending.push(
        (async () => {
          try {
            const res = await http.request({ path: '/v1/send', method: 'POST', headers, body });
            const text = await res.body.text();
            o.end = nowMs();
            if (res.statusCode !== 200) o.error = `HTTP ${res.statusCode} ${text.slice(0, 200)}`;
            else o.id = JSON.parse(text).data.emails[0].email as string;
          } catch (err) {
            o.end = nowMs();
            o.error = `exception: ${(err as Error).message.slice(0, 120)}`;
          }
        })(),
      );
    }
  })();
  return {
    async stop(sink: Sink): Promise<TxResult> {
      stopped = true;
      await loop;
      await Promise.all(pending);
      const ok = outs.filter((o) => o.id);
      const missing = await sink.waitFor(
        ok.map((o) => o.id!),
        60_000,
      );
      const errs = outs.filter((o) => o.error);
      return {
        n: outs.length,
        errors: errs.length,
        errorSample: errs[0]?.error,
        http: dist(ok.map((o) => o.end - o.scheduled)),
        toSink: dist(ok.filter((o) => sink.byKey.has(o.id!)).map((o) => sink.byKey.get(o.id!)! - o.scheduled)),
        missing,
      };
    },
  };
}

// ---------------------------------------------------------------- one topology

interface RssSample {
  at: number;
  delivered: number;
  mb: Record<string, number>;
}
interface CampaignResult extends CpuWindow {
  kind: 'all' | 'split';
  label: string;
  procs: string[];
  seedSeconds: number;
  warmup: { recipients: number; seconds: number };
  idle: TxResult;
  during: TxResult;
  blasts: RawResult[];
  /** Times in ms from the send request (POST /campaigns/:id/send). */
  firstMs: number;
  lastMs: number;
  sentMs: number;
  sendHttpMs: number;
  /** Freeze done: the campaign's totalRecipients first seen as final (polled; ms from the send request). */
  frozenMs: number;
  delivered: number;
  distinct: number;
  duplicates: number;
  unexpected: number;
  campaign: { status: string; totalRecipients: number; sentCount: number };
  /** Campaign emails per second in 10 s steps from the send request. */
  steps: number[];
  rss: RssSample[];
  rssTarget: string;
  avgBytes: number;
  profile?: Profile;
  profileSpan?: string;
  timedOut: boolean;
  /** Cores used between 10 % and 90 % of the campaign, by group of processes (largest first). */
  cpuBy: Array<[string, number]>;
}

async function runTopology(kind: 'all' | 'split', sink: Sink, dns: DnsTestServer, rawKey: string): Promise<CampaignResult> {
  const label = kind === 'all' ? 'all-in-one' : 'split';
  const profDir = fs.mkdtempSync(path.join(os.tmpdir(), `herald-campaignbench-${kind}-`));
  // As bench/send: the per-project sending throttle (50/s by default) is a provider's limit, not Herald's speed.
  const env = heraldMailEnv({ sink, dns, smtpConnections: S.smtpConnections, poolMax: S.poolMax, profDir: S.profile ? profDir : undefined });
  for (const [from, to] of Object.entries(PASS_THROUGH)) if (process.env[from]) env[to] = process.env[from];
  log(`starting topology ${kind} ...`);
  const t = await Topology.start(kind, { env, registry });
  running.add(t);
  try {
    const api = new Api(t.baseUrl, t.keys.secret);
    const domain = `${kind}-${RUN}.bench.example`;
    await verifyDomain(api, dns, domain);
    const FROM = `news@${domain}`;
    const http = new HttpPool(t.baseUrl, { connections: 64, pipelining: 1, keepAliveTimeout: 30_000 });

    const createCampaign = async (name: string) => {
      const r = await api.post('/campaigns', { name, subject: SUBJECT, body: BODY, from: FROM, audienceType: 'ALL' });
      if (r.status !== 201) throw new Error(`POST /campaigns: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.data.id as string;
    };
    const getCampaign = async (id: string) => (await api.get(`/campaigns/${id}`)).body as { status: string; totalRecipients: number; sentCount: number };

    // Warm-up: a small campaign on the fresh processes (JIT, pools, the sender's SMTP
    // connections), then /v1/send; its contacts are unsubscribed afterwards, out of the audience.
    const w0 = nowMs();
    if (S.warmupContacts > 0) {
      log(`${kind}: warm-up campaign to ${S.warmupContacts} contacts`);
      await seedContacts(t.dbUrl, t.projectId, 'w', WARM_DOMAIN, S.warmupContacts);
      const wid = await createCampaign('Warm-up');
      const started = await api.post(`/campaigns/${wid}/send`, {});
      if (started.status !== 200) throw new Error(`warm-up send: ${started.status} ${JSON.stringify(started.body)}`);
      for (;;) {
        const c = await getCampaign(wid);
        if (c.status === 'SENT') break;
        if (nowMs() - w0 > 300_000) throw new Error(`warm-up campaign not SENT after 300 s: ${JSON.stringify(c)}\n${t.output().slice(-3000)}`);
        await sleep(500);
      }
      await t.sql(`UPDATE contacts.contacts SET subscribed = false WHERE project_id = $1 AND email LIKE $2`, [t.projectId, `%@${WARM_DOMAIN}`]);
    }
    const warmup = { recipients: S.warmupContacts, seconds: (nowMs() - w0) / 1000 };
    const warmTx = transactionalProbe(http, t.keys.secret, FROM, S.latencyRate);
    await sleep(5000);
    await warmTx.stop(sink);

    log(`${kind}: seeding ${S.contacts} contacts (multi-row INSERT into contacts.contacts)`);
    const s0 = nowMs();
    await seedContacts(t.dbUrl, t.projectId, 'c', CAMPAIGN_DOMAIN, S.contacts);
    const seedSeconds = (nowMs() - s0) / 1000;

    const blasts: RawResult[] = [];
    const blast = async () => {
      const settled = await settle(S.settle);
      log(
        `${kind}: raw nodemailer DKIM blast #${blasts.length + 1} (${settled.quiet ? `quiet after ${f1(settled.seconds)} s` : `still busy after ${f1(settled.seconds)} s`})`,
      );
      const r = await rawBlast(sink, `raw DKIM blast #${blasts.length + 1}`, rawKey, {
        smtpConnections: S.smtpConnections,
        window: S.rawWindow,
        warmupSeconds: S.rawWarmup,
        seconds: S.rawSeconds,
        recipients: 1000,
        listUnsubscribe: true,
      });
      blasts.push({ ...r, settled });
    };

    // Idle: /v1/send latency with nothing else going on.
    await settle(S.settle);
    log(`${kind}: /v1/send at ${S.latencyRate}/s for ${S.idleSeconds} s, idle`);
    await sink.flush();
    sink.reset();
    const idleProbe = transactionalProbe(http, t.keys.secret, FROM, S.latencyRate);
    await sleep(S.idleSeconds * 1000);
    const idle = await idleProbe.stop(sink);

    if (S.raw) await blast();

    // The campaign, with /v1/send at the same rate alongside, the messaging process's RSS sampled.
    await settle(S.settle);
    await sink.flush();
    sink.reset();
    const id = await createCampaign(`Bench ${RUN}`);
    const rssTarget = kind === 'all' ? 'all' : 'messaging';
    const pids = Object.fromEntries(t.procs.map((p) => [p.target, p.child.pid]));
    let delivered = 0;
    let first = NaN;
    let last = NaN;
    const arrivals: number[] = [];
    const perRcpt = new Map<string, number>();
    let unexpected = 0;
    // Profile and machine CPU between 10 % and 90 % of the campaign's emails: the steady part.
    const markAt = [Math.ceil(S.contacts * 0.1), Math.ceil(S.contacts * 0.9)];
    const marks: Array<{ at: number; snap: Snapshot[]; cpu: ReturnType<typeof sampleCpu>; procs: ReturnType<typeof processCpu>; all: number }> = [];
    sink.onArrival = (_key, rcpt, at) => {
      if (!rcpt.endsWith(`@${CAMPAIGN_DOMAIN}`)) return;
      delivered++;
      arrivals.push(at);
      if (Number.isNaN(first)) first = at;
      last = at;
      perRcpt.set(rcpt, (perRcpt.get(rcpt) ?? 0) + 1);
      if (!/^c\d+@/.test(rcpt) || Number(rcpt.slice(1, rcpt.indexOf('@'))) >= S.contacts) unexpected++;
      if (delivered === markAt[marks.length])
        marks.push({ at, snap: S.profile ? readSnapshots(profDir) : [], cpu: sampleCpu(), procs: processCpu(), all: sink.keys.length });
    };
    const rss: RssSample[] = [];
    const sampleRss = () => rss.push({ at: nowMs(), delivered, mb: Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, rssMb(pid)])) });
    sampleRss();
    const rssTimer = setInterval(sampleRss, 1000);
    const probe = transactionalProbe(http, t.keys.secret, FROM, S.latencyRate);
    await sleep(2000); // the probe's first seconds run before the send: its window covers the campaign's start

    log(`${kind}: POST /campaigns/${id}/send (${S.contacts} recipients)`);
    const t0 = nowMs();
    const started = await api.post(`/campaigns/${id}/send`, {});
    const sendHttpMs = nowMs() - t0;
    if (started.status !== 200) throw new Error(`send: ${started.status} ${JSON.stringify(started.body)}`);
    let c = await getCampaign(id);
    let frozenMs = NaN;
    let timedOut = false;
    let lastLog = nowMs();
    while (c.status !== 'SENT') {
      await sleep(250);
      c = await getCampaign(id);
      if (Number.isNaN(frozenMs) && c.totalRecipients >= S.contacts) frozenMs = nowMs() - t0;
      if (nowMs() - lastLog > 15_000) {
        lastLog = nowMs();
        log(
          `${kind}: ${c.status}, ${delivered} at the sink, sentCount ${c.sentCount}/${c.totalRecipients}, ${f0(delivered / ((nowMs() - t0) / 1000))}/s since send, messaging RSS ${f0(rss.at(-1)!.mb[rssTarget])} MB`,
        );
      }
      if (nowMs() - t0 > S.timeout * 1000) {
        timedOut = true;
        log(`${kind}: campaign not SENT after ${S.timeout} s: ${JSON.stringify(c)}`);
        break;
      }
    }
    const sentMs = nowMs() - t0;
    sampleRss();
    const during = await probe.stop(sink);
    clearInterval(rssTimer);
    // Every campaign email the sink got, also one arriving late (a duplicate would).
    await sleep(2000);
    await sink.flush();
    sink.onArrival = undefined;
    const avgBytes = (() => {
      let n = 0;
      let b = 0;
      sink.rcpts.forEach((r, i) => r.endsWith(`@${CAMPAIGN_DOMAIN}`) && (n++, (b += sink.size[i])));
      return b / n;
    })();
    const final = await getCampaign(id);
    const cpu = marks.length === 2 ? cpuWindow(marks[0].cpu, marks[1].cpu) : { machineBusyPct: NaN, stealPct: NaN, benchCores: NaN };
    let profile: Profile | undefined;
    let profileSpan: string | undefined;
    if (marks.length === 2 && S.profile) {
      const secs = (marks[1].at - marks[0].at) / 1000;
      profile = diffProfile(marks[0].snap, marks[1].snap, (marks[1].all - marks[0].all) / secs);
      profileSpan = `${f1(secs)} s between the ${markAt[0]}th and the ${markAt[1]}th campaign email; per email = per email at the sink (campaign + /v1/send)`;
    }
    // Who used the cores between the marks: Herald's processes, this bench, PostgreSQL (every backend:
    // other work on the machine that uses this server is in it too), RabbitMQ, and everything else.
    const cpuBy: Array<[string, number]> = [];
    if (marks.length === 2) {
      const secs = (marks[1].at - marks[0].at) / 1000;
      const herald = new Set(Object.values(pids));
      const groups = new Map<string, number>();
      for (const [pid, b] of marks[1].procs) {
        const a = marks[0].procs.get(pid);
        if (!a || b.ms <= a.ms) continue;
        const g = herald.has(pid)
          ? 'Herald'
          : pid === process.pid
            ? 'bench (+ sink)'
            : b.name === 'postgres'
              ? 'PostgreSQL'
              : b.name === 'beam.smp'
                ? 'RabbitMQ'
                : b.name === 'redis-server'
                  ? 'Redis'
                  : `other: ${b.name}`;
        groups.set(g, (groups.get(g) ?? 0) + (b.ms - a.ms) / 1000 / secs);
      }
      cpuBy.push(...[...groups].sort((x, y) => y[1] - x[1]));
      // Machine busy time no process alive at both marks accounts for: processes that started or
      // ended in between (other people's test runs), the kernel's interrupt work, steal.
      const busy = (cpuWindow(marks[0].cpu, marks[1].cpu).machineBusyPct / 100) * os.cpus().length;
      cpuBy.push(['unattributed', Math.max(0, busy - [...groups.values()].reduce((a, b) => a + b, 0))]);
    }
    const steps = Array.from(
      { length: Math.ceil(sentMs / 10_000) },
      (_, k) => arrivals.filter((a) => a >= t0 + k * 10_000 && a < t0 + (k + 1) * 10_000).length / 10,
    );

    if (S.raw) await blast();
    await http.close();
    return {
      kind,
      label,
      procs: t.procs.map((p) => p.target),
      seedSeconds,
      warmup,
      idle,
      during,
      blasts,
      firstMs: first - t0,
      lastMs: last - t0,
      sentMs,
      sendHttpMs,
      frozenMs,
      delivered,
      distinct: perRcpt.size,
      duplicates: delivered - perRcpt.size,
      unexpected,
      campaign: { status: final.status, totalRecipients: final.totalRecipients, sentCount: final.sentCount },
      steps,
      rss,
      rssTarget,
      avgBytes,
      profile,
      profileSpan,
      timedOut,
      cpuBy,
      ...cpu,
    };
  } finally {
    log(`stopping topology ${kind}`);
    await t.stop().catch((e) => log('stop failed:', e.message));
    running.delete(t);
    await sleep(500);
    fs.rmSync(profDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- report

const meanOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** Campaign emails/s from the first email at the sink to the last. */
const firstToLast = (r: CampaignResult) => (r.delivered - 1) / ((r.lastMs - r.firstMs) / 1000);
const sendToSent = (r: CampaignResult) => r.delivered / (r.sentMs / 1000);

/** The RSS of `target` when the campaign had delivered `share` of its emails (the first sample at or past it). */
const rssAt = (r: CampaignResult, share: number) => r.rss.find((s) => s.delivered >= share * S.contacts)?.mb[r.rssTarget] ?? NaN;

function report(results: CampaignResult[], settings: string, started: number) {
  console.log('\n================ Herald campaign bench ================');
  console.log(machineLine());
  console.log(`settings: ${settings}`);
  console.log(
    'NOTE: one campaign per topology on a shared machine; the sink, the load generator, Herald, PostgreSQL and RabbitMQ share the cores. Compare ratios.\n',
  );

  const rows = [['', ...results.map((r) => r.label)]];
  const row = (name: string, f: (r: CampaignResult) => string) => rows.push([name, ...results.map(f)]);
  row('contacts seeded (s)', (r) => `${S.contacts} (${f1(r.seedSeconds)} s)`);
  row('warm-up campaign', (r) => `${r.warmup.recipients} in ${f1(r.warmup.seconds)} s`);
  row('POST /campaigns/:id/send (ms)', (r) => f0(r.sendHttpMs));
  row('audience frozen (s after send, polled)', (r) => f1(r.frozenMs / 1000));
  row('time to first email (s)', (r) => f2(r.firstMs / 1000));
  row('last email (s after send)', (r) => f1(r.lastMs / 1000));
  row('SENT seen (s after send, polled 250 ms)', (r) => f1(r.sentMs / 1000));
  row('emails/s first → last', (r) => f0(firstToLast(r)));
  row('emails/s send → SENT', (r) => f0(sendToSent(r)));
  row('raw DKIM blasts (emails/s)', (r) => r.blasts.map((b) => f0(b.deliveredPerS)).join(', ') || '-');
  row(`first → last ÷ raw (target ≥ ${TARGET_RATIO} all-in-one)`, (r) =>
    r.blasts.length
      ? `${f2(firstToLast(r) / meanOf(r.blasts.map((b) => b.deliveredPerS)))} ${r.kind === 'all' ? (firstToLast(r) / meanOf(r.blasts.map((b) => b.deliveredPerS)) >= TARGET_RATIO ? 'PASS' : 'SHORT') : ''}`
      : '-',
  );
  row('send → SENT ÷ raw', (r) => (r.blasts.length ? f2(sendToSent(r) / meanOf(r.blasts.map((b) => b.deliveredPerS))) : '-'));
  row('sink: received / distinct / duplicates / foreign', (r) => `${r.delivered} / ${r.distinct} / ${r.duplicates} / ${r.unexpected}`);
  row('campaign: status, totalRecipients, sentCount', (r) => `${r.campaign.status}, ${r.campaign.totalRecipients}, ${r.campaign.sentCount}`);
  row('correct (exactly N distinct, no duplicates)', (r) =>
    r.delivered === S.contacts && r.distinct === S.contacts && r.unexpected === 0 && r.campaign.sentCount === S.contacts ? 'YES' : 'NO',
  );
  row('bytes per campaign email / raw', (r) => `${f0(r.avgBytes)} / ${r.blasts.length ? f0(meanOf(r.blasts.map((b) => b.avgBytes))) : '-'}`);
  row('messaging RSS MB: before, 10/50/90/100 %, max', (r) => {
    const before = r.rss[0]?.mb[r.rssTarget];
    const max = Math.max(...r.rss.map((s) => s.mb[r.rssTarget]).filter(Number.isFinite));
    return `${f0(before)}, ${f0(rssAt(r, 0.1))}/${f0(rssAt(r, 0.5))}/${f0(rssAt(r, 0.9))}/${f0(rssAt(r, 1))}, ${f0(max)}`;
  });
  row('/v1/send idle: HTTP p50 / p99 (ms)', (r) => `${f1(r.idle.http.p50)} / ${f1(r.idle.http.p99)}`);
  row('/v1/send during: HTTP p50 / p99 (ms)', (r) => `${f1(r.during.http.p50)} / ${f1(r.during.http.p99)}`);
  row('/v1/send idle: to sink p50 / p99 (ms)', (r) => `${f1(r.idle.toSink.p50)} / ${f1(r.idle.toSink.p99)}`);
  row('/v1/send during: to sink p50 / p99 (ms)', (r) => `${f1(r.during.toSink.p50)} / ${f1(r.during.toSink.p99)}`);
  row(
    '/v1/send idle / during: n, errors, missing',
    (r) => `${r.idle.n}, ${r.idle.errors}, ${r.idle.missing} / ${r.during.n}, ${r.during.errors}, ${r.during.missing}`,
  );
  row('machine CPU, steal (10 → 90 %)', (r) => `${f0(r.machineBusyPct)} %, ${f0(r.stealPct)} %`);
  row('cores used (10 → 90 %), by process group', (r) =>
    r.cpuBy
      .filter(([g, c]) => g === 'unattributed' || !g.startsWith('other') || c >= 0.05)
      .map(([g, c]) => `${g} ${f2(c)}`)
      .join(', '),
  );
  table(rows);
  console.log(
    `  /v1/send: open loop at ${S.latencyRate}/s, latency from each request's scheduled start; "during" runs from 2 s before the send request to SENT.`,
  );
  console.log(
    '  to sink = arrival at the sink − scheduled start. RSS: VmRSS of the process that runs messaging (all-in-one: the one process), sampled every second.',
  );

  for (const r of results) {
    for (const b of r.blasts) {
      console.log(
        `  ${r.label} ${b.label}: ${f0(b.deliveredPerS)}/s, machine ${f0(b.machineBusyPct)} %, steal ${f0(b.stealPct)} %, errors ${b.errors}${b.errorSample ? ` (${b.errorSample})` : ''}, ${b.settled?.quiet ? `quiet after ${f1(b.settled.seconds)} s` : 'not quiet'}`,
      );
    }
    if (r.idle.errorSample || r.during.errorSample) console.log(`  ${r.label} /v1/send errors: ${r.idle.errorSample ?? ''} ${r.during.errorSample ?? ''}`);
    console.log(`\n--- ${r.label}: campaign emails/s in 10 s steps from the send request ---`);
    console.log(`  ${r.steps.map(f0).join(' ')}`);
    console.log(`--- ${r.label}: RSS (MB) every ~10 % of the campaign (delivered: ${r.procs.join(', ')}) ---`);
    const rrows = [['delivered', ...r.procs]];
    for (let k = 0; k <= 10; k++) {
      const s = k === 0 ? r.rss[0] : r.rss.find((x) => x.delivered >= (k / 10) * S.contacts);
      if (s) rrows.push([String(s.delivered), ...r.procs.map((p) => f0(s.mb[p]))]);
    }
    table(rrows);
    if (r.profile) {
      console.log(`--- ${r.label}: where the time goes (${r.profileSpan}) ---`);
      for (const c of r.profile.cpu) {
        console.log(
          `  ${pad(c.target, 18)} ${c.cores === undefined ? 'a thread (CPU counted with its process)' : `CPU ${f2(c.cores)} cores = ${f2(c.msPerEmail!)} ms CPU per email`}, event loop busy ${f0(100 * c.elu)} %`,
        );
      }
      printStatements(r.profile, 25);
    }
  }
  console.log(`\nbench finished in ${f0((nowMs() - started) / 1000)} s`);
}

// ---------------------------------------------------------------- main

async function main() {
  const started = nowMs();
  await requireInfra();
  const passed = Object.entries(PASS_THROUGH)
    .filter(([k]) => process.env[k])
    .map(([k, v]) => `${v}=${process.env[k]}`);
  const settings =
    `${S.contacts} contacts, audience ALL, warm-up campaign ${S.warmupContacts}, SMTP connections ${S.smtpConnections} (Herald SMTP_POOL_SIZE = raw maxConnections), ` +
    `raw ${S.rawWindow} sendMail() in flight for ${S.rawWarmup} + ${S.rawSeconds} s, DKIM RSA-2048, /v1/send ${S.latencyRate}/s (idle ${S.idleSeconds} s, and during the campaign), ` +
    `DB_POOL_MAX=${S.poolMax}, SEND_RATE_PER_SECOND=100000, ${passed.length ? passed.join(', ') : "SEND_CONCURRENCY, CAMPAIGN_WINDOW, CAMPAIGN_DISPATCH_PAGE at Herald's defaults"}, profiler ${S.profile ? 'on' : 'off'}`;
  log(settings);
  const sink = await Sink.start();
  const dns = await DnsTestServer.start();
  try {
    const key = rsaKeyPem();
    const results: CampaignResult[] = [];
    for (const kind of S.topologies) results.push(await runTopology(kind, sink, dns, key));
    report(results, settings, started);
    if (results.some((r) => r.delivered !== S.contacts || r.distinct !== S.contacts || r.unexpected || r.timedOut)) {
      throw new Error('a campaign did not deliver exactly one email to each recipient (see the table)');
    }
  } finally {
    await dns.close().catch(() => undefined);
    await sink.close().catch(() => undefined);
  }
}

run(main);
