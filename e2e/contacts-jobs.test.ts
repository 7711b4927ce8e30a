/**
 * CSV import and bulk jobs, in Plunk's shapes, end to end in both topologies: the upload and its
 * refusals, every CSV content rule (numbered in services/contacts/src/domain/csv.ts) and row
 * error, the status shapes, re-import, bulk subscribe/unsubscribe/delete with their events, tenant
 * isolation, and a job whose process is killed mid-run (resumed from its checkpoint after restart).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Api, ApiResponse, eventually, OWNER, session, Topology, TopologyKind } from '../libs/testing/src';
import { startHerald } from './support/herald';
import { importCsv, waitJob } from './support/imports';

jest.setTimeout(240_000);

/** The upload limit of these topologies (the 413 tests go just past it; the kill test stays under). */
const MAX_BYTES = 4 * 1024 * 1024; // above the 100,000-row import of the kill test (about 3 MB)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function expectError(res: ApiResponse, status: number, code: string, field?: string) {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(res.body).toMatchObject({
    success: false,
    error: { statusCode: status, requestId: expect.any(String), suggestion: expect.any(String) },
    timestamp: expect.stringMatching(ISO),
  });
  if (field) expect(res.body.error.errors.map((e: any) => e.field)).toContain(field);
}

/** A multipart upload sent chunked, without Content-Length: the edge can only count as it reads. */
async function uploadChunked(api: Api, content: Buffer): Promise<ApiResponse> {
  const boundary = 'herald-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const parts = [head, ...Array.from({ length: Math.ceil(content.length / 65536) }, (_, i) => content.subarray(i * 65536, (i + 1) * 65536)), tail];
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = parts.shift();
      if (next) controller.enqueue(new Uint8Array(next));
      else controller.close();
    },
  });
  const res = await fetch(`${api.baseUrl}/contacts/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit);
  return { status: res.status, body: await res.json(), headers: res.headers };
}

const eventNames = async (api: Api, contactId: string) => (await api.get(`/events/contact/${contactId}`)).body.events.map((e: any) => e.name).sort();

describe.each<TopologyKind>(['all', 'split'])('contacts import and bulk jobs (%s)', (kind) => {
  let t: Topology;
  let api: Api;
  let owner: Api;
  let other: Api;
  const jobCount = async (projectId: string) => Number((await t.sql('SELECT count(*) AS n FROM contacts.jobs WHERE project_id = $1', [projectId]))[0].n);
  const chunkCount = async () => Number((await t.sql('SELECT count(*) AS n FROM contacts.import_chunks'))[0].n);

  beforeAll(async () => {
    t = await startHerald(kind, { env: { IMPORT_MAX_BYTES: String(MAX_BYTES), JOB_LEASE_SECONDS: '3' } });
    api = new Api(t.baseUrl, t.keys.secret);
    owner = await session(t.baseUrl, OWNER.email, OWNER.password);
    const created = await owner.post('/users/@me/projects', { name: 'Jobs other tenant' });
    expect(created.status).toBe(201);
    other = new Api(t.baseUrl, created.body.secret);
  }, 120_000);
  afterAll(async () => {
    if (t) fs.writeFileSync(path.join(os.tmpdir(), `herald-contacts-jobs-${kind}.log`), t.output());
    await t?.stop();
  });

  /** A fresh, empty project. */
  async function freshProject(name: string) {
    const res = await owner.post('/users/@me/projects', { name });
    expect(res.status).toBe(201);
    return { api: new Api(t.baseUrl, res.body.secret), id: res.body.id as string };
  }

  describe('import', () => {
    it("applies every CSV content rule, reports every row error, and answers Plunk's status shape", async () => {
      const { api: p } = await freshProject('Import rules');
      // An existing contact: unsubscribed, with data the file merges into (rule 8: updated in place).
      const existing = (await p.post('/contacts', { email: 'existing@import.test', subscribed: false, data: { plan: 'pro', age: 1 } })).body;
      const csv =
        '\uFEFF' + // a BOM (rule 7)
        [
          'Email,name,age,price,vip,active,joined,signedAt,zip,phone,plus,sci,neg,formula,at,minus,plan,id,subscribed,createdAt,updatedAt,unsubscribeUrl,svc_id,"note, quoted",',
          'New@Import.Test ,Zoë,42,19.90,yes,FALSE,2024-01-05,2024-01-05T10:00:00Z,02134,12345678901234567890,+1,1e5,-5,=SUM(A1),@cmd,-A1,,x,false,2020-01-01,2020-01-01,http://x,9,"a, ""b""\nc",',
          'existing@import.test,Ex,43,,no,true,05/06/2026,,,,,,,,,,,,true,,,,,,',
          'not-an-email,Bad,1,,,,,,,,,,,,,,,,,,,,,,',
          ',NoEmail,2,,,,,,,,,,,,,,,,,,,,,,',
          '',
          ',,,,,,,,,,,,,,,,,,,,,,,,',
          'new@import.test,Again,3,,,,,,,,,,,,,,,,,,,,,,',
          'third@import.test',
        ].join('\r\n') +
        '\n';
      const res = await importCsv(p, csv);
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ jobId: expect.stringMatching(UUID), status: 'queued' });

      const job = await waitJob(p, 'import', res.body.jobId);
      expect(job).toEqual({
        jobId: res.body.jobId,
        status: 'completed',
        progress: 100,
        totalRows: 6, // the blank lines are no rows
        imported: 2,
        updated: 1,
        skipped: 3,
        errors: [
          { row: 4, email: 'not-an-email', reason: 'invalid_email' },
          { row: 5, email: '', reason: 'missing_email' },
          { row: 6, email: 'new@import.test', reason: 'duplicate_email' },
        ],
        errorCount: 3,
        reason: null,
        createdAt: expect.stringMatching(ISO),
        finishedAt: expect.stringMatching(ISO),
      });

      const byEmail = async (email: string) => (await p.get(`/contacts?search=${encodeURIComponent(email)}`)).body.data.find((c: any) => c.email === email);
      const created = await byEmail('new@import.test');
      expect(created).toMatchObject({ subscribed: true }); // imported contacts are created subscribed
      expect(created.data).toEqual({
        name: 'Zoë',
        age: 42, // rule 6: plain integers and decimals are numbers
        price: 19.9,
        vip: true, // rule 5: true/false/yes/no are booleans
        active: false,
        joined: '2024-01-05', // rule 4: typed as a date (below)
        signedAt: '2024-01-05T10:00:00Z',
        zip: '02134', // leading zero, plus sign, scientific notation stay strings
        phone: '12345678901234567890', // more digits than a number holds exactly
        plus: '+1',
        sci: '1e5',
        neg: -5, // a plain negative number is a number
        formula: '=SUM(A1)', // formulas are text, never evaluated
        at: '@cmd',
        minus: '-A1',
        'note, quoted': 'a, "b"\nc',
      });
      // Rule 3: id, subscribed, createdAt, updatedAt, the URL variables and reserved keys are dropped.
      expect(created.id).not.toBe('x');

      const merged = await byEmail('existing@import.test');
      expect(merged.id).toBe(existing.id);
      expect(merged.subscribed).toBe(false); // the subscribed column is dropped: the state is kept
      // Merged into data; the empty plan cell did not overwrite 'pro'; 05/06/2026 is no date.
      expect(merged.data).toEqual({ plan: 'pro', age: 43, name: 'Ex', vip: false, active: true, joined: '05/06/2026' });
      expect(await byEmail('third@import.test')).toMatchObject({ subscribed: true, data: {} });
      expect((await p.get('/contacts')).body.total).toBe(3);

      const types = Object.fromEntries((await p.get('/contacts/fields')).body.fields.map((f: any) => [f.field, f.type]));
      expect(types).toMatchObject({
        'data.age': 'number', // the existing contact's 1 fixed it first
        'data.price': 'number',
        'data.vip': 'boolean',
        'data.joined': 'date',
        'data.signedAt': 'date',
        'data.zip': 'string',
        'data.neg': 'number',
        'data.formula': 'string',
      });
      for (const dropped of ['data.id', 'data.subscribed', 'data.createdAt', 'data.updatedAt', 'data.unsubscribeUrl', 'data.svc_id'])
        expect(types[dropped]).toBeUndefined();

      // New contacts emit contact.subscribed, as every other way of creating a subscribed contact does.
      await eventually(async () => (await eventNames(p, created.id)).includes('contact.subscribed'), 30_000);
      expect(await eventNames(p, existing.id)).not.toContain('contact.subscribed');
      expect(await chunkCount()).toBe(0); // the file goes once the job is done
    });

    it('re-importing the same file changes nothing: no new contacts, no data changed, updatedAt kept', async () => {
      const { api: p } = await freshProject('Re-import');
      const csv = ['email,plan,seats,vip', 'a@reimport.test,pro,3,yes', 'b@reimport.test,free,1,no', 'bad,,,'].join('\n');
      const first = await waitJob(p, 'import', (await importCsv(p, csv)).body.jobId);
      expect(first).toMatchObject({ status: 'completed', totalRows: 3, imported: 2, updated: 0, skipped: 1 });
      const before = (await p.get('/contacts')).body.data;
      const second = await waitJob(p, 'import', (await importCsv(p, csv)).body.jobId);
      expect(second).toMatchObject({
        status: 'completed',
        totalRows: 3,
        imported: 0,
        updated: 0,
        skipped: 3,
        errors: [{ row: 4, email: 'bad', reason: 'invalid_email' }],
      });
      expect((await p.get('/contacts')).body.data).toEqual(before);
      // A changed file updates in place.
      const third = await waitJob(p, 'import', (await importCsv(p, csv.replace('pro,3', 'team,4'))).body.jobId);
      expect(third).toMatchObject({ imported: 0, updated: 1, skipped: 2 });
      const a = (await p.get('/contacts?search=a@reimport')).body.data[0];
      expect(a.data).toEqual({ plan: 'team', seats: 4, vip: true });
      expect((await p.get('/contacts')).body.total).toBe(2);
    });

    it('fails a file that is not UTF-8 with a reason, before writing any row', async () => {
      const { api: p } = await freshProject('Latin-1');
      const latin1 = Buffer.concat([Buffer.from('email,name\nok@utf8.test,fine\nzoe@latin1.test,Zo'), Buffer.from([0xeb]), Buffer.from('\n')]);
      const res = await importCsv(p, latin1);
      expect(res.status).toBe(202);
      const job = await waitJob(p, 'import', res.body.jobId);
      expect(job).toMatchObject({ status: 'failed', imported: 0, updated: 0, reason: expect.stringMatching(/^invalid_utf8: .*UTF-8/) });
      expect((await p.get('/contacts')).body.total).toBe(0);
    });

    it('fails a file whose quote never closes, with a reason, before writing any row', async () => {
      const { api: p } = await freshProject('Broken quote');
      const job = await waitJob(p, 'import', (await importCsv(p, 'email,note\nok@quote.test,fine\nbad@quote.test,"never closed\n')).body.jobId);
      expect(job).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^malformed_csv: row 3/) });
      expect((await p.get('/contacts')).body.total).toBe(0);
    });

    it('refuses at upload, before any job exists: 422 without a file, not CSV, no email column; 413 when too large', async () => {
      const { api: p, id } = await freshProject('Refusals');
      expectError(await p.post('/contacts/import', { file: 'email\na@b.c' }), 422, 'VALIDATION_ERROR', 'file');
      const noFile = new FormData();
      noFile.append('other', 'x');
      const res = await fetch(`${p.baseUrl}/contacts/import`, { method: 'POST', headers: { authorization: `Bearer ${p.key}` }, body: noFile });
      expectError({ status: res.status, body: await res.json(), headers: res.headers }, 422, 'VALIDATION_ERROR', 'file');
      expectError(await importCsv(p, ''), 422, 'VALIDATION_ERROR', 'file');
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.alloc(2000, 7)]);
      expectError(await importCsv(p, png, 'photo.png'), 422, 'VALIDATION_ERROR', 'file');
      const semicolons = await importCsv(p, 'email;name\na@b.test;A\n');
      expectError(semicolons, 422, 'VALIDATION_ERROR', 'file');
      expect(semicolons.body.error.suggestion).toMatch(/comma/);
      expectError(await importCsv(p, 'name,plan\nAnn,pro\n'), 422, 'VALIDATION_ERROR', 'file');
      expectError(await importCsv(p, 'email,plan,plan\na@b.test,1,2\n'), 422, 'VALIDATION_ERROR', 'file');

      const big = Buffer.from('email,pad\n' + 'x'.repeat(MAX_BYTES));
      const declared = await importCsv(p, big);
      expectError(declared, 413, 'PAYLOAD_TOO_LARGE', 'file');
      // Without Content-Length the edge stores chunks as they come, and drops them at the limit.
      const chunked = await uploadChunked(p, big);
      expectError(chunked, 413, 'PAYLOAD_TOO_LARGE', 'file');
      expect(await jobCount(id)).toBe(0);
      expect(await chunkCount()).toBe(0);
      // Just under the limit (with multipart framing around it) is fine.
      const fits = await importCsv(p, Buffer.from('email,pad\n' + 'y@fits.test,' + 'y'.repeat(MAX_BYTES - 30) + '\n'));
      expect(fits.status).toBe(202);
      expect(await waitJob(p, 'import', fits.body.jobId)).toMatchObject({ status: 'completed', imported: 1 });
    });

    it("is per project: another project's job id is a 404, and so is an unknown or malformed one", async () => {
      const res = await importCsv(api, 'email\nmine@tenant-jobs.test\n');
      const jobId = res.body.jobId;
      await waitJob(api, 'import', jobId);
      for (const r of [
        await other.get(`/contacts/import/${jobId}`),
        await api.get('/contacts/import/01a20e69-eda7-706a-b721-b757c9912905'),
        await api.get('/contacts/import/nope'),
      ]) {
        expectError(r, 404, 'IMPORT_JOB_NOT_FOUND');
      }
      // An import job is not a bulk job.
      expectError(await api.get(`/contacts/bulk/${jobId}`), 404, 'BULK_JOB_NOT_FOUND');
      expect((await other.get('/contacts?search=mine@tenant-jobs')).body.total).toBe(0);
    });
  });

  describe('bulk jobs', () => {
    it('subscribe, unsubscribe and delete by id, with their events; unknown and foreign ids are per-id errors, untouched', async () => {
      const make = async (email: string, subscribed: boolean) => (await api.post('/contacts', { email, subscribed, data: { k: email } })).body;
      const a = await make('a@bulk.test', true);
      const b = await make('b@bulk.test', true);
      const c = await make('c@bulk.test', false);
      const foreign = (await other.post('/contacts', { email: 'foreign@bulk.test', subscribed: true })).body;
      const unknown = '01a20e69-0000-7000-8000-000000000000';

      const off = await api.post('/contacts/bulk-unsubscribe', { contactIds: [a.id, b.id, c.id, unknown, 'not-an-id', foreign.id, a.id] });
      expect(off.status).toBe(202);
      expect(off.body).toEqual({ jobId: expect.stringMatching(UUID), status: 'queued' });
      const offJob = await waitJob(api, 'bulk', off.body.jobId);
      expect(offJob).toEqual({
        jobId: off.body.jobId,
        operation: 'unsubscribe',
        status: 'completed',
        progress: 100,
        totalRequested: 6, // a.id twice is one id
        succeeded: 3,
        failed: 3,
        errors: [
          { contactId: unknown, reason: 'not_found' },
          { contactId: 'not-an-id', reason: 'not_found' },
          { contactId: foreign.id, reason: 'not_found' },
        ],
        reason: null,
        createdAt: expect.stringMatching(ISO),
        finishedAt: expect.stringMatching(ISO),
      });
      for (const x of [a, b, c]) expect((await api.get(`/contacts/${x.id}`)).body.subscribed).toBe(false);
      expect((await other.get(`/contacts/${foreign.id}`)).body).toMatchObject({ subscribed: true, email: 'foreign@bulk.test' });
      // The same events as a single update: a and b changed, c was already unsubscribed.
      await eventually(
        async () => (await eventNames(api, a.id)).includes('contact.unsubscribed') && (await eventNames(api, b.id)).includes('contact.unsubscribed'),
        30_000,
      );
      expect(await eventNames(api, c.id)).toEqual([]);

      // Plunk's body shape.
      const on = await api.post('/contacts/bulk-subscribe', { mode: 'ids', contactIds: [a.id, foreign.id] });
      expect(on.status).toBe(202);
      expect(await waitJob(api, 'bulk', on.body.jobId)).toMatchObject({
        operation: 'subscribe',
        status: 'completed',
        totalRequested: 2,
        succeeded: 1,
        failed: 1,
      });
      expect((await api.get(`/contacts/${a.id}`)).body.subscribed).toBe(true);
      await eventually(async () => (await eventNames(api, a.id)).filter((n: string) => n === 'contact.subscribed').length === 2, 30_000);

      const del = await api.post('/contacts/bulk-delete', { contactIds: [b.id, foreign.id] });
      expect(await waitJob(api, 'bulk', del.body.jobId)).toMatchObject({
        operation: 'delete',
        status: 'completed',
        succeeded: 1,
        failed: 1,
        errors: [{ contactId: foreign.id, reason: 'not_found' }],
      });
      expectError(await api.get(`/contacts/${b.id}`), 404, 'CONTACT_NOT_FOUND');
      // As DeleteContact: the contact's events go with it.
      await eventually(async () => (await api.get(`/events/contact/${b.id}`)).body.events.length === 0, 30_000);
      expect((await other.get(`/contacts/${foreign.id}`)).status).toBe(200);

      // Another project's bulk job is not found; nor is an import id as a bulk job.
      expectError(await other.get(`/contacts/bulk/${del.body.jobId}`), 404, 'BULK_JOB_NOT_FOUND');
      expectError(await api.get(`/contacts/import/${del.body.jobId}`), 404, 'IMPORT_JOB_NOT_FOUND');
    });

    it('refuses a body without 1 to 1,000 contact ids with 422 naming contactIds, and creates no job', async () => {
      const { api: p, id } = await freshProject('Bulk refusals');
      for (const body of [{}, { contactIds: [] }, { contactIds: Array.from({ length: 1001 }, (_, i) => `id-${i}`) }, { contactIds: 'a' }, { ids: ['a'] }]) {
        const res = await p.post('/contacts/bulk-subscribe', body);
        expectError(res, 422, 'VALIDATION_ERROR', 'contactIds');
        expect(res.body.error.errors.find((e: { field: string }) => e.field === 'contactIds').message).toMatch(/1 to 1,000/);
      }
      expectError(await p.post('/contacts/bulk-delete', { mode: 'all', contactIds: ['a'] }), 422, 'VALIDATION_ERROR', 'mode');
      expectError(await p.post('/contacts/bulk-unsubscribe', 'not json', { 'content-type': 'application/json' }), 400, 'BAD_REQUEST');
      expect(await jobCount(id)).toBe(0);
      // 1,000 is fine.
      const max = await p.post('/contacts/bulk-delete', { contactIds: Array.from({ length: 1000 }, (_, i) => `id-${i}`) });
      expect(max.status).toBe(202);
      expect(await waitJob(p, 'bulk', max.body.jobId)).toMatchObject({ status: 'completed', totalRequested: 1000, succeeded: 0, failed: 1000 });
    });
  });

  it('a job whose process is killed mid-run is resumed from its checkpoint after the restart and completes, each row once', async () => {
    const { api: p, id } = await freshProject('Killed mid-import');
    const rows = 100_000;
    const lines = ['email,n,plan'];
    for (let i = 0; i < rows; i++) lines.push(`k${i}@killed.test,${i},p${i % 7}`);
    const res = await importCsv(p, lines.join('\n'));
    expect(res.status).toBe(202);
    // Running and part-way through: progress is reported while it runs.
    const seen: number[] = [];
    const midway = await eventually(
      async () => {
        const s = (await p.get(`/contacts/import/${res.body.jobId}`)).body;
        seen.push(s.progress);
        if (s.status === 'completed') throw new Error('the job finished before it could be interrupted; make the file larger');
        return s.status === 'running' && s.progress >= 3 ? s : undefined;
      },
      60_000,
      20,
    );
    expect(midway).toMatchObject({ totalRows: rows, progress: expect.any(Number) });
    expect(midway.progress).toBeLessThan(100);
    expect([...seen].sort((x, y) => x - y)).toEqual(seen); // never goes back

    const target = kind === 'all' ? 'all' : 'contacts';
    await t.kill(target);
    fs.writeFileSync(path.join(os.tmpdir(), `herald-contacts-jobs-${kind}-killed.log`), t.output(target));
    const [atKill] = await t.sql('SELECT status, processed FROM contacts.jobs WHERE project_id = $1 AND id = $2', [id, res.body.jobId]);
    expect(atKill.status).toBe('running'); // as the dead worker left it
    expect(atKill.processed).toBeGreaterThan(0);
    expect(atKill.processed).toBeLessThan(rows);
    await t.restart(target);

    const job = await waitJob(p, 'import', res.body.jobId, 180_000);
    expect(job).toMatchObject({ status: 'completed', progress: 100, totalRows: rows, imported: rows, updated: 0, skipped: 0, errors: [] });
    expect(Number((await t.sql('SELECT count(*) AS n FROM contacts.contacts WHERE project_id = $1', [id]))[0].n)).toBe(rows);
    const [after] = await t.sql('SELECT attempts FROM contacts.jobs WHERE project_id = $1 AND id = $2', [id, res.body.jobId]);
    expect(after.attempts).toBe(2); // claimed, killed, claimed again
    expect(await chunkCount()).toBe(0);
    // The API still answers normally afterwards.
    expect((await p.get('/contacts?search=k99999@killed.test')).body.data[0].data).toEqual({ n: 99999, plan: 'p4' });
  });
});
