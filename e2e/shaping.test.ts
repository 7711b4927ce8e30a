import crypto from 'node:crypto';
import { Api, eventually, SmtpSink, type TopologyKind } from '../libs/testing/src';
import { useSendingStack } from './support/sending';

/**
 * Adaptive throttling (both topologies): Herald delivers to each recipient domain's MX itself
 * (SMTP_URL=mx://), and three SMTP sinks on loopback addresses act as Google, Yahoo and another
 * provider, their MX and addresses published on the test DNS server. Gmail's 421 4.7.28 throttles
 * mail to Google only and it recovers after the window; Yahoo's TSS04 suspends Yahoo only.
 * DELIVERABILITY_TIME_SCALE=720 makes the 90-minute throttle 7.5 s and the 2-hour suspension 10 s.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PORT = 20_000 + crypto.randomInt(20_000);
const NET = `127.${crypto.randomInt(100, 250)}.${crypto.randomInt(1, 250)}`;
const GMAIL_428 = '4.7.28 Our system has detected an unusual rate of unsolicited mail originating from your IP address.';
const YAHOO_TSS04 = '4.7.0 [TSS04] Messages from 192.0.2.7 temporarily deferred due to unexpected volume or user complaints';

describe.each<TopologyKind>(['all', 'split'])('adaptive throttling (%s)', (kind) => {
  const s = useSendingStack(kind, { smtp: false, env: { SMTP_URL: `mx://?port=${PORT}`, DELIVERABILITY_TIME_SCALE: '720', WARMUP_NEW_DOMAINS: 'false' } });
  const sinks: Record<'google' | 'yahoo' | 'other', SmtpSink> = {} as never;
  const tag = crypto.randomBytes(3).toString('hex');
  const domains = { google: `gw-${tag}.example`, yahoo: `yh-${tag}.example`, other: `ot-${tag}.example` };
  let api: Api;
  let n = 0;

  const send = async (to: string) => {
    const r = await api.post('/v1/send', { from: s.from, to, subject: 'Your receipt', body: '<p>Thank you for your order.</p>' });
    if (r.status !== 200) throw new Error(`send → ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data.emails[0].email as string;
  };
  const sendTo = (provider: keyof typeof domains, count: number) => Promise.all(Array.from({ length: count }, () => send(`r${++n}@${domains[provider]}`)));
  const arrived = (provider: keyof typeof domains, ids: string[]) => ids.filter((id) => sinks[provider].byEmailId(id).length > 0).length;
  const lane = async (provider: string) =>
    ((await api.get('/deliverability')).body.providers as any[]).find((p) => p.domain === s.domain && p.provider === provider);

  beforeAll(async () => {
    api = s.api;
    const hosts = { google: 'alt1.aspmx.l.google.com', yahoo: `mta5.am0.yahoodns.net`, other: `mx.${domains.other}` };
    for (const [i, provider] of (['google', 'yahoo', 'other'] as const).entries()) {
      sinks[provider] = await SmtpSink.start({ host: `${NET}.${i + 1}`, port: PORT });
      s.dns.set(domains[provider], 'MX', [{ exchange: hosts[provider], priority: 10 }]);
      s.dns.set(hosts[provider], 'A', [`${NET}.${i + 1}`]);
    }
  });
  afterAll(async () => {
    await Promise.all(Object.values(sinks).map((k) => k?.close()));
  });

  it("Gmail's 4.7.28 throttles mail to Google only; it recovers after the window", async () => {
    let refused = 0;
    sinks.google.answer = () => (refused++ < 1 ? { code: 421, message: GMAIL_428 } : undefined);
    const google = await sendTo('google', 8);
    const other = await sendTo('other', 8);

    // The other provider's mail all arrives; Google's is held to a trickle (one a minute) while the throttle holds.
    await eventually(
      async () => arrived('other', other) === 8 && (await lane('google'))?.state === 'throttled' && (await lane('google')).inFlight === 0,
      10_000,
    );
    const throttled = await lane('google');
    expect(throttled).toMatchObject({
      state: 'throttled',
      reason: 'gmail-rate-limit',
      ratePerMinute: 1,
      connections: 5,
      perConnection: 50,
      until: expect.any(String),
    });
    expect(throttled.reply).toContain('4.7.28');
    expect(await lane('other')).toMatchObject({ state: 'normal', reason: null });
    // What was on the wire with the deferred message went (none is in flight now); nothing more goes while the throttle holds.
    const before = arrived('google', google);
    expect(before).toBeLessThan(throttled.connections);
    await sleep(2_000);
    expect(arrived('google', google)).toBe(before);

    // After the window (7.5 s here), the rest goes, and the pace is back to normal.
    await eventually(async () => arrived('google', google) === 8, 30_000);
    await eventually(async () => (await lane('google')).state === 'normal', 5_000);
    expect(sinks.google.answers.filter((a) => a.code === 421)).toHaveLength(1);

    // Both changes are in the project's activity feed, with the SMTP text.
    const feed = async () =>
      ((await api.get('/activity?types=deliverability.throttled,deliverability.resumed')).body.data as any[]).filter(
        (a) => a.metadata.provider === 'google' && a.metadata.domain === s.domain,
      );
    await eventually(async () => (await feed()).length === 2, 10_000);
    const [resumed, throttledEntry] = await feed();
    expect(resumed).toMatchObject({ type: 'deliverability.resumed', contactId: null, metadata: { action: 'resumed', reason: 'gmail-rate-limit' } });
    expect(throttledEntry).toMatchObject({
      type: 'deliverability.throttled',
      metadata: { action: 'throttled', reason: 'gmail-rate-limit', ratePerMinute: 1, until: expect.any(String), reply: expect.stringContaining('4.7.28') },
    });
  }, 60_000);

  it("Yahoo's TSS04 suspends Yahoo mail only, for its window", async () => {
    let refused = 0;
    sinks.yahoo.answer = () => (refused++ < 1 ? { code: 421, message: YAHOO_TSS04 } : undefined);
    const yahoo = await sendTo('yahoo', 5);
    const google = await sendTo('google', 5);
    await eventually(
      async () => arrived('google', google) === 5 && (await lane('yahoo'))?.state === 'suspended' && (await lane('yahoo')).inFlight === 0,
      10_000,
    );
    const suspended = await lane('yahoo');
    expect(suspended).toMatchObject({ state: 'suspended', reason: 'yahoo-tss04', ratePerMinute: 0 });
    const before = arrived('yahoo', yahoo);
    expect(before).toBeLessThan(suspended.connections);
    await sleep(2_000);
    expect(arrived('yahoo', yahoo)).toBe(before);
    // Nothing more reaches Yahoo while suspended (10 s here); then everything does.
    await eventually(async () => arrived('yahoo', yahoo) === 5, 40_000);
    expect(sinks.yahoo.answers.filter((a) => a.code === 421)).toHaveLength(1);
  }, 60_000);
});
