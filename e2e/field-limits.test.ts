import { Api, eventually, TopologyKind } from '../libs/testing/src';
import { sharedHerald } from './support/herald';
import { importCsv, waitJob } from './support/imports';

/** The most custom fields a project holds (services/contacts/src/domain/data.ts, docs/decisions/README.md, "Hostile JSON"). */
const MAX_PROJECT_FIELDS = 2000;

/**
 * A project's custom fields are bounded, so no write can grow a field list its readers cannot
 * serve: past the limit a contact write, a track, a send's data and an import are refused with a
 * 422 (an import: failed) naming the limit, nothing half-written; values of existing fields still
 * go in; GET /contacts/fields answers for a full project; deleting a field makes room.
 */
describe.each<TopologyKind>(['all'])('custom field limit (%s)', (kind) => {
  let stop: () => Promise<void>;
  let api: Api;
  let pub: Api;
  beforeAll(async () => {
    const t = await sharedHerald(kind);
    stop = () => t.stop();
    const owner = await t.owner();
    const project = (await owner.post('/users/@me/projects', { name: 'Many fields' })).body;
    api = new Api(t.baseUrl, project.secret);
    pub = new Api(t.baseUrl, project.public);
  }, 90_000);
  afterAll(() => stop?.());

  const keys = (from: number, n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${from + i}`, i]));

  it('refuses writes that would add fields past the limit, and keeps serving the project', async () => {
    // Four contacts of 500 keys each: exactly the limit.
    for (let c = 0; c < MAX_PROJECT_FIELDS / 500; c++)
      expect((await api.post('/contacts', { email: `full${c}@limits.test`, data: keys(c * 500, 500) })).status).toBe(201);

    const fields = await api.get('/contacts/fields');
    expect(fields.status).toBe(200);
    expect(fields.body.fields.filter((f: any) => f.isCustom)).toHaveLength(MAX_PROJECT_FIELDS);

    // One field more: a contact write, a track (fast lane) and an update are each a 422 naming the limit.
    const write = await api.post('/contacts', { email: 'one-more@limits.test', data: { brandNew: 1 } });
    expect([write.status, write.body.error.errors[0]]).toEqual([
      422,
      { field: 'data', message: expect.stringContaining(String(MAX_PROJECT_FIELDS)), code: 'too_many_fields' },
    ]);
    const track = await pub.post('/v1/track', { event: 'x', email: 'tracker@limits.test', data: { alsoNew: 'v' } });
    expect([track.status, track.body.error?.errors?.[0]?.code]).toEqual([422, 'too_many_fields']);
    const existing = (await api.post('/contacts', { email: 'small@limits.test', data: { f5: 1 } })).body;
    const patch = await api.patch(`/contacts/${existing.id}`, { data: { yetAnother: true } });
    expect([patch.status, patch.body.error.errors[0].code]).toEqual([422, 'too_many_fields']);
    // Nothing of them stored.
    expect((await api.post('/contacts/lookup', { emails: ['one-more@limits.test', 'tracker@limits.test'] })).body.notFound).toEqual([
      'one-more@limits.test',
      'tracker@limits.test',
    ]);
    expect((await api.get(`/contacts/${existing.id}`)).body.data.yetAnother).toBeUndefined();

    // Values of fields the project has go in, whatever the limit.
    expect((await api.post('/contacts', { email: 'reuse@limits.test', data: { f1: 'x', f1999: 'y' } })).status).toBe(201);
    expect((await pub.post('/v1/track', { event: 'x', email: 'reuse@limits.test', data: { f2: 3 } })).status).toBe(200);

    // An import whose columns do not fit fails whole, naming why.
    const job = await importCsv(api, 'email,f3,newColumn\nimp@limits.test,1,2\n');
    expect(job.status).toBe(202);
    const done = await waitJob(api, 'import', job.body.jobId);
    expect(done.status).toBe('failed');
    expect(JSON.stringify(done)).toContain('too_many_fields');
    expect((await api.post('/contacts/lookup', { emails: ['imp@limits.test'] })).body.notFound).toEqual(['imp@limits.test']);

    // Deleting a field makes room for one.
    expect((await api.delete('/contacts/fields/data.f0')).status).toBe(200);
    await eventually(async () => (await api.post('/contacts', { email: 'room@limits.test', data: { brandNew: 1 } })).status === 201);
    expect((await api.get('/contacts/fields')).body.fields.filter((f: any) => f.isCustom)).toHaveLength(MAX_PROJECT_FIELDS);
  }, 120_000);
});
