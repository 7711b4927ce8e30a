import crypto from 'node:crypto';
import { contracts, grpcClient } from '../libs/contracts/src';
import { Api, eventually, expectAppError, OWNER, session, TopologyKind } from '../libs/testing/src';
import { importCsv, waitJob } from './support/imports';
import { useSendingStack, verifyDomain } from './support/sending';

/**
 * Campaigns under stress, in both topologies, against the real SMTP sink, with the sending
 * throttle low enough (100 emails/s a project) that a send of a few hundred takes seconds: a
 * cancel mid-send, a kill -9 mid-send (the campaigns and the messaging process in split, the one
 * process in all-in-one), two projects' campaigns at once, transactional mail during a campaign.
 *
 * The documented window (docs/decisions/README.md, "Campaigns"): a kill -9 of a sender may deliver again
 * the emails it had handed to SMTP and not yet recorded — at most SEND_CONCURRENCY a lane.
 */
const SEND_CONCURRENCY = 16;

describe.each<TopologyKind>(['all', 'split'])('campaigns under stress (%s)', (kind) => {
  // Hundreds of campaign mails from new domains: warm-up (tested in warmup.test.ts) off, as for an established sender.
  const s = useSendingStack(kind, { env: { SEND_RATE_PER_SECOND: '100', CAMPAIGN_WINDOW: '50', CAMPAIGN_DISPATCH_PAGE: '25', WARMUP_NEW_DOMAINS: 'false' } });
  let n = 0;
  const tag = () => `r${++n}${kind}`;

  const received = (domain: string) => s.smtp!.messages.filter((m) => m.envelope.to[0]?.endsWith(`@${domain}`)).map((m) => m.envelope.to[0]);
  const distinct = (list: string[]) => new Set(list).size;

  /** `count` subscribed contacts `n<i>@<domain>`, in one CSV import (a request each would hit the rate limit). */
  async function seed(api: Api, domain: string, count: number) {
    const res = await importCsv(api, ['email,subscribed,i', ...Array.from({ length: count }, (_, i) => `n${i}@${domain},true,${i}`)].join('\n'));
    expect(res.status).toBe(202);
    expect(await waitJob(api, 'import', res.body.jobId, 30_000, 250)).toMatchObject({ status: 'completed', imported: count });
  }

  async function campaignTo(api: Api, domain: string, from = s.from) {
    const r = await api.post('/campaigns', {
      name: `To ${domain}`,
      subject: 'Number {{data.i}}',
      body: '<p>{{email}}</p>',
      from,
      audienceType: 'FILTERED',
      audienceFilter: { logic: 'AND', groups: [{ filters: [{ field: 'email', operator: 'contains', value: `@${domain}` }] }] },
    });
    expect(r.status).toBe(201);
    return r.body.data.id as string;
  }

  const status = async (api: Api, id: string) => (await api.get(`/campaigns/${id}`)).body;
  const sentCampaign = (api: Api, id: string, timeoutMs = 60_000) =>
    eventually(
      async () => {
        const c = await status(api, id);
        return c.status === 'SENT' ? c : undefined;
      },
      timeoutMs,
      500,
    );

  it('cancel stops a running send: nothing of it leaves after the answer, and the stats count what left', async () => {
    const domain = `${tag()}.test`;
    await seed(s.api, domain, 300);
    const id = await campaignTo(s.api, domain);
    await s.api.post(`/campaigns/${id}/send`, {});
    await eventually(async () => received(domain).length >= 20, 30_000, 20);
    const cancelled = await s.api.post(`/campaigns/${id}/cancel`);
    expect(cancelled.body.status).toBe('CANCELLED');
    const atAnswer = received(domain).length;
    expect(atAnswer).toBeLessThan(300);
    await new Promise((r) => setTimeout(r, 2000));
    expect(received(domain).length).toBe(atAnswer);
    expect(distinct(received(domain))).toBe(atAnswer);
    await eventually(async () => (await s.api.get(`/campaigns/${id}/stats`)).body.sentCount === atAnswer, 10_000, 250);
    expect((await status(s.api, id)).status).toBe('CANCELLED');
  });

  it('a kill -9 of the campaigns process mid-send: after a restart every recipient gets exactly one email', async () => {
    const target = kind === 'all' ? 'all' : 'campaigns';
    const domain = `${tag()}.test`;
    await seed(s.api, domain, 300);
    const id = await campaignTo(s.api, domain);
    await s.api.post(`/campaigns/${id}/send`, {});
    await eventually(async () => received(domain).length >= 30, 30_000, 20);
    await s.t.kill(target);
    await s.t.restart(target);
    const done = await sentCampaign(s.api, id);
    expect(done.totalRecipients).toBe(300);
    await eventually(async () => distinct(received(domain)) === 300, 20_000);
    const duplicates = received(domain).length - 300;
    // Campaigns dying loses nothing and doubles nothing (messaging makes one email per contact);
    // all-in-one's kill takes the senders down too: at most the documented window, again.
    if (kind === 'split') expect(duplicates).toBe(0);
    else expect(duplicates).toBeLessThanOrEqual(SEND_CONCURRENCY);
    await eventually(async () => (await s.api.get(`/campaigns/${id}/stats`)).body.sentCount === 300, 10_000, 250);
  });

  if (kind === 'split') {
    it('a kill -9 of the messaging process mid-send: after a restart every recipient is reached, again at most the documented window', async () => {
      const domain = `${tag()}.test`;
      await seed(s.api, domain, 300);
      const id = await campaignTo(s.api, domain);
      await s.api.post(`/campaigns/${id}/send`, {});
      await eventually(async () => received(domain).length >= 30, 30_000, 20);
      await s.t.kill('messaging');
      await s.t.restart('messaging');
      await sentCampaign(s.api, id, 90_000);
      await eventually(async () => distinct(received(domain)) === 300, 20_000);
      expect(received(domain).length - 300).toBeLessThanOrEqual(SEND_CONCURRENCY);
      await eventually(async () => (await s.api.get(`/campaigns/${id}/stats`)).body.sentCount === 300, 10_000, 250);
    });
  }

  if (kind === 'split') {
    it('messaging makes at most one email per campaign and contact, whatever page comes again, and none once the campaign is cancelled', async () => {
      const domain = `${tag()}.test`;
      await seed(s.api, domain, 3);
      const ids = (await s.api.get(`/contacts?search=@${domain}&limit=10`)).body.data
        .sort((a: any, b: any) => a.email.localeCompare(b.email))
        .map((c: any) => c.id);
      const env = s.t.procs.find((p) => p.target === 'gateway')!.env;
      const messaging = grpcClient(contracts.messaging.definition(), contracts.messaging.fullName, env.MESSAGING_ADDR!, {
        deadlineMs: 10_000,
        internalToken: env.INTERNAL_TOKEN!,
      });
      const as = { projectId: s.t.projectId };
      const content = {
        campaign_id: crypto.randomUUID(),
        subject: 'Direct',
        body: '<p>{{email}}</p>',
        from: s.from,
        from_name: '',
        reply_to: '',
        template_id: '',
        tracking: 'ENABLED',
      };
      try {
        // A page without the body, before any brought it: refused.
        expect((await expectAppError(messaging.EnqueueCampaign({ content: { ...content, body: '' }, contact_ids: ids }, as))).status).toBe(409);
        expect(await messaging.EnqueueCampaign({ content, contact_ids: ids.slice(0, 2) }, as)).toMatchObject({
          created: 2,
          existing: 0,
          skipped: 0,
          cancelled: false,
        });
        // The same page again, with one contact unsubscribed since and an id of no contact: nothing new.
        await s.api.patch(`/contacts/${ids[0]}`, { subscribed: false });
        expect(
          await messaging.EnqueueCampaign({ content: { ...content, body: '' }, contact_ids: [...ids.slice(0, 2), crypto.randomUUID()] }, as),
        ).toMatchObject({ created: 0, existing: 2, skipped: 1 });
        await eventually(async () => distinct(received(domain)) === 2, 10_000);
        expect(await messaging.CancelCampaign({ campaign_id: content.campaign_id }, as)).toMatchObject({ in_flight: 0 });
        // After the cancel, a late page creates nothing.
        expect(await messaging.EnqueueCampaign({ content: { ...content, body: '' }, contact_ids: ids }, as)).toMatchObject({ created: 0, cancelled: true });
        await new Promise((r) => setTimeout(r, 1000));
        expect(received(domain).sort()).toEqual([`n0@${domain}`, `n1@${domain}`]);
      } finally {
        messaging.close();
      }
    });
  }

  it('two projects at once: a small campaign is not starved by a big one, and transactional mail flows during both', async () => {
    const big = `${tag()}.test`;
    const small = `${tag()}.test`;
    const owner = await session(s.t.baseUrl, OWNER.email, OWNER.password);
    const other = await owner.post('/users/@me/projects', { name: `Second sender ${kind}` });
    const two = new Api(s.t.baseUrl, other.body.secret);
    const twoDomain = `two-${s.domain}`;
    await verifyDomain(two, s.dns, twoDomain);

    await seed(s.api, big, 600);
    await seed(two, small, 10);
    const bigId = await campaignTo(s.api, big);
    const smallId = await campaignTo(two, small, `hello@${twoDomain}`);
    await s.api.post(`/campaigns/${bigId}/send`, {});
    await eventually(async () => received(big).length >= 20, 30_000, 20);
    await two.post(`/campaigns/${smallId}/send`, {});

    // Transactional mail of the busy project, while its campaign sends.
    const tx = await s.api.post('/v1/send', { to: `urgent@${big}`, from: s.from, subject: 'Your code', body: '1234' });
    expect(tx.status).toBe(200);
    await s.smtp!.waitFor((m) => m.envelope.to[0] === `urgent@${big}`);
    expect((await status(s.api, bigId)).status).toBe('SENDING');

    // The small campaign completes early in the big one: it waited behind at most the big
    // project's window (50) in the bulk queue, not behind the whole of it (first come, first served).
    const bigAtStart = received(big).length;
    await eventually(async () => distinct(received(small)) === 10, 30_000, 20);
    expect(received(big).length - bigAtStart).toBeLessThan(250);
    await sentCampaign(two, smallId, 30_000);
    expect((await status(s.api, bigId)).status).toBe('SENDING');

    await sentCampaign(s.api, bigId, 90_000);
    expect(distinct(received(big).filter((a) => !a.startsWith('urgent@')))).toBe(600);
  });
});
