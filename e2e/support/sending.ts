import { Api, DnsTestServer, SmtpSink, SnsSimulator, TEST_TOPIC_ARN, Topology, TopologyKind } from '../../libs/testing/src';
import { startHerald } from './herald';

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
}

export async function startSending(kind: TopologyKind, opts: SendingOptions = {}): Promise<SendingStack> {
  const [dns, smtp, sns] = await Promise.all([
    DnsTestServer.start(),
    opts.smtp === false ? undefined : SmtpSink.start(),
    opts.sns ? SnsSimulator.start() : undefined,
  ]);
  const env: NodeJS.ProcessEnv = { DNS_SERVERS: dns.server, SEND_RATE_PER_SECOND: '1000', ...opts.env };
  if (smtp) env.SMTP_URL = smtp.url;
  if (sns) Object.assign(env, { SNS_CERT_URL_PATTERN: sns.certUrlPattern, SNS_SUBSCRIBE_URL_PATTERN: sns.subscribeUrlPattern, SNS_TOPIC_ARNS: TEST_TOPIC_ARN });
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
    return { t, api, dns, smtp, sns, domain, from: `hello@${domain}`, stop };
  } catch (err) {
    await stop();
    throw err;
  }
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
