import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { Api, ApiResponse, eventually, OWNER, session, Topology, TopologyKind } from '../libs/testing/src';
import { startHerald } from './support/herald';

/** Authentication, the error envelope, limits and Plunk's conventions: the rules every request passes through. */

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The error envelope, exactly: no extra top-level keys, the required error keys typed. */
function expectEnvelope(res: ApiResponse, status: number, code: string) {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  expect(Object.keys(res.body).sort()).toEqual(['error', 'success', 'timestamp']);
  expect(res.body.success).toBe(false);
  expect(res.body.timestamp).toMatch(ISO);
  const e = res.body.error;
  expect(e.statusCode).toBe(status);
  expect(typeof e.message).toBe('string');
  expect(e.message.length).toBeGreaterThan(0);
  expect(typeof e.requestId).toBe('string');
  expect(e.requestId).toBe(res.headers.get('x-request-id'));
  expect(typeof e.suggestion).toBe('string');
  for (const k of Object.keys(e)) expect(['code', 'message', 'statusCode', 'requestId', 'errors', 'details', 'suggestion']).toContain(k);
}

describe.each<TopologyKind>(['all'])('gateway rules (%s)', (kind) => {
  let t: Topology;
  let api: Api;
  beforeAll(async () => {
    // A small body limit so 413 is cheap to provoke; every other request here is far below it.
    t = await startHerald(kind, { env: { BODY_LIMIT: '10kb' } });
    api = new Api(t.baseUrl, t.keys.secret);
  }, 60_000);
  afterAll(() => t?.stop());

  describe('authentication', () => {
    it('401 MISSING_AUTH without a key', async () => {
      expectEnvelope(await api.withKey(undefined).get('/contacts'), 401, 'MISSING_AUTH');
      expectEnvelope(await api.withKey(undefined).post('/v1/track', { event: 'x', email: 'a@b.test' }), 401, 'MISSING_AUTH');
      expectEnvelope(await api.withKey(undefined).get('/events'), 401, 'MISSING_AUTH');
    });

    it('401 INVALID_API_KEY for a garbage, an unknown or a malformed key', async () => {
      for (const key of ['garbage', `sk_${'0'.repeat(64)}`, `pk_${crypto.randomBytes(32).toString('hex')}`, `sk_${'A'.repeat(64)}`, 'sk_']) {
        const res = await api.withKey(key).post('/v1/track', { event: 'x', email: 'a@b.test' });
        expectEnvelope(res, 401, 'INVALID_API_KEY');
      }
      expectEnvelope(await api.withKey(`sk_${crypto.randomBytes(32).toString('hex')}`).get('/contacts'), 401, 'INVALID_API_KEY');
      expectEnvelope(await api.withKey(undefined).get('/contacts', { authorization: `Basic ${t.keys.secret}` }), 401, 'INVALID_API_KEY');
      expectEnvelope(await api.withKey(undefined).get('/contacts', { authorization: 'Bearer' }), 401, 'INVALID_API_KEY');
    });

    it('a pk_ key outside /v1/track is 401 INVALID_API_KEY saying a secret key is needed', async () => {
      for (const res of [
        await api.withKey(t.keys.public).get('/contacts'),
        await api.withKey(t.keys.public).post('/contacts', { email: 'pk@gateway.test' }),
        await api.withKey(t.keys.public).get('/events'),
      ]) {
        expectEnvelope(res, 401, 'INVALID_API_KEY');
        expect(res.body.error.message).toMatch(/secret key/i);
        expect(res.body.error.suggestion).toMatch(/sk_/);
        expect(res.body.error.suggestion).toMatch(/pk_/);
      }
      expect((await api.post('/contacts/lookup', { emails: ['pk@gateway.test'] })).body.notFound).toEqual(['pk@gateway.test']);
      // …and works where it is meant to.
      expect((await api.withKey(t.keys.public).post('/v1/track', { event: 'pk-ok', email: 'pk@gateway.test' })).status).toBe(200);
      expect((await api.withKey(t.keys.public).post('/events/track', { event: 'pk-ok', email: 'pk@gateway.test' })).status).toBe(200);
    });
  });

  describe('request ids', () => {
    it('echoes X-Request-ID when sent, in the header and the error envelope', async () => {
      const ok = await api.get('/contacts', { 'x-request-id': 'client-req-42' });
      expect(ok.status).toBe(200);
      expect(ok.headers.get('x-request-id')).toBe('client-req-42');
      const err = await api.get(`/contacts/${crypto.randomUUID()}`, { 'x-request-id': 'client-req-43' });
      expectEnvelope(err, 404, 'CONTACT_NOT_FOUND');
      expect(err.body.error.requestId).toBe('client-req-43');
    });

    it('generates a distinct X-Request-ID otherwise', async () => {
      const a = await api.get('/contacts');
      const b = await api.withKey(undefined).get('/nope');
      const c = await api.withKey(undefined).get('/config');
      const ids = [a, b, c].map((r) => r.headers.get('x-request-id'));
      for (const id of ids) expect(id).toMatch(/^\S{8,}$/);
      expect(new Set(ids).size).toBe(3);
      expect(b.body.error.requestId).toBe(ids[1]);
      // An unusable incoming id (spaces, too long) is replaced, not echoed.
      for (const bad of ['has spaces in it', 'x'.repeat(200)]) {
        const r = await api.get('/contacts', { 'x-request-id': bad });
        expect(r.headers.get('x-request-id')).not.toBe(bad);
        expect(r.headers.get('x-request-id')).toMatch(/^\S{8,}$/);
      }
    });
  });

  describe('validation and bodies', () => {
    it('422 VALIDATION_ERROR lists errors[] of {field, message, code}', async () => {
      const res = await api.post('/contacts', { email: 'not-an-email' });
      expectEnvelope(res, 422, 'VALIDATION_ERROR');
      expect(res.body.error.errors).toEqual([{ field: 'email', message: expect.any(String), code: 'invalid_string' }]);

      const many = await api.post('/v1/track', { event: 42, subscribed: 'yes' });
      expectEnvelope(many, 422, 'VALIDATION_ERROR');
      const fields = many.body.error.errors.map((e: any) => e.field).sort();
      expect(fields).toEqual(['email', 'event', 'subscribed']);
      for (const e of many.body.error.errors) expect(e).toEqual({ field: expect.any(String), message: expect.any(String), code: expect.any(String) });
      expect(many.body.error.errors.find((e: any) => e.field === 'event').code).toBe('invalid_type');
    });

    it('400 BAD_REQUEST on malformed JSON', async () => {
      for (const body of ['{"email": ', "{'email': 'a@b.test'}", '{"email":"a@b.test"}}', 'null', '"just a string"']) {
        const res = await api.post('/contacts', body);
        expect([400, 422]).toContain(res.status);
        if (body.startsWith('{')) expectEnvelope(res, 400, 'BAD_REQUEST');
        else expect(res.body.success).toBe(false);
      }
      expectEnvelope(await api.withKey(t.keys.public).post('/v1/track', '{"event":"x",'), 400, 'BAD_REQUEST');
    });

    it('a NUL character is refused at the edge: 422 naming the field in a body, 400 in the URL', async () => {
      const res = await api.post('/contacts', { email: 'nul@gateway.test', data: { note: 'a\u0000b' } });
      expectEnvelope(res, 422, 'VALIDATION_ERROR');
      expect(res.body.error.errors).toEqual([{ field: 'data.note', message: expect.any(String), code: 'invalid_string' }]);
      expectEnvelope(await api.withKey(t.keys.public).post('/v1/track', { event: 'n\u0000', email: 'nul@gateway.test' }), 422, 'VALIDATION_ERROR');
      expectEnvelope(await api.get('/contacts?search=%00'), 400, 'BAD_REQUEST');
      expect((await api.post('/contacts/lookup', { emails: ['nul@gateway.test'] })).body.notFound).toEqual(['nul@gateway.test']);
    });

    it('an unpaired surrogate or nesting past 32 levels is refused at the edge with 422 naming the field, nothing stored', async () => {
      const lone = await api.post('/contacts', { email: 'lone@gateway.test', data: { note: 'a\ud800b', ['k\udc00']: 1 } });
      expectEnvelope(lone, 422, 'VALIDATION_ERROR');
      expect(lone.body.error.errors.map((e: any) => e.field).sort()).toEqual(['data.k\udc00', 'data.note']);
      // A pair is text like any other.
      expect((await api.post('/contacts', { email: 'pair@gateway.test', data: { smile: '\ud83d\ude00' } })).body.data).toEqual({ smile: '\ud83d\ude00' });
      expectEnvelope(
        await api.withKey(t.keys.public).post('/v1/track', { event: 'lone', email: 'lone@gateway.test', data: { v: '\udbff' } }),
        422,
        'VALIDATION_ERROR',
      );
      expectEnvelope(await api.post('/v1/send', { to: 'lone@gateway.test', from: 'a@b.test', subject: 'x\ud800', body: 'b' }), 422, 'VALIDATION_ERROR');

      let deep: Record<string, unknown> = { end: true };
      for (let i = 0; i < 40; i++) deep = { a: deep };
      const nested = await api.post('/contacts', { email: 'deep@gateway.test', data: deep });
      expectEnvelope(nested, 422, 'VALIDATION_ERROR');
      expect(nested.body.error.errors[0]).toMatchObject({ code: 'too_deep', field: expect.stringMatching(/^data(\.a)+$/) });
      expectEnvelope(await api.post('/templates', { name: 'deep', subject: 's', body: 'b', type: 'MARKETING', extra: deep }), 422, 'VALIDATION_ERROR');
      // A data object of more keys than a contact holds (each key is a field of the project).
      const wide = await api.post('/contacts', { email: 'wide@gateway.test', data: Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`k${i}`, 1])) });
      expectEnvelope(wide, 422, 'VALIDATION_ERROR');
      expect(wide.body.error.errors[0].field).toBe('data');
      expect((await api.post('/contacts/lookup', { emails: ['lone@gateway.test', 'deep@gateway.test', 'wide@gateway.test'] })).body.notFound).toEqual([
        'lone@gateway.test',
        'deep@gateway.test',
        'wide@gateway.test',
      ]);

      // A number JSON.parse cannot hold is refused, not stored as null.
      const inf = await api.post('/contacts', '{"email":"inf@gateway.test","data":{"n":1e309,"ok":1.5e308}}');
      expectEnvelope(inf, 422, 'VALIDATION_ERROR');
      expect(inf.body.error.errors).toEqual([{ field: 'data.n', message: expect.any(String), code: 'invalid_number' }]);
      expect((await api.post('/contacts', '{"email":"double@gateway.test","data":{"n":1.5e308}}')).body.data).toEqual({ n: 1.5e308 });

      // The mail webhook (no JSON parser at the edge: it is verified as sent) refuses it too, unauthenticated, 10,000 levels deep.
      const hook = await fetch(`${t.baseUrl}/webhooks/mail`, {
        method: 'POST',
        body: '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000),
        headers: { 'content-type': 'text/plain' },
      });
      expect(hook.status).toBe(400);
      expect(((await hook.json()) as { success: boolean }).success).toBe(false);
    });

    it("what Node's parser refuses speaks the envelope too: headers over the limit are a 431 with a request id", async () => {
      const { request } = await import('node:http');
      const answer = await new Promise<{ status: number; body: string; id?: string }>((resolve, reject) => {
        const req = request(`${t.baseUrl}/contacts?x=${'a'.repeat(20_000)}`, { headers: { authorization: `Bearer ${t.keys.secret}` } }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c)).on('end', () => resolve({ status: res.statusCode!, body, id: res.headers['x-request-id'] as string }));
        });
        req.on('error', reject);
        req.end();
      });
      expect(answer.status).toBe(431);
      const parsed = JSON.parse(answer.body);
      expect(parsed).toMatchObject({ success: false, error: { code: 'HEADERS_TOO_LARGE', statusCode: 431, requestId: answer.id } });
    });

    it('whole-number query parameters take decimal digits only, within their range: 400 naming the parameter', async () => {
      for (const path of [
        '/contacts?limit=0x10',
        '/contacts?limit=1e1',
        '/contacts?limit=abc',
        '/contacts?limit=-1',
        '/events?limit=1e3',
        '/templates?page=99999999999',
        '/segments/x/contacts?page=2.5',
      ]) {
        const r = await api.get(path);
        expectEnvelope(r, 400, 'BAD_REQUEST');
        expect([path, r.body.error.errors?.[0]?.field]).toEqual([path, path.includes('page') ? 'page' : 'limit']);
      }
      expect((await api.get('/contacts?limit=16')).status).toBe(200);
    });

    it('413 PAYLOAD_TOO_LARGE for a body over the limit, nothing stored', async () => {
      const res = await api.post('/contacts', { email: 'big@gateway.test', data: { blob: 'x'.repeat(20_000) } });
      expectEnvelope(res, 413, 'PAYLOAD_TOO_LARGE');
      const track = await api.withKey(t.keys.public).post('/v1/track', { event: 'big', email: 'big@gateway.test', data: { blob: 'x'.repeat(20_000) } });
      expectEnvelope(track, 413, 'PAYLOAD_TOO_LARGE');
      expect((await api.post('/contacts/lookup', { emails: ['big@gateway.test'] })).body.notFound).toEqual(['big@gateway.test']);
      // Just under the limit is fine.
      expect((await api.post('/contacts', { email: 'big@gateway.test', data: { blob: 'x'.repeat(8_000) } })).status).toBe(201);
    });
  });

  describe('the fast lane (without Express)', () => {
    const fastLaneCount = async (route: string) => {
      const text = await (await fetch(`${t.baseUrl}/metrics`)).text();
      return Number(new RegExp(`^herald_http_fast_lane_total\\{route="${route}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
    };
    /** An answer without what differs from one request to the next (ids, times, the remaining count). */
    const shape = (r: ApiResponse, ids: string[]) => ({
      status: r.status,
      body: JSON.parse(JSON.stringify(r.body ?? null, (k, v) => ([...ids, 'requestId', 'timestamp'].includes(k) && typeof v === 'string' ? typeof v : v))),
      headers: ['content-type', 'ratelimit-limit', 'retry-after'].map((h) => r.headers.get(h)),
      remaining: r.headers.has('ratelimit-remaining'),
      requestId: r.headers.get('x-request-id') === (r.body?.error?.requestId ?? r.headers.get('x-request-id')),
    });

    const track = { event: 'lane', email: 'lane@gateway.test' };
    const send = { to: 'lane@gateway.test', from: 'lane@gateway.test', subject: 'Lane', body: '<p>Hello {{name ?? "there"}}</p>' };
    /**
     * Per route: a valid body, the key it takes, what the other key gets, the fields whose values
     * differ per request, and the route's own invalid bodies (422).
     */
    const lanes = [
      {
        path: '/v1/track',
        key: () => t.keys.public,
        ok: track,
        other: { key: () => t.keys.secret, status: 200 },
        ids: ['event'],
        invalid: [
          { event: 42, subscribed: 'yes' },
          { event: 'lane', email: 'not an email' },
          { event: 'email.sent', email: 'lane@gateway.test' },
        ],
      },
      {
        path: '/v1/send',
        key: () => t.keys.secret,
        ok: send,
        other: { key: () => t.keys.public, status: 401 }, // sending takes a secret key
        ids: ['email', 'id'],
        invalid: [
          { to: 42, subject: '', body: 7 },
          { ...send, to: 'not an email' },
          { ...send, headers: { 'X-Lane': 'a\r\nBcc: x@y.test' } },
        ],
      },
    ];

    it.each(lanes)('$path answers every kind of request exactly as the Express route does', async (lane) => {
      const client = api.withKey(lane.key());
      const ok = JSON.stringify(lane.ok);
      const cases: Array<[string, Api, string, number, Record<string, string>?]> = [
        ['valid', client, ok, 200],
        ['other key', api.withKey(lane.other.key()), ok, lane.other.status],
        ['charset', client, ok, 200, { 'content-type': 'application/json; charset=UTF-8' }],
        ['byte order mark', client, '\ufeff' + ok, 200],
        ['request id', client, ok, 200, { 'x-request-id': 'lane-check-1' }],
        ['malformed', client, '{"event":', 400],
        ['a string', client, '"lane"', 400],
        ['null', client, 'null', 400],
        ['empty', client, '', 422],
        ['an array', client, '[]', 422],
        ...lane.invalid.map((body, i): [string, Api, string, number] => [`invalid ${i + 1}`, client, JSON.stringify(body), 422]),
        ['NUL', client, JSON.stringify({ ...lane.ok, data: { note: 'a\u0000b' } }), 422],
        ['lone surrogate', client, JSON.stringify({ ...lane.ok, data: { note: 'a\ud800' } }), 422],
        ['too deep', client, JSON.stringify({ ...lane.ok, data: JSON.parse('{"a":'.repeat(40) + '1' + '}'.repeat(40)) }), 422],
        ['a number past a double', client, JSON.stringify({ ...lane.ok, data: { n: 0 } }).replace('"n":0', '"n":1e309'), 422],
        ['309 digits', client, JSON.stringify({ ...lane.ok, data: { n: 0 } }).replace('"n":0', `"n":-1${'0'.repeat(309)}`), 422],
        ['too large', client, JSON.stringify({ ...lane.ok, data: { blob: 'x'.repeat(20_000) } }), 413],
        ['unknown key', api.withKey(`sk_${'0'.repeat(64)}`), ok, 401],
        ['unknown public key', api.withKey(`pk_${'0'.repeat(64)}`), ok, 401],
        ['garbage key', api.withKey('nonsense'), ok, 401],
        ['not a bearer', api.withKey(undefined), ok, 401, { authorization: 'Basic bGFuZTpsYW5l' }],
      ];
      const before = await fastLaneCount(lane.path);
      for (const [name, c, body, , headers] of cases) {
        const fast = await c.post(lane.path, body, headers);
        const viaExpress = await c.post(`${lane.path}?lane=express`, body, headers);
        expect({ name, ...shape(fast, lane.ids) }).toEqual({ name, ...shape(viaExpress, lane.ids) });
        if (headers?.['x-request-id']) expect(fast.headers.get('x-request-id')).toBe('lane-check-1');
        if (name === 'valid') {
          const contact = (r: ApiResponse) => JSON.stringify(r.body.data.contact ?? r.body.data.emails[0].contact);
          expect(contact(fast)).toBe(contact(viaExpress));
        }
      }
      // Every case above took the fast lane once (metrics are read after the answers).
      expect((await fastLaneCount(lane.path)) - before).toBe(cases.length);
      const answers = await Promise.all(cases.map(([, c, body, , headers]) => c.post(lane.path, body, headers)));
      expect(answers.map((r, i) => [cases[i][0], r.status])).toEqual(cases.map(([name, , , status]) => [name, status]));
    });

    it('a send on the fast lane is delivered like any other: rendered, to the recipient, from the sender', async () => {
      const to = `lane-${crypto.randomUUID()}@gateway.test`;
      const before = await fastLaneCount('/v1/send');
      const res = await api.post('/v1/send', JSON.stringify({ ...send, to, data: { name: 'Lane' } }));
      expect(res.status).toBe(200);
      expect(await fastLaneCount('/v1/send')).toBe(before + 1);
      const id = res.body.data.emails[0].email;
      const mail = await eventually(async () => (await api.get('/dev/mailbox')).body.messages.find((m: any) => m.emailId === id));
      expect(mail).toMatchObject({ subject: 'Lane' });
      expect(JSON.stringify(mail)).toContain('Hello Lane');
    });

    it('leaves what it does not take to Express: sessions, Idempotency-Key, other content types, gzip', async () => {
      const laneTotal = async () => (await Promise.all(['/v1/track', '/events/track', '/v1/send'].map(fastLaneCount))).reduce((a, b) => a + b);
      const before = await laneTotal();
      const pk = api.withKey(t.keys.public);
      const body = JSON.stringify({ event: 'lane-express', email: 'lane@gateway.test' });
      const idem = { 'idempotency-key': `lane-${crypto.randomUUID()}` };
      const first = await pk.post('/v1/track', body, idem);
      const replay = await pk.post('/v1/track', body, idem);
      expect([first.status, replay.status, replay.headers.get('idempotent-replayed')]).toEqual([200, 200, 'true']);
      expect(replay.body).toEqual(first.body);
      const s = await session(t.baseUrl, OWNER.email, OWNER.password, t.projectId);
      expect((await s.post('/events/track', body)).status).toBe(200);
      expectEnvelope(await pk.post('/v1/track', body, { 'content-type': 'text/plain' }), 422, 'VALIDATION_ERROR');
      const gz = await fetch(`${t.baseUrl}/v1/track`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.keys.public}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: zlib.gzipSync(body),
      });
      expect(gz.status).toBe(200);
      const sendIdem = { 'idempotency-key': `lane-${crypto.randomUUID()}` };
      const sent = await api.post('/v1/send', JSON.stringify(send), sendIdem);
      const resent = await api.post('/v1/send', JSON.stringify(send), sendIdem);
      expect([sent.status, resent.headers.get('idempotent-replayed'), resent.body.data.emails[0].email]).toEqual([200, 'true', sent.body.data.emails[0].email]);
      expect((await s.post('/v1/send', send)).status).toBe(200);
      expect(await laneTotal()).toBe(before);
    });
  });

  describe('rate limit headers', () => {
    it('every authenticated response carries RateLimit-Limit/Remaining/Reset, Remaining going down', async () => {
      const a = await api.get('/contacts');
      const b = await api.get('/events/names');
      for (const r of [a, b]) {
        expect(r.headers.get('ratelimit-limit')).toBe('1000');
        expect(Number(r.headers.get('ratelimit-remaining'))).toBeGreaterThanOrEqual(0);
        expect(Number(r.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(0);
        expect(Number(r.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(60);
      }
      expect(Number(b.headers.get('ratelimit-remaining'))).toBeLessThan(Number(a.headers.get('ratelimit-remaining')));
      const track = await api.withKey(t.keys.public).post('/v1/track', { event: 'rl', email: 'rl@gateway.test' });
      expect(Number(track.headers.get('ratelimit-remaining'))).toBeLessThan(Number(b.headers.get('ratelimit-remaining')));
    });
  });

  describe('not found', () => {
    it('an unknown route is a 404 envelope', async () => {
      expectEnvelope(await api.withKey(undefined).get('/does/not/exist'), 404, 'NOT_FOUND');
      expectEnvelope(await api.withKey(undefined).post('/v2/track', { event: 'x' }), 404, 'NOT_FOUND');
      expectEnvelope(await api.get('/contacts/a/b/c'), 404, 'NOT_FOUND');
      expectEnvelope(await api.request('PUT', '/contacts', {}), 404, 'NOT_FOUND');
    });
  });

  describe('bad input never yields a 500', () => {
    const cases: Array<[string, string, unknown?, Record<string, string>?]> = [
      ['GET', '/contacts/not-a-uuid'],
      ['PATCH', '/contacts/not-a-uuid', { subscribed: false }],
      ['DELETE', '/contacts/not-a-uuid'],
      ['GET', `/contacts/${'9'.repeat(500)}`],
      ['GET', '/contacts/%E0%A4%A'],
      ['GET', '/contacts/00000000-0000-0000-0000-000000000000'],
      ['GET', '/contacts?limit=99999999999999999999999'],
      ['GET', '/contacts?limit=-1'],
      ['GET', '/contacts?limit=abc'],
      ['GET', '/contacts?limit=1.5'],
      ['GET', '/contacts?limit=1&limit=2'],
      ['GET', '/contacts?cursor=garbage'],
      ['GET', `/contacts?cursor=${'x'.repeat(5000)}`],
      ['GET', '/contacts?cursor=%00'],
      ['GET', '/contacts?search=%00'],
      ['GET', '/contacts?search=%25_%5C'],
      ['GET', '/contacts?search[a]=b'],
      ['GET', '/contacts?subscribed=maybe'],
      ['GET', '/events?limit=99999999999999999999999'],
      ['GET', '/events?limit=-5&eventName=%00'],
      ['GET', '/events/contact/not-a-uuid'],
      ['GET', '/events/contact/not-a-uuid?limit=1e400'],
      ['GET', '/events/%00/usage'],
      ['DELETE', '/events/%00'],
      ['GET', '/contacts/fields/%00/values'],
      ['GET', '/contacts/fields/data..x/values'],
      ['GET', '/contacts/fields/data.x/values?limit=99999999999999'],
      ['GET', '/contacts/fields/__proto__/usage'],
      ['DELETE', '/contacts/fields/email'],
      ['DELETE', '/contacts/fields/id'],
      ['POST', '/contacts', []],
      ['POST', '/contacts', [{ email: 'a@b.test' }]],
      ['POST', '/contacts', 'true'],
      ['POST', '/contacts', '123'],
      ['POST', '/contacts', { email: 123 }],
      ['POST', '/contacts', { email: null }],
      ['POST', '/contacts', { email: ['a@b.test'] }],
      ['POST', '/contacts', { email: { $ne: '' } }],
      ['POST', '/contacts', { email: `${'a'.repeat(5000)}@b.test` }],
      ['POST', '/contacts', { email: 'nul\u0000@b.test' }],
      ['POST', '/contacts', { email: 'x@b.test', subscribed: 'yes' }],
      ['POST', '/contacts', { email: 'x@b.test', data: 'string' }],
      ['POST', '/contacts', { email: 'x@b.test', data: [1, 2] }],
      ['POST', '/contacts', { email: 'x@b.test', data: { note: 'a\u0000b' } }],
      ['POST', '/contacts', { email: 'x@b.test', data: { 'k\u0000': 1 } }],
      ['POST', '/contacts', { email: 'x@b.test', data: { deep: JSON.parse('{"a":'.repeat(300) + '1' + '}'.repeat(300)) } }],
      ['POST', '/contacts', { email: 'x@b.test', data: { big: 1e308, neg: -0, tiny: 5e-324 } }],
      ['POST', '/contacts', '{"email":"x@b.test","data":{"huge":1e400}}'],
      ['POST', '/contacts', { email: 'x@b.test', data: { __proto__: { polluted: true } } }],
      ['POST', '/contacts', '{"email":"x@b.test","data":{"__proto__":{"polluted":true}}}'],
      ['POST', '/contacts', '{"email":"x@b.test","constructor":{"prototype":{"polluted":true}}}'],
      ['PATCH', `/contacts/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`, { data: { a: 1 } }],
      ['PATCH', '/contacts/not-a-uuid', []],
      ['POST', '/contacts/lookup', { emails: 'a@b.test' }],
      ['POST', '/contacts/lookup', { emails: [1, 2] }],
      ['POST', '/contacts/lookup', { emails: [] }],
      ['POST', '/contacts/lookup', { emails: ['nul\u0000@b.test', '', '   '] }],
      ['POST', '/contacts/lookup', []],
      ['POST', '/v1/track', []],
      ['POST', '/v1/track', { event: '', email: 'a@b.test' }],
      ['POST', '/v1/track', { event: '   ', email: 'a@b.test' }],
      ['POST', '/v1/track', { event: 'x'.repeat(300), email: 'a@b.test' }],
      ['POST', '/v1/track', { event: 'nul\u0000', email: 'a@b.test' }],
      ['POST', '/v1/track', { event: 'x', email: 'a@b.test', data: { v: 'nul\u0000' } }],
      ['POST', '/v1/track', { event: 'x', email: 'a@b.test', data: [] }],
      ['POST', '/v1/track', { event: 'x', email: 'not-an-email' }],
      ['POST', '/v1/track', { event: { name: 'x' }, email: 'a@b.test' }],
      ['POST', '/v1/track', { event: 'x', email: 'a@b.test' }, { 'idempotency-key': 'has space' }],
      ['POST', '/v1/track', { event: 'x', email: 'a@b.test' }, { 'idempotency-key': 'k'.repeat(300) }],
      ['POST', '/v1/track', { event: 'x', email: 'a@b.test' }, { 'x-request-id': 'not valid id with spaces' }],
      ['POST', '/contacts', { email: 'ct@b.test' }, { 'content-type': 'text/plain' }],
      ['POST', '/contacts', { email: 'ct@b.test' }, { 'content-type': 'application/x-www-form-urlencoded' }],
      ['POST', '/contacts', '{"email":"ct@b.test"}', { 'content-type': 'application/json; charset=latin-9' }],
      ['POST', '/auth/login', []],
      ['POST', '/auth/login', { email: 1, password: null }],
      ['POST', '/auth/signup', { email: 'nul\u0000@b.test', password: 'long-enough-1' }],
      ['POST', '/auth/login', { email: 'a@b.test', password: 'p'.repeat(10_000) }],
      ['GET', '/users/@me', undefined, { cookie: 'herald_session=%E0%A4%A' }],
      ['GET', '/contacts', undefined, { authorization: '', cookie: 'herald_session=x' }],
    ];

    // One object per row: a row shorter than the callback's arity would make jest pass `done`.
    const rows = cases.map(([method, path, body, headers], i) => ({ name: `#${i} ${method} ${path.slice(0, 80)}`, method, path, body, headers }));
    it.each(rows)('$name', async ({ method, path, body, headers }) => {
      const client = headers?.cookie
        ? api.withKey(undefined)
        : path.startsWith('/auth')
          ? api.withKey(undefined)
          : path === '/v1/track'
            ? api.withKey(t.keys.public)
            : api;
      const res = await client.request(method, path, body, headers ?? {});
      expect(res.status).toBeGreaterThanOrEqual(200);
      expect(res.status).toBeLessThan(500);
      if (res.status >= 400) {
        expect(res.body.success).toBe(false);
        expect(res.body.error.statusCode).toBe(res.status);
        expect(res.body.error.code).not.toBe('INTERNAL_SERVER_ERROR');
      }
    });

    it('did not pollute any prototype and left the gateway healthy', async () => {
      expect(({} as any).polluted).toBeUndefined();
      const list = await api.get('/contacts?limit=100');
      expect(list.status).toBe(200);
      for (const c of list.body.data) {
        expect(c.data.polluted).toBeUndefined();
        expect(Object.keys(c.data)).not.toContain('__proto__');
      }
      expect((await api.withKey(undefined).get('/readyz')).status).toBe(200);
    });
  });
});
