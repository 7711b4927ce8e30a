import { z } from 'zod';
import { describePolicy, errorEnvelope, policy, type HandlerRoute, type Policy, type Route, type RouteDoc, type Schema } from '../../../../libs/edge/src';
import { SESSION_COOKIE } from './auth';

/**
 * The API reference as an OpenAPI 3.1 document, generated from the routes themselves: each route's
 * policy (security, which keys it takes, the errors its guard answers) and its doc (summary, the
 * body and query schemas the gateway validates with, examples, its own errors). Nothing here is
 * written per route; a route without a doc does not compile, and test/edge checks that the
 * document and the mounted routes are the same set.
 */

/** What the document needs of a route. */
export type Documented = Pick<Route, 'method' | 'path' | 'auth' | 'doc'> & { idempotent?: boolean; authLimit?: boolean; body?: HandlerRoute['body'] };

const readiness = (status: string) =>
  z.strictObject({
    status: z.literal(status),
    checks: z.record(z.string(), z.boolean()).describe('Each local service, the bus, Redis and each remote service.'),
  });

/** The endpoints the runtime mounts on every process, beside the API (they are not Routes). */
export const OPS_ROUTES: Documented[] = [
  {
    method: 'get',
    path: '/healthz',
    auth: policy.public,
    doc: {
      tag: 'Operations',
      summary: 'Liveness',
      responses: { 200: { description: 'The process is up.', example: { status: 'ok' }, schema: z.strictObject({ status: z.literal('ok') }) } },
    },
  },
  {
    method: 'get',
    path: '/readyz',
    auth: policy.public,
    doc: {
      tag: 'Operations',
      summary: 'Readiness',
      description: 'Every local service started, the bus (and Redis, where used) connected, every remote service answering its gRPC health check.',
      responses: {
        200: { description: 'Ready.', example: { status: 'ready', checks: { gateway: true, contacts: true, bus: true } }, schema: readiness('ready') },
        503: {
          description: 'Not ready; the failing checks are false.',
          example: { status: 'not ready', checks: { gateway: true, contacts: false, bus: true } },
          schema: readiness('not ready'),
        },
      },
    },
  },
  {
    method: 'get',
    path: '/metrics',
    auth: policy.public,
    doc: {
      tag: 'Operations',
      summary: 'Prometheus metrics',
      responses: {
        200: { description: 'The text exposition format.', type: 'text/plain', example: 'herald_http_request_duration_seconds_bucket{le="0.005",…} 1024\n…' },
      },
    },
  },
];

const TAGS: Array<{ name: string; description: string }> = [
  { name: 'Public API', description: 'Tracking, transactional send and address checks (`/v1`), the envelope `{ success, data }`.' },
  { name: 'Contacts', description: 'Contacts and their custom fields (`data`).' },
  { name: 'Events', description: 'Tracked events.' },
  { name: 'Templates', description: 'Email templates.' },
  { name: 'Sending', description: 'Open and click tracking, the dev mailbox.' },
  { name: 'Domains', description: 'Sending domains: DNS records (DKIM, SPF, MX, DMARC) and verification.' },
  { name: 'Account', description: 'Signup, login and the current user (dashboard session).' },
  { name: 'Projects', description: "A project's settings, keys and reputation (dashboard session of a member)." },
  { name: 'Subscription pages', description: 'The hosted pages behind the links in emails (signed tokens, HTML).' },
  { name: 'Webhooks', description: 'Notifications from the email infrastructure.' },
  { name: 'Configuration', description: 'What this deployment offers.' },
  { name: 'Reference', description: 'This document and its rendered page.' },
  { name: 'Operations', description: 'Health, readiness and metrics, on every process.' },
];

const SECURITY_SCHEMES = {
  secretKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'sk_ + 64 hex',
    description: "A project's secret key, `Authorization: Bearer sk_…`: every project route.",
  },
  publicKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'pk_ + 64 hex',
    description: "A project's public key, `Authorization: Bearer pk_…`, safe to ship to browsers: only the tracking routes (elsewhere 401 INVALID_API_KEY).",
  },
  session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The dashboard session (7 days), set by POST /auth/login or /auth/signup.' },
  projectId: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Project-Id',
    description: 'With a session on a project route: the project, one the user is a member of.',
  },
};

// ---------------------------------------------------------------------------------------------
// Errors: the error envelope, and what each policy and each kind of input can answer
// ---------------------------------------------------------------------------------------------

interface Cause {
  status: number;
  code: string;
  description: string;
  errors?: Array<{ field: string; message: string; code: string }>;
  details?: Record<string, unknown>;
}

const CAUSES = {
  badJson: { status: 400, code: 'BAD_REQUEST', description: 'The body is not well-formed JSON.' },
  badQuery: {
    status: 400,
    code: 'BAD_REQUEST',
    description: 'A query parameter is not valid (`errors` names each).',
    errors: [{ field: 'limit', message: 'Too big: expected number to be <=100', code: 'too_big' }],
  },
  noProjectHeader: { status: 400, code: 'BAD_REQUEST', description: 'A session without an X-Project-Id header naming a project.' },
  noCredentials: { status: 401, code: 'MISSING_AUTH', description: 'No API key (and no session).' },
  badKey: { status: 401, code: 'INVALID_API_KEY', description: 'An unknown or malformed key, or a public key where a secret key is needed.' },
  badSession: { status: 401, code: 'UNAUTHORIZED', description: 'Not logged in, or the session expired.' },
  projectDisabled: { status: 403, code: 'PROJECT_DISABLED', description: 'The project is disabled (a session can still read).' },
  notMember: { status: 403, code: 'PROJECT_ACCESS_DENIED', description: 'The session’s user is not a member of the project.' },
  role: { status: 403, code: 'FORBIDDEN', description: 'The member’s role is below the one the route needs.' },
  csrf: { status: 403, code: 'CSRF_REJECTED', description: 'A session’s write from another origin.' },
  tooLarge: { status: 413, code: 'PAYLOAD_TOO_LARGE', description: 'The body is over the size limit.' },
  invalid: {
    status: 422,
    code: 'VALIDATION_ERROR',
    description: 'The body fails validation (`errors` names each field).',
    errors: [{ field: 'email', message: 'Invalid input: expected string, received undefined', code: 'invalid_type' }],
  },
  rateLimited: {
    status: 429,
    code: 'RATE_LIMIT_EXCEEDED',
    description: 'Over the rate limit; retry after `details.retryAfter` seconds (also Retry-After).',
    details: { retryAfter: 12 },
  },
} satisfies Record<string, Cause>;

/** The media types of a body other than JSON (a handler route's `body`). */
const MEDIA = { form: ['application/x-www-form-urlencoded'], text: ['application/json', 'text/plain'], multipart: ['multipart/form-data'] };

/** The errors a route answers before or beside its handler: its guard's, its rate limit's, its input's. */
function causesOf(r: Documented): Cause[] {
  const p = r.auth;
  const doc = r.doc as RouteDoc;
  const write = r.method !== 'get';
  const out: Cause[] = [];
  if (p.kind === 'project')
    out.push(
      CAUSES.noProjectHeader,
      CAUSES.noCredentials,
      CAUSES.badKey,
      CAUSES.badSession,
      CAUSES.projectDisabled,
      CAUSES.notMember,
      CAUSES.role,
      CAUSES.rateLimited,
    );
  if (p.kind === 'member') out.push(CAUSES.badSession, CAUSES.notMember, CAUSES.role);
  if (p.kind === 'user') out.push(CAUSES.badSession);
  if (p.kind !== 'public' && write) out.push(CAUSES.csrf);
  if (r.authLimit) out.push(CAUSES.rateLimited);
  // A JSON or form body is validated by a zod schema (422); a text body is the service's to judge, and its route says how.
  if (doc.body || doc.forwardedBody) out.push(...(r.body ? [] : [CAUSES.badJson]), CAUSES.tooLarge, ...(r.body === 'text' ? [] : [CAUSES.invalid]));
  if (doc.query) out.push(CAUSES.badQuery);
  for (const [status, e] of Object.entries(doc.errors ?? {})) out.push(...[e].flat().map((c) => ({ status: Number(status), ...c })));
  return [...new Set(out)];
}

/**
 * The shared error responses (components.responses): an error of a status that only comes from
 * the guard, the rate limit or the input refers to its status's; one where the route adds a cause
 * of its own is written out with exactly its causes.
 */
const SHARED: Record<number, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'A malformed JSON body, an invalid query parameter, or a session without X-Project-Id.' },
  401: {
    name: 'Unauthorized',
    description:
      'No valid credentials for the route (see its security): no key or session, an unknown or malformed key, a public key where a secret key is needed, an expired session.',
  },
  403: {
    name: 'Forbidden',
    description:
      "Credentials the route refuses: a disabled project, a project the session's user is not a member of, a role below the route's, a session's write from another origin.",
  },
  413: { name: 'PayloadTooLarge', description: 'The body is over the size limit.' },
  422: { name: 'ValidationFailed', description: 'The body fails validation; `errors` names each field.' },
  429: { name: 'RateLimited', description: 'Over the rate limit; retry after `details.retryAfter` seconds (also Retry-After).' },
};
const GENERIC = new Set<Cause>(Object.values(CAUSES));

const EXAMPLE_TIME = '2025-06-01T09:30:00.000Z';
const envelopeOf = (c: Cause) => ({
  success: false,
  error: {
    code: c.code,
    message: c.description,
    statusCode: c.status,
    requestId: '0b7c9f52-3d1e-4a8b-9c6f-2e5d8a1b4c70',
    ...(c.errors ? { errors: c.errors } : {}),
    ...(c.details ? { details: c.details } : {}),
    suggestion: 'What to do about it.',
  },
  timestamp: EXAMPLE_TIME,
});

function errorResponse(description: string, causes: Cause[]) {
  const examples: Json = {};
  for (const c of causes) examples[examples[c.code] ? `${c.code}_${Object.keys(examples).length}` : c.code] = { summary: c.description, value: envelopeOf(c) };
  const headers = causes.some((c) => c.status === 429) ? { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } : undefined;
  return {
    description,
    ...(headers ? { headers } : {}),
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' }, examples } },
  };
}

/** The error responses of a route: shared ones by reference (added to `shared` as used), its own written out. */
function errorResponses(r: Documented, shared: Json): Json {
  const byStatus = new Map<number, Cause[]>();
  for (const c of causesOf(r)) byStatus.set(c.status, [...(byStatus.get(c.status) ?? []), c]);
  const out: Json = {};
  for (const [status, causes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const common = SHARED[status];
    if (common && causes.every((c) => GENERIC.has(c))) {
      shared[common.name] ??= errorResponse(
        common.description,
        [...GENERIC].filter((c) => c.status === status),
      );
      out[status] = { $ref: `#/components/responses/${common.name}` };
    } else {
      out[status] = errorResponse(causes.map((c) => `${c.code}: ${c.description}`).join(' '), causes);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------------------------

type Json = Record<string, any>;

/**
 * A zod schema as JSON Schema (2020-12, OpenAPI 3.1's dialect): requests in their input form
 * (query strings before coercion, fields with defaults optional), responses in their output form.
 * Shared or recursive parts zod puts in `$defs` move to `components.schemas` under `prefix`.
 */
function jsonSchema(schema: Schema, io: 'input' | 'output', prefix: string, components: Json): Json {
  const { $schema: _dialect, $defs, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  if (!$defs) return json;
  const rewrite = (node: unknown): any => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/') ? `#/components/schemas/${prefix}_${v.slice(8)}` : rewrite(v),
      ]),
    );
  };
  for (const [name, def] of Object.entries($defs as Json)) components[`${prefix}_${name}`] = rewrite(def);
  return rewrite(json);
}

// ---------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------

/** Who may call a route, as the reference says it. */
export function authOf(p: Policy): { text: string; security: Array<Record<string, string[]>>; publicKey: boolean } {
  const { text, security } = authText(p);
  return { text, security, publicKey: security.some((s) => 'publicKey' in s) };
}

function authText(p: Policy): { text: string; security: Array<Record<string, string[]>> } {
  const role = (r: string) => (r === 'MEMBER' ? '' : ` with the ${r} role or higher`);
  switch (p.kind) {
    case 'public':
      return { text: 'None (public).', security: [] };
    case 'user':
      return { text: 'A dashboard session (any logged-in user).', security: [{ session: [] }] };
    case 'member':
      return { text: `A dashboard session of a member${role(p.role)} of the project in the path ({${p.param}}).`, security: [{ session: [] }] };
    case 'project': {
      const session = `a dashboard session of a member${role(p.role)} with X-Project-Id`;
      return p.keys === 'public'
        ? {
            text: `A public key (pk_) or a secret key (sk_) of the project, or ${session}.`,
            security: [{ publicKey: [] }, { secretKey: [] }, { session: [], projectId: [] }],
          }
        : { text: `A secret key (sk_) of the project, or ${session}.`, security: [{ secretKey: [] }, { session: [], projectId: [] }] };
    }
  }
}

/** `GET /users/@me/projects/:id` → `getUsersMeProjectsById`. */
function operationId(r: Documented): string {
  const words = r.path
    .split('/')
    .filter(Boolean)
    .flatMap((seg) =>
      seg.startsWith(':')
        ? ['by', seg.slice(1)]
        : seg
            .replace(/[^A-Za-z0-9]+/g, ' ')
            .trim()
            .split(' '),
    );
  return r.method + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function operation(r: Documented, components: { schemas: Json; responses: Json }): Json {
  const doc = r.doc as RouteDoc;
  const id = operationId(r);
  const names = [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const extra = Object.keys(doc.params ?? {}).filter((n) => !names.includes(n));
  if (extra.length) throw new Error(`${r.method.toUpperCase()} ${r.path}: doc.params names ${extra.join(', ')}, not in the path`);

  const parameters: Json[] = names.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
    ...(doc.params?.[name] ? { description: doc.params[name] } : {}),
  }));
  if (doc.query) {
    const q = jsonSchema(doc.query, 'input', id, components.schemas);
    if (q.type !== 'object') throw new Error(`${r.method.toUpperCase()} ${r.path}: doc.query must be a z.object`);
    for (const [name, { description, ...schema }] of Object.entries((q.properties ?? {}) as Json)) {
      parameters.push({ name, in: 'query', required: (q.required ?? []).includes(name), schema, ...(description ? { description } : {}) });
    }
  }
  if (r.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 255 },
      description: 'A repeat within 24 hours returns the first answer again (with Idempotent-Replayed: true) and does nothing.',
    });
  }

  const op: Json = { operationId: id, tags: [doc.tag], summary: doc.summary };
  const auth = authOf(r.auth);
  op.description = [doc.description, `**Auth:** ${auth.text}`].filter(Boolean).join('\n\n');
  if (parameters.length) op.parameters = parameters;

  const body = doc.body ?? doc.forwardedBody;
  if (body) {
    const schema = jsonSchema(body, 'input', id, components.schemas);
    const media = r.body ? MEDIA[r.body] : ['application/json'];
    const content = { schema, ...(doc.example !== undefined ? { example: doc.example } : {}) };
    op.requestBody = { required: !body.safeParse({}).success, content: Object.fromEntries(media.map((m) => [m, content])) };
  }

  const responses: Json = {};
  for (const [status, res] of Object.entries(doc.responses)) {
    const media = res.type ?? 'application/json';
    const hasBody = res.example !== undefined || res.schema !== undefined || res.type !== undefined;
    const schema = res.schema
      ? jsonSchema(res.schema, 'output', `${id}_${status}`, components.schemas)
      : media === 'application/json'
        ? undefined
        : { type: 'string' };
    responses[status] = {
      description: res.description,
      ...(hasBody ? { content: { [media]: { ...(schema ? { schema } : {}), ...(res.example !== undefined ? { example: res.example } : {}) } } } : {}),
    };
  }
  for (const [status, response] of Object.entries(errorResponses(r, components.responses))) {
    if (responses[status]) throw new Error(`${r.method.toUpperCase()} ${r.path}: ${status} is both a response and an error`);
    responses[status] = response;
  }
  op.responses = responses;
  op.security = auth.security;
  op['x-policy'] = describePolicy(r.auth);
  op['x-auth'] = auth.text;
  op['x-public-key'] = auth.publicKey;
  return op;
}

export interface OpenApiOptions {
  /** The public URL of the API (PUBLIC_URL). */
  serverUrl: string;
}

/** The document for these routes (the gateway's, and the runtime's OPS_ROUTES). */
export function openApiDocument(routes: Documented[], opts: OpenApiOptions) {
  const components = { schemas: { ErrorEnvelope: jsonSchema(errorEnvelope, 'output', 'ErrorEnvelope', {}) } as Json, responses: {} as Json };
  const paths: Json = {};
  const ids = new Set<string>();
  for (const r of routes) {
    const op = operation(r, components);
    if (ids.has(op.operationId)) throw new Error(`${r.method.toUpperCase()} ${r.path}: operationId ${op.operationId} is taken`);
    ids.add(op.operationId);
    (paths[openApiPath(r.path)] ??= {})[r.method] = op;
  }
  const used = new Set(routes.map((r) => r.doc.tag));
  const tags = [...TAGS.filter((t) => used.has(t.name)), ...[...used].filter((t) => !TAGS.some((k) => k.name === t)).map((name) => ({ name }))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Herald API',
      // The public endpoints carry /v1.
      version: '1',
      description: [
        'Herald, the open-source email platform: contacts, events, transactional email, templates, domains.',
        'Public endpoints (`/v1/*`) answer `{ success: true, data }`; dashboard endpoints answer the resource itself. Every error is the envelope `ErrorEnvelope`, every response carries `X-Request-ID`.',
        'Project routes take `Authorization: Bearer sk_…` (secret key), the tracking routes `pk_…` (public key) too, and the dashboard a session cookie with `X-Project-Id`. They are rate limited per project (`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` headers).',
      ].join('\n\n'),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: opts.serverUrl }],
    tags,
    paths,
    components: { ...components, securitySchemes: SECURITY_SCHEMES },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
