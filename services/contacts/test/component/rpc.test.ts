/**
 * Component test of the contacts service through the gRPC contract layer (libs/contracts/src/rpc.ts):
 * a real grpc-js server serving the contacts handlers (backed by real PostgreSQL) through
 * grpcImplementation, called through grpcClient and compared with inProcessClient; the internal
 * token it checks, and the project it takes from the call's metadata whatever the message holds.
 * Its own database herald_c_<random>, dropped afterwards.
 */
import crypto from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import { HealthImplementation, service as healthService } from 'grpc-health-check';
import { Api, CallMeta, contracts, grpcClient, grpcImplementation, Handlers, inProcessClient, INTERNAL_TOKEN_KEY } from '../../../../libs/contracts/src';
import { Db, migrate } from '../../../../libs/db/src';
import { AppError, metrics, newId } from '../../../../libs/kit/src';
import { expectAppError, freePort, scratchDatabase, ScratchDatabase } from '../../../../libs/testing/src';
import { ContactsRepo } from '../../src/adapters/repo';
import { JobsRepo } from '../../src/adapters/jobs-repo';
import { conditionHandlers } from '../../src/app/conditions';
import { contactsHandlers } from '../../src/app/handlers';
import { jobsHandlers } from '../../src/app/jobs';
import { segmentsHandlers } from '../../src/app/segments';
import { SegmentsRepo } from '../../src/adapters/segments-repo';
import { SCHEMA } from '../../src/migrations';
import { migrationsOf } from '../../../../libs/runtime/src';
import { contacts } from '../../src/service';

type ContactsApi = Api<'contacts'>;
type ContactsHandlers = Handlers<'contacts'>;
const contactsDefinition = () => contracts.contacts.definition();

let scratch: ScratchDatabase;
let db: Db;
let server: grpc.Server;
let handlers: ContactsHandlers;
let remote: ContactsApi & { close(): void };
let local: ContactsApi;
let address: string;
const seenMeta: CallMeta[] = [];
/** Every rpc a handler was reached for. */
const handled: string[] = [];
const clients: Array<{ close(): void }> = [];
/** The INTERNAL_TOKEN the server checks and its clients send. */
const TOKEN = crypto.randomBytes(32).toString('hex');

/** A call's meta for a project: the caller's project, as the gateway's guard sets it. */
const as = (projectId: string) => ({ projectId });

/** Test-only rpc behaviours layered over the real handlers (the real ones are used otherwise). */
const TRIGGER = {
  crash: 'crash@rpc.test',
  rateLimited: 'limited@rpc.test',
};

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 10 });
  db = scratch.db;
  await migrate(db, SCHEMA, migrationsOf(contacts));
  const repo = new ContactsRepo(db);
  const jobs = new JobsRepo(db, repo.outbox);
  const contactsApi = contactsHandlers(repo);
  const segmentsDeps = { segments: new SegmentsRepo(db), contacts: repo, upsert: contactsApi.UpsertContacts };
  handlers = {
    ...contactsApi,
    ...jobsHandlers({ jobs, contacts: repo, maxBytes: 1 << 20, chunkBytes: 1 << 16, leaseMs: 30_000, batchRows: 500 }),
    ...segmentsHandlers(segmentsDeps),
    ...conditionHandlers(segmentsDeps),
  };
  const counted = Object.fromEntries(
    Object.entries(handlers).map(([name, h]) => [
      name,
      (req: unknown, meta: CallMeta) => (handled.push(name), (h as (r: unknown, m: CallMeta) => unknown)(req, meta)),
    ]),
  ) as unknown as ContactsHandlers;
  const served: ContactsHandlers = {
    ...counted,
    async GetContact(req, meta) {
      seenMeta.push(meta);
      return counted.GetContact(req, meta);
    },
    async LookupContacts(req, meta) {
      if (req.emails[0] === TRIGGER.crash) throw new Error('secret internal detail');
      if (req.emails[0] === TRIGGER.rateLimited) {
        throw new AppError({ code: 'RATE_LIMIT_EXCEEDED', status: 429, message: 'slow down', suggestion: 'Wait.', details: { retryAfter: 7 } });
      }
      return counted.LookupContacts(req, meta);
    },
  };
  const def = contactsDefinition();
  server = new grpc.Server();
  server.addService(def as any, grpcImplementation(def as any, served as any, { internalToken: TOKEN }));
  new HealthImplementation({ '': 'SERVING' }).addToServer(server);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  address = `127.0.0.1:${port}`;
  remote = grpcClient(def, contracts.contacts.fullName, address, { deadlineMs: 5000, internalToken: TOKEN });
  clients.push(remote);
  local = inProcessClient(def, served);
});

afterAll(async () => {
  for (const c of clients) c.close();
  await new Promise<void>((resolve) => (server ? server.tryShutdown(() => resolve()) : resolve()));
  await scratch?.drop();
});

/** Replaces ids and timestamps so responses for different contacts can be compared. */
function normalise(v: unknown): unknown {
  return JSON.parse(
    JSON.stringify(v)
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g, '<ts>')
      .replace(/(local|remote)-/g, '<which>-'),
  );
}

describe('grpcClient ↔ grpcImplementation', () => {
  it('round-trips a contact through the wire', async () => {
    const p = newId();
    const created = await remote.UpsertContact(
      { email: 'Wire@Example.com', default_subscribed: true, data_json: JSON.stringify({ plan: 'pro', n: 2 }) },
      as(p),
    );
    expect(created.is_new).toBe(true);
    expect(created.contact).toMatchObject({ email: 'wire@example.com', subscribed: true });
    expect(JSON.parse(created.contact!.data_json)).toEqual({ plan: 'pro', n: 2 });

    const got = await remote.GetContact({ id: created.contact!.id }, { requestId: 'req-123', projectId: p, userId: 'u-1', role: 'ADMIN' });
    expect(got.contact).toEqual(created.contact);
    // Calls carry x-request-id, x-project-id, x-user-id and x-role.
    expect(seenMeta[seenMeta.length - 1]).toEqual({ requestId: 'req-123', projectId: p, userId: 'u-1', role: 'ADMIN' });

    const list = await remote.ListContacts({ limit: 10 }, as(p));
    expect(list.contacts.map((c) => c.id)).toEqual([created.contact!.id]);
    expect(list.total).toBe('1'); // int64 arrives as a string
    expect(list.has_more).toBe(false);
  });

  it('keeps proto3 optional presence: an unset `subscribed` does not unsubscribe an existing contact', async () => {
    const p = newId();
    await remote.UpsertContact({ email: 'presence@example.com', subscribed: true, default_subscribed: false, data_json: '' }, as(p));
    const again = await remote.UpsertContact({ email: 'presence@example.com', default_subscribed: false, data_json: JSON.stringify({ x: 1 }) }, as(p));
    expect(again.contact!.subscribed).toBe(true);
    const off = await remote.UpsertContact({ email: 'presence@example.com', subscribed: false, default_subscribed: true, data_json: '' }, as(p));
    expect(off.contact!.subscribed).toBe(false);
    const upd = await remote.UpdateContact({ id: off.contact!.id, data_json: JSON.stringify({ y: 2 }) }, as(p));
    expect(upd.contact!.subscribed).toBe(false);
    expect(upd.contact!.email).toBe('presence@example.com');
  });

  it('a 404 AppError thrown by the handler arrives as the same AppError', async () => {
    const p = newId();
    const id = newId();
    const direct = await expectAppError(handlers.GetContact({ id }, as(p)));
    const err = await expectAppError(remote.GetContact({ id }, as(p)));
    expect(err.status).toBe(404);
    expect(err.code).toBe('CONTACT_NOT_FOUND');
    expect(err.toJSON()).toEqual(direct.toJSON());
  });

  it('a 422 AppError keeps its errors[] and suggestion', async () => {
    const p = newId();
    const direct = await expectAppError(handlers.UpsertContact({ email: 'bad', default_subscribed: true, data_json: '' }, as(p)));
    const err = await expectAppError(remote.UpsertContact({ email: 'bad', default_subscribed: true, data_json: '' }, as(p)));
    expect(err.status).toBe(422);
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.errors).toEqual([{ field: 'email', message: 'must be a valid email address', code: 'invalid_string' }]);
    expect(err.toJSON()).toEqual(direct.toJSON());
  });

  it('a 409 and an AppError with details cross unchanged', async () => {
    const p = newId();
    const a = await remote.UpsertContact({ email: 'one@example.com', default_subscribed: true, data_json: '' }, as(p));
    await remote.UpsertContact({ email: 'two@example.com', default_subscribed: true, data_json: '' }, as(p));
    const conflict = await expectAppError(remote.UpdateContact({ id: a.contact!.id, email: 'two@example.com', data_json: '' }, as(p)));
    expect(conflict.status).toBe(409);
    expect(conflict.code).toBe('CONFLICT');

    const limited = await expectAppError(remote.LookupContacts({ emails: [TRIGGER.rateLimited] }, as(p)));
    expect(limited.toJSON()).toEqual({ code: 'RATE_LIMIT_EXCEEDED', status: 429, message: 'slow down', suggestion: 'Wait.', details: { retryAfter: 7 } });
  });

  it('an unexpected error becomes a 500 without leaking its message', async () => {
    const err = await expectAppError(remote.LookupContacts({ emails: [TRIGGER.crash] }, as(newId())));
    expect(err.status).toBe(500);
    expect(err.code).toBe('INTERNAL_SERVER_ERROR');
    expect(JSON.stringify(err.toJSON())).not.toContain('secret internal detail');
  });

  it('application errors do not open the circuit: many 404s, then a valid call still succeeds', async () => {
    const p = newId();
    for (let i = 0; i < 25; i++) expect((await expectAppError(remote.GetContact({ id: newId() }, as(p)))).status).toBe(404);
    const ok = await remote.UpsertContact({ email: 'after-404s@example.com', default_subscribed: true, data_json: '' }, as(p));
    expect(ok.is_new).toBe(true);
  });

  it('a call to an address where nothing listens fails with a 503 AppError within the deadline', async () => {
    const port = await freePort();
    const dead = grpcClient(contactsDefinition(), contracts.contacts.fullName, `127.0.0.1:${port}`, { deadlineMs: 500, internalToken: TOKEN });
    clients.push(dead);
    const err = await expectAppError(dead.GetContact({ id: newId() }, as(newId())));
    expect(err.status).toBe(503);
    expect(err.code).toBe('SERVICE_UNAVAILABLE');
    // Repeated failures keep failing as 503 (the breaker opens rather than piling up calls).
    for (let i = 0; i < 12; i++) expect((await expectAppError(dead.ListContacts({ limit: 1 }, as(newId())))).status).toBe(503);
  }, 30_000);
});

describe('deadlines', () => {
  it('a peer that accepts the call but never answers fails with a 503 AppError once the deadline passes', async () => {
    const def = contactsDefinition();
    const hanging = new grpc.Server();
    const never = () => new Promise<never>(() => undefined);
    const impl = Object.fromEntries(Object.keys(handlers).map((k) => [k, never]));
    hanging.addService(def as any, grpcImplementation(def as any, impl as any, { internalToken: TOKEN }));
    const port = await new Promise<number>((resolve, reject) =>
      hanging.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
    );
    const slow = grpcClient(def, contracts.contacts.fullName, `127.0.0.1:${port}`, { deadlineMs: 500, internalToken: TOKEN });
    clients.push(slow);
    try {
      const err = await expectAppError(slow.GetContact({ id: newId() }, as(newId())));
      expect(err.status).toBe(503);
      expect(err.code).toBe('SERVICE_UNAVAILABLE');
      expect(err.message).toMatch(/DEADLINE_EXCEEDED/);
    } finally {
      hanging.forceShutdown();
    }
  }, 15_000);
});

describe('inProcessClient', () => {
  it('returns the same shape as grpcClient for the same calls', async () => {
    const p = newId();
    const viaGrpc = await remote.UpsertContact(
      { email: 'remote-shape@example.com', default_subscribed: true, data_json: JSON.stringify({ a: { b: [1, 'x'] }, n: 1.5 }) },
      as(p),
    );
    const viaLocal = await local.UpsertContact(
      { email: 'local-shape@example.com', default_subscribed: true, data_json: JSON.stringify({ a: { b: [1, 'x'] }, n: 1.5 }) },
      as(p),
    );
    expect(normalise(viaLocal)).toEqual(normalise(viaGrpc));

    // Identical reads of the same rows are fully equal, ids and timestamps included.
    for (const call of [
      (c: ContactsApi) => c.GetContact({ id: viaGrpc.contact!.id }, as(p)),
      (c: ContactsApi) => c.ListContacts({ limit: 1 }, as(p)),
      (c: ContactsApi) => c.ListContacts({ limit: 10, subscribed: true }, as(p)),
      (c: ContactsApi) => c.BatchGetContacts({ ids: [viaGrpc.contact!.id, viaLocal.contact!.id] }, as(p)),
      (c: ContactsApi) => c.LookupContacts({ emails: ['remote-shape@example.com', 'nobody@example.com'] }, as(p)),
      (c: ContactsApi) => c.ListFields({}, as(p)),
      (c: ContactsApi) => c.FieldValues({ field: 'data.n' }, as(p)),
      (c: ContactsApi) => c.DeleteContact({ id: newId() }, as(newId())).catch((e: AppError) => e.toJSON()),
    ]) {
      const [r, l] = await Promise.all([call(remote), call(local)]);
      expect(l).toEqual(r);
    }
  });

  it('applies the same protobuf defaults as the wire (missing fields filled, int64 as string)', async () => {
    const p = newId();
    const viaLocal = await local.ListContacts({}, as(p));
    const viaGrpc = await remote.ListContacts({}, as(p));
    expect(viaLocal).toEqual(viaGrpc);
    expect(viaLocal).toEqual({ contacts: [], cursor: '', has_more: false, total: '0' });
  });
});

/** Protobuf wire bytes of string (and int32) fields, written by hand: a request as any client could send it. */
function wire(fields: Array<[number, string | number]>): Buffer {
  const varint = (n: number) => {
    const out: number[] = [];
    while (n > 0x7f) {
      out.push((n & 0x7f) | 0x80);
      n >>>= 7;
    }
    out.push(n);
    return out;
  };
  return Buffer.concat(
    fields.map(([no, v]) => {
      if (typeof v === 'number') return Buffer.from([...varint(no << 3), ...varint(v)]);
      const bytes = Buffer.from(v, 'utf8');
      return Buffer.concat([Buffer.from([...varint((no << 3) | 2), ...varint(bytes.length)]), bytes]);
    }),
  );
}

/** A gRPC client of no Herald: raw request bytes, any metadata; the answer decoded, or the gRPC error. */
function rawCall(method: 'GetContact' | 'ListContacts', body: Buffer, md: Record<string, string>): Promise<{ res?: any; err?: grpc.ServiceError }> {
  const def = contactsDefinition();
  const Raw = grpc.makeGenericClientConstructor(
    { [method]: { ...def[method], requestSerialize: (b: Buffer) => b } } as unknown as grpc.ServiceDefinition,
    'Raw',
  );
  const client = new Raw(address, grpc.credentials.createInsecure()) as any;
  const metadata = new grpc.Metadata();
  for (const [k, v] of Object.entries(md)) metadata.set(k, v);
  return new Promise((resolve) =>
    client[method](body, metadata, { deadline: Date.now() + 5000 }, (err: grpc.ServiceError | null, res: unknown) => {
      client.close();
      resolve(err ? { err } : { res });
    }),
  );
}

const refusals = async () => Object.fromEntries((await metrics.grpcRefused.get()).values.map((v) => [String(v.labels.reason), v.value]));

describe('the internal token (INTERNAL_TOKEN)', () => {
  it('a call without the token or with a wrong one is refused (UNAUTHENTICATED) before any handler runs, and counted', async () => {
    const p = newId();
    const c = await remote.UpsertContact({ email: 'token@example.com', default_subscribed: true, data_json: '' }, as(p));
    const body = wire([[2, c.contact!.id]]);
    const before = await refusals();
    handled.length = 0;

    const attempts: Array<Record<string, string>> = [
      { 'x-project-id': p },
      { 'x-project-id': p, [INTERNAL_TOKEN_KEY]: 'not-the-token' },
      { 'x-project-id': p, [INTERNAL_TOKEN_KEY]: TOKEN.slice(0, -1) },
    ];
    for (const md of attempts) {
      const { res, err } = await rawCall('GetContact', body, md);
      expect(res).toBeUndefined();
      expect(err?.code).toBe(grpc.status.UNAUTHENTICATED);
      expect(err?.details).not.toContain(TOKEN);
    }
    expect(handled).toEqual([]);
    const after = await refusals();
    expect((after.missing ?? 0) - (before.missing ?? 0)).toBe(1);
    expect((after.wrong ?? 0) - (before.wrong ?? 0)).toBe(2);

    // The right token: the same call is answered.
    const { res } = await rawCall('GetContact', body, { 'x-project-id': p, [INTERNAL_TOKEN_KEY]: TOKEN });
    expect(res.contact.email).toBe('token@example.com');
    expect(handled).toEqual(['GetContact']);
  });

  it("a Herald client with another process's token gets a 503 (the service is unavailable to it), never the handler's answer", async () => {
    const other = grpcClient(contactsDefinition(), contracts.contacts.fullName, address, {
      deadlineMs: 2000,
      internalToken: crypto.randomBytes(32).toString('hex'),
    });
    clients.push(other);
    handled.length = 0;
    const err = await expectAppError(other.ListContacts({ limit: 10 }, as(newId())));
    expect(err.status).toBe(503);
    expect(err.code).toBe('SERVICE_UNAVAILABLE');
    expect(err.message).toMatch(/INTERNAL_TOKEN/);
    expect(handled).toEqual([]);
  });

  it('a server and a client need a token to be made', () => {
    const def = contactsDefinition();
    expect(() => grpcImplementation(def as any, handlers as any, { internalToken: '' })).toThrow(/INTERNAL_TOKEN/);
    expect(() => grpcClient(def, contracts.contacts.fullName, address, { deadlineMs: 1000, internalToken: '' })).toThrow(/INTERNAL_TOKEN/);
  });

  it('the gRPC health check needs no token (Kubernetes probes and /readyz use it)', async () => {
    const Health = grpc.makeGenericClientConstructor(healthService as grpc.ServiceDefinition, 'Health');
    const health = new Health(address, grpc.credentials.createInsecure()) as any;
    const status = await new Promise<string>((resolve, reject) =>
      health.Check({ service: '' }, { deadline: Date.now() + 2000 }, (err: unknown, res: any) => (err ? reject(err) : resolve(res.status))),
    );
    health.close();
    expect(status).toBe('SERVING');
  });
});

describe("the project of a call is its metadata's", () => {
  it('whatever the message says: a project_id in the body (the field number it had) is not read', async () => {
    const [a, b] = [newId(), newId()];
    const mine = await remote.UpsertContact({ email: 'victim@example.com', default_subscribed: true, data_json: '' }, as(a));
    const id = mine.contact!.id;
    await remote.UpsertContact({ email: 'caller@example.com', default_subscribed: true, data_json: '' }, as(b));
    const withToken = (projectId: string) => ({ 'x-project-id': projectId, [INTERNAL_TOKEN_KEY]: TOKEN });

    // Project b's caller names project a in the body, as requests used to carry it (field 1).
    const got = await rawCall(
      'GetContact',
      wire([
        [1, a],
        [2, id],
      ]),
      withToken(b),
    );
    expect(got.err?.code).toBe(grpc.status.NOT_FOUND);
    const listed = await rawCall(
      'ListContacts',
      wire([
        [1, a],
        [2, 100],
      ]),
      withToken(b),
    );
    expect(listed.res.contacts.map((c: any) => c.email)).toEqual(['caller@example.com']);

    // With project a in the metadata, the same messages see project a's contact.
    expect(
      (
        await rawCall(
          'GetContact',
          wire([
            [1, b],
            [2, id],
          ]),
          withToken(a),
        )
      ).res.contact.email,
    ).toBe('victim@example.com');
    expect(
      (
        await rawCall(
          'ListContacts',
          wire([
            [1, b],
            [2, 100],
          ]),
          withToken(a),
        )
      ).res.contacts.map((c: any) => c.email),
    ).toEqual(['victim@example.com']);
  });

  it('a project-scoped call without a project in its metadata is a 500 (a caller bug), and reads nothing', async () => {
    const { err } = await rawCall(
      'ListContacts',
      wire([
        [1, newId()],
        [2, 100],
      ]),
      { [INTERNAL_TOKEN_KEY]: TOKEN },
    );
    expect(err?.code).toBe(grpc.status.UNKNOWN);
    expect(JSON.parse(Buffer.from(err!.metadata.get('x-app-error-bin')[0] as Buffer).toString())).toMatchObject({ code: 'MISSING_PROJECT', status: 500 });
  });
});
