import crypto from 'node:crypto';
import {
  checkWebhookHeaders,
  checkWebhookUrl,
  defaultWebhookBody,
  forbiddenAddressKind,
  isForbiddenAddress,
  verifyWebhookSignature,
  webhookIdempotencyKey,
  webhookMethod,
  webhookRequestHeaders,
  webhookRetryDelayMs,
  webhookSignature,
} from '../../src/domain/webhook';

describe('isForbiddenAddress', () => {
  it.each([
    // IPv4
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'link-local'], // cloud metadata
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'IETF protocol assignment'],
    ['192.0.2.10', 'documentation'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.7', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    // IPv6
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'site-local (deprecated)'],
    ['2001:db8::1', 'documentation'],
    ['2001:0:4136:e378::1', 'Teredo'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['100::1', 'discard-only'],
    ['::1.2.3.4', 'IPv4-compatible (deprecated)'],
    // IPv6 carrying a forbidden IPv4
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback'], // the same, as the URL parser writes it
    ['::FFFF:A9FE:A9FE', 'IPv4-mapped link-local'],
    ['::ffff:0:10.0.0.1', 'IPv4-translated private'],
    ['64:ff9b::10.0.0.1', 'NAT64 private'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 link-local'],
    ['2002:c0a8:0101::1', '6to4 private'], // 192.168.1.1
    // Not an address at all: refused, never assumed public
    ['fe80::1%eth0', 'scoped (zone id)'],
    ['localhost', 'not an IP address'],
    ['', 'not an IP address'],
    ['10.0.0.256', 'not an IP address'],
  ])('%p is forbidden (%s)', (ip, kind) => {
    expect(isForbiddenAddress(ip)).toBe(true);
    expect(forbiddenAddressKind(ip)).toBe(kind);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '9.255.255.255', // just below 10/8
    '11.0.0.0', // just above
    '100.63.255.255', // just below 100.64/10
    '100.128.0.0', // just above
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '172.15.255.255', // just below 172.16/12
    '172.32.0.0', // just above
    '192.0.1.1',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255', // just below multicast
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8', // mapped, but a public IPv4
    '64:ff9b::808:808', // NAT64 of a public IPv4
    '2002:0808:0808::1', // 6to4 of a public IPv4
    'fe7f:ffff::1', // just below fe80::/10
    'fbff::1', // just below fc00::/7
  ])('%p is allowed', (ip) => {
    expect(forbiddenAddressKind(ip)).toBeUndefined();
    expect(isForbiddenAddress(ip)).toBe(false);
  });
});

describe('checkWebhookUrl', () => {
  it.each(['https://hooks.example.com/x', 'http://hooks.example.com:8080/a?b=c', 'https://93.184.215.14/', 'https://[2606:4700::1111]/h'])(
    'accepts %p',
    (url) => {
      expect(checkWebhookUrl(url, false)).toBeUndefined();
    },
  );

  it.each([
    ['', /required/],
    ['not a url', /valid/],
    ['/relative/path', /valid/],
    ['ftp://example.com/x', /http/],
    ['file:///etc/passwd', /http/],
    ['javascript:alert(1)', /http/],
    ['gopher://example.com/', /http/],
    ['https://user:pass@example.com/', /credentials/],
    ['https://user@example.com/', /credentials/],
    ['http://127.0.0.1/', /loopback/],
    ['http://10.1.2.3:8080/', /private/],
    ['http://169.254.169.254/latest/meta-data', /link-local/],
    ['http://[::1]/', /loopback/],
    ['http://[::ffff:192.168.0.1]/', /private/],
    ['http://[fd00::1]/', /unique-local/],
    ['http://0.0.0.0:80/', /unspecified/],
    ['http://2130706433/', /loopback/], // 127.0.0.1 as a number: the URL parser normalises it
    ['http://0x7f.1/', /loopback/],
    ['http://017700000001/', /loopback/],
    ['http://localhost:3000/', /localhost/],
    ['http://api.LOCALHOST./', /localhost/],
    [`https://example.com/${'a'.repeat(2100)}`, /longer/],
  ])('refuses %p', (url, message) => {
    expect(checkWebhookUrl(url, false)).toMatch(message);
  });

  it('lets a deployment that allows private targets use them, but never other schemes or credentials', () => {
    expect(checkWebhookUrl('http://127.0.0.1:9000/', true)).toBeUndefined();
    expect(checkWebhookUrl('http://10.0.0.1/', true)).toBeUndefined();
    expect(checkWebhookUrl('http://localhost/', true)).toBeUndefined();
    expect(checkWebhookUrl('ftp://10.0.0.1/', true)).toMatch(/http/);
    expect(checkWebhookUrl('http://a:b@10.0.0.1/', true)).toMatch(/credentials/);
  });
});

describe('webhook signature', () => {
  const secret = 'whsec_test_secret';
  const body = JSON.stringify({ contact: { email: 'a@b.test' }, n: 1 });
  const t = 1_750_000_000;

  it('is t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">', () => {
    const expected = crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(webhookSignature(secret, t, body)).toBe(`t=${t},v1=${expected}`);
  });

  it('round-trips within the tolerance, on either side of now', () => {
    const header = webhookSignature(secret, t, body);
    expect(verifyWebhookSignature(secret, header, body, 300, t)).toBe(true);
    expect(verifyWebhookSignature(secret, header, body, 300, t + 300)).toBe(true);
    expect(verifyWebhookSignature(secret, header, body, 300, t - 300)).toBe(true);
    expect(verifyWebhookSignature(secret, header, body, 300, t + 301)).toBe(false);
    expect(verifyWebhookSignature(secret, header, body, 300, t - 301)).toBe(false);
  });

  it('defaults now to the clock', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(verifyWebhookSignature(secret, webhookSignature(secret, now, body), body, 60)).toBe(true);
    expect(verifyWebhookSignature(secret, webhookSignature(secret, now - 3600, body), body, 60)).toBe(false);
  });

  it('fails for a tampered body, timestamp, signature or another secret', () => {
    const header = webhookSignature(secret, t, body);
    const sig = header.split('v1=')[1]!;
    expect(verifyWebhookSignature(secret, header, body.replace('a@b.test', 'c@b.test'), 300, t)).toBe(false);
    expect(verifyWebhookSignature(secret, header, `${body} `, 300, t)).toBe(false);
    expect(verifyWebhookSignature(secret, `t=${t + 1},v1=${sig}`, body, 300, t)).toBe(false);
    const flipped = sig.slice(0, -1) + (sig.endsWith('0') ? '1' : '0');
    expect(verifyWebhookSignature(secret, `t=${t},v1=${flipped}`, body, 300, t)).toBe(false);
    expect(verifyWebhookSignature('another-secret', header, body, 300, t)).toBe(false);
  });

  it('refuses malformed headers and accepts any one matching v1 (secret rotation)', () => {
    const header = webhookSignature(secret, t, body);
    const sig = header.split('v1=')[1]!;
    for (const bad of ['', 'garbage', `v1=${sig}`, `t=${t}`, `t=abc,v1=${sig}`, `t=${t},v1=${sig.slice(2)}`, `t=${t},t=${t},v1=${sig}`, `t=${t},v1=${sig}zz`]) {
      expect(verifyWebhookSignature(secret, bad, body, 300, t)).toBe(false);
    }
    expect(verifyWebhookSignature(secret, `t=${t},v1=${'0'.repeat(64)},v1=${sig}`, body, 300, t)).toBe(true);
    expect(verifyWebhookSignature(secret, ` t=${t}, v1=${sig}`, body, 300, t)).toBe(true);
  });
});

describe('webhookRetryDelayMs', () => {
  it('backs off by 4× for attempts 1..5, then gives up', () => {
    expect([1, 2, 3, 4, 5].map((a) => webhookRetryDelayMs(a, 1000))).toEqual([1000, 4000, 16000, 64000, 256000]);
    expect(webhookRetryDelayMs(6, 1000)).toBeUndefined();
    expect(webhookRetryDelayMs(0, 1000)).toBeUndefined();
    expect(webhookRetryDelayMs(-1, 1000)).toBeUndefined();
    expect(webhookRetryDelayMs(1.5, 1000)).toBeUndefined();
  });

  it('spreads by up to 20% when given a random source', () => {
    expect(webhookRetryDelayMs(2, 1000, () => 0)).toBe(4000);
    expect(webhookRetryDelayMs(2, 1000, () => 0.5)).toBe(4400);
    expect(webhookRetryDelayMs(2, 1000, () => 1)).toBe(4800);
    expect(webhookRetryDelayMs(6, 1000, () => 0.5)).toBeUndefined();
  });
});

describe('webhook headers', () => {
  const own = { signature: 't=1,v1=ab', timestampSeconds: 1, idempotencyKey: 'exec:step', hasBody: true };

  it('keeps configured headers and adds Herald’s, which cannot be overridden', () => {
    const h = webhookRequestHeaders(
      {
        Authorization: 'Bearer x',
        'X-Custom': 'y',
        'X-Herald-Signature': 'forged',
        'idempotency-key': 'forged',
        'X-Herald-Timestamp': '0',
        'User-Agent': 'curl',
        Host: 'internal.example',
        Connection: 'keep-alive, Authorization',
        'Transfer-Encoding': 'chunked',
        'Content-Length': '5',
        'X-Bad': 'a\r\nInjected: yes',
      },
      own,
    );
    expect(h).toEqual({
      authorization: 'Bearer x',
      'x-custom': 'y',
      'content-type': 'application/json',
      'user-agent': 'Herald-Webhooks/1',
      'idempotency-key': 'exec:step',
      'x-herald-signature': 't=1,v1=ab',
      'x-herald-timestamp': '1',
    });
  });

  it('sets Content-Type only for a body and only when none is configured', () => {
    expect(webhookRequestHeaders({ 'Content-Type': 'text/plain' }, own)['content-type']).toBe('text/plain');
    expect(webhookRequestHeaders(undefined, { ...own, hasBody: false })['content-type']).toBeUndefined();
  });

  it('refuses, on a config write, what would be dropped or is malformed', () => {
    expect(checkWebhookHeaders(undefined)).toBeUndefined();
    expect(checkWebhookHeaders({ Authorization: 'Bearer x', 'X-Trace': 'abc' })).toBeUndefined();
    expect(checkWebhookHeaders(['a'])).toMatch(/object/);
    expect(checkWebhookHeaders('x')).toMatch(/object/);
    expect(checkWebhookHeaders({ 'X-Herald-Signature': 'x' })).toMatch(/set by Herald/);
    expect(checkWebhookHeaders({ host: 'x' })).toMatch(/set by Herald/);
    expect(checkWebhookHeaders({ 'Transfer-Encoding': 'chunked' })).toMatch(/set by Herald/);
    expect(checkWebhookHeaders({ 'Bad Name': 'x' })).toMatch(/not a valid header name/);
    expect(checkWebhookHeaders({ 'X-A': 'a\nb' })).toMatch(/line breaks/);
    expect(checkWebhookHeaders({ 'X-A': 5 })).toMatch(/string/);
    expect(checkWebhookHeaders({ 'X-A': '1', 'x-a': '2' })).toMatch(/twice/);
    expect(checkWebhookHeaders({ 'X-A': 'v'.repeat(4097) })).toMatch(/longer/);
    expect(checkWebhookHeaders(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`x-${i}`, 'v'])))).toMatch(/At most 50/);
  });
});

describe('webhook idempotency key and default body', () => {
  it('keys a request by execution and step: stable across attempts, distinct across steps', () => {
    expect(webhookIdempotencyKey('e1', 's1')).toBe(webhookIdempotencyKey('e1', 's1'));
    expect(webhookIdempotencyKey('e1', 's1')).not.toBe(webhookIdempotencyKey('e1', 's2'));
    expect(webhookIdempotencyKey('e1', 's1')).not.toBe(webhookIdempotencyKey('e2', 's1'));
  });

  it("is Plunk's default body", () => {
    const startedAt = new Date('2026-01-02T03:04:05.000Z');
    const body = defaultWebhookBody({
      contact: { email: 'a@b.test', subscribed: true, data: { plan: 'pro' } },
      workflow: { id: 'w1', name: 'Onboarding' },
      execution: { id: 'x1', startedAt },
      event: { name: 'signed-up', data: { source: 'web' } },
    });
    expect(JSON.parse(JSON.stringify(body))).toEqual({
      contact: { email: 'a@b.test', subscribed: true, data: { plan: 'pro' } },
      workflow: { id: 'w1', name: 'Onboarding' },
      execution: { id: 'x1', startedAt: '2026-01-02T03:04:05.000Z' },
      event: { name: 'signed-up', data: { source: 'web' } },
    });
  });

  it('has null event and empty data when there are none', () => {
    const body = defaultWebhookBody({
      contact: { email: 'a@b.test', subscribed: false, data: null },
      workflow: { id: 'w1', name: 'W' },
      execution: { id: 'x1', startedAt: '2026-01-02T03:04:05.000Z' },
    });
    expect(body.event).toBeNull();
    expect(body.contact.data).toEqual({});
    expect(body.execution.startedAt).toBe('2026-01-02T03:04:05.000Z');
    expect(Object.keys(body)).toEqual(['contact', 'workflow', 'execution', 'event']);
  });
});

describe('webhookMethod', () => {
  it('accepts the usual methods in any case, nothing else', () => {
    expect(webhookMethod('post')).toBe('POST');
    expect(webhookMethod(' Get ')).toBe('GET');
    for (const m of ['PUT', 'PATCH', 'DELETE']) expect(webhookMethod(m)).toBe(m);
    for (const m of ['CONNECT', 'TRACE', 'OPTIONS', 'HEAD', 'PO ST', '', undefined, 5]) expect(webhookMethod(m)).toBeUndefined();
  });
});
