import crypto from 'node:crypto';
import {
  Api,
  DnsTestServer,
  OWNER,
  session,
  SmtpSink,
  SnsSimulator,
  TEST_TOPIC_ARN,
  Topology,
  TopologyKind,
  workerClosers,
  workerState,
} from '../../libs/testing/src';
import { sharedHerald, startHerald } from './herald';

/**
 * Shared setup for the sending e2e suites: a DNS server, an SMTP sink (unless `smtp: false`, which
 * leaves the dev mailbox in charge), optionally an SNS simulator, a topology wired to them, and a
 * verified sending domain.
 */
export interface SendingStack {
  t: Topology;
  api: Api;
  dns: DnsTestServer;
  smtp?: SmtpSink;
  sns?: SnsSimulator;
  domain: string;
  /** hello@<domain> — on the verified domain. */
  from: string;
  stop(): Promise<void>;
}

export interface SendingOptions {
  smtp?: boolean;
  sns?: boolean;
  env?: NodeJS.ProcessEnv;
  domain?: string;
  /**
   * A project and a domain of its own on a stack this jest worker shares with the other test
   * files asking for the same settings: one DNS server, SMTP sink and SNS simulator per worker
   * (the sink shows the file the mail from its domain only, and cannot be made to fail or hold),
   * and a shared topology (sharedHerald).
   */
  shared?: boolean;
  /** Turn the project's transactional open tracking on (off by default: no pixel in transactional mail). */
  transactionalOpens?: boolean;
}

/** The worker's shared test servers, started at first use. */
const servers = workerState<{ dns?: Promise<DnsTestServer>; smtp?: Promise<SmtpSink>; sns?: Promise<SnsSimulator> }>('herald.test.sending-servers', () => ({}));

export async function startSending(kind: TopologyKind, opts: SendingOptions = {}): Promise<SendingStack> {
  if (opts.shared) return sharedSending(kind, opts);
  const [dns, smtp, sns] = await Promise.all([
    DnsTestServer.start(),
    opts.smtp === false ? undefined : SmtpSink.start(),
    opts.sns ? SnsSimulator.start() : undefined,
  ]);
  const env = stackEnv(opts, dns, smtp, sns);
  let t: Topology | undefined;
  const stop = async () => {
    await t?.stop();
    await Promise.all([dns.close(), smtp?.close(), sns?.close()]);
  };
  try {
    t = await startHerald(kind, { env });
    const api = new Api(t.baseUrl, t.keys.secret);
    const domain = opts.domain ?? `${kind}-${t.namespace}.herald-test.example`;
    await verifyDomain(api, dns, domain);
    if (opts.transactionalOpens) await trackTransactionalOpens(t.baseUrl, t.projectId);
    return { t, api, dns, smtp, sns, domain, from: `hello@${domain}`, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** A stack's settings: its servers' addresses, a sending rate no test waits on, and the options'. */
function stackEnv(opts: SendingOptions, dns: DnsTestServer, smtp?: SmtpSink, sns?: SnsSimulator): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { DNS_SERVERS: dns.server, SEND_RATE_PER_SECOND: '1000', ...opts.env };
  if (smtp) env.SMTP_URL = smtp.url;
  if (sns) Object.assign(env, { SNS_CERT_URL_PATTERN: sns.certUrlPattern, SNS_SUBSCRIBE_URL_PATTERN: sns.subscribeUrlPattern, SNS_TOPIC_ARNS: TEST_TOPIC_ARN });
  return env;
}

/** A server the worker keeps: closed with its shared topologies (workerClosers). */
async function kept<T extends { close(): unknown }>(server: Promise<T>): Promise<T> {
  const s = await server;
  workerClosers.add(() => s.close());
  return s;
}

async function sharedSending(kind: TopologyKind, opts: SendingOptions): Promise<SendingStack> {
  const [dns, sink, sns] = await Promise.all([
    (servers.dns ??= kept(DnsTestServer.start())),
    opts.smtp === false ? undefined : (servers.smtp ??= kept(SmtpSink.start())),
    opts.sns ? (servers.sns ??= kept(SnsSimulator.start())) : undefined,
  ]);
  const t = await sharedHerald(kind, { env: stackEnv(opts, dns, sink, sns) });
  const api = new Api(t.baseUrl, t.keys.secret);
  const domain = opts.domain ?? `${kind}-${crypto.randomBytes(5).toString('hex')}.herald-test.example`;
  await verifyDomain(api, dns, domain);
  if (opts.transactionalOpens) await trackTransactionalOpens(t.baseUrl, t.projectId);
  // Its mail: what leaves from its domain or a name under it (a return path's bounces.<domain>).
  const ours = (address: string) => {
    const host = address.toLowerCase().split('@')[1] ?? '';
    return host === domain || host.endsWith(`.${domain}`);
  };
  const smtp = sink?.view((m) => ours(m.envelope.from) || (m.parsed.from?.value ?? []).some((a) => ours(a.address ?? '')));
  return { t, api, dns, smtp, sns, domain, from: `hello@${domain}`, stop: async () => undefined };
}

/** Turns the project's transactional open tracking on, as its owner does in the dashboard's settings. */
export async function trackTransactionalOpens(baseUrl: string, projectId: string) {
  const owner = await session(baseUrl, OWNER.email, OWNER.password);
  const r = await owner.patch(`/users/@me/projects/${projectId}`, { transactionalOpenTracking: true });
  if (r.status !== 200 || r.body.transactionalOpenTracking !== true) throw new Error(`PATCH project → ${r.status} ${JSON.stringify(r.body)}`);
}

/** Adds the domain, publishes its records on the test DNS server and verifies it. */
export async function verifyDomain(api: Api, dns: DnsTestServer, domain: string) {
  const added = await api.post('/domains', { domain });
  if (added.status !== 201) throw new Error(`POST /domains → ${added.status} ${JSON.stringify(added.body)}`);
  for (const rec of added.body.records) {
    if (rec.type === 'TXT') dns.set(rec.name, 'TXT', [rec.value]);
    if (rec.type === 'MX') dns.set(rec.name, 'MX', [{ exchange: rec.value, priority: rec.priority ?? 10 }]);
  }
  const verified = await api.get(`/domains/${added.body.id}/verify`);
  if (verified.body?.verified !== true) throw new Error(`domain ${domain} did not verify: ${JSON.stringify(verified.body)}`);
  return added.body.id as string;
}

/** Names of the events recorded for a contact (GET /events/contact/:id). */
export async function contactEvents(api: Api, contactId: string): Promise<string[]> {
  return (await api.get(`/events/contact/${contactId}`)).body.events.map((e: any) => e.name);
}

/**
 * Starts a sending stack (startSending) in beforeAll of the enclosing describe and stops it in
 * afterAll. The returned object is filled in when that beforeAll runs: read it in hooks and tests.
 */
export function useSendingStack(kind: TopologyKind, opts: SendingOptions = {}): SendingStack {
  const stack = {} as SendingStack;
  beforeAll(async () => {
    Object.assign(stack, await startSending(kind, opts));
  }, 90_000);
  afterAll(async () => {
    await stack.stop?.();
  });
  return stack;
}
