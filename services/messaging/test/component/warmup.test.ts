import { RateLimiterMemory } from 'rate-limiter-flexible';
import { Db, migrate } from '../../../../libs/db/src';
import { newId } from '../../../../libs/kit/src';
import { migrationsOf } from '../../../../libs/runtime/src';
import { scratchDatabase, ScratchDatabase } from '../../../../libs/testing/src';
import { Warmup } from '../../src/adapters/warmup';
import { SCHEMA } from '../../src/migrations';
import { messaging } from '../../src/service';

/**
 * The warm-up's store against PostgreSQL: plans made on first use, each provider's cap counted per
 * hour, and the daily steps — grown on a healthy day, held back with the reason on an unhealthy
 * one. A time scale of 86,400 makes a day last a second.
 */
let scratch: ScratchDatabase;
let db: Db;
const SCALE = 86_400;

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 4 });
  db = scratch.db;
  await migrate(db, SCHEMA, migrationsOf(messaging));
});
afterAll(() => scratch?.drop());

const store = (newDomains = true) => new Warmup(db, new RateLimiterMemory({ points: 1e9, duration: 3600 }), { newDomains, scale: SCALE });

/** An email the domain sent to `provider` a moment ago, deferred or complained as told. */
async function sent(projectId: string, domain: string, provider: string, opts: { deferrals?: number; complained?: boolean } = {}) {
  await db.query(
    `INSERT INTO messaging.emails (project_id, id, contact_id, to_email, from_email, subject, body, type, status, status_rank, sent_at, provider, deferrals, complained_at)
     VALUES ($1, $2, $3, 'r@example.org', $4, 's', 'b', 'MARKETING', 'sent', 1, now(), $5, $6, $7)`,
    [projectId, newId(), newId(), `news@${domain}`, provider, opts.deferrals ?? 0, opts.complained ? new Date() : null],
  );
}

/** A campaign's email from the domain, to `provider` (null: not routed yet), as it is now. */
async function campaignEmail(projectId: string, campaignId: string, domain: string, provider: string | null, status: string, heldBy: string | null = null) {
  await db.query(
    `INSERT INTO messaging.emails (project_id, id, contact_id, to_email, from_email, subject, body, type, status, status_rank, provider, held_by, campaign_id, sent_at)
     VALUES ($1, $2, $3, 'r@example.org', $4, 's', 'b', 'MARKETING', $5, $6, $7, $8, $9, $10)`,
    [
      projectId,
      newId(),
      newId(),
      `news@${domain}`,
      status,
      { queued: 0, sending: 1, sent: 3 }[status],
      provider,
      heldBy,
      campaignId,
      status === 'sent' ? new Date() : null,
    ],
  );
}

describe('warm-up', () => {
  it('gives a new domain a plan, and counts each provider against its own hourly cap', async () => {
    const w = store();
    const p = newId();
    const plan = await w.plan(p, 'new.example');
    expect(plan).toEqual({ enabled: true, startPerHour: 50, growth: expect.closeTo(1.4, 5), maxPerHour: 5000, exemptTransactional: true });
    expect((await store(false).plan(newId(), 'other.example')).enabled).toBe(false);
    await w.setPlan(p, 'new.example', { startPerHour: 3 });
    const step = await w.step(p, 'new.example', 'google', await w.plan(p, 'new.example'));
    expect(step).toMatchObject({ cap: 3, step: 0, heldBack: '', done: false });
    const takes = [];
    for (let i = 0; i < 4; i++) takes.push(await w.take(p, 'new.example', 'google', step.cap));
    expect(takes.map((t) => t.ok)).toEqual([true, true, true, false]);
    expect(takes[3]).toMatchObject({ ok: false, waitMs: expect.any(Number) });
    expect((await w.take(p, 'new.example', 'yahoo', 3)).ok).toBe(true);
  });

  it('grows a healthy provider once a day and holds back an unhealthy one, saying why', async () => {
    const w = store();
    const p = newId();
    await w.setPlan(p, 'curve.example', { startPerHour: 10, growth: 1.5, maxPerHour: 20 });
    const plan = await w.plan(p, 'curve.example');
    await w.step(p, 'curve.example', 'google', plan);
    await w.step(p, 'curve.example', 'yahoo', plan);
    // Not due before a (scaled) day has passed (other tests' providers may be).
    await w.advanceDue();
    expect((await w.view(p, 'curve.example')).providers.map((x) => [x.provider, x.cap, x.step])).toEqual([
      ['google', 10, 0],
      ['yahoo', 10, 0],
    ]);
    // The day (a second here): Google's mail healthy, Yahoo's deferred one time in ten.
    await new Promise((r) => setTimeout(r, 900));
    for (let i = 0; i < 20; i++) await sent(p, 'curve.example', 'google');
    for (let i = 0; i < 20; i++) await sent(p, 'curve.example', 'yahoo', { deferrals: i < 2 ? 1 : 0 });
    await new Promise((r) => setTimeout(r, 200));
    expect(await w.advanceDue()).toBeGreaterThanOrEqual(2);
    const v = await w.view(p, 'curve.example');
    const google = v.providers.find((x) => x.provider === 'google')!;
    const yahoo = v.providers.find((x) => x.provider === 'yahoo')!;
    expect(google).toMatchObject({ cap: 15, step: 1, heldBack: '', done: false });
    expect(yahoo).toMatchObject({ cap: 10, step: 0, heldBack: 'deferrals 10 % of 20 mails in the last 24 hours (must stay under 5 %)' });
    expect(google.nextStepAt.getTime()).toBeGreaterThan(Date.now());

    // The next healthy day reaches the ceiling: Google is warm.
    await new Promise((r) => setTimeout(r, 1100));
    await w.advanceDue();
    expect((await w.view(p, 'curve.example')).providers.find((x) => x.provider === 'google')).toMatchObject({ cap: 20, step: 2, done: true });
  });

  it('switching warm-up on again starts the curve over', async () => {
    const w = store();
    const p = newId();
    await w.setPlan(p, 'again.example', { enabled: false });
    await w.setPlan(p, 'again.example', { enabled: true });
    await w.step(p, 'again.example', 'apple', await w.plan(p, 'again.example'));
    await db.query(`UPDATE messaging.domain_warmup_providers SET cap = 400, step = 5 WHERE project_id = $1`, [p]);
    await w.setPlan(p, 'again.example', { enabled: false });
    await w.setPlan(p, 'again.example', { enabled: true });
    expect((await w.view(p, 'again.example')).providers).toEqual([]);
  });

  it("reads a campaign's lanes: per domain and provider what is unsent and held, and the mix of its routed emails", async () => {
    const w = store();
    const p = newId();
    const c = newId();
    for (let i = 0; i < 3; i++) await campaignEmail(p, c, 'Lanes.example', 'google', 'sent');
    for (let i = 0; i < 2; i++) await campaignEmail(p, c, 'lanes.example', 'google', 'queued', 'warmup');
    await campaignEmail(p, c, 'lanes.example', 'google', 'queued');
    await campaignEmail(p, c, 'lanes.example', 'google', 'queued', 'pause');
    await campaignEmail(p, c, 'lanes.example', 'yahoo', 'sent');
    await campaignEmail(p, c, 'lanes.example', 'other', 'sending');
    // Not routed yet (no provider), another campaign's, another project's: not this campaign's lanes.
    await campaignEmail(p, c, 'lanes.example', null, 'queued');
    await campaignEmail(p, newId(), 'lanes.example', 'google', 'queued', 'warmup');
    await campaignEmail(newId(), c, 'lanes.example', 'google', 'queued', 'warmup');
    const byProvider = (await w.campaignLanes(p, c)).sort((a, b) => a.provider.localeCompare(b.provider));
    expect(byProvider).toEqual([
      { domain: 'lanes.example', provider: 'google', unsent: 4, held: 2, sampled: 7 },
      { domain: 'lanes.example', provider: 'other', unsent: 1, held: 0, sampled: 1 },
      { domain: 'lanes.example', provider: 'yahoo', unsent: 0, held: 0, sampled: 1 },
    ]);

    // Nothing held by the warm-up: no sample is read.
    const quiet = newId();
    await campaignEmail(p, quiet, 'lanes.example', 'google', 'queued');
    await campaignEmail(p, quiet, 'lanes.example', 'google', 'sent');
    expect(await w.campaignLanes(p, quiet)).toEqual([{ domain: 'lanes.example', provider: 'google', unsent: 1, held: 0, sampled: 0 }]);
  });
});
