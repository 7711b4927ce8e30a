import { Api, ReceivedMail, TopologyKind } from '../libs/testing/src';
import { useSendingStack } from './support/sending';

/** Templates written with the email editor's blocks (a design compiled to the body with MJML), in both topologies. */
describe.each<TopologyKind>(['all', 'split'])('template designs (%s)', (kind) => {
  const s = useSendingStack(kind, { shared: true });
  let api: Api;
  let FROM: string;

  const design = {
    blocks: [
      {
        type: 'section',
        id: 's1',
        columns: [
          { blocks: [{ type: 'text', id: 't1', html: '<p>Hi <b>{{firstName ?? "friend"}}</b>, welcome aboard.</p>' }] },
          { blocks: [{ type: 'image', id: 'i1', src: 'https://cdn.example.org/hero.png', alt: 'Hero' }] },
        ],
      },
      { type: 'button', id: 'b1', label: 'Open your account', href: 'https://app.example.org/account', color: '#0f766e' },
      { type: 'divider', id: 'd1' },
      { type: 'footer', id: 'f1', text: 'Example Ltd, 1 Main Street' },
    ],
  };

  beforeAll(() => {
    ({ api, from: FROM } = s);
  });

  it('creates a template from a design: GET returns the design and the compiled body, a send delivers that HTML', async () => {
    const created = await api.post('/templates', { name: 'Designed', subject: 'Hello {{firstName ?? "there"}}', type: 'MARKETING', from: FROM, design });
    expect(created.status).toBe(201);
    expect(created.body.design).toMatchObject({
      version: 1,
      blocks: [{ type: 'section' }, { type: 'button', color: '#0f766e' }, { type: 'divider' }, { type: 'footer' }],
    });
    expect(created.body.body).toMatch(/^<!doctype html>/i);
    expect(created.body.body).toContain('{{firstName ?? "friend"}}');
    expect(created.body.body).toContain('href="{{unsubscribeUrl}}"');

    const got = await api.get(`/templates/${created.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body.design).toEqual(created.body.design);
    expect(got.body.body).toBe(created.body.body);

    const to = `designed-${kind}@example.org`;
    const sent = await api.post('/v1/send', { to, template: created.body.id, data: { firstName: 'Ada' } });
    expect(sent.status).toBe(200);
    const mail = await s.smtp!.waitFor((m: ReceivedMail) => m.envelope.to[0] === to);
    expect(mail.parsed.subject).toBe('Hello Ada');
    const html = String(mail.parsed.html);
    expect(html).toContain('<b>Ada</b>');
    expect(html).toContain('https://cdn.example.org/hero.png');
    expect(html).toContain('Open your account');
    expect(html).toMatch(/mj-column-per-50/); // the two columns of the section, stacked on a phone
    // The footer's link is the contact's own unsubscribe page.
    const unsubscribe = /<a href="([^"]+)"[^>]*>Unsubscribe<\/a>/.exec(html);
    expect(unsubscribe?.[1]).toMatch(/^https?:\/\/.+/);
    expect(mail.parsed.text).toContain('Hi Ada, welcome aboard.');
  });

  it('recompiles on update with a design, keeps it over other fields, and drops it when a body is written', async () => {
    const t = (await api.post('/templates', { name: 'Updated', subject: 'S', type: 'TRANSACTIONAL', design })).body;
    const next = { blocks: [{ type: 'text', id: 'x', html: '<p>Second version</p>' }] };
    const patched = await api.patch(`/templates/${t.id}`, { design: next });
    expect(patched.status).toBe(200);
    expect(patched.body.design.blocks).toEqual([{ type: 'text', id: 'x', html: '<p>Second version</p>' }]);
    expect(patched.body.body).toContain('Second version');
    expect(patched.body.body).not.toContain('Open your account');

    const renamed = await api.patch(`/templates/${t.id}`, { name: 'Renamed' });
    expect(renamed.body.design).toEqual(patched.body.design);

    const html = await api.patch(`/templates/${t.id}`, { body: '<p>By hand</p>' });
    expect(html.status).toBe(200);
    expect(html.body).toMatchObject({ body: '<p>By hand</p>', design: null });

    const copy = await api.post(`/templates/${patched.body.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.template.design).toBeNull();
  });

  it('refuses a design that is not valid with 422 naming the field path', async () => {
    const bad = {
      blocks: [{ type: 'section', id: 's', columns: [{ blocks: [{ type: 'button', id: 'b', label: 'Go', href: 'javascript:alert(1)' }] }] }],
    };
    const r = await api.post('/templates', { name: 'Bad', subject: 'S', type: 'TRANSACTIONAL', design: bad });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
    expect(r.body.error.errors.map((e: { field: string }) => e.field)).toEqual(['design.blocks.0.columns.0.blocks.0.href']);

    const none = await api.post('/templates', { name: 'Nothing', subject: 'S', type: 'TRANSACTIONAL' });
    expect(none.status).toBe(422);
    expect(none.body.error.errors[0].field).toBe('body');
  });

  it('previews a design: the compiled HTML rendered with the sample data, and its text part', async () => {
    const r = await api.post('/templates/preview', { subject: 'Hi {{firstName}}', design, data: { firstName: 'Grace' } });
    expect(r.status).toBe(200);
    expect(r.body.errors).toEqual([]);
    expect(r.body.subject).toBe('Hi Grace');
    expect(r.body.html).toContain('<b>Grace</b>');
    expect(r.body.text).toContain('Hi Grace, welcome aboard.');
    expect(r.body.text).toContain('Open your account [https://app.example.org/account]');
  });
});
