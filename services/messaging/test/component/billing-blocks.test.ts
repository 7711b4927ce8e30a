import type { DomainEvent } from '../../../../libs/contracts/src';
import { Db, migrate } from '../../../../libs/db/src';
import { AppError, newId } from '../../../../libs/kit/src';
import { migrationsOf } from '../../../../libs/runtime/src';
import { scratchDatabase, ScratchDatabase } from '../../../../libs/testing/src';
import { BillingBlocks } from '../../src/adapters/billing-blocks';
import { SCHEMA } from '../../src/migrations';
import { messaging } from '../../src/service';

/** The blocked billing categories messaging enforces: kept from billing's events, newest first, held in memory by every replica. */
let scratch: ScratchDatabase;
let db: Db;

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 4 });
  db = scratch.db;
  await migrate(db, SCHEMA, migrationsOf(messaging));
});
afterAll(() => scratch?.drop());

const future = () => new Date(Date.now() + 86_400_000).toISOString();
const state = (
  projectId: string,
  category: 'transactional' | 'campaigns' | 'workflows',
  blocked: boolean,
  version: number,
  periodEnd = future(),
): DomainEvent<'billing.limit.state_changed.v1'> => ({
  id: newId(),
  type: 'billing.limit.state_changed.v1',
  occurredAt: new Date().toISOString(),
  projectId,
  data: { category, blocked, periodEnd, version },
});
const refusal = (b: BillingBlocks, p: string, c: 'transactional' | 'campaigns' | 'workflows') => {
  try {
    b.check(p, c);
    return undefined;
  } catch (err) {
    return err as AppError;
  }
};

it('refuses a blocked category with 403 BILLING_LIMIT_EXCEEDED naming it and the period end, only for its project and category', async () => {
  const consumer = new BillingBlocks(db);
  const [p, other] = [newId(), newId()];
  const end = future();
  await db.tx((tx) => consumer.apply(tx, state(p, 'transactional', true, 1, end)));
  expect(refusal(consumer, p, 'transactional')).toMatchObject({
    code: 'BILLING_LIMIT_EXCEEDED',
    status: 403,
    details: { category: 'transactional', periodEnd: end },
  });
  expect(refusal(consumer, p, 'campaigns')).toBeUndefined();
  expect(refusal(consumer, other, 'transactional')).toBeUndefined();

  // Another replica learns it at its refresh.
  const replica = new BillingBlocks(db);
  expect(refusal(replica, p, 'transactional')).toBeUndefined();
  await replica.refresh();
  expect(refusal(replica, p, 'transactional')?.code).toBe('BILLING_LIMIT_EXCEEDED');

  // Unblocked: at once where consumed, at the refresh elsewhere.
  await db.tx((tx) => consumer.apply(tx, state(p, 'transactional', false, 2, end)));
  expect(refusal(consumer, p, 'transactional')).toBeUndefined();
  await replica.refresh();
  expect(refusal(replica, p, 'transactional')).toBeUndefined();
});

it('keeps the newest state whatever order the events arrive in', async () => {
  const b = new BillingBlocks(db);
  const p = newId();
  await db.tx((tx) => b.apply(tx, state(p, 'campaigns', false, 4)));
  // An older block, delivered late, does not block.
  await db.tx((tx) => b.apply(tx, state(p, 'campaigns', true, 3)));
  expect(refusal(b, p, 'campaigns')).toBeUndefined();
  await b.refresh();
  expect(refusal(b, p, 'campaigns')).toBeUndefined();
  await db.tx((tx) => b.apply(tx, state(p, 'campaigns', true, 5)));
  expect(refusal(b, p, 'campaigns')?.code).toBe('BILLING_LIMIT_EXCEEDED');
});

it('a block whose period has ended no longer holds', async () => {
  const b = new BillingBlocks(db);
  const p = newId();
  await db.tx((tx) => b.apply(tx, state(p, 'workflows', true, 1, new Date(Date.now() - 1000).toISOString())));
  expect(refusal(b, p, 'workflows')).toBeUndefined();
  await b.refresh();
  expect(refusal(b, p, 'workflows')).toBeUndefined();
});
