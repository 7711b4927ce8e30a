/**
 * Send bench: POST /v1/send accepted→received-at-sink latency (p50/p99) and sustained delivered
 * emails/s at a real SMTP sink, for the all-in-one and the split topology, compared in the same run
 * with a raw nodemailer pooled blast of pre-rendered messages to the same sink over the same number
 * of SMTP connections (with and without DKIM, RSA-2048 like Herald's domain keys).
 *
 *   npm run bench:send             (builds, then runs dist/bench/send/main.js)
 *   npm run bench:send -- providers   (or BENCH_MODE=providers: ./providers.ts, one deferring
 *                                       mailbox provider among four, Herald delivering to MX)
 *
 * Needs PostgreSQL, RabbitMQ and Redis as the e2e tests do. Everything runs on loopback: the sink
 * (../sink-worker.ts, a worker thread; the sink and the raw blast are bench/mail.ts, shared with bench/campaign), a DNS server for the sending domain (libs/testing DnsTestServer),
 * Herald (libs/testing Topology, built dist/). Not part of the test suite. See bench/README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { Pool as HttpPool } from 'undici';
import { Api, DnsTestServer, Topology } from '../../libs/testing/src';
import { registry } from '../../services/all/src/registry';
import {
  cpuWindow,
  CpuSample,
  CpuWindow,
  f0,
  f1,
  f2,
  log,
  machineLine,
  tracesEnv,
  tracesLine,
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
import {
  BODY,
  diffProfile,
  dist,
  Dist,
  Elu,
  eluOf,
  nowMs,
  PLANS,
  QUIET_BUSY_PCT,
  rawBlast as rawBlastWith,
  RawResult,
  printStatements,
  Profile,
  rsaKeyPem,
  settle as settleFor,
  Sink,
  SUBJECT,
  verifyDomain,
  heraldMailEnv,
} from '../mail';
import { providersMode } from './providers';

// ---------------------------------------------------------------- settings

const S = {
  seconds: num('BENCH_SECONDS', 15),
  warmup: num('BENCH_WARMUP_SECONDS', 3),
  /** Herald's sustained phase starts on freshly started processes: long enough for the JIT to settle. */
  heraldWarmup: num('BENCH_HERALD_WARMUP_SECONDS', 30),
  concurrency: Math.max(1, Math.floor(num('BENCH_CONCURRENCY', 16))),
  smtpConnections: Math.max(1, Math.floor(num('BENCH_SMTP_CONNECTIONS', 5))),
  sendConcurrency: Math.max(1, Math.floor(num('BENCH_SEND_CONCURRENCY', 32))),
  window: Math.max(1, Math.floor(num('BENCH_WINDOW', 128))),
  latencyRate: num('BENCH_LATENCY_RATE', 20),
  latencySeconds: num('BENCH_LATENCY_SECONDS', 10),
  drainSeconds: num('BENCH_DRAIN_SECONDS', 60),
  recipients: Math.max(1, Math.floor(num('BENCH_RECIPIENTS', 1000))),
  poolMax: process.env.BENCH_DB_POOL_MAX ?? '10',
  topologies: (process.env.BENCH_TOPOLOGIES ?? 'all,split')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean) as Array<'all' | 'split'>,
  raw: (process.env.BENCH_RAW ?? '1') !== '0',
  /** Herald windows per topology, each between two raw DKIM blasts run right before and after it. */
  rounds: Math.max(1, Math.floor(num('BENCH_ROUNDS', 2))),
  /** Load before each Herald window after the first warm-up: the pipeline refills, nothing to compile. */
  ramp: num('BENCH_RAMP_SECONDS', 5),
  /** At most this long, before each raw DKIM blast, for the machine to go quiet (see `settle`). */
  settle: num('BENCH_SETTLE_SECONDS', 60),
  profile: (process.env.BENCH_PROFILE ?? '1') !== '0',
  overload: (process.env.BENCH_OVERLOAD ?? '1') !== '0',
};
const TARGET_RATIO = 0.8;
const RUN = crypto.randomBytes(3).toString('hex');

/** Above this steal % in a blast or window, the verdict is marked as unreliable. */
const STEAL_WARN_PCT = 5;

/** The raw blast (bench/mail) with this bench's settings. */
const rawBlast = (sink: Sink, label: string, dkimKey: string | crypto.KeyObject | undefined) =>
  rawBlastWith(sink, label, dkimKey, {
    smtpConnections: S.smtpConnections,
    window: S.window,
    warmupSeconds: S.warmup,
    seconds: S.seconds,
    recipients: S.recipients,
  });
const settle = () => settleFor(S.settle);

// ---------------------------------------------------------------- Herald

interface SendOutcome {
  id?: string;
  start: number;
  end: number;
  error?: string;
  detail?: string;
}

interface LatencyResult {
  n: number;
  missing: number;
  accepted: Dist; // arrival − response received
  request: Dist; // arrival − request start
  http: Dist; // response − request start
  errors: Map<string, number>;
}

interface ThroughputResult extends CpuWindow {
  mode: 'sustained' | 'overload' | 'warm-up';
  acceptedPerS: number;
  deliveredPerS: number;
  accepted: Dist; // under load, emails accepted inside the window
  http: Dist;
  backlogAtEnd: number;
  drainS: number;
  drained: boolean;
  missing: number;
  errors: Map<string, number>;
  errorSample: Map<string, string>;
  avgBytes: number;
  sinkElu: number;
  /** Delivered/s in consecutive 5 s steps from the start of the phase, its warm-up or ramp included. */
  steps: number[];
  profile?: Profile;
}

interface TopoResult {
  kind: 'all' | 'split';
  label: string;
  procs: string[];
  latency: LatencyResult;
  overload?: ThroughputResult;
  /** Herald's first load after start (BENCH_HERALD_WARMUP_SECONDS): JIT, pools, contacts. Not compared. */
  warmup: ThroughputResult;
  /** The sustained windows (BENCH_ROUNDS), in run order; `blasts` ran before, between and after them. */
  rounds: ThroughputResult[];
  /** The raw DKIM blasts around the windows (what the ratio is taken against), in run order. */
  blasts: RawResult[];
}

const meanOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** Herald's sustained rate: the mean over its windows. */
const sustainedRate = (t: TopoResult) => meanOf(t.rounds.map((r) => r.deliveredPerS));

/**
 * Starts a topology and measures it. `blast` runs the raw DKIM blast (the baseline): before,
 * between and after Herald's sustained windows, with Herald's processes warm and idle.
 */
async function runTopology(kind: 'all' | 'split', sink: Sink, dns: DnsTestServer, blast: (() => Promise<RawResult>) | undefined): Promise<TopoResult> {
  const label = kind === 'all' ? 'Herald all-in-one' : 'Herald split';
  const profDir = fs.mkdtempSync(path.join(os.tmpdir(), `herald-sendbench-${kind}-`));
  // bench/track/preload.js: the statement/CPU profiler (BENCH_PGCOUNT_DIR) and SIGUSR2 CPU profiles.
  const env: NodeJS.ProcessEnv = {
    ...heraldMailEnv({ sink, dns, smtpConnections: S.smtpConnections, poolMax: S.poolMax, profDir: S.profile ? profDir : undefined }),
    SEND_CONCURRENCY: String(S.sendConcurrency),
    // Passed through for A/B runs (one thread or two in all-in-one; compose threads per sender).
    ...(process.env.ALL_IN_ONE_THREADS ? { ALL_IN_ONE_THREADS: process.env.ALL_IN_ONE_THREADS } : {}),
    ...(process.env.SEND_COMPOSE_THREADS ? { SEND_COMPOSE_THREADS: process.env.SEND_COMPOSE_THREADS } : {}),
    ...(process.env.BENCH_V8_FLAGS ? { BENCH_V8_FLAGS: process.env.BENCH_V8_FLAGS } : {}),
  };
  const cpuProfDir = process.env.BENCH_CPU_PROF_DIR;
  if (cpuProfDir) {
    fs.mkdirSync(cpuProfDir, { recursive: true });
    env.BENCH_CPU_PROF_DIR = path.resolve(cpuProfDir);
  }
  log(`starting topology ${kind} ...`);
  const t = await Topology.start(kind, { env: { ...env, ...(await tracesEnv()) }, registry });
  running.add(t);
  const signalProfilers = () => cpuProfDir && t.procs.forEach((p) => p.child.kill('SIGUSR2'));
  try {
    // A verified sending domain, as e2e/sending.test.ts does it.
    const domain = `${kind}-${RUN}.bench.example`;
    const api = new Api(t.baseUrl, t.keys.secret);
    await verifyDomain(api, dns, domain);
    const FROM = `bench@${domain}`;

    const http = new HttpPool(t.baseUrl, { connections: Math.max(S.concurrency, S.window), pipelining: 1, keepAliveTimeout: 30_000 });
    const headers = { authorization: `Bearer ${t.keys.secret}`, 'content-type': 'application/json' };
    let n = 0;
    const sendOne = async (): Promise<SendOutcome> => {
      const i = n++;
      const body = JSON.stringify({
        to: `r${i % S.recipients}@example.org`,
        from: FROM,
        subject: SUBJECT,
        body: BODY,
        data: { plan: PLANS[i % PLANS.length], n: i },
      });
      const start = nowMs();
      try {
        const res = await http.request({ path: '/v1/send', method: 'POST', headers, body });
        const text = await res.body.text();
        const end = nowMs();
        if (res.statusCode !== 200) return { start, end, error: `HTTP ${res.statusCode}`, detail: text.slice(0, 300) };
        return { start, end, id: JSON.parse(text).data.emails[0].email as string };
      } catch (err) {
        return { start, end: nowMs(), error: `exception: ${(err as Error).message.slice(0, 120)}` };
      }
    };

    // Warm-up: JIT, DB and SMTP pools, contacts; everything must arrive before we measure.
    log(`${kind}: up at ${t.baseUrl} (${t.procs.map((p) => p.target).join(', ')}); domain ${domain} verified; warming up`);
    const warm: SendOutcome[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let k = 0; k < 15; k++) warm.push(await sendOne());
      }),
    );
    const warmErr = warm.find((w) => w.error);
    if (warmErr) throw new Error(`warm-up send failed: ${warmErr.error} ${warmErr.detail ?? ''}`);
    const warmMissing = await sink.waitFor(
      warm.map((w) => w.id!),
      30_000,
    );
    if (warmMissing) throw new Error(`${warmMissing} warm-up emails never reached the sink:\n${t.output().slice(-3000)}`);

    // Phase 1 (the figure compared): BENCH_WINDOW emails in flight from the request to their
    // arrival at the sink, as the raw blast has that many sendMail() calls in flight, each done when
    // the sink has the message. Accepted = delivered: the rate Herald sustains. First a warm-up at
    // that load (BENCH_HERALD_WARMUP_SECONDS: the processes have just started), then BENCH_ROUNDS
    // windows, each right between two raw DKIM blasts: this machine's speed drifts by tens of
    // percent within a minute, so the baseline is measured as close as possible to each window.
    const warmup = await throughputPhase('warm-up', 0, S.heraldWarmup);
    const blasts: RawResult[] = [];
    const rounds: ThroughputResult[] = [];
    for (let k = 0; k < S.rounds; k++) {
      if (blast) blasts.push(await blast());
      rounds.push(await throughputPhase('sustained', S.ramp, S.seconds, k === 0));
    }
    if (blast) blasts.push(await blast());

    // Phase 2: latency, one send at a time at a modest rate, on warm processes.
    log(`${kind}: latency phase (${S.latencyRate}/s for ${S.latencySeconds} s, one at a time)`);
    await sink.flush();
    sink.reset();
    const lat: SendOutcome[] = [];
    const total = Math.round(S.latencyRate * S.latencySeconds);
    const l0 = nowMs();
    for (let k = 0; k < total; k++) {
      await sleep(l0 + (k * 1000) / S.latencyRate - nowMs());
      lat.push(await sendOne());
    }
    const latOk = lat.filter((o) => o.id);
    const latMissing = await sink.waitFor(
      latOk.map((o) => o.id!),
      30_000,
    );
    const latDelivered = latOk.filter((o) => sink.byKey.has(o.id!));
    const latency: LatencyResult = {
      n: latDelivered.length,
      missing: latMissing,
      accepted: dist(latDelivered.map((o) => sink.byKey.get(o.id!)! - o.end)),
      request: dist(latDelivered.map((o) => sink.byKey.get(o.id!)! - o.start)),
      http: dist(latOk.map((o) => o.end - o.start)),
      errors: countErrors(lat).errors,
    };

    // Phase 3 (overload, BENCH_OVERLOAD): BENCH_CONCURRENCY requests in flight whatever is still
    // undelivered; accepting more than it delivers, Herald spends on intake what delivery lacks.
    const overload = S.overload ? await throughputPhase('overload', S.warmup) : undefined;

    /** `cpuProfile`: the one window BENCH_CPU_PROF_DIR profiles cover (each process writes one profile). */
    async function throughputPhase(mode: ThroughputResult['mode'], warmup: number, seconds = S.seconds, cpuProfile = false): Promise<ThroughputResult> {
      const endToEnd = mode !== 'overload';
      const inFlight = endToEnd ? S.window : S.concurrency;
      log(
        `${kind}: ${mode} throughput phase (${inFlight} ${endToEnd ? 'emails in flight end to end' : 'requests in flight'}, ${warmup} s warm-up + ${seconds} s)`,
      );
      await sink.flush();
      sink.reset();
      const outs: SendOutcome[] = [];
      const t0 = nowMs();
      const from = t0 + warmup * 1000;
      const to = from + seconds * 1000;
      let cpuA: CpuSample | undefined;
      let cpuB: CpuSample | undefined;
      let eluA: Elu | undefined;
      let eluB: Elu | undefined;
      let snapA: Snapshot[] = [];
      let snapB: Snapshot[] = [];
      const marks = (async () => {
        await sleep(from - nowMs());
        if (cpuProfile) signalProfilers();
        snapA = readSnapshots(profDir);
        await sink.flush();
        eluA = sink.elu;
        cpuA = sampleCpu();
        await sleep(to - nowMs());
        cpuB = sampleCpu();
        if (cpuProfile) signalProfilers();
        snapB = readSnapshots(profDir);
        await sink.flush();
        eluB = sink.elu;
      })();
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (nowMs() < to) {
            const o = await sendOne();
            outs.push(o);
            if (endToEnd && o.id) await sink.arrival(o.id, to);
          }
        }),
      );
      await marks;
      const loadEnd = nowMs();
      await sink.flush();
      const deliveredInWindow = sink.countBetween(from, to);
      const okIds = outs.filter((o) => o.id).map((o) => o.id!);
      const backlogAtEnd = okIds.filter((id) => !sink.byKey.has(id)).length;
      log(`${kind}: load stopped; ${backlogAtEnd} accepted emails not yet at the sink; draining (≤ ${S.drainSeconds} s)`);
      const missing = await sink.waitFor(okIds, S.drainSeconds * 1000);
      const drainS = (nowMs() - loadEnd) / 1000;
      const inWindow = outs.filter((o) => o.id && o.end >= from && o.end <= to);
      const { errors, errorSample } = countErrors(outs);
      const deliveredPerS = deliveredInWindow / seconds;
      const result: ThroughputResult = {
        mode,
        acceptedPerS: inWindow.length / seconds,
        deliveredPerS,
        accepted: dist(inWindow.filter((o) => sink.byKey.has(o.id!)).map((o) => sink.byKey.get(o.id!)! - o.end)),
        http: dist(inWindow.map((o) => o.end - o.start)),
        backlogAtEnd,
        drainS,
        drained: missing === 0,
        missing,
        errors,
        errorSample,
        avgBytes: sink.avgSize(),
        ...cpuWindow(cpuA!, cpuB!),
        sinkElu: eluOf(eluA!, eluB!),
        steps: Array.from({ length: Math.floor((to - t0) / 5000) }, (_, k) => sink.countBetween(t0 + k * 5000, t0 + (k + 1) * 5000) / 5),
      };
      if (S.profile && snapA.length && snapB.length) result.profile = diffProfile(snapA, snapB, deliveredPerS);
      return result;
    }
    await http.close();
    return { kind, label, procs: t.procs.map((p) => p.target), latency, warmup, rounds, overload, blasts };
  } finally {
    log(`stopping topology ${kind}`);
    await t.stop().catch((e) => log('stop failed:', e.message));
    running.delete(t);
    await sleep(500); // let the profiler's exit snapshot land before removing the directory
    fs.rmSync(profDir, { recursive: true, force: true });
  }
}

function countErrors(outs: SendOutcome[]) {
  const errors = new Map<string, number>();
  const errorSample = new Map<string, string>();
  for (const o of outs) {
    if (!o.error) continue;
    errors.set(o.error, (errors.get(o.error) ?? 0) + 1);
    if (o.detail && !errorSample.has(o.error)) errorSample.set(o.error, o.detail);
  }
  return { errors, errorSample };
}

// ---------------------------------------------------------------- report

function report(raws: RawResult[], topos: TopoResult[], settings: string, started: number) {
  console.log('\n================ Herald /v1/send bench ================');
  console.log(machineLine());
  console.log(`  ${tracesLine()}`);
  console.log(`settings: ${settings}`);
  console.log('NOTE: short runs on a shared machine; load generator, sink, Herald, PostgreSQL and RabbitMQ share the cores. Compare ratios.\n');

  console.log('throughput, in run order (delivered/s = messages completed at the sink inside the measured window):');
  const rows = [
    [
      'phase',
      'delivered/s',
      'accepted/s',
      'acc→rcv p50',
      'p99',
      'HTTP p50',
      'p99',
      'backlog@end',
      'drain s',
      'msg bytes',
      'machine CPU',
      'steal',
      'bench CPU',
      'sink ELU',
      'errors',
    ],
  ];
  const rawRow = (r: RawResult) =>
    rows.push([
      r.label,
      f0(r.deliveredPerS),
      '-',
      '-',
      '-',
      f1(r.sendMailLatency.p50),
      f1(r.sendMailLatency.p99),
      String(r.missing),
      r.settled ? `${f1(r.settled.seconds)}${r.settled.quiet ? '' : ' (not quiet)'}` : '-',
      f0(r.avgBytes),
      `${f0(r.machineBusyPct)} %`,
      `${f0(r.stealPct)} %`,
      f2(r.benchCores),
      `${f0(100 * r.sinkElu)} %`,
      String(r.errors),
    ]);
  const heraldRow = (label: string, x: ThroughputResult) => {
    const errs = [...x.errors.values()].reduce((a, b) => a + b, 0);
    rows.push([
      label,
      f0(x.deliveredPerS),
      f0(x.acceptedPerS),
      f1(x.accepted.p50),
      f1(x.accepted.p99),
      f1(x.http.p50),
      f1(x.http.p99),
      String(x.backlogAtEnd),
      `${f1(x.drainS)}${x.drained ? '' : ` (${x.missing} lost)`}`,
      f0(x.avgBytes),
      `${f0(x.machineBusyPct)} %`,
      `${f0(x.stealPct)} %`,
      f2(x.benchCores),
      `${f0(100 * x.sinkElu)} %`,
      String(errs),
    ]);
  };
  for (const r of raws) rawRow(r);
  for (const t of topos) {
    heraldRow(`${t.label}, warm-up`, t.warmup);
    t.rounds.forEach((x, k) => {
      if (t.blasts[k]) rawRow(t.blasts[k]);
      heraldRow(`${t.label}, sustained #${k + 1}`, x);
    });
    if (t.blasts.length > t.rounds.length) rawRow(t.blasts[t.blasts.length - 1]);
    if (t.overload) heraldRow(`${t.label}, overload`, t.overload);
  }
  table(rows);
  console.log(
    `  raw rows: HTTP columns = nodemailer sendMail() resolve time; backlog@end = messages never seen at the sink; drain s = seconds waited before the blast for the machine to go quiet`,
  );
  console.log(
    `  (its own work under ${QUIET_BUSY_PCT} % of the cores, steal not counted; "not quiet": still busy after BENCH_SETTLE_SECONDS, the blast shared the cores).`,
  );
  console.log(
    `  sustained (the figure compared): ${S.window} emails in flight from request to arrival at the sink, as the raw blast has ${S.window} sendMail() calls in flight;`,
  );
  console.log(
    `  warm-up: the same load for the first ${S.heraldWarmup} s after the topology started (not compared); each later window has ${S.ramp} s of load before it.`,
  );
  console.log(`  overload: ${S.concurrency} /v1/send requests in flight whatever is undelivered; the backlog grows when accepted/s > delivered/s.`);
  console.log('  machine CPU: all cores, steal included; steal = time the hypervisor gave these cores to other machines (a phase with much of it ran slow);');
  console.log('  bench CPU = this process (load generator / raw sender + the sink thread), in cores.');

  if (topos.length) {
    console.log(`\nlatency phase (one /v1/send at a time, ${S.latencyRate}/s for ${S.latencySeconds} s; ms):`);
    const lrows = [['topology', 'n', 'accepted→received p50', 'p99', 'max', 'request→received p50', 'p99', 'HTTP p50', 'p99', 'missing', 'errors']];
    for (const t of topos) {
      const l = t.latency;
      lrows.push([
        t.label,
        String(l.n),
        f1(l.accepted.p50),
        f1(l.accepted.p99),
        f1(l.accepted.max),
        f1(l.request.p50),
        f1(l.request.p99),
        f1(l.http.p50),
        f1(l.http.p99),
        String(l.missing),
        String([...l.errors.values()].reduce((a, b) => a + b, 0)),
      ]);
    }
    table(lrows);
  }
  for (const r of [...raws, ...topos.flatMap((t) => t.blasts)]) if (r.errorSample) console.log(`  errors in ${r.label}: ${r.errors} × ${r.errorSample}`);
  for (const t of topos) {
    for (const [x, name] of [
      [t.warmup, 'warm-up'] as const,
      ...t.rounds.map((x, k) => [x, `sustained #${k + 1}`] as const),
      [t.overload, 'overload'] as const,
    ]) {
      if (x)
        for (const [k, n] of x.errors) console.log(`  errors in ${t.label} (${name}): ${n} × ${k}${x.errorSample.has(k) ? ` — ${x.errorSample.get(k)}` : ''}`);
    }
    for (const [k, n] of t.latency.errors) console.log(`  errors in ${t.label} (latency): ${n} × ${k}`);
  }

  const keyObjectRaw = raws.find((r) => r.label.includes('KeyObject'));
  const noDkim = raws.find((r) => !r.dkim);
  const dkimRates = [...raws.filter((r) => r.dkim && r !== keyObjectRaw), ...topos.flatMap((t) => t.blasts)].map((r) => r.deliveredPerS);
  console.log(
    `\nratios and target (Herald's sustained delivered/s ÷ the raw DKIM blasts run before, between and after its windows, target ≥ ${TARGET_RATIO}):`,
  );
  if (dkimRates.length) {
    const spread = (100 * (Math.max(...dkimRates) - Math.min(...dkimRates))) / Math.min(...dkimRates);
    console.log(
      `  raw DKIM blasts in run order: ${dkimRates.map(f0).join(', ')} emails/s${Number.isFinite(spread) ? ` (${f0(spread)} % apart: the machine's drift during the run)` : ''}`,
    );
    // Diagnostics: the no-DKIM and KeyObject blasts ran at the start, minutes before most DKIM blasts.
    const drift = '; blasts minutes apart, so subject to the drift';
    if (noDkim)
      console.log(`  raw DKIM / raw no-DKIM = ${f2(meanOf(dkimRates) / noDkim.deliveredPerS)}   (cost of RSA-2048 signing in one Node process${drift})`);
    if (keyObjectRaw) {
      console.log(
        `  raw DKIM with a parsed KeyObject / with a PEM string = ${f2(keyObjectRaw.deliveredPerS / meanOf(dkimRates))}   (Herald signs with a KeyObject${drift})`,
      );
      for (const t of topos)
        console.log(
          `  ${pad(t.label, 18)} ÷ raw DKIM KeyObject blast = ${f2(sustainedRate(t) / keyObjectRaw.deliveredPerS)}   (diagnostic, stricter baseline${drift})`,
        );
    }
    for (const t of topos) {
      if (!t.blasts.length) continue;
      const baseline = meanOf(t.blasts.map((r) => r.deliveredPerS));
      if (!(baseline > 0)) {
        console.log(`  ${pad(t.label, 18)} no verdict: the raw DKIM blasts delivered nothing (see their errors above)`);
        continue;
      }
      const ratio = sustainedRate(t) / baseline;
      // Steal slows whichever phase it hits, blast or window, so a verdict over stolen phases says little.
      const steal = Math.max(...[...t.blasts, ...t.rounds].map((x) => x.stealPct));
      // Each window against the two blasts on either side of it: how much the verdict rests on one window.
      const perWindow = t.rounds.map((x, k) => f2(x.deliveredPerS / meanOf(t.blasts.slice(k, k + 2).map((r) => r.deliveredPerS))));
      console.log(
        `  ${pad(t.label, 18)} ${f2(ratio)} (windows ${t.rounds.map((x) => f0(x.deliveredPerS)).join(', ')} ÷ blasts ${t.blasts.map((r) => f0(r.deliveredPerS)).join(', ')})   ${ratio >= TARGET_RATIO ? 'PASS' : 'FAIL'}` +
          `   (each window ÷ the blasts on either side: ${perWindow.join(', ')})` +
          (t.overload ? `   (overload: ${f0(t.overload.deliveredPerS)} delivered/s while accepting ${f0(t.overload.acceptedPerS)}/s)` : '') +
          (steal > STEAL_WARN_PCT ? `   (steal up to ${f0(steal)} % in these phases: the machine was not all ours; run again)` : ''),
      );
    }
  } else console.log('  (no raw DKIM blast in this run)');

  console.log('\ndelivered/s in 5 s steps (warm-up: from the start of the load; windows: ramp included):');
  for (const t of topos) {
    console.log(`  ${pad(t.label, 18)} warm-up ${t.warmup.steps.map(f0).join(' ')}`);
    t.rounds.forEach((x, k) => console.log(`  ${pad('', 18)} window #${k + 1} ${x.steps.map(f0).join(' ')}`));
  }

  for (const t of topos) {
    const p = t.rounds[0]?.profile;
    if (!p) continue;
    console.log(`\n--- ${t.label}: where the time goes (sustained window #1; "per email" = per delivered email) ---`);
    for (const c of p.cpu) {
      const cpu = c.cores === undefined ? 'a thread (CPU counted with its process)' : `CPU ${f2(c.cores)} cores = ${f2(c.msPerEmail!)} ms CPU per email`;
      const later = t.rounds.slice(1).map((x) => x.profile?.cpu.find((o) => o.target === c.target)?.msPerEmail);
      const others = later.some((v) => v !== undefined) ? ` (later windows: ${later.map((v) => (v === undefined ? '-' : f2(v))).join(', ')} ms per email)` : '';
      console.log(`  ${pad(c.target, 9)} ${cpu}, event loop busy ${f0(100 * c.elu)} %${c.cores === undefined ? '' : others}`);
    }
    printStatements(p);
  }
  console.log(`\nbench finished in ${f0((nowMs() - started) / 1000)} s`);
}

// ---------------------------------------------------------------- main

async function main() {
  const started = nowMs();
  if (S.topologies.length) await requireInfra();
  const settings =
    `SMTP connections ${S.smtpConnections} (Herald SMTP_POOL_SIZE = raw maxConnections), Herald SEND_CONCURRENCY=${S.sendConcurrency}, ` +
    `${S.window} emails in flight (sustained phase and raw sendMail calls), overload phase ${S.concurrency} /v1/send in flight, warm-up ${S.warmup} s (Herald: ${S.heraldWarmup} s after start, then ${S.rounds} windows of ${S.ramp} s ramp + ${S.seconds} s${S.raw ? ' between raw DKIM blasts' : ''}) + ${S.seconds} s measured, ` +
    `${S.recipients} recipients, DB_POOL_MAX=${S.poolMax}, SEND_RATE_PER_SECOND=100000, profiler ${S.profile ? 'on' : 'off'}, DKIM RSA-2048`;
  log(settings);
  const sink = await Sink.start();
  const dns = await DnsTestServer.start();
  log(`sink on 127.0.0.1:${sink.port} (worker thread), DNS on ${dns.server}`);
  try {
    const privateKey = rsaKeyPem();
    const raws: RawResult[] = [];
    if (S.raw) {
      log('raw nodemailer blast, no DKIM ...');
      raws.push(await rawBlast(sink, 'raw blast, no DKIM', undefined));
      // Diagnostic: nodemailer documents privateKey as a PEM string, which crypto re-parses for every
      // signature; Herald passes a parsed KeyObject. This run shows what that alone is worth.
      log('raw nodemailer blast, DKIM RSA-2048 with a parsed KeyObject ...');
      raws.push(await rawBlast(sink, 'raw blast, DKIM KeyObject', crypto.createPrivateKey(privateKey)));
    }
    // The raw DKIM blast (the baseline) runs inside each topology's run, before, between and
    // after Herald's windows (see runTopology).
    let blasts = 0;
    const dkimBlast = async () => {
      const settled = await settle();
      log(
        `raw nodemailer blast, DKIM RSA-2048 #${++blasts} (${settled.quiet ? `the machine went quiet in ${f1(settled.seconds)} s` : `the machine was still busy after ${f1(settled.seconds)} s`}) ...`,
      );
      return { ...(await rawBlast(sink, `raw blast, DKIM #${blasts}`, privateKey)), settled };
    };
    const topos: TopoResult[] = [];
    for (const kind of S.topologies) topos.push(await runTopology(kind, sink, dns, S.raw ? dkimBlast : undefined));
    if (S.raw && !topos.length) raws.push(await dkimBlast()); // no topology: the baseline alone
    report(raws, topos, settings, started);
  } finally {
    await dns.close().catch(() => undefined);
    await sink.close().catch(() => undefined);
  }
}

/** BENCH_MODE (or the first argument): `relay` (the default: this file) or `providers` (./providers.ts). */
const MODE = process.argv[2] ?? process.env.BENCH_MODE ?? 'relay';
if (MODE !== 'relay' && MODE !== 'providers') throw new Error(`BENCH_MODE must be relay or providers, not ${MODE}`);
run(MODE === 'providers' ? providersMode : main);
