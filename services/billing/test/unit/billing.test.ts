import { calendarMonth, limitsBodySchema, limitView, periodAt } from '../../src/domain/billing';
import { readNotification } from '../../src/domain/provider';

describe('billing rules', () => {
  it("a period is the calendar month in UTC, or a live subscription's current period", () => {
    expect(calendarMonth(new Date('2025-12-31T23:59:59Z'))).toEqual({
      start: new Date('2025-12-01T00:00:00Z'),
      end: new Date('2026-01-01T00:00:00Z'),
      source: 'calendar_month',
    });
    const sub = { status: 'active', start: new Date('2025-06-10T12:00:00Z'), end: new Date('2025-07-10T12:00:00Z') };
    expect(periodAt(new Date('2025-06-20T00:00:00Z'), sub).source).toBe('subscription');
    expect(periodAt(new Date('2025-07-11T00:00:00Z'), sub).source).toBe('calendar_month');
    expect(periodAt(new Date('2025-06-20T00:00:00Z'), { ...sub, status: 'canceled' }).source).toBe('calendar_month');
  });

  it('warns from 80 % and blocks at the limit', () => {
    expect(limitView(10, 7)).toEqual({ limit: 10, usage: 7, percentage: 70, isWarning: false, isBlocked: false });
    expect(limitView(10, 8)).toMatchObject({ percentage: 80, isWarning: true, isBlocked: false });
    expect(limitView(10, 10)).toMatchObject({ isWarning: true, isBlocked: true });
    expect(limitView(0, 0)).toMatchObject({ percentage: 100, isBlocked: true });
    expect(limitView(null, 500)).toEqual({ limit: null, usage: 500, percentage: 0, isWarning: false, isBlocked: false });
  });

  it('limits are whole numbers or null, per known category', () => {
    expect(limitsBodySchema.parse({ transactional: 5, inbound: null })).toEqual({ transactional: 5, inbound: null });
    for (const bad of [{ transactional: -1 }, { campaigns: 2.5 }, { workflows: '5' }, { email: 5 }])
      expect(limitsBodySchema.safeParse(bad).success).toBe(false);
  });

  it('reads subscriptions with the period on the subscription (older API versions) or on its items', () => {
    const old = readNotification({
      id: 'evt_1',
      type: 'customer.subscription.updated',
      created: 1,
      data: { object: { id: 'sub_1', customer: { id: 'cus_1' }, status: 'active', current_period_start: 100, current_period_end: 200, items: { data: [] } } },
    });
    expect(old.facts).toMatchObject({ kind: 'subscription', customerId: 'cus_1', periodStart: new Date(100_000), periodEnd: new Date(200_000) });
    const basil = readNotification({
      id: 'evt_2',
      type: 'customer.subscription.deleted',
      created: 1,
      data: {
        object: {
          id: 'sub_1',
          customer: 'cus_1',
          status: 'active',
          items: { data: [{ price: { id: 'p' }, current_period_start: 300, current_period_end: 400 }] },
        },
      },
    });
    expect(basil.facts).toMatchObject({ status: 'canceled', priceIds: ['p'], periodStart: new Date(300_000) });
    expect(readNotification({ id: 'evt_3', type: 'charge.refunded', created: 1, data: { object: {} } }).facts).toBeUndefined();
    expect(() => readNotification({ type: 'x' })).toThrow(/no id/);
  });
});
