/**
 * What the mail benches (bench/send, bench/campaign) share: the loopback SMTP sink (a worker thread,
 * ./sink-worker.ts), the raw nodemailer blast that is their baseline (pre-rendered messages of
 * Herald's shape, pooled SMTP, DKIM RSA-2048 as Herald signs), the wait for a quiet machine before
 * a blast, and the message every bench send carries.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { newId } from '../libs/kit/src';
import type { Api, DnsTestServer } from '../libs/testing/src';
import { listHeaders, pixelFits, textOf } from '../services/messaging/src/domain/mail-format';
import { render } from '../services/messaging/src/domain/render';
import { TokenSigner } from '../services/messaging/src/domain/tokens';
import { addTracking, subscriptionUrls } from '../services/messaging/src/app/deliver';
import { cpuWindow, CpuSample, CpuWindow, f2, lpad, log, pad, pct, sampleCpu, sleep, Snapshot, snapshotDeltas } from './lib';

// ---------------------------------------------------------------- the message

/** Subject and body of every bench email (Herald's and the raw blast's): one link, `{{…}}` variables. */
export const SUBJECT = 'Your {{plan}} receipt #{{n}}';
export const BODY =
  '<html><body><h1>Hello {{email}}</h1><p>Thanks for staying on the <b>{{plan}}</b> plan. This is receipt #{{n}}.</p>' +
  '<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. ' +
  'Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.</p>' +
  '<p><a href="https://example.com/account?ref=receipt&amp;n={{n}}">Your account</a></p></body></html>';
export const PLANS = ['free', 'pro', 'team', 'enterprise'];
/** Signed headers: the same list Herald's deliver.ts gives nodemailer. */
const DKIM_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'Content-ID',
  'Content-Description',
  'In-Reply-To',
  'References',
  'List-Id',
  'List-Help',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
  'List-Subscribe',
  'List-Post',
  'List-Owner',
  'List-Archive',
  'Feedback-ID',
].join(':');

/** CLOCK_MONOTONIC in ms: shared with the sink's worker thread. */
export const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

// ---------------------------------------------------------------- stats

export const dist = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p99: pct(s, 99), max: s[s.length - 1] ?? NaN };
};
export type Dist = ReturnType<typeof dist>;

// ---------------------------------------------------------------- the sink (worker thread)

export interface Elu {
  idle: number;
  active: number;
}
export const eluOf = (a: Elu, b: Elu) => {
  const active = b.active - a.active;
  const total = active + (b.idle - a.idle);
  return total > 0 ? active / total : NaN;
};

export class Sink {
  /** Arrivals since the last reset, in order: the Message-ID's part before '@', envelope recipient(s), time, bytes. */
  keys: string[] = [];
  rcpts: string[] = [];
  at: number[] = [];
  size: number[] = [];
  byKey = new Map<string, number>();
  /** Messages answered 421 since the last reset (see `defer`): their Message-ID keys and times. */
  deferredKeys: string[] = [];
  deferredAt: number[] = [];
  /** Mail transactions open at the sink at the last batch, and the most open at once over each batch. */
  open = 0;
  peaks: Array<{ at: number; peak: number }> = [];
  /** The integral of open transactions over time (transaction-ms) as of `at` (nowMs), at each batch: mean open over a span = Δ openMs ÷ Δ at. */
  openTimeline: Array<{ at: number; openMs: number }> = [];
  elu: Elu = { idle: 0, active: 0 };
  /** Called for every arrival (after it is recorded). */
  onArrival?: (key: string, rcpt: string, at: number) => void;
  private seq = 0;
  private waiting = new Map<number, () => void>();
  private arrivals = new Map<string, () => void>();

  private constructor(
    private readonly worker: Worker,
    readonly port: number,
  ) {
    worker.on('message', (m) => this.onMessage(m));
  }

  /** Listens on `host` (127.0.0.1 unless given: any loopback address) and `port` (a free one unless given). */
  static async start(opts: { host?: string; port?: number } = {}): Promise<Sink> {
    const worker = new Worker(path.join(__dirname, 'sink-worker.js'), { workerData: opts });
    const port = await new Promise<number>((resolve, reject) => {
      worker.once('error', reject);
      worker.on('message', (m) => {
        if (m.type === 'ready') resolve(m.port);
        if (m.type === 'error') reject(Object.assign(new Error(`sink on ${opts.host ?? '127.0.0.1'}:${opts.port ?? 0}: ${m.message}`), { code: m.code }));
      });
    }).catch(async (err) => {
      await worker.terminate();
      throw err;
    });
    return new Sink(worker, port);
  }

  /** From now on, answers each message `421 4.7.0 Try again later` with probability `ratio` (seeded, so runs repeat); 0 accepts all. */
  defer(ratio: number, seed = 1) {
    this.worker.postMessage({ type: 'defer', ratio, seed });
  }

  private onMessage(m: {
    type: string;
    seq?: number;
    ids: string[];
    rcpts: string[];
    times: number[];
    bytes: number[];
    deferred?: string[];
    deferredTimes?: number[];
    open?: number;
    peak?: number;
    openMs?: number;
    at?: number;
    elu: Elu;
  }) {
    if (m.type !== 'batch') return;
    m.deferred?.forEach((id, i) => {
      this.deferredKeys.push(id.split('@')[0]);
      this.deferredAt.push(m.deferredTimes![i]);
    });
    if (m.open !== undefined) this.open = m.open;
    if (m.peak !== undefined) this.peaks.push({ at: nowMs(), peak: m.peak });
    if (m.openMs !== undefined && m.at !== undefined) this.openTimeline.push({ at: m.at, openMs: m.openMs });
    for (let i = 0; i < m.ids.length; i++) {
      // Herald: <emailId@domain>; raw blast: <raw…@raw.bench.example>. Key = the part before '@'.
      const key = m.ids[i].split('@')[0];
      this.keys.push(key);
      this.rcpts.push(m.rcpts[i]);
      this.at.push(m.times[i]);
      this.size.push(m.bytes[i]);
      this.byKey.set(key, m.times[i]);
      this.arrivals.get(key)?.();
      this.arrivals.delete(key);
      this.onArrival?.(key, m.rcpts[i], m.times[i]);
    }
    this.elu = m.elu;
    if (m.seq !== undefined) this.waiting.get(m.seq)?.();
    this.waiting.delete(m.seq ?? -1);
  }

  /** Everything the sink received until now is visible after this resolves. */
  flush(): Promise<void> {
    const seq = ++this.seq;
    return new Promise((resolve) => {
      this.waiting.set(seq, resolve);
      this.worker.postMessage({ type: 'flush', seq });
    });
  }

  /** Resolves when the message with this key has arrived, or at `deadline` (nowMs) if it has not. */
  arrival(key: string, deadline: number): Promise<void> {
    if (this.byKey.has(key)) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          this.arrivals.delete(key);
          resolve();
        },
        Math.max(0, deadline - nowMs()),
      );
      this.arrivals.set(key, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  reset() {
    this.keys = [];
    this.rcpts = [];
    this.at = [];
    this.size = [];
    this.byKey.clear();
    this.deferredKeys = [];
    this.deferredAt = [];
    this.peaks = [];
    this.openTimeline = [];
  }

  /** Mean mail transactions open at the sink between `from` and `to` (nowMs), from the batches nearest inside the span. */
  meanOpen(from: number, to: number) {
    const inside = this.openTimeline.filter((x) => x.at >= from && x.at <= to);
    if (inside.length < 2) return NaN;
    const a = inside[0];
    const b = inside[inside.length - 1];
    return b.at > a.at ? (b.openMs - a.openMs) / (b.at - a.at) : NaN;
  }

  countBetween(from: number, to: number) {
    let n = 0;
    for (const t of this.at) if (t >= from && t <= to) n++;
    return n;
  }

  avgSize() {
    return this.size.length ? this.size.reduce((a, b) => a + b, 0) / this.size.length : NaN;
  }

  /** Waits until every key has arrived (or the deadline); returns how many are still missing. */
  async waitFor(keys: Iterable<string>, timeoutMs: number): Promise<number> {
    const want = [...keys];
    const deadline = nowMs() + timeoutMs;
    for (;;) {
      await this.flush();
      const missing = want.filter((k) => !this.byKey.has(k)).length;
      if (missing === 0 || nowMs() > deadline) return missing;
      await sleep(50);
    }
  }

  async close() {
    await new Promise<void>((resolve) => {
      this.worker.on('message', (m) => m.type === 'closed' && resolve());
      this.worker.postMessage({ type: 'close' });
      setTimeout(resolve, 3000).unref();
    });
    await this.worker.terminate();
  }
}

// ---------------------------------------------------------------- quiet machine

/** "Quiet": this machine's own work (steal not counted) under this busy % (100 = every core), as with Herald idle. */
export const QUIET_BUSY_PCT = 15;

/**
 * Waits until the machine is quiet — two 500 ms samples in a row under QUIET_BUSY_PCT — or
 * `maxSeconds` have passed; returns the seconds waited and whether it went quiet. When Herald's
 * load ends, the work behind its last emails goes on for a moment (status events, the events and
 * contacts projections, PostgreSQL's writes); a raw blast must not share the cores with it.
 */
export async function settle(maxSeconds: number): Promise<{ seconds: number; quiet: boolean }> {
  const t0 = nowMs();
  let quiet = 0;
  while (quiet < 2 && nowMs() - t0 < maxSeconds * 1000) {
    const a = sampleCpu();
    await sleep(500);
    const w = cpuWindow(a, sampleCpu());
    if (Number.isNaN(w.machineBusyPct)) break; // no /proc/stat: nothing to wait for
    quiet = w.machineBusyPct - w.stealPct < QUIET_BUSY_PCT ? quiet + 1 : 0;
  }
  return { seconds: (nowMs() - t0) / 1000, quiet: quiet >= 2 };
}

// ---------------------------------------------------------------- raw nodemailer blast

export interface RawBlastOptions {
  /** SMTP connections (nodemailer `maxConnections`; Herald's `SMTP_POOL_SIZE`). */
  smtpConnections: number;
  /** `sendMail()` calls in flight. */
  window: number;
  warmupSeconds: number;
  seconds: number;
  /** Distinct recipient addresses, rotating. */
  recipients: number;
  /** Add the List-Unsubscribe headers Herald gives a marketing (campaign) email. */
  listUnsubscribe?: boolean;
}

/** The machine's CPU (busy, steal) and the bench's, over the measured window (see bench/lib). */
export interface RawResult extends CpuWindow {
  label: string;
  dkim: boolean;
  sent: number;
  deliveredPerS: number;
  sendMailLatency: Dist;
  avgBytes: number;
  errors: number;
  errorSample?: string;
  missing: number;
  sinkElu: number;
  /** Seconds waited for the machine to go quiet before the blast, and whether it did (see `settle`). */
  settled?: { seconds: number; quiet: boolean };
}

/**
 * Pre-rendered messages: Herald's own render, text part and addTracking on the same
 * subject/body/data, so each message has the size and shape of what Herald hands nodemailer (the
 * text part, the rewritten link; the pixel and list headers where Herald adds them).
 * Built before the clock starts; nodemailer still builds the MIME and signs per send, as in Herald.
 */
function prerender(count: number, o: RawBlastOptions): Mail.Options[] {
  const tokens = new TokenSigner(crypto.randomBytes(32).toString('hex'));
  const publicUrl = 'http://127.0.0.1:38080';
  const projectId = newId();
  const out: Mail.Options[] = [];
  for (let i = 0; i < count; i++) {
    const email = `r${i % o.recipients}@example.org`;
    const urls = subscriptionUrls(tokens, publicUrl, projectId, newId(), email, o.listUnsubscribe ? newId() : undefined);
    const vars = { plan: PLANS[i % PLANS.length], n: i, email, ...urls };
    const rendered = render(BODY, vars);
    // Transactional mail (bench/send) has no pixel by default; marketing (bench/campaign) where it fits.
    const html = addTracking(rendered, tokens, publicUrl, projectId, newId(), Boolean(o.listUnsubscribe) && pixelFits(rendered));
    out.push({
      from: 'bench@raw.bench.example',
      to: email,
      subject: render(SUBJECT, vars, { escape: false }),
      html,
      text: textOf(rendered),
      headers: o.listUnsubscribe
        ? listHeaders({ projectId, domain: 'raw.bench.example', campaignId: newId(), sourceType: 'campaign', unsubscribeUrl: urls.unsubscribeUrl })
        : {},
      envelope: { from: 'bounces@rp.raw.bench.example', to: [email] },
    });
  }
  return out;
}

/**
 * The raw baseline: `nodemailer.createTransport({ pool: true, maxConnections })` with `window`
 * `sendMail()` calls in flight for warm-up + `seconds`, to the sink; delivered/s = messages that
 * completed at the sink inside the measured window.
 */
export async function rawBlast(sink: Sink, label: string, dkimKey: string | crypto.KeyObject | undefined, o: RawBlastOptions): Promise<RawResult> {
  const messages = prerender(500, o);
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: o.smtpConnections,
    maxMessages: Infinity,
    host: '127.0.0.1',
    port: sink.port,
    secure: false,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  transport.on('error', (err) => log('raw transport error:', err.message));
  const dkim = dkimKey ? { domainName: 'raw.bench.example', keySelector: 'bench', privateKey: dkimKey as string, headerFieldNames: DKIM_HEADERS } : undefined;
  const tag = `raw${crypto.randomBytes(2).toString('hex')}`;
  await sink.flush();
  sink.reset();
  const t0 = nowMs();
  const from = t0 + o.warmupSeconds * 1000;
  const to = from + o.seconds * 1000;
  let seq = 0;
  let errors = 0;
  let errorSample: string | undefined;
  const sentKeys: string[] = [];
  const lat: number[] = [];
  let cpuA: CpuSample | undefined;
  let eluA: Elu | undefined;
  let cpuB: CpuSample | undefined;
  let eluB: Elu | undefined;
  const marks = (async () => {
    await sleep(from - nowMs());
    await sink.flush();
    eluA = sink.elu;
    cpuA = sampleCpu();
    await sleep(to - nowMs());
    cpuB = sampleCpu();
    await sink.flush();
    eluB = sink.elu;
  })();
  const worker = async () => {
    while (nowMs() < to) {
      const key = `${tag}-${seq++}`;
      const m = messages[seq % messages.length];
      const start = nowMs();
      try {
        await transport.sendMail({ ...m, messageId: `<${key}@raw.bench.example>`, dkim });
        sentKeys.push(key);
        if (start >= from) lat.push(nowMs() - start);
      } catch (err) {
        errors++;
        errorSample ??= (err as Error).message;
      }
    }
  };
  await Promise.all(Array.from({ length: o.window }, worker));
  await marks;
  const missing = await sink.waitFor(sentKeys, 30_000);
  transport.close();
  const cpu = cpuWindow(cpuA!, cpuB!);
  return {
    label,
    dkim: !!dkimKey,
    sent: sentKeys.length,
    deliveredPerS: sink.countBetween(from, to) / o.seconds,
    sendMailLatency: dist(lat),
    avgBytes: sink.avgSize(),
    errors,
    errorSample,
    missing,
    ...cpu,
    sinkElu: eluOf(eluA!, eluB!),
  };
}

/** A fresh RSA-2048 key as PEM: Herald's domain key size; the raw blast's DKIM key (nodemailer documents a PEM string). */
export const rsaKeyPem = () =>
  crypto.generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  }).privateKey;

// ---------------------------------------------------------------- where the time goes (profiler snapshots)

export interface Profile {
  cpu: Array<{ target: string; cores?: number; elu: number; msPerEmail?: number }>;
  poolWait: Array<{ target: string; perEmail: number; avgMs: number }>;
  statements: Array<{ target: string; sql: string; perEmail: number; avgMs: number }>;
}
/** Per email = per delivered email in the window (the snapshot rates divided by the delivered rate). */
export function diffProfile(a: Snapshot[], b: Snapshot[], deliveredPerS: number): Profile {
  const p: Profile = { cpu: [], poolWait: [], statements: [] };
  for (const d of snapshotDeltas(a, b)) {
    const dtS = d.ms / 1000;
    const emails = deliveredPerS * dtS || 1;
    p.cpu.push({
      target: d.target,
      cores: d.cpuMs === undefined ? undefined : d.cpuMs / 1000 / dtS,
      elu: d.elu,
      msPerEmail: d.cpuMs === undefined ? undefined : d.cpuMs / emails,
    });
    const pw = d.poolWait;
    if (pw.n) p.poolWait.push({ target: d.target, perEmail: pw.n / emails, avgMs: pw.ns / pw.n / 1e6 });
    for (const s of d.statements) p.statements.push({ target: d.target, sql: s.sql, perEmail: s.n / emails, avgMs: s.ns / s.n / 1e6 });
  }
  p.cpu.sort((x, y) => (y.cores ?? -1) - (x.cores ?? -1));
  p.statements.sort((x, y) => y.perEmail * y.avgMs - x.perEmail * x.avgMs);
  return p;
}

/** The profile's pool waits and its `top` statements by cost (per email × average latency). */
export function printStatements(p: Profile, top = 20) {
  for (const w of p.poolWait) console.log(`  ${pad(w.target, 9)} pool.connect ${f2(w.perEmail)} per email, avg wait ${f2(w.avgMs)} ms`);
  const stmts = p.statements.reduce((a, s) => a + s.perEmail, 0);
  console.log(`  PostgreSQL statements: ${f2(stmts)} per email (all processes, incl. relay/consumers); by cost (per email × avg latency):`);
  console.log(`    ${pad('process', 9)} ${lpad('per email', 9)} ${lpad('avg ms', 7)}  statement`);
  for (const s of p.statements.slice(0, top)) console.log(`    ${pad(s.target, 9)} ${lpad(f2(s.perEmail), 9)} ${lpad(f2(s.avgMs), 7)}  ${s.sql}`);
  if (p.statements.length > top) console.log(`    ... ${p.statements.length - top} more (rare) statements`);
}

// ---------------------------------------------------------------- Herald, wired to the sink

/**
 * The environment a mail bench gives Herald: the sink as SMTP relay, the test DNS server, the
 * per-project sending throttle, the API rate limit and new domains' warm-up out of the way (a
 * provider's limits, not Herald's speed), `smtpConnections` SMTP connections, and bench/track's preload (the statement
 * profiler writing to `profDir` when given).
 */
export function heraldMailEnv(o: { sink: Sink; dns: DnsTestServer; smtpConnections: number; poolMax: string; profDir?: string }): NodeJS.ProcessEnv {
  const preload = path.join(__dirname, 'track', 'preload.js');
  return {
    SMTP_URL: `smtp://127.0.0.1:${o.sink.port}`,
    DNS_SERVERS: o.dns.server,
    SEND_RATE_PER_SECOND: '100000',
    RATE_LIMIT_PER_MINUTE: '100000000',
    WARMUP_NEW_DOMAINS: 'false',
    SMTP_POOL_SIZE: String(o.smtpConnections),
    LOG_LEVEL: 'warn',
    DB_POOL_MAX: o.poolMax,
    NODE_OPTIONS: `--require ${preload} ${process.env.BENCH_NODE_OPTIONS ?? ''}`.trim(),
    ...(o.profDir ? { BENCH_PGCOUNT_DIR: o.profDir } : {}),
  };
}

/** Adds `domain` as a sending domain, publishes its records on the test DNS server and verifies it (as e2e/support/sending.ts). */
export async function verifyDomain(api: Api, dns: DnsTestServer, domain: string) {
  const added = await api.post('/domains', { domain });
  if (added.status !== 201) throw new Error(`POST /domains: ${added.status} ${JSON.stringify(added.body)}`);
  for (const rec of added.body.records) {
    if (rec.type === 'TXT') dns.set(rec.name, 'TXT', [rec.value]);
    if (rec.type === 'MX') dns.set(rec.name, 'MX', [{ exchange: rec.value, priority: rec.priority ?? 10 }]);
  }
  const verified = await api.get(`/domains/${added.body.id}/verify`);
  if (!verified.body?.verified) throw new Error(`domain not verified: ${JSON.stringify(verified.body)}`);
}
