/**
 * bench/send, providers mode (BENCH_MODE=providers, or `npm run bench:send -- providers`): does one
 * deferring mailbox provider slow the mail to the others? Herald delivers straight to each
 * recipient domain's MX (SMTP_URL=mx://?port=N) and four sinks on distinct loopback addresses act
 * as Google, Microsoft, Yahoo and another provider, their MX and A records on the test DNS server.
 * Each run sends BENCH_PROVIDER_EMAILS emails spread evenly over the four providers' recipient
 * domains, from a sending domain of its own (so every run's paces start fresh), and measures
 * delivered/s to the three healthy sinks. The baseline run has all four healthy; in the deferring
 * run the fourth (`other`) answers BENCH_DEFER_RATIO of its messages `421 4.7.0 Try again later`,
 * a plain deferral (no rule of the catalogue), so only the AIMD window paces it. Same process, same
 * sinks, same recipient domains for both. See bench/README.md.
 */
import crypto from 'node:crypto';
import { Client } from 'pg';
import { Pool as HttpPool } from 'undici';
import { Api, DnsTestServer, Topology } from '../../libs/testing/src';
import { registry } from '../../services/all/src/registry';
import { PROVIDER_LIMITS } from '../../services/messaging/src/domain/shaping';
import { cpuWindow, f0, f1, f2, log, machineLine, num, requireInfra, running, sampleCpu, sleep, table, tracesEnv, tracesLine, type CpuWindow } from '../lib';
import { BODY, heraldMailEnv, nowMs, PLANS, settle, Sink, SUBJECT, verifyDomain } from '../mail';

// ---------------------------------------------------------------- settings

const P = {
  emails: Math.max(4, Math.floor(num('BENCH_PROVIDER_EMAILS', 2400))),
  deferRatio: Math.min(1, num('BENCH_DEFER_RATIO', 0.3)),
  warmupEmails: Math.floor(num('BENCH_PROVIDER_WARMUP', 400)),
  /** Recipients per /v1/send (each request names every provider in turn). */
  perRequest: Math.max(1, Math.min(100, Math.floor(num('BENCH_PROVIDER_BATCH', 20)))),
  /** /v1/send requests in flight while a run's emails are handed over. */
  requests: Math.max(1, Math.floor(num('BENCH_PROVIDER_REQUESTS', 4))),
  /** The longest wait for the healthy providers' mail. */
  timeout: num('BENCH_PROVIDER_TIMEOUT_SECONDS', 120),
  /** After the healthy mail is in, the longest wait for the deferring sink's. */
  drain: num('BENCH_DRAIN_SECONDS', 30),
  settle: num('BENCH_SETTLE_SECONDS', 15),
  sampleMs: 200,
  /** In run order; the ratio is the deferring runs' mean ÷ the baselines' (one before and one after: the machine drifts). */
  runs: (process.env.BENCH_PROVIDER_RUNS ?? 'baseline,deferring,baseline')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean) as RunKind[],
  topologies: (process.env.BENCH_TOPOLOGIES ?? 'all')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean) as Array<'all' | 'split'>,
  sendConcurrency: process.env.BENCH_SEND_CONCURRENCY,
  poolMax: process.env.BENCH_DB_POOL_MAX ?? '10',
  seed: Math.floor(num('BENCH_DEFER_SEED', 37)),
};
for (const r of P.runs) if (r !== 'baseline' && r !== 'deferring') throw new Error(`BENCH_PROVIDER_RUNS: each run is baseline or deferring, not ${r}`);
const TARGET_RATIO = 0.9;
const RUN = crypto.randomBytes(3).toString('hex');

type RunKind = 'baseline' | 'deferring';
const PROVIDERS = ['google', 'microsoft', 'yahoo', 'other'] as const;
type Provider = (typeof PROVIDERS)[number];
const HEALTHY: readonly Provider[] = ['google', 'microsoft', 'yahoo'];
const DEFERRING: Provider = 'other';

/** Each provider's recipient domain and its MX host, matching domain/providers.ts (`other`: a name no pattern knows). */
const RECIPIENT: Record<Provider, { domain: string; mx: string }> = {
  google: { domain: `gm-${RUN}.bench.example`, mx: 'alt1.aspmx.l.google.com' },
  microsoft: { domain: `ms-${RUN}.bench.example`, mx: `ms-${RUN}-bench-example.mail.protection.outlook.com` },
  yahoo: { domain: `yh-${RUN}.bench.example`, mx: 'mta5.am0.yahoodns.net' },
  other: { domain: `ot-${RUN}.bench.example`, mx: `mx.ot-${RUN}.bench.example` },
};
const providerOfAddress = (address: string): Provider | undefined => PROVIDERS.find((p) => address.toLowerCase().endsWith(`@${RECIPIENT[p].domain}`));

// ---------------------------------------------------------------- the sinks

interface Providers {
  sinks: Record<Provider, Sink>;
  port: number;
  net: string;
}

/** Four sinks on 127.<a>.<b>.1–4, one port for all (SMTP_URL=mx://?port=N), and their MX and A records. */
async function startSinks(dns: DnsTestServer): Promise<Providers> {
  for (let attempt = 0; ; attempt++) {
    const port = 20_000 + crypto.randomInt(20_000);
    const net = `127.${crypto.randomInt(100, 250)}.${crypto.randomInt(1, 250)}`;
    const started: Sink[] = [];
    try {
      for (const [i] of PROVIDERS.entries()) started.push(await Sink.start({ host: `${net}.${i + 1}`, port }));
    } catch (err) {
      await Promise.all(started.map((s) => s.close()));
      if (attempt < 10 && (err as { code?: string }).code === 'EADDRINUSE') continue;
      throw err;
    }
    const sinks = Object.fromEntries(PROVIDERS.map((p, i) => [p, started[i]])) as Record<Provider, Sink>;
    for (const [i, p] of PROVIDERS.entries()) {
      dns.set(RECIPIENT[p].domain, 'MX', [{ exchange: RECIPIENT[p].mx, priority: 10 }]);
      dns.set(RECIPIENT[p].mx, 'A', [`${net}.${i + 1}`]);
    }
    return { sinks, port, net };
  }
}

// ---------------------------------------------------------------- one run

/** One GET /deliverability row, for the run's sending domain, as sampled. */
interface LaneSample {
  at: number;
  window: number | null;
  inFlight: number;
  state: string;
  reason: string | null;
}

interface ProviderFigures {
  sent: number;
  arrived: number;
  /** Delivered/s from the run's first request to this provider's last arrival. */
  perS: number;
  lastS: number;
  attempts: number;
  deferrals: number;
  /** Samples of this provider's lane (GET /deliverability, every 200 ms) from the run's start to its last attempt. */
  lane: LaneSample[];
  /** The most mail transactions open at once at the sink, and the mean over the same span. */
  sinkPeakOpen: number;
  sinkMeanOpen: number;
}

interface RunResult extends CpuWindow {
  kind: RunKind;
  domain: string;
  /** Seconds from the first request to the last one answered. */
  intakeS: number;
  healthyArrived: number;
  healthySent: number;
  /** The healthy three's mail ÷ seconds from the first request to its last arrival (the compared figure). */
  healthyPerS: number;
  /** The same between the healthy mail's 10th and 90th percentile arrival (steady rate, no head or tail). */
  healthy1090PerS: number;
  healthyLastS: number;
  /** The deferring sink's attempts/s from the run's first request to the last healthy arrival. */
  otherHealthyPhasePerS: number;
  /** Sender workers with a message in flight (the four lanes' in flight summed), mean over the samples until the last healthy arrival. */
  busyWorkers: number;
  providers: Record<Provider, ProviderFigures>;
  /** The deferring sink's first and last attempt (nowMs), and the seconds between. */
  otherFirst: number;
  otherLast: number;
  otherSpanS: number;
  /** Still not at the sink after the drain: by status in messaging.emails. */
  waiting: Array<{ status: string; attempts: number; held_by: string | null; due_s: number; n: number }>;
  drainS: number;
  metrics: Record<string, number>;
  errors: Map<string, number>;
}

interface Ctx {
  t: Topology;
  api: Api;
  http: HttpPool;
  headers: Record<string, string>;
  pv: Providers;
  dns: DnsTestServer;
}

/** Herald's counters of interest (herald_emails_total by outcome, herald_smtp_responses_total by class), summed over its processes. */
async function scrapeMetrics(t: Topology): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const p of t.procs) {
    const text = await fetch(`http://127.0.0.1:${p.httpPort}/metrics`)
      .then((r) => (r.ok ? r.text() : ''))
      .catch(() => '');
    for (const line of text.split('\n')) {
      const m = /^(herald_emails_total|herald_smtp_responses_total)\{([^}]*)\} ([0-9.e+-]+)$/.exec(line);
      if (!m) continue;
      const label = /(?:outcome|class)="([^"]+)"/.exec(m[2])?.[1] ?? '?';
      const key = `${m[1] === 'herald_emails_total' ? 'emails' : 'smtp'}.${label}`;
      out[key] = (out[key] ?? 0) + Number(m[3]);
    }
  }
  return out;
}

/** Sends `count` emails from `from`, spread evenly over the providers (each request names them in turn); returns each email's id and provider. */
async function sendSpread(c: Ctx, from: string, count: number, errors: Map<string, number>): Promise<Map<string, Provider>> {
  const ids = new Map<string, Provider>();
  let next = 0;
  await Promise.all(
    Array.from({ length: P.requests }, async () => {
      while (next < count) {
        const first = next;
        next = Math.min(count, next + P.perRequest);
        const to = Array.from({ length: next - first }, (_, k) => `r${first + k}@${RECIPIENT[PROVIDERS[(first + k) % PROVIDERS.length]].domain}`);
        const body = JSON.stringify({ to, from, subject: SUBJECT, body: BODY, data: { plan: PLANS[first % PLANS.length], n: first } });
        try {
          const res = await c.http.request({ path: '/v1/send', method: 'POST', headers: c.headers, body });
          const text = await res.body.text();
          if (res.statusCode !== 200) {
            const k = `HTTP ${res.statusCode}: ${text.slice(0, 200)}`;
            errors.set(k, (errors.get(k) ?? 0) + 1);
            continue;
          }
          for (const e of JSON.parse(text).data.emails as Array<{ email: string; contact: { email: string } }>) {
            const p = providerOfAddress(e.contact.email);
            if (p) ids.set(e.email, p);
          }
        } catch (err) {
          const k = `exception: ${(err as Error).message.slice(0, 120)}`;
          errors.set(k, (errors.get(k) ?? 0) + 1);
        }
      }
    }),
  );
  return ids;
}

const arrivedAt = (c: Ctx, id: string, p: Provider) => c.pv.sinks[p].byKey.get(id);

/** Waits until every id has arrived at its provider's sink, or until `deadline` (nowMs). */
async function waitArrivals(c: Ctx, ids: Array<[string, Provider]>, deadline: number) {
  for (;;) {
    await Promise.all(PROVIDERS.map((p) => c.pv.sinks[p].flush()));
    const missing = ids.filter(([id, p]) => arrivedAt(c, id, p) === undefined).length;
    if (missing === 0 || nowMs() > deadline) return missing;
    await sleep(100);
  }
}

async function oneRun(c: Ctx, kind: RunKind, index: number): Promise<RunResult> {
  const domain = `${kind}${index}-${RUN}.bench.example`;
  await verifyDomain(c.api, c.dns, domain);
  const from = `bench@${domain}`;
  const settled = await settle(P.settle);
  log(`run ${index} (${kind}): ${P.emails} emails from ${domain}${settled.quiet ? '' : ` (the machine was still busy after ${f1(settled.seconds)} s)`}`);
  for (const p of PROVIDERS) {
    await c.pv.sinks[p].flush();
    c.pv.sinks[p].reset();
  }
  c.pv.sinks[DEFERRING].defer(kind === 'deferring' ? P.deferRatio : 0, P.seed + index);

  // GET /deliverability every 200 ms: each lane of this run's domain.
  const lanes = Object.fromEntries(PROVIDERS.map((p) => [p, [] as LaneSample[]])) as Record<Provider, LaneSample[]>;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const at = nowMs();
      const r = await c.api.get('/deliverability').catch(() => undefined);
      for (const row of (r?.body?.providers ?? []) as Array<{ domain: string; provider: Provider } & Omit<LaneSample, 'at'>>) {
        if (row.domain === domain && lanes[row.provider])
          lanes[row.provider].push({ at, window: row.window, inFlight: row.inFlight, state: row.state, reason: row.reason });
      }
      await sleep(at + P.sampleMs - nowMs());
    }
  })();

  const metricsA = await scrapeMetrics(c.t);
  const cpuA = sampleCpu();
  const errors = new Map<string, number>();
  const t0 = nowMs();
  const ids = await sendSpread(c, from, P.emails, errors);
  const intakeS = (nowMs() - t0) / 1000;
  const all = [...ids.entries()];
  const healthy = all.filter(([, p]) => HEALTHY.includes(p));
  const healthyMissing = await waitArrivals(c, healthy, t0 + P.timeout * 1000);
  const healthyDone = nowMs();
  const cpuB = sampleCpu();
  if (healthyMissing) log(`run ${index}: ${healthyMissing} healthy emails still missing after ${P.timeout} s`);
  const rest = all.filter(([, p]) => !HEALTHY.includes(p));
  const restMissing = await waitArrivals(c, rest, healthyDone + P.drain * 1000);
  const drainS = (nowMs() - healthyDone) / 1000;
  sampling = false;
  await sampler;
  const metricsB = await scrapeMetrics(c.t);
  const metrics = Object.fromEntries(Object.keys(metricsB).map((k) => [k, metricsB[k] - (metricsA[k] ?? 0)]));

  // What still waits, from the database (the bench reports it rather than waiting on).
  let waiting: RunResult['waiting'] = [];
  const missingIds = all.filter(([id, p]) => arrivedAt(c, id, p) === undefined).map(([id]) => id);
  if (missingIds.length) {
    const db = new Client({ connectionString: c.t.dbUrl });
    await db.connect();
    try {
      waiting = (
        await db.query(
          `SELECT status, attempts, held_by, round(greatest(0, extract(epoch FROM next_attempt_at - now())))::int AS due_s, count(*)::int AS n
             FROM messaging.emails WHERE id = ANY($1::uuid[]) GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 4`,
          [missingIds],
        )
      ).rows;
    } finally {
      await db.end();
    }
  }
  c.pv.sinks[DEFERRING].defer(0);

  const providers = {} as Record<Provider, ProviderFigures>;
  for (const p of PROVIDERS) {
    const sink = c.pv.sinks[p];
    const mine = all.filter(([, q]) => q === p).map(([id]) => id);
    const mineSet = new Set(mine);
    const times = mine.map((id) => sink.byKey.get(id)).filter((x): x is number => x !== undefined);
    const deferredAt = sink.deferredAt.filter((_, i) => mineSet.has(sink.deferredKeys[i]));
    const last = times.length ? Math.max(...times) : NaN;
    // The lane's life: from the run's first request to its last attempt (a deferring lane's retries included).
    const end = Math.max(last, ...deferredAt);
    providers[p] = {
      sent: mine.length,
      arrived: times.length,
      perS: times.length / ((last - t0) / 1000),
      lastS: (last - t0) / 1000,
      attempts: times.length + deferredAt.length,
      deferrals: deferredAt.length,
      lane: lanes[p].filter((x) => x.at <= end),
      sinkPeakOpen: Math.max(0, ...sink.peaks.filter((x) => x.at <= end + 200).map((x) => x.peak)),
      sinkMeanOpen: sink.meanOpen(t0, end + 200),
    };
  }
  const healthyTimes = healthy
    .map(([id, p]) => arrivedAt(c, id, p))
    .filter((x): x is number => x !== undefined)
    .sort((a, b) => a - b);
  const lastHealthy = healthyTimes[healthyTimes.length - 1] ?? NaN;
  const q = (f: number) => healthyTimes[Math.min(healthyTimes.length - 1, Math.floor(f * healthyTimes.length))];
  const otherSink = c.pv.sinks[DEFERRING];
  const otherSet = new Set(rest.map(([id]) => id));
  const otherTimes = [
    ...rest.map(([id]) => otherSink.byKey.get(id)).filter((x): x is number => x !== undefined),
    ...otherSink.deferredAt.filter((_, i) => otherSet.has(otherSink.deferredKeys[i])),
  ];
  log(
    `run ${index} (${kind}): healthy ${healthyTimes.length}/${healthy.length} in ${f1((lastHealthy - t0) / 1000)} s; ` +
      `${DEFERRING} ${providers[DEFERRING].arrived}/${rest.length} (${restMissing} not arrived after ${f1(drainS)} s of drain)`,
  );
  // The four lanes' in flight at each sample (one GET answers for all), while the healthy mail went.
  const byAt = new Map<number, number>();
  for (const p of PROVIDERS) for (const x of lanes[p]) if (x.at <= lastHealthy) byAt.set(x.at, (byAt.get(x.at) ?? 0) + x.inFlight);
  return {
    kind,
    domain,
    intakeS,
    busyWorkers: mean([...byAt.values()]),
    otherHealthyPhasePerS: otherTimes.filter((x) => x <= lastHealthy).length / ((lastHealthy - t0) / 1000),
    healthySent: healthy.length,
    healthyArrived: healthyTimes.length,
    healthyPerS: healthyTimes.length / ((lastHealthy - t0) / 1000),
    healthy1090PerS: (0.8 * healthyTimes.length) / ((q(0.9) - q(0.1)) / 1000),
    healthyLastS: (lastHealthy - t0) / 1000,
    providers,
    otherFirst: Math.min(...otherTimes),
    otherLast: Math.max(...otherTimes),
    otherSpanS: otherTimes.length ? (Math.max(...otherTimes) - Math.min(...otherTimes)) / 1000 : NaN,
    waiting,
    drainS,
    metrics,
    errors,
    ...cpuWindow(cpuA, cpuB),
  };
}

// ---------------------------------------------------------------- report

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const windows = (lane: LaneSample[]) => lane.map((s) => s.window).filter((w): w is number => w !== null);
/**
 * Samples with more in flight than the window allowed. A deferral halves the window with the
 * messages already on the wire still in flight, so a sample is judged against the larger of its
 * own and the previous sample's window: a start past the window shows, a halving does not.
 */
const overWindow = (lane: LaneSample[]) =>
  lane.filter((s, i) => {
    const allowed = Math.max(s.window ?? Infinity, lane[i - 1]?.window ?? 0);
    return s.inFlight > allowed;
  }).length;

function report(kind: 'all' | 'split', runs: RunResult[], settings: string) {
  console.log(`\n================ Herald /v1/send bench, providers mode (${kind === 'all' ? 'all-in-one' : 'split'}) ================`);
  console.log(machineLine());
  console.log(`  ${tracesLine()}`);
  console.log(`settings: ${settings}`);
  console.log('NOTE: short runs on a shared machine; the sinks, the DNS server, Herald, PostgreSQL and RabbitMQ share the cores. Compare ratios.\n');

  console.log("per run (delivered/s = emails at the sink ÷ seconds from the run's first /v1/send to the last arrival):");
  const rows = [
    [
      'run',
      'healthy delivered/s',
      '10–90 % /s',
      'healthy last s',
      ...HEALTHY.map((p) => `${p} /s`),
      `${DEFERRING} /s`,
      'intake s',
      'machine CPU',
      'steal',
      'errors',
    ],
  ];
  runs.forEach((r, i) =>
    rows.push([
      `#${i + 1} ${r.kind}`,
      f0(r.healthyPerS),
      f0(r.healthy1090PerS),
      f1(r.healthyLastS),
      ...HEALTHY.map((p) => f0(r.providers[p].perS)),
      `${f0(r.providers[DEFERRING].perS)} (${r.providers[DEFERRING].arrived}/${r.providers[DEFERRING].sent})`,
      f1(r.intakeS),
      `${f0(r.machineBusyPct)} %`,
      `${f0(r.stealPct)} %`,
      String([...r.errors.values()].reduce((a, b) => a + b, 0)),
    ]),
  );
  table(rows);
  for (const [i, r] of runs.entries()) for (const [k, n] of r.errors) console.log(`  errors in run #${i + 1}: ${n} × ${k}`);
  console.log('  machine CPU and steal: from the first request to the last healthy arrival.');

  console.log(
    "\neach lane (GET /deliverability every 200 ms; window = the AIMD window, in flight = the sender's count; sink peak = most transactions open at the sink):",
  );
  const lrows = [
    [
      'run',
      'provider',
      'attempts',
      'deferred',
      'accepted',
      'window mean',
      'min',
      'max',
      'in flight mean',
      'peak',
      'sink mean',
      'sink peak',
      'over window',
      'states',
    ],
  ];
  for (const [i, r] of runs.entries()) {
    for (const p of PROVIDERS) {
      const f = r.providers[p];
      const w = windows(f.lane);
      const over = overWindow(f.lane);
      const states = new Map<string, number>();
      for (const s of f.lane)
        states.set(s.reason ? `${s.state} (${s.reason})` : s.state, (states.get(s.reason ? `${s.state} (${s.reason})` : s.state) ?? 0) + 1);
      lrows.push([
        `#${i + 1} ${r.kind}`,
        p,
        String(f.attempts),
        String(f.deferrals),
        String(f.arrived),
        f1(mean(w)),
        w.length ? String(Math.min(...w)) : '-',
        w.length ? String(Math.max(...w)) : '-',
        f1(mean(f.lane.map((s) => s.inFlight))),
        String(Math.max(0, ...f.lane.map((s) => s.inFlight))),
        f1(f.sinkMeanOpen),
        String(f.sinkPeakOpen),
        `${over}/${f.lane.length}`,
        [...states].map(([s, n]) => `${s} ${f0((100 * n) / f.lane.length)} %`).join(', '),
      ]);
    }
  }
  table(lrows);
  console.log(
    "  Over the lane's life: from the run's first request to its last attempt. sink mean/peak: mail transactions open at the sink (MAIL FROM to the answer to DATA);",
  );
  console.log('  in flight counts from the place in the window to the outcome recorded (composing, SMTP, the status write).');
  console.log('  over window: samples with more in flight than the window at that moment or the sample before (a halving leaves what is on the wire).');
  console.log(
    `\nsender workers with a message in flight (the four lanes' in flight summed, mean until the last healthy arrival; SEND_CONCURRENCY ${P.sendConcurrency ?? 16}):`,
  );
  for (const [i, r] of runs.entries())
    console.log(
      `  #${i + 1} ${r.kind}: ${f1(r.busyWorkers)}; meanwhile each healthy provider got ${HEALTHY.map((p) => f0(r.providers[p].perS)).join(' / ')} emails/s and ${DEFERRING} ${f0(r.otherHealthyPhasePerS)} attempts/s`,
    );

  const base = runs.filter((r) => r.kind === 'baseline');
  const deferring = runs.filter((r) => r.kind === 'deferring');
  for (const [i, r] of runs.entries()) {
    if (r.kind !== 'deferring') continue;
    const o = r.providers[DEFERRING];
    const busy = o.lane.filter((s) => s.at >= r.otherFirst && s.at <= r.otherLast);
    const perS = o.attempts / r.otherSpanS;
    const meanWindow = mean(windows(busy));
    const maxWindow = Math.max(0, ...windows(o.lane));
    const peak = Math.max(0, ...o.lane.map((s) => s.inFlight));
    console.log(`\nthe deferring sink (${DEFERRING}, run #${i + 1}): ${f0(100 * P.deferRatio)} % of messages answered 421 4.7.0 Try again later`);
    console.log(
      `  ${o.attempts} attempts = ${o.arrived} accepted + ${o.deferrals} deferred (${f0((100 * o.deferrals) / o.attempts)} %) for ${o.sent} emails: ${f2(o.attempts / o.sent)} attempts per email`,
    );
    console.log(
      `  ${f1(perS)} attempts/s over ${f1(r.otherSpanS)} s (first to last attempt), against a window of ${f1(meanWindow)} on average, ${maxWindow} at most (ceiling ${PROVIDER_LIMITS[DEFERRING].connections}); ` +
        `in flight ${f1(mean(busy.map((s) => s.inFlight)))} on average, ${peak} at most (Herald), ${f1(o.sinkMeanOpen)} and ${o.sinkPeakOpen} at the sink`,
    );
    const over = overWindow(o.lane);
    console.log(
      `  within its throttle: ${peak <= maxWindow && o.sinkPeakOpen <= maxWindow ? 'yes' : 'NO'}: the peak in flight, at Herald and at the sink, against the widest window it had` +
        ` (${over} of ${o.lane.length} samples had more in flight than the window of that moment: it halves and grows between samples)`,
    );
    const waiting = r.waiting.reduce((a, w) => a + w.n, 0);
    console.log(
      `  all its mail arrived: ${o.arrived === o.sent ? `yes, within ${f1(r.drainS)} s of the healthy mail's end` : `no: ${o.sent - o.arrived} of ${o.sent} not at the sink after ${f1(r.drainS)} s of drain (BENCH_DRAIN_SECONDS):`}`,
    );
    if (waiting) {
      const what: Record<string, string> = {
        queued: 'waiting in the queue',
        sending: 'with a sender now',
        failed: 'failed for good (SEND_MAX_ATTEMPTS spent)',
      };
      for (const w of r.waiting)
        console.log(
          `    ${w.n} × ${what[w.status] ?? w.status}, ${w.attempts} attempts${w.held_by ? `, held by ${w.held_by}` : ''}${w.status === 'queued' ? `, due in ${w.due_s} s` : ''}`,
        );
    }
  }

  console.log('\nHerald counters per run (herald_emails_total by outcome, herald_smtp_responses_total by class):');
  const keys = [...new Set(runs.flatMap((r) => Object.keys(r.metrics)))].filter((k) => runs.some((r) => r.metrics[k])).sort();
  const mrows = [['run', ...keys]];
  runs.forEach((r, i) => mrows.push([`#${i + 1} ${r.kind}`, ...keys.map((k) => f0(r.metrics[k] ?? 0))]));
  table(mrows);
  console.log(
    '  held: an email put back in the queue (its lane full for 2 s, or a throttle), no attempt spent; retried: a deferral, tried again 5 s, 10 s, 20 s … later.',
  );

  if (base.length && deferring.length) {
    const b = mean(base.map((r) => r.healthyPerS));
    const d = mean(deferring.map((r) => r.healthyPerS));
    const ratio = d / b;
    const steal = Math.max(...runs.map((r) => r.stealPct));
    console.log(
      `\nratio and target (delivered/s to the healthy three with ${DEFERRING} deferring ${f0(100 * P.deferRatio)} % ÷ the same with all four healthy, target ≥ ${TARGET_RATIO}):`,
    );
    console.log(
      `  ${f2(ratio)} (${deferring.map((r) => f0(r.healthyPerS)).join(', ')} ÷ ${base.map((r) => f0(r.healthyPerS)).join(', ')})   ${ratio >= TARGET_RATIO ? 'PASS' : 'SHORT'}` +
        `   (10–90 % rates: ${f2(mean(deferring.map((r) => r.healthy1090PerS)) / mean(base.map((r) => r.healthy1090PerS)))})` +
        (steal > 5 ? `   (steal up to ${f0(steal)} %: the machine was not all ours; run again)` : ''),
    );
  }
}

// ---------------------------------------------------------------- main

export async function providersMode() {
  const started = nowMs();
  await requireInfra();
  const settings =
    `${P.emails} emails a run over ${PROVIDERS.join(', ')} (${P.perRequest} recipients per /v1/send, ${P.requests} in flight), runs ${P.runs.join(', ')}, ` +
    `${DEFERRING} deferring ${f0(100 * P.deferRatio)} % in the deferring runs (seed ${P.seed}), warm-up ${P.warmupEmails} emails, drain ≤ ${P.drain} s, ` +
    `SMTP_URL=mx://, WARMUP_NEW_DOMAINS=false, SEND_CONCURRENCY=${P.sendConcurrency ?? "Herald's default (16)"}, DB_POOL_MAX=${P.poolMax}, SEND_RATE_PER_SECOND=100000, DKIM RSA-2048`;
  log(settings);
  const dns = await DnsTestServer.start();
  const pv = await startSinks(dns);
  log(`sinks on ${pv.net}.1–4:${pv.port} (${PROVIDERS.join(', ')}), DNS on ${dns.server}`);
  try {
    for (const kind of P.topologies) {
      const env: NodeJS.ProcessEnv = {
        ...heraldMailEnv({ sink: pv.sinks.google, dns, smtpConnections: 5, poolMax: P.poolMax }),
        SMTP_URL: `mx://?port=${pv.port}`,
        WARMUP_NEW_DOMAINS: 'false',
        ...(P.sendConcurrency ? { SEND_CONCURRENCY: P.sendConcurrency } : {}),
        ...(process.env.ALL_IN_ONE_THREADS ? { ALL_IN_ONE_THREADS: process.env.ALL_IN_ONE_THREADS } : {}),
        ...(process.env.SEND_COMPOSE_THREADS ? { SEND_COMPOSE_THREADS: process.env.SEND_COMPOSE_THREADS } : {}),
      };
      log(`starting topology ${kind} ...`);
      const t = await Topology.start(kind, { env: { ...env, ...(await tracesEnv()) }, registry });
      running.add(t);
      const http = new HttpPool(t.baseUrl, { connections: P.requests + 2, pipelining: 1, keepAliveTimeout: 30_000 });
      try {
        const c: Ctx = {
          t,
          api: new Api(t.baseUrl, t.keys.secret),
          http,
          headers: { authorization: `Bearer ${t.keys.secret}`, 'content-type': 'application/json' },
          pv,
          dns,
        };
        if (P.warmupEmails) {
          // JIT, pools, the MX lookups and a connection to every sink, on a domain of its own.
          const domain = `warmup-${RUN}.bench.example`;
          await verifyDomain(c.api, dns, domain);
          log(`${kind}: warming up with ${P.warmupEmails} emails`);
          const errors = new Map<string, number>();
          const ids = await sendSpread(c, `bench@${domain}`, P.warmupEmails, errors);
          if (errors.size) throw new Error(`warm-up sends failed: ${[...errors.keys()].join('; ')}`);
          const missing = await waitArrivals(c, [...ids.entries()], nowMs() + 60_000);
          if (missing) throw new Error(`${missing} warm-up emails never reached their sink:\n${t.output().slice(-3000)}`);
        }
        const runs: RunResult[] = [];
        for (const [i, run] of P.runs.entries()) runs.push(await oneRun(c, run, i + 1));
        report(kind, runs, settings);
      } finally {
        await http.close().catch(() => undefined);
        log(`stopping topology ${kind}`);
        await t.stop().catch((e) => log('stop failed:', e.message));
        running.delete(t);
      }
    }
    console.log(`\nbench finished in ${f0((nowMs() - started) / 1000)} s`);
  } finally {
    await dns.close().catch(() => undefined);
    await Promise.all(PROVIDERS.map((p) => pv.sinks[p].close().catch(() => undefined)));
  }
}
