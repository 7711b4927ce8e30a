import fc from 'fast-check';
import { Api, ApiResponse, OWNER, session, Topology, TopologyKind } from '../libs/testing/src';
import { startHerald } from './support/herald';

/**
 * Property-based: hostile requests generated for every documented route (GET /openapi.json) —
 * bodies made from the route's own example with leaves replaced, keys added or removed and raw
 * text that no example has (lone surrogates, NUL, numbers past a double, nesting thousands deep,
 * wrong types, huge strings, prototype keys, template and SQL fragments), hostile query strings
 * (each documented parameter, and given twice), path ids, content types and request ids. Every
 * answer is below 500, every 4xx is the error envelope, and afterwards the project still reads its
 * contacts and fields. All-in-one takes every route; split a sample (a fixed seed per run is in
 * the failure message: fast-check prints it with the smallest failing request).
 */

interface Operation {
  method: string;
  path: string;
  queryParams: string[];
  example: unknown;
  media: string | undefined;
  /** Signed in as a member (the session's routes); otherwise the secret key. */
  session: boolean;
  /** A hosted page or pixel (its documented answers are not JSON): its 4xx are pages too. */
  page: boolean;
}

/** Routes left out: what ends the session the run uses, and the ops endpoints (not the API). */
const SKIP = new Set(['POST /auth/logout', 'GET /healthz', 'GET /readyz', 'GET /metrics']);

const SPECIAL_STRINGS = [
  '\ud800',
  'a\udc00b',
  '\ud83d\ude00',
  'a\u0000b',
  '__proto__',
  'constructor',
  'prototype',
  '%00',
  '../../etc/passwd',
  "' OR 1=1 --",
  '"; DROP TABLE contacts; --',
  '{{#each this}}{{/each}}',
  '{{constructor.constructor "return process"}}',
  '<script>alert(1)</script>',
  '\u202eevil',
  '',
  ' ',
  '1e309',
  '-1',
  '0x10',
  'NaN',
  'null',
  'x'.repeat(70_000),
  'é'.repeat(5000),
];

const hostileString = fc.oneof(fc.constantFrom(...SPECIAL_STRINGS), fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ maxLength: 20 }));
const deep = (n: number): unknown => (n === 0 ? 1 : { a: deep(n - 1) });
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.constantFrom(0, -1, 1.5, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, -0, 1e308, true, false, null),
    fc.integer(),
    fc.constant(deep(40)),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Raw texts no JSON.stringify produces. */
const RAW_BODIES = [
  '{"a":1e309}',
  '{"data":{"n":-1' + '0'.repeat(320) + '}}',
  '{"a":' + '['.repeat(5000) + ']'.repeat(5000) + '}',
  '{"a":"\\ud800"}',
  '{"\\u0000":1}',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":true}}',
  '\ufeff{}',
  '{',
  '[]',
  '"string"',
  'null',
  '',
  '{"email":"x@y.z","data":' + '{"a":'.repeat(3000) + '1' + '}'.repeat(3000) + '}',
];

/** Replaces a leaf of a JSON value at a position chosen by `pick`, or adds or removes a key. */
function mutate(base: unknown, pick: number, value: unknown, mode: number): unknown {
  const clone = base === undefined ? {} : JSON.parse(JSON.stringify(base));
  const slots: Array<{ parent: any; key: string | number }> = [];
  (function walk(node: any) {
    if (node && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        slots.push({ parent: node, key: Array.isArray(node) ? Number(key) : key });
        walk(node[key]);
      }
    }
  })(clone);
  if (!slots.length || clone === null || typeof clone !== 'object') return value;
  const slot = slots[pick % slots.length];
  if (mode === 0) slot.parent[slot.key] = value;
  else if (mode === 1 && !Array.isArray(slot.parent)) delete slot.parent[slot.key];
  else if (!Array.isArray(clone)) (clone as Record<string, unknown>)[typeof value === 'string' ? value.slice(0, 50) || 'k' : 'extra'] = value;
  return clone;
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
];
const pathId = fc.oneof(
  fc.uuid(),
  fc.constantFrom('not-an-id', '%00', '..%2F..', 'x'.repeat(300), '01970b1e-3c4d-7e5f-8a9b-0c1d2e3f4a5b', '%E2%80%AE', '-1', '0'),
);

function operationsOf(doc: any): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      if (SKIP.has(key)) continue;
      const content = op.requestBody?.content ?? {};
      const media = Object.keys(content)[0];
      out.push({
        method: method.toUpperCase(),
        path,
        queryParams: (op.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name),
        example: media ? content[media].example : undefined,
        media,
        page:
          Object.values(op.responses ?? {}).some((r: any) => Object.keys(r.content ?? {}).some((m) => m !== 'application/json')) &&
          !Object.values(op.responses ?? {}).some((r: any) => r.content?.['application/json']?.example !== undefined),
        session:
          !(op.security ?? []).some((s: Record<string, unknown>) => 'secretKey' in s || 'bearer' in s || 'apiKey' in s) &&
          (op.security ?? []).some((s: Record<string, unknown>) => 'session' in s || 'cookie' in s),
      });
    }
  }
  return out;
}

const requestArb = (op: Operation) =>
  fc.record({
    ids: fc.array(pathId, { minLength: 4, maxLength: 4 }),
    body: fc.oneof(
      {
        weight: 3,
        arbitrary: fc
          .tuple(fc.nat(), hostileValue, fc.integer({ min: 0, max: 2 }))
          .map(([pick, value, mode]) => ({ json: mutate(op.example, pick, value, mode) })),
      },
      { weight: 1, arbitrary: hostileValue.map((json) => ({ json })) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((raw) => ({ raw })) },
    ),
    query: fc.array(fc.tuple(op.queryParams.length ? fc.constantFrom(...op.queryParams) : hostileString, hostileString, fc.boolean()), { maxLength: 3 }),
    contentType: fc.constantFrom(...CONTENT_TYPES),
    requestId: fc.oneof(
      fc.constant(undefined),
      fc.string({ maxLength: 300 }).map((s) => s.replace(/[^\x21-\x7e]/g, 'x')),
    ),
  });

function urlOf(op: Operation, r: { ids: string[]; query: Array<[string, string, boolean]> }) {
  let i = 0;
  const path = op.path.replace(/\{[^}]+\}/g, () => r.ids[i++ % r.ids.length]);
  // A lone surrogate cannot be percent-encoded as UTF-8: it goes as the bytes that would be its
  // UTF-8 form (%ED%A0%80), which are not UTF-8 either.
  const enc = (s: string) =>
    s
      .split(/([\ud800-\udfff])/)
      .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
      .join('');
  const params = r.query.flatMap(([k, v, twice]) => {
    const pair = `${enc(k)}=${enc(v)}`;
    return twice ? [pair, pair] : [pair];
  });
  return params.length ? `${path}?${params.join('&')}` : path;
}

function bodyText(body: { json?: unknown; raw?: string }): string {
  if (body.raw !== undefined) return body.raw;
  try {
    return JSON.stringify(body.json) ?? '';
  } catch {
    return '{}';
  }
}

/** A 5xx, or a 4xx that is not the error envelope: what the property forbids. */
function problemOf(op: Operation, res: ApiResponse): string | undefined {
  if (res.status >= 500) return `status ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`;
  if (res.status >= 400 && !(op.page && !String(res.headers.get('content-type')).includes('json'))) {
    const b = res.body as any;
    if (!b || b.success !== false || typeof b.error?.code !== 'string' || typeof b.error?.message !== 'string')
      return `a ${res.status} without the envelope: ${JSON.stringify(b).slice(0, 300)}`;
  }
  return undefined;
}

describe.each<[TopologyKind, number, number]>([
  ['all', 1, 25],
  ['split', 3, 8],
])('hostile requests (%s)', (kind, every, runs) => {
  let t: Topology;
  let key: Api;
  let member: Api;
  let ops: Operation[];

  beforeAll(async () => {
    t = await startHerald(kind, { env: { RATE_LIMIT_PER_MINUTE: '10000000' } });
    key = new Api(t.baseUrl, t.keys.secret);
    const owner = await session(t.baseUrl, OWNER.email, OWNER.password);
    member = owner.withHeaders({ 'x-project-id': t.projectId });
    expect((await key.post('/contacts', { email: 'keep@hostile.test', data: { plan: 'pro' } })).status).toBe(201);
    ops = operationsOf((await new Api(t.baseUrl).get('/openapi.json')).body).filter((_, i) => i % every === 0);
  }, 90_000);
  afterAll(() => t?.stop());

  it('answers every hostile request below 500, every 4xx in the envelope, and the project still reads', async () => {
    expect(ops.length).toBeGreaterThan(kind === 'all' ? 100 : 25);
    for (const op of ops) {
      const client = op.session ? member : key;
      await fc.assert(
        fc.asyncProperty(requestArb(op), async (r) => {
          const url = urlOf(op, r);
          const headers: Record<string, string> = { 'content-type': r.contentType, ...(r.requestId ? { 'x-request-id': r.requestId } : {}) };
          const res = await client.request(op.method, url, ['GET', 'HEAD'].includes(op.method) ? undefined : bodyText(r.body), headers);
          const problem = problemOf(op, res);
          if (problem) throw new Error(`${op.method} ${url}: ${problem}`);
        }),
        { numRuns: runs, endOnFailure: false },
      );
    }
    // The project is not poisoned: its contacts and fields still read.
    const contacts = await key.get('/contacts?limit=100');
    expect(contacts.status).toBe(200);
    const fields = await key.get('/contacts/fields');
    expect(fields.status).toBe(200);
    expect(fields.body.fields.map((f: any) => f.field)).toContain('data.plan');
    expect((await key.post('/contacts/lookup', { emails: ['keep@hostile.test'] })).body.found).toEqual(['keep@hostile.test']);
  }, 600_000);
});
