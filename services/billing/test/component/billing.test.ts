import { migrate, type Db } from '../../../../libs/db/src';
import type { DomainEvent } from '../../../../libs/contracts/src';
import { newId } from '../../../../libs/kit/src';
import { migrationsOf } from '../../../../libs/runtime/src';
import { scratchDatabase, type ScratchDatabase } from '../../../../libs/testing/src';
import { BillingRepo } from '../../src/adapters/repo';
import { applyNotification, countUsage, currentPeriod, liftExpiredBlocks, reconcile } from '../../src/app/billing';
import { calendarMonth } from '../../src/domain/billing';
import { readNotification } from '../../src/domain/provider';
import { SCHEMA } from '../../src/migrations';
import { billing } from '../../src/service';

/** The billing store and its use cases against a real PostgreSQL: counting, limits and blocks, provider notifications. */
let scratch: ScratchDatabase;
let db: Db;
let repo: BillingRepo;

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 4 });
  db = scratch.db;
  await migrate(db, SCHEMA, migrationsOf(billing));
  repo = new BillingRepo(db);
});
afterAll(() => scratch?.drop());

type Status = DomainEvent<'messaging.email.status_changed.v1'>;
const sent = (
  projectId: string,
  sourceType: 'transactional' | 'campaign' | 'workflow',
  status: Status['data']['status'] = 'sent',
  at = new Date(),
): Status => ({
  id: newId(),
  type: 'messaging.email.status_changed.v1',
  occurredAt: at.toISOString(),
  projectId,
  data: { emailId: newId(), contactId: newId(), status, messageId: null, subject: 's', from: 'a@b.test', templateId: null, campaignId: null, sourceType },
});
const received = (projectId: string): DomainEvent<'messaging.email.received.v1'> => ({
  id: newId(),
  type: 'messaging.email.received.v1',
  occurredAt: new Date().toISOString(),
  projectId,
  data: {
    inboundId: newId(),
    contactId: newId(),
    from: 'x@y.test',
    to: ['in@b.test'],
    subject: 'Re: hi',
    messageId: null,
    snippet: 'hi',
    attachments: [],
    autoReply: false,
    inReplyTo: null,
    via: 'smtp',
  },
});
const usage = async (p: string) => repo.usage(p, await currentPeriod(repo, p));
const count = (events: Parameters<typeof countUsage>[2]) => db.run((work) => countUsage(repo, work, events));
const stateEvents = async (p: string) =>
  (await db.query(`SELECT data FROM billing.outbox WHERE project_id = $1 AND type = 'billing.limit.state_changed.v1' ORDER BY seq`, [p])).map((r) => r.data);
const setLimits = (p: string, limits: Record<string, number | null>) =>
  db.run(async (work) => {
    await repo.setLimits(work, p, limits);
    await reconcile(repo, work, p);
  });

describe('consumption', () => {
  it("counts each sent email in its source's category and each received email in inbound, nothing else, per project", async () => {
    const [a, b] = [newId(), newId()];
    await count([
      sent(a, 'transactional'),
      sent(a, 'transactional'),
      sent(a, 'campaign'),
      sent(a, 'workflow'),
      sent(a, 'transactional', 'delivered'),
      sent(a, 'campaign', 'failed'),
      sent(a, 'transactional', 'queued'),
      received(a),
      sent(b, 'campaign'),
    ]);
    expect(await usage(a)).toEqual({ transactional: 2, campaigns: 1, workflows: 1, inbound: 1 });
    expect(await usage(b)).toEqual({ transactional: 0, campaigns: 1, workflows: 0, inbound: 0 });
  });

  it("counts in the period the email was sent in: last month's emails are not this month's", async () => {
    const p = newId();
    const lastMonth = new Date(calendarMonth(new Date()).start.getTime() - 3_600_000);
    await count([sent(p, 'transactional', 'sent', lastMonth), sent(p, 'transactional', 'sent', lastMonth), sent(p, 'transactional')]);
    expect((await usage(p)).transactional).toBe(1);
    expect((await repo.usage(p, calendarMonth(lastMonth))).transactional).toBe(2);
  });
});

describe('limits and blocks', () => {
  it('blocks a category when its usage reaches the limit, tells messaging once per change, and opens it when raised', async () => {
    const p = newId();
    const end = calendarMonth(new Date()).end.toISOString();
    await setLimits(p, { transactional: 3, campaigns: 100 });
    expect(await stateEvents(p)).toEqual([]);
    await count([sent(p, 'transactional'), sent(p, 'transactional')]);
    expect(await stateEvents(p)).toEqual([]);
    await count([sent(p, 'transactional')]);
    expect(await stateEvents(p)).toEqual([{ category: 'transactional', blocked: true, periodEnd: end, version: 1 }]);
    // More usage while blocked: no new event.
    await count([sent(p, 'transactional'), sent(p, 'campaign')]);
    expect(await stateEvents(p)).toHaveLength(1);
    await setLimits(p, { transactional: 10 });
    expect((await stateEvents(p))[1]).toEqual({ category: 'transactional', blocked: false, periodEnd: end, version: 2 });
    // Lowered below the usage (4): blocked again, a newer version.
    await setLimits(p, { transactional: 2 });
    expect((await stateEvents(p))[2]).toEqual({ category: 'transactional', blocked: true, periodEnd: end, version: 3 });
    // Unlimited: open; and the other project is untouched.
    await setLimits(p, { transactional: null });
    expect((await stateEvents(p))[3]).toMatchObject({ blocked: false, version: 4 });
    const rows = await repo.limits(p);
    expect(rows.map((r) => [r.category, r.limit_value, r.blocked])).toEqual([
      ['campaigns', '100', false],
      ['transactional', null, false],
    ]);
  });

  it('a limit of 0 blocks at once; a block whose period ended is lifted by the sweep', async () => {
    const p = newId();
    await setLimits(p, { workflows: 0 });
    expect(await stateEvents(p)).toEqual([expect.objectContaining({ category: 'workflows', blocked: true, version: 1 })]);
    // Pretend the period ended: the sweep re-checks the project in its new period.
    await db.query(`UPDATE billing.limits SET blocked_until = now() - interval '1 second' WHERE project_id = $1`, [p]);
    await liftExpiredBlocks(repo);
    // Still 0 ≥ 0 in the new period: blocked again with the new period's end (a new version), not left stale.
    const events = await stateEvents(p);
    expect(events[1]).toMatchObject({ category: 'workflows', blocked: true, version: 2, periodEnd: calendarMonth(new Date()).end.toISOString() });
    expect(await repo.expiredBlocks(10)).not.toContain(p);
  });
});

describe('provider notifications', () => {
  const event = (id: string, type: string, object: Record<string, unknown>, created = 1_750_000_000) =>
    readNotification({ id, object: 'event', type, created, data: { object } });

  it('applies each event id once, takes the period from a live subscription, ignores older updates, and turns invoices into payment events', async () => {
    const p = newId();
    const customer = `cus_${p.slice(0, 8)}`;
    await repo.saveCustomer(p, customer);
    const start = Math.floor(Date.now() / 1000) - 3600;
    const end = start + 30 * 86_400;
    const sub = {
      id: `sub_${p.slice(0, 8)}`,
      customer,
      status: 'active',
      metadata: { projectId: p },
      items: { data: [{ price: { id: 'price_1' }, current_period_start: start, current_period_end: end }] },
    };
    expect(await applyNotification(repo, event('evt_a', 'customer.subscription.created', sub, 100))).toEqual({
      received: true,
      applied: 'customer.subscription.created',
      projectId: p,
    });
    expect(await applyNotification(repo, event('evt_a', 'customer.subscription.created', sub, 100))).toEqual({ received: true, duplicate: true });
    expect(await currentPeriod(repo, p)).toEqual({ start: new Date(start * 1000), end: new Date(end * 1000), source: 'subscription' });

    // An update older than what was applied (delivered late) changes nothing.
    await applyNotification(repo, event('evt_b', 'customer.subscription.updated', { ...sub, status: 'past_due' }, 50));
    expect((await repo.subscription(p))!.status).toBe('active');

    // The invoice names only the customer.
    const invoice = { id: 'in_1', customer, status: 'open', amount_due: 100, amount_paid: 0, currency: 'eur', created: start };
    await applyNotification(repo, event('evt_c', 'invoice.payment_failed', invoice, 200));
    await applyNotification(repo, event('evt_d', 'invoice.paid', { ...invoice, status: 'paid', amount_paid: 100 }, 300));
    await applyNotification(repo, event('evt_c', 'invoice.payment_failed', invoice, 200));
    const payments = await db.query(`SELECT type, data FROM billing.outbox WHERE project_id = $1 AND type LIKE 'billing.payment.%' ORDER BY seq`, [p]);
    expect(payments).toEqual([
      { type: 'billing.payment.failed.v1', data: { invoiceId: 'in_1' } },
      { type: 'billing.payment.succeeded.v1', data: { invoiceId: 'in_1' } },
    ]);
    expect((await repo.invoices(p)).map((i) => [i.id, i.status, i.amount_paid])).toEqual([['in_1', 'paid', '100']]);

    await applyNotification(repo, event('evt_e', 'customer.subscription.deleted', sub, 400));
    expect((await currentPeriod(repo, p)).source).toBe('calendar_month');
    // A cancelled subscription stays cancelled whatever arrives late.
    await applyNotification(repo, event('evt_f', 'customer.subscription.updated', sub, 500));
    expect((await repo.subscription(p))!.status).toBe('canceled');
  });

  it('acknowledges notifications of no known project without applying them', async () => {
    const out = await applyNotification(repo, event('evt_unknown', 'invoice.payment_failed', { id: 'in_x', customer: 'cus_nobody' }));
    expect(out).toMatchObject({ received: true, ignored: expect.any(String) });
    expect(await db.query(`SELECT 1 FROM billing.outbox WHERE data->>'invoiceId' = 'in_x'`)).toEqual([]);
  });
});
