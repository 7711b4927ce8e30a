import { eventually, TopologyKind } from '../libs/testing/src';
import { useSendingStack } from './support/sending';

/** `name{labels}` with its labels sorted by name (the exposition's order is not the same in every topology). */
function norm(key: string): string {
  const m = /^([^{]+)(?:\{(.*)\})?$/.exec(key)!;
  if (!m[2]) return m[1];
  const labels = m[2].match(/[a-zA-Z_]+="(?:[^"\\]|\\.)*"/g) ?? [];
  return `${m[1]}{${labels.sort().join(',')}}`;
}

/** A Prometheus exposition as `name{labels}` → value; lookups take the labels in any order. */
class Sample {
  private readonly values = new Map<string, number>();
  constructor(text: string) {
    for (const line of text.split('\n')) {
      if (!line || line.startsWith('#')) continue;
      const m = /^(\S+?(?:\{.*\})?) (\S+)$/.exec(line);
      if (m) this.values.set(norm(m[1]), Number(m[2]));
    }
  }
  get(key: string) {
    return this.values.get(norm(key));
  }
  has(key: string) {
    return this.values.has(norm(key));
  }
  names() {
    return [...this.values.keys()];
  }
}

/**
 * docs/operations.md's metrics answer the operator's questions in both topologies: emails sent
 * through the real SMTP sink (a 5xx, a 4xx retried; a campaign on the bulk lane) and tracks move the counters by exactly what
 * happened, on the process that owns them, and the gauges read from the database are there with
 * sane values (in split, only on their owner).
 */
describe.each<TopologyKind>(['all', 'split'])('metrics (%s)', (kind) => {
  const s = useSendingStack(kind);

  const scrape = async (target: string): Promise<Sample> => {
    const proc = s.t.procs.find((p) => p.target === (kind === 'all' ? 'all' : target))!;
    const res = await fetch(`http://127.0.0.1:${proc.httpPort}/metrics`);
    expect(res.status).toBe(200);
    return new Sample(await res.text());
  };
  const value = (m: Sample, key: string) => m.get(key) ?? 0;
  const emails = (outcome: string) => `herald_emails_total{lane="transactional",outcome="${outcome}"}`;
  const send = (to: string) => s.api.post('/v1/send', { to, from: s.from, subject: 'Metrics', body: '<p>Hi</p>' });

  it('counts emails by outcome, SMTP answers and handoff times, tracks, and exposes the sampled gauges', async () => {
    const before = await scrape('messaging');
    const eventsBefore = await scrape('events');

    // Three accepted and sent.
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await send(`m${i}-${kind}@example.com`);
      expect(r.status).toBe(200);
      ids.push(r.body.data.emails[0].email);
    }
    for (const id of ids) await s.smtp!.waitFor((m) => (m.parsed.messageId ?? '').includes(id));
    // One refused for good (5xx) and one refused for now (4xx), retried and then sent.
    s.smtp!.failNext(1, 550);
    expect((await send(`hard-${kind}@example.com`)).status).toBe(200);
    await eventually(async () => value(await scrape('messaging'), emails('failed')) - value(before, emails('failed')) === 1, 15_000);
    s.smtp!.failNext(1, 451);
    const soft = (await send(`soft-${kind}@example.com`)).body.data.emails[0].email;
    await s.smtp!.waitFor((m) => (m.parsed.messageId ?? '').includes(soft), 30_000);

    // Sent counts once the "sent" records are written (batched behind the handoff).
    const after = await eventually(async () => {
      const m = await scrape('messaging');
      return value(m, emails('sent')) - value(before, emails('sent')) === 4 ? m : undefined;
    }, 15_000);
    const moved = (key: string) => value(after!, key) - value(before, key);
    expect(moved(emails('accepted'))).toBe(5);
    expect(moved(emails('sent'))).toBe(4);
    expect(moved(emails('failed'))).toBe(1);
    expect(moved(emails('retried'))).toBe(1);
    expect(moved(`herald_emails_total{lane="bulk",outcome="accepted"}`)).toBe(0);
    expect(moved('herald_smtp_responses_total{lane="transactional",class="2xx"}')).toBe(4);
    expect(moved('herald_smtp_responses_total{lane="transactional",class="5xx"}')).toBe(1);
    expect(moved('herald_smtp_responses_total{lane="transactional",class="4xx"}')).toBe(1);
    // Six answers to six handoffs, each within the time the test took; the retried one waited its 5 s backoff.
    expect(moved('herald_email_handoff_seconds_count{lane="transactional"}')).toBe(6);
    const sum = moved('herald_email_handoff_seconds_sum{lane="transactional"}');
    expect(sum).toBeGreaterThan(4.5);
    expect(sum).toBeLessThan(6 * 60);
    expect(moved('herald_email_handoff_seconds_bucket{le="0.05",lane="transactional"}')).toBeLessThan(6);

    // The queue is empty again; its gauges are there for both lanes.
    const queue = await eventually(async () => {
      const m = await scrape('messaging');
      return m.get('herald_send_queue_depth{lane="transactional"}') === 0 ? m : undefined;
    }, 10_000);
    expect(queue!.get('herald_send_queue_depth{lane="bulk"}')).toBe(0);
    expect(queue!.get('herald_send_queue_oldest_seconds{lane="transactional"}')).toBe(0);
    expect(queue!.get('herald_send_queue_oldest_seconds{lane="bulk"}')).toBe(0);
    expect(queue!.get('herald_outbox_backlog{schema="messaging"}')).toBeGreaterThanOrEqual(0);
    expect(queue!.get('herald_outbox_oldest_seconds{schema="messaging"}')).toBeLessThan(60);

    // Tracks: one recorded, one refused (a reserved name).
    expect((await s.api.post('/v1/track', { event: 'metered', email: `t-${kind}@example.com` })).status).toBe(200);
    expect((await s.api.post('/v1/track', { event: 'email.sent', email: `t-${kind}@example.com` })).status).toBe(422);
    const events = await scrape('events');
    expect(value(events, 'herald_tracks_total{outcome="recorded"}') - value(eventsBefore, 'herald_tracks_total{outcome="recorded"}')).toBe(1);
    expect(value(events, 'herald_tracks_total{outcome="refused"}') - value(eventsBefore, 'herald_tracks_total{outcome="refused"}')).toBe(1);

    // The events consumer handled the emails' status events: its lag was observed, and short.
    const lag = await eventually(async () => {
      const m = await scrape('events');
      return value(m, 'herald_bus_event_age_seconds_count{consumer="events"}') > value(eventsBefore, 'herald_bus_event_age_seconds_count{consumer="events"}')
        ? m
        : undefined;
    }, 10_000);
    const n = value(lag!, 'herald_bus_event_age_seconds_count{consumer="events"}');
    expect(value(lag!, 'herald_bus_event_age_seconds_sum{consumer="events"}') / n).toBeLessThan(30);
    expect(lag!.get('herald_bus_dead_letters{consumer="events"}')).toBe(0);

    const campaigns = await scrape('campaigns');
    expect(campaigns.get('herald_campaign_recipients_pending')).toBe(0);
    expect(campaigns.get('herald_outbox_backlog{schema="campaigns"}')).toBeGreaterThanOrEqual(0);
    const workflows = await scrape('workflows');
    expect(workflows.get('herald_workflow_timers_due')).toBe(0);
    expect(workflows.has('herald_workflow_timer_lateness_seconds_count')).toBe(true);

    // A campaign to every subscribed contact: its emails are accepted on the bulk lane, and its
    // recipients stop being pending once it is sent.
    const bulk = (outcome: string) => `herald_emails_total{lane="bulk",outcome="${outcome}"}`;
    const beforeBulk = await scrape('messaging');
    const created = await s.api.post('/campaigns', { name: 'Metrics', subject: 'News', body: '<p>News</p>', from: s.from, audienceType: 'ALL' });
    expect(created.status).toBe(201);
    expect((await s.api.post(`/campaigns/${created.body.data.id}/send`, {})).status).toBe(200);
    await eventually(async () => (await s.api.get(`/campaigns/${created.body.data.id}`)).body.status === 'SENT', 30_000);
    const [{ n: bulkEmails }] = await s.t.sql(`SELECT count(*)::int AS n FROM messaging.emails WHERE lane = 'bulk'`);
    expect(bulkEmails).toBeGreaterThan(0);
    const afterBulk = await eventually(async () => {
      const m = await scrape('messaging');
      return value(m, bulk('sent')) - value(beforeBulk, bulk('sent')) === bulkEmails ? m : undefined;
    }, 15_000);
    expect(value(afterBulk!, bulk('accepted')) - value(beforeBulk, bulk('accepted'))).toBe(bulkEmails);
    expect(
      value(afterBulk!, 'herald_smtp_responses_total{lane="bulk",class="2xx"}') - value(beforeBulk, 'herald_smtp_responses_total{lane="bulk",class="2xx"}'),
    ).toBe(bulkEmails);
    expect(value(afterBulk!, emails('accepted')) - value(after!, emails('accepted'))).toBe(0);
    expect((await scrape('campaigns')).get('herald_campaign_recipients_pending')).toBe(0);

    if (kind === 'split') {
      // Each process exports what it owns: the gateway reads its own outbox, none of the other services' tables.
      const gateway = await scrape('gateway');
      expect(gateway.has('herald_send_queue_depth{lane="transactional"}')).toBe(false);
      expect(gateway.has('herald_campaign_recipients_pending')).toBe(false);
      expect(gateway.names().filter((k) => k.startsWith('herald_outbox_backlog'))).toEqual(['herald_outbox_backlog{schema="gateway"}']);
      expect(campaigns.has('herald_send_queue_depth{lane="transactional"}')).toBe(false);
    }
  }, 120_000);
});
