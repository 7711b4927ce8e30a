import { Api, ReceivedMail, TopologyKind } from '../libs/testing/src';
import { useSendingStack } from './support/sending';

/** Templates, in Plunk's shapes, in both topologies. */
describe.each<TopologyKind>(['all'])('templates (%s)', (kind) => {
  const s = useSendingStack(kind, { shared: true });
  let api: Api;
  let FROM: string;
  const MISSING = '0190f5a2-7b1c-7d3e-8f00-000000000000';

  const create = (over: Record<string, unknown> = {}) =>
    api.post('/templates', { name: 'Welcome', subject: 'Welcome {{name ?? "friend"}}', body: '<p>Hi {{name}}</p>', type: 'TRANSACTIONAL', ...over });

  beforeAll(() => {
    ({ api, from: FROM } = s);
  });

  it("creates a template (201) with Plunk's shape", async () => {
    const r = await create({ name: 'Shape', description: 'the first one', from: FROM.toUpperCase(), fromName: 'Herald', replyTo: 'replies@example.org' });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Shape',
      description: 'the first one',
      subject: 'Welcome {{name ?? "friend"}}',
      body: '<p>Hi {{name}}</p>',
      from: FROM,
      fromName: 'Herald',
      replyTo: 'replies@example.org',
      type: 'TRANSACTIONAL',
      design: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(new Date(r.body.createdAt).toISOString()).toBe(r.body.createdAt);

    const minimal = await create({ name: 'Minimal', type: 'MARKETING' });
    expect(minimal.status).toBe(201);
    expect(minimal.body).toMatchObject({ type: 'MARKETING', from: null, fromName: null, replyTo: null });
  });

  it('refuses missing required fields and a bad type with 422 per field', async () => {
    const r = await api.post('/templates', { body: 'x', type: 'NEWSLETTER' });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
    const fields = r.body.error.errors.map((e: any) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'subject', 'type']));
  });

  it('refuses a body that does not compile with 422 on body and the line and column', async () => {
    const r = await create({ body: 'line one\nline two\n   {{/if}}' });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
    expect(r.body.error.errors).toHaveLength(1);
    expect(r.body.error.errors[0].field).toBe('body');
    expect(r.body.error.errors[0].message).toMatch(/line 3, column 4/);

    const subject = await create({ subject: 'Hi {{#if x}}' });
    expect(subject.status).toBe(422);
    expect(subject.body.error.errors[0].field).toBe('subject');
    expect(subject.body.error.errors[0].message).toMatch(/line 1, column \d+/);
  });

  it('refuses a from address on an unverified domain with 403 DOMAIN_NOT_VERIFIED', async () => {
    const r = await create({ from: 'news@unverified.herald-test.example' });
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ code: 'DOMAIN_NOT_VERIFIED', errors: [{ field: 'from' }] });
    const invalid = await create({ from: 'not-an-email' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.errors[0].field).toBe('from');
  });

  it('lists page by page with total and totalPages, and filters by search and type', async () => {
    const tag = `Lister-${kind}`;
    for (let i = 1; i <= 5; i++) {
      const r = await create({ name: `${tag} ${i}`, type: i <= 2 ? 'MARKETING' : 'TRANSACTIONAL' });
      expect(r.status).toBe(201);
    }
    const page1 = await api.get(`/templates?search=${encodeURIComponent(tag.toLowerCase())}&page=1&pageSize=2`);
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 5, page: 1, pageSize: 2, totalPages: 3 });
    expect(page1.body.data).toHaveLength(2);
    const page3 = await api.get(`/templates?search=${encodeURIComponent(tag)}&page=3&pageSize=2`);
    expect(page3.body).toMatchObject({ total: 5, page: 3, pageSize: 2, totalPages: 3 });
    expect(page3.body.data).toHaveLength(1);
    const page2 = await api.get(`/templates?search=${encodeURIComponent(tag)}&page=2&pageSize=2`);
    const names = [...page1.body.data, ...page2.body.data, ...page3.body.data].map((x: any) => x.name);
    expect(new Set(names)).toEqual(new Set([1, 2, 3, 4, 5].map((i) => `${tag} ${i}`)));
    // Each item has the template shape.
    expect(page1.body.data[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), subject: expect.any(String), body: expect.any(String), type: expect.any(String) }),
    );

    const marketing = await api.get(`/templates?search=${encodeURIComponent(tag)}&type=MARKETING`);
    expect(marketing.body.total).toBe(2);
    expect(marketing.body.data.map((x: any) => x.type)).toEqual(['MARKETING', 'MARKETING']);
    const transactional = await api.get(`/templates?search=${encodeURIComponent(tag)}&type=TRANSACTIONAL`);
    expect(transactional.body.total).toBe(3);

    const none = await api.get('/templates?search=no-such-template-name-anywhere');
    expect(none.body).toMatchObject({ data: [], total: 0 });

    const all = await api.get('/templates?pageSize=100');
    expect(all.body.total).toBeGreaterThanOrEqual(5);
    expect(all.body.data.length).toBe(all.body.total);
  });

  it('gets, partially updates and deletes a template (204, then 404 TEMPLATE_NOT_FOUND)', async () => {
    const created = await create({ name: 'Patchable', from: FROM, fromName: 'Before', replyTo: 'r@example.org' });
    const id = created.body.id;
    const got = await api.get(`/templates/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);

    const patched = await api.patch(`/templates/${id}`, { subject: 'New subject {{plan}}' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      id,
      name: 'Patchable',
      subject: 'New subject {{plan}}',
      body: created.body.body,
      type: 'TRANSACTIONAL',
      from: FROM,
      fromName: 'Before',
      replyTo: 'r@example.org',
      createdAt: created.body.createdAt,
    });
    expect(new Date(patched.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(created.body.updatedAt).getTime());
    expect((await api.get(`/templates/${id}`)).body.subject).toBe('New subject {{plan}}');

    // Clearing the sender with null, changing the type.
    const cleared = await api.patch(`/templates/${id}`, { from: null, type: 'MARKETING' });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ from: null, type: 'MARKETING', subject: 'New subject {{plan}}', fromName: 'Before' });

    // A patch is checked like a create.
    const badBody = await api.patch(`/templates/${id}`, { body: '{{#each}}' });
    expect(badBody.status).toBe(422);
    expect(badBody.body.error.errors[0].field).toBe('body');
    const badFrom = await api.patch(`/templates/${id}`, { from: 'x@unverified.herald-test.example' });
    expect(badFrom.status).toBe(403);
    expect(badFrom.body.error.code).toBe('DOMAIN_NOT_VERIFIED');
    expect((await api.get(`/templates/${id}`)).body.from).toBeNull();

    const del = await api.delete(`/templates/${id}`);
    expect(del.status).toBe(204);
    const after = await api.get(`/templates/${id}`);
    expect(after.status).toBe(404);
    expect(after.body.error.code).toBe('TEMPLATE_NOT_FOUND');
    expect((await api.delete(`/templates/${id}`)).status).toBe(404);
    expect((await api.patch(`/templates/${id}`, { name: 'x' })).status).toBe(404);
    // An unknown template comes before a bad body; a bad field of a known one is named.
    const ghost = await api.patch(`/templates/${id}`, { type: 'NOPE' });
    expect([ghost.status, ghost.body.error.code]).toEqual([404, 'TEMPLATE_NOT_FOUND']);
    const live = (await create({ name: 'Live' })).body.id;
    const badType = await api.patch(`/templates/${live}`, { type: 'NOPE', fromName: 7 });
    expect([badType.status, badType.body.error.errors.map((e: any) => e.field)]).toEqual([422, ['type', 'fromName']]);
  });

  it('duplicates a template (201, "<name> (Copy)", same content, new id)', async () => {
    const original = await create({ name: 'Original', from: FROM, fromName: 'Dup', replyTo: 'dup@example.org', type: 'MARKETING' });
    const dup = await api.post(`/templates/${original.body.id}/duplicate`);
    expect(dup.status).toBe(201);
    expect(dup.body.id).toEqual(expect.any(String));
    expect(dup.body.id).not.toBe(original.body.id);
    const copy = await api.get(`/templates/${dup.body.id}`);
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({
      name: 'Original (Copy)',
      subject: original.body.subject,
      body: original.body.body,
      type: 'MARKETING',
      from: FROM,
      fromName: 'Dup',
      replyTo: 'dup@example.org',
    });
    // The original is untouched.
    expect((await api.get(`/templates/${original.body.id}`)).body.name).toBe('Original');
    expect((await api.post(`/templates/${MISSING}/duplicate`)).status).toBe(404);
  });

  it('reports usage as { campaigns, workflowSteps }', async () => {
    const tpl = await create({ name: 'Used' });
    const usage = await api.get(`/templates/${tpl.body.id}/usage`);
    expect(usage.status).toBe(200);
    expect(usage.body).toEqual({ campaigns: [], workflowSteps: [] });
    const missing = await api.get(`/templates/${MISSING}/usage`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('TEMPLATE_NOT_FOUND');
  });

  it('renders a preview as a send would, naming what does not compile', async () => {
    const r = await api.post('/templates/preview', {
      subject: 'Hi {{name ?? "friend"}} & co',
      body: '<p>{{name}} on {{data.plan}}: {{html}} {{{html}}}</p><a href="{{unsubscribeUrl}}">x</a>',
      data: { name: 'Ada', plan: 'pro', html: '<b>b</b>' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      subject: 'Hi Ada & co',
      html: expect.stringContaining('<p>Ada on pro: &lt;b&gt;b&lt;/b&gt; <b>b</b></p>'),
      text: 'Ada on pro: <b>b</b> b\n\nx\n',
      errors: [],
    });
    expect((await api.post('/templates/preview', { subject: 'Hi {{name ?? "friend"}}' })).body).toEqual({
      subject: 'Hi friend',
      html: '',
      text: '',
      errors: [],
    });
    const broken = await api.post('/templates/preview', { subject: 'ok', body: 'line one\n  {{/if}} {{name}}', data: { name: 'Ada' } });
    expect(broken.status).toBe(200);
    expect(broken.body.errors).toEqual([{ field: 'body', message: expect.stringMatching(/line 2, column 3/) }]);
    expect(broken.body.html).toContain('Ada');
    expect((await api.post('/templates/preview', { data: 'nope' })).status).toBe(422);
    // A preview renders in the gateway: its input stays small.
    const big = await api.post('/templates/preview', { body: 'x'.repeat(256 * 1024 + 1) });
    expect({ status: big.status, field: big.body.error.errors[0].field }).toEqual({ status: 422, field: 'body' });
    const bigData = await api.post('/templates/preview', { body: '{{a}}', data: { a: 'y'.repeat(64 * 1024) } });
    expect({ status: bigData.status, field: bigData.body.error.errors[0].field }).toEqual({ status: 422, field: 'data' });
    // Loops have a work budget: three nested over 20,000 items (8·10^12 runs) end with the body named, and the gateway answers on.
    const loops = await api.post('/templates/preview', {
      body: '<p>{{name}}</p>{{#each a}}{{#each ../a}}{{#each ../../a}}x{{/each}}{{/each}}{{/each}}',
      data: { name: 'Ada', a: Array.from({ length: 20_000 }, () => 1) },
    });
    expect(loops.status).toBe(200);
    expect(loops.body.errors).toEqual([{ field: 'body', message: expect.stringContaining('too many loop runs') }]);
    expect(loops.body.html.startsWith('<p>Ada</p>')).toBe(true);
    expect((await api.post('/templates/preview', { subject: 'still {{name}}', data: { name: 'here' } })).body.subject).toBe('still here');
  });

  it('sends a test of a template: one email with the sample data, marked, the data not stored', async () => {
    const tpl = await create({
      name: 'Testable',
      from: FROM,
      fromName: 'Herald Tests',
      subject: 'Hello {{name ?? "friend"}}',
      body: '<p>Your plan: {{plan}}</p>',
    });
    const to = `template-test-${kind}@example.org`;
    const r = await api.post(`/templates/${tpl.body.id}/test`, { email: to.toUpperCase(), data: { name: 'Ada', plan: 'pro' } });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, data: { email: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    const mail = await s.smtp!.waitFor((m: ReceivedMail) => m.envelope.to[0] === to);
    expect(mail.parsed.subject).toBe('[TEST] Hello Ada');
    expect(mail.parsed.html).toContain('Your plan: pro');
    expect(mail.parsed.from?.value[0]).toMatchObject({ address: FROM, name: 'Herald Tests' });
    expect(mail.parsed.headers.get('x-herald-test')).toBe('true');
    expect(mail.parsed.messageId).toContain(r.body.data.email);
    // The sample values filled this email only: the contact keeps none of them.
    const contact = (await api.get(`/contacts?search=${encodeURIComponent(to)}`)).body.data[0];
    expect(contact.email).toBe(to);
    expect(contact.data).not.toHaveProperty('plan');
    expect(contact.data).not.toHaveProperty('name');

    // Without data the fallbacks apply.
    const plain = await api.post(`/templates/${tpl.body.id}/test`, { email: `plain-${to}` });
    expect(plain.status).toBe(200);
    expect((await s.smtp!.waitFor((m: ReceivedMail) => m.envelope.to[0] === `plain-${to}`)).parsed.subject).toBe('[TEST] Hello friend');
  });

  it('refuses a test without a sender, from an unverified domain, to a bad address or of a missing template', async () => {
    const noFrom = await create({ name: 'No sender' });
    const r = await api.post(`/templates/${noFrom.body.id}/test`, { email: 'me@example.org' });
    expect(r.status).toBe(422);
    expect(r.body.error.errors[0].field).toBe('from');

    // A template whose sender domain is no longer (here: never was) verified.
    const tpl = await create({ name: 'Stale sender', from: FROM });
    await s.t.sql(`UPDATE messaging.templates SET from_email = $2 WHERE id = $1`, [tpl.body.id, 'news@unverified.herald-test.example']);
    const unverified = await api.post(`/templates/${tpl.body.id}/test`, { email: 'me@example.org' });
    expect(unverified.status).toBe(403);
    expect(unverified.body.error.code).toBe('DOMAIN_NOT_VERIFIED');

    const bad = await api.post(`/templates/${tpl.body.id}/test`, { email: 'not an email' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.errors[0].field).toBe('email');
    for (const id of [MISSING, 'not-a-uuid']) {
      const missing = await api.post(`/templates/${id}/test`, { email: 'me@example.org' });
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('TEMPLATE_NOT_FOUND');
    }
  });

  it("keeps projects apart: another project's key gets 404 and does not list it", async () => {
    const tpl = await create({ name: `Private-${kind}`, from: FROM });
    const owner = await s.t.owner();
    const project = await owner.post('/users/@me/projects', { name: `Other ${kind}` });
    expect(project.status).toBe(201);
    const other = new Api(s.t.baseUrl, project.body.secret);

    for (const r of [
      await other.get(`/templates/${tpl.body.id}`),
      await other.patch(`/templates/${tpl.body.id}`, { name: 'stolen' }),
      await other.delete(`/templates/${tpl.body.id}`),
      await other.post(`/templates/${tpl.body.id}/duplicate`),
      await other.get(`/templates/${tpl.body.id}/usage`),
    ]) {
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('TEMPLATE_NOT_FOUND');
    }
    const list = await other.get('/templates');
    expect(list.body).toMatchObject({ data: [], total: 0 });
    const send = await other.post('/v1/send', { to: 'x@example.org', template: tpl.body.id });
    expect(send.status).toBe(404);
    expect(send.body.error.code).toBe('TEMPLATE_NOT_FOUND');
    // The verified domain belongs to the first project: the other one cannot use it as a sender.
    const foreignFrom = await other.post('/templates', { name: 'x', subject: 's', body: 'b', type: 'TRANSACTIONAL', from: FROM });
    expect(foreignFrom.status).toBe(403);
    expect(foreignFrom.body.error.code).toBe('DOMAIN_NOT_VERIFIED');

    const still = await api.get(`/templates/${tpl.body.id}`);
    expect(still.status).toBe(200);
    expect(still.body.name).toBe(`Private-${kind}`);
  });

  it('answers 404 (not 500) for ids that are not UUIDs', async () => {
    for (const r of [
      await api.get('/templates/not-a-uuid'),
      await api.patch('/templates/not-a-uuid', { name: 'x' }),
      await api.delete('/templates/not-a-uuid'),
      await api.post('/templates/not-a-uuid/duplicate'),
      await api.get('/templates/not-a-uuid/usage'),
      await api.get(`/templates/${MISSING}`),
    ]) {
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('TEMPLATE_NOT_FOUND');
    }
    const send = await api.post('/v1/send', { to: 'x@example.org', template: 'not-a-uuid' });
    expect(send.status).toBe(404);
    expect(send.body.error.code).toBe('TEMPLATE_NOT_FOUND');
  });
});
