import crypto from 'node:crypto';
import Plunk from '@plunk/node';
import { TokenError } from '@plunk/node/dist/errors/TokenError';
import { PlunkError } from '@plunk/node/dist/errors/PlunkError';
import { Api, eventually, Topology, TopologyKind } from '../libs/testing/src';
import { sharedHerald } from './support/herald';

/** The official Plunk Node SDK (v3) works against Herald unchanged (docs/compatibility.md), with only baseUrl pointed at it. */

describe.each<TopologyKind>(['all'])('@plunk/node SDK (%s)', (kind) => {
  let t: Topology;
  let api: Api;
  beforeAll(async () => {
    t = await sharedHerald(kind);
    api = new Api(t.baseUrl, t.keys.secret);
  }, 60_000);
  afterAll(() => t?.stop());

  const sdk = (key: string) => new Plunk(key, { baseUrl: `${t.baseUrl}/v1/` });

  it('events.track with the public key resolves { success: true, data } and the event is stored', async () => {
    const email = `sdk-${crypto.randomBytes(4).toString('hex')}@plunk.test`;
    const res: any = await sdk(t.keys.public).events.track({ event: 'sdk-signup', email, data: { plan: 'pro', source: { value: 'ad', persistent: false } } });
    expect(res).toEqual({ success: true, data: { contact: expect.any(String), event: expect.any(String), timestamp: expect.any(String) } });

    const listed = await api.get('/events?eventName=sdk-signup');
    expect(listed.body.events).toEqual([
      {
        id: res.data.event,
        name: 'sdk-signup',
        data: { plan: 'pro', source: 'ad' },
        contactId: res.data.contact,
        contact: { email },
        createdAt: expect.any(String),
      },
    ]);
    const contact = await api.get(`/contacts/${res.data.contact}`);
    expect(contact.body).toMatchObject({ email, subscribed: true, data: { plan: 'pro' } });
    expect(contact.body.data.source).toBeUndefined();
    await eventually(async () => (await api.get(`/events/contact/${res.data.contact}`)).body.events.some((e: any) => e.name === 'contact.subscribed'));
  });

  it('events.track works with the secret key and honours subscribed', async () => {
    const email = `sdk-secret-${crypto.randomBytes(4).toString('hex')}@plunk.test`;
    const res: any = await sdk(t.keys.secret).events.track({ event: 'sdk-secret', email, subscribed: false });
    expect(res.success).toBe(true);
    expect((await api.get(`/contacts/${res.data.contact}`)).body.subscribed).toBe(false);
    expect((await api.get('/events/sdk-secret/usage')).body.totalCount).toBe(1);
  });

  it('a bad or unknown key makes the SDK throw its TokenError (401)', async () => {
    await expect(sdk('pk_not-a-real-key').events.track({ event: 'x', email: 'bad@plunk.test' })).rejects.toBeInstanceOf(TokenError);
    await expect(sdk(`pk_${crypto.randomBytes(32).toString('hex')}`).events.track({ event: 'x', email: 'bad@plunk.test' })).rejects.toBeInstanceOf(TokenError);
    expect((await api.post('/contacts/lookup', { emails: ['bad@plunk.test'] })).body.notFound).toEqual(['bad@plunk.test']);
  });

  it('a reserved event name makes the SDK reject (422), recording nothing', async () => {
    const err = await sdk(t.keys.public)
      .events.track({ event: 'email.sent', email: 'reserved@plunk.test' })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(TokenError);
    expect(err).not.toBeInstanceOf(PlunkError);
    expect((await api.post('/contacts/lookup', { emails: ['reserved@plunk.test'] })).body.notFound).toEqual(['reserved@plunk.test']);
  });
});
