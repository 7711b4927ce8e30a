import { projectOf, type Handlers } from '../../../../libs/contracts/src';
import type { DomainEvent } from '../../../../libs/contracts/src';
import type { Invoice } from '../../../../libs/contracts/src/generated/herald/billing/v1/Invoice';
import type { Limits } from '../../../../libs/contracts/src/generated/herald/billing/v1/Limits';
import type { LimitsWrite__Output } from '../../../../libs/contracts/src/generated/herald/billing/v1/LimitsWrite';
import type { NewEvent } from '../../../../libs/bus/src';
import type { Work } from '../../../../libs/db/src';
import { parse } from '../../../../libs/edge/src';
import { AppError, logger } from '../../../../libs/kit/src';
import {
  CATEGORIES,
  CATEGORY_OF_SOURCE,
  checkoutBody,
  hourOf,
  isBlocked,
  isLive,
  limitView,
  periodAt,
  type Category,
  type LimitView,
  type Period,
} from '../domain/billing';
import { readNotification, type ProviderNotification } from '../domain/provider';
import type { BillingStore, LimitRow, PaymentProvider, UsageIncrement } from './ports';

export interface BillingDeps {
  store: BillingStore;
  /** Undefined without a payment provider. */
  provider?: PaymentProvider;
  priceIds: string[];
  /** Where checkout and the portal send the user back to. */
  returnUrl: string;
}

export const billingDisabled = () =>
  new AppError({
    code: 'BILLING_DISABLED',
    status: 404,
    message: 'Billing is disabled on this deployment: no payment provider is configured',
    suggestion: 'Set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_IDS on the billing service to turn it on. Limits work without it.',
  });

/** The limits message: each category's limit (unset: unlimited) and usage; the HTTP route derives the rest (limitView). */
const limitsMsg = (views: Record<Category, LimitView>): Limits =>
  Object.fromEntries(CATEGORIES.map((c) => [c, { limit: views[c].limit ?? undefined, usage: views[c].usage }])) as Limits;

/** A PutLimits request as the store takes it: a category set to its limit (null: unlimited), one left out unchanged. */
const limitsOf = (w: LimitsWrite__Output): Partial<Record<Category, number | null>> =>
  Object.fromEntries(CATEGORIES.filter((c) => w[c]).map((c) => [c, w[c]!.limit === undefined ? null : Number(w[c]!.limit)]));
/** A limit row's limit (bigint, read as a string): null is unlimited. */
const limitOf = (r: LimitRow) => (r.limit_value === null ? null : Number(r.limit_value));

/** GET …/billing-limits: each category's limit (unlimited without a row) and usage. */
function limitsView(rows: LimitRow[], usage: Record<Category, number>): Record<Category, LimitView> {
  const byCategory = new Map(rows.map((r) => [r.category, limitOf(r)]));
  return Object.fromEntries(CATEGORIES.map((c) => [c, limitView(byCategory.get(c) ?? null, usage[c])])) as Record<Category, LimitView>;
}

/** The project's current period: its live subscription's, else the calendar month (UTC). */
export async function currentPeriod(store: BillingStore, projectId: string, work?: Work): Promise<Period> {
  const sub = await store.subscription(projectId, work);
  return periodAt(new Date(), sub && { status: sub.status, start: sub.current_period_start, end: sub.current_period_end });
}

/**
 * Brings each category's blocked state in line with its limit and the period's usage, and tells
 * messaging of every change (billing.limit.state_changed.v1, in the same transaction). The
 * project's limit rows are locked meanwhile: concurrent reconciles of a project take turns.
 * Returns the project's limits and usage as GET …/billing-limits shows them.
 */
export async function reconcile(store: BillingStore, work: Work, projectId: string): Promise<Record<Category, LimitView>> {
  const rows = await store.limitsForUpdate(work, projectId);
  const period = await currentPeriod(store, projectId, work);
  const usage = await store.usage(projectId, period, work);
  const events: NewEvent[] = [];
  for (const r of rows) {
    const blocked = isBlocked(limitOf(r), usage[r.category]);
    const until = blocked ? period.end : null;
    if (blocked === r.blocked && (!blocked || r.blocked_until?.getTime() === period.end.getTime())) continue;
    const version = await store.setBlock(work, projectId, r.category, blocked, until);
    events.push({ type: 'billing.limit.state_changed.v1', projectId, data: { category: r.category, blocked, periodEnd: period.end.toISOString(), version } });
  }
  await store.outbox.enqueue(work, events);
  return limitsView(rows, usage);
}

/**
 * Counts what messaging reports: every email that left for the mail server (`sent`, once per
 * email) in its source's category, and every email received in `inbound`, in the hour it
 * happened; then re-checks the limits of the projects concerned. The inbox makes each event count once.
 */
export async function countUsage(
  store: BillingStore,
  work: Work,
  events: Array<DomainEvent<'messaging.email.status_changed.v1'> | DomainEvent<'messaging.email.received.v1'>>,
) {
  const buckets = new Map<string, UsageIncrement>();
  for (const e of events) {
    let category: Category;
    if (e.type === 'messaging.email.received.v1') category = 'inbound';
    else if ((e as DomainEvent<'messaging.email.status_changed.v1'>).data.status === 'sent')
      category = CATEGORY_OF_SOURCE[(e as DomainEvent<'messaging.email.status_changed.v1'>).data.sourceType];
    else continue;
    const hour = hourOf(new Date(e.occurredAt));
    const key = `${e.projectId}|${category}|${hour.getTime()}`;
    const b = buckets.get(key) ?? { projectId: e.projectId, category, hour, count: 0 };
    b.count++;
    buckets.set(key, b);
  }
  if (!buckets.size) return;
  await store.addUsage(work, [...buckets.values()]);
  const projects = await store.projectsWithLimits(work, [...new Set([...buckets.values()].map((b) => b.projectId))]);
  for (const p of projects.sort()) await reconcile(store, work, p);
}

/** The timer's turn: blocks whose period ended are lifted (usage starts again at 0). */
export async function liftExpiredBlocks(store: BillingStore) {
  const projects = await store.expiredBlocks(200);
  for (const p of projects) await store.uow.run((work) => reconcile(store, work, p));
}

/**
 * A verified provider notification, applied once per event id (a replay answers `duplicate`):
 * subscriptions give the project its billing period and `hasSubscription`; a failed invoice
 * payment disables the project (PAYMENT_FAILED, the gateway applies billing.payment.failed.v1),
 * a paid invoice re-enables it. Notifications of no known project are acknowledged and ignored
 * (the provider would otherwise retry them for days).
 */
export async function applyNotification(store: BillingStore, n: ProviderNotification) {
  return store.uow.run(async (work) => {
    const f = n.facts;
    const projectId = f ? (f.projectId ?? (f.customerId ? await store.projectOfCustomer(work, f.customerId) : undefined)) : undefined;
    if (!(await store.recordNotification(work, n.id, n.type, projectId))) return { received: true, duplicate: true };
    if (!f) return { received: true, ignored: 'not an event Herald acts on' };
    if (!projectId) {
      logger.warn({ event: n.id, type: n.type }, 'billing notification of no known project: ignored');
      return { received: true, ignored: 'no project of this deployment' };
    }
    if (f.kind === 'subscription') {
      if (await store.saveSubscription(work, projectId, f, n.created)) await reconcile(store, work, projectId);
      return { received: true, applied: n.type, projectId };
    }
    await store.saveInvoice(work, projectId, f, n.created);
    const type = f.outcome === 'failed' ? 'billing.payment.failed.v1' : f.outcome === 'paid' ? 'billing.payment.succeeded.v1' : undefined;
    if (type) await store.outbox.enqueue(work, [{ type, projectId, data: { invoiceId: f.id } }]);
    return { received: true, applied: n.type, projectId };
  });
}

/** An invoice's message (contracts' Invoice): a null column is an unset optional field. */
const invoiceMsg = (i: Awaited<ReturnType<BillingStore['invoices']>>[number]): Invoice => ({
  id: i.id,
  number: i.number ?? undefined,
  status: i.status,
  amount_due: i.amount_due,
  amount_paid: i.amount_paid,
  currency: i.currency ?? undefined,
  period_start: i.period_start?.toISOString(),
  period_end: i.period_end?.toISOString(),
  hosted_invoice_url: i.hosted_url ?? undefined,
  invoice_pdf: i.pdf_url ?? undefined,
  created_at: i.created_at.toISOString(),
});

export function billingHandlers(d: BillingDeps): Handlers<'billing'> {
  const { store } = d;
  const provider = () => {
    if (!d.provider) throw billingDisabled();
    return d.provider;
  };
  const checkoutPrice = checkoutBody(d.priceIds);
  const customerOf = async (projectId: string) =>
    (await store.customer(projectId)) ?? store.saveCustomer(projectId, await provider().createCustomer(projectId));

  async function limits(projectId: string) {
    const [rows, period] = await Promise.all([store.limits(projectId), currentPeriod(store, projectId)]);
    return limitsView(rows, await store.usage(projectId, period));
  }

  return {
    async GetLimits(_req, meta) {
      return limitsMsg(await limits(projectOf(meta)));
    },

    async PutLimits(req, meta) {
      const projectId = projectOf(meta);
      return limitsMsg(
        await store.uow.run(async (work) => {
          await store.setLimits(work, projectId, limitsOf(req));
          return reconcile(store, work, projectId);
        }),
      );
    },

    async Consumption(_req, meta) {
      const projectId = projectOf(meta);
      const period = await currentPeriod(store, projectId);
      const usage = await store.usage(projectId, period);
      return { period_start: period.start.toISOString(), period_end: period.end.toISOString(), period: period.source, usage };
    },

    async Invoices(_req, meta) {
      provider();
      return { invoices: (await store.invoices(projectOf(meta))).map(invoiceMsg) };
    },

    async Checkout(req, meta) {
      const projectId = projectOf(meta);
      const p = provider();
      const priceId = parse(checkoutPrice, req.price_id === undefined ? {} : { priceId: req.price_id }).priceId ?? d.priceIds[0];
      const url = await p.checkout({
        customerId: await customerOf(projectId),
        projectId,
        priceId,
        successUrl: `${d.returnUrl}?checkout=success`,
        cancelUrl: `${d.returnUrl}?checkout=cancelled`,
      });
      return { url };
    },

    async BillingPortal(_req, meta) {
      const projectId = projectOf(meta);
      const p = provider();
      return { url: await p.portal({ customerId: await customerOf(projectId), returnUrl: d.returnUrl }) };
    },

    async HandleProviderWebhook(req) {
      const p = provider();
      if (!req.signature) {
        throw new AppError({
          code: 'INVALID_SIGNATURE',
          status: 400,
          message: 'The Stripe-Signature header is missing',
          suggestion: 'Only Stripe calls this endpoint; it signs every notification.',
        });
      }
      let event: unknown;
      try {
        event = p.verify(req.body, req.signature);
      } catch (err) {
        logger.warn({ err: (err as Error).message }, 'billing notification refused: its signature does not verify');
        throw new AppError({
          code: 'INVALID_SIGNATURE',
          status: 400,
          message: 'The signature does not verify',
          suggestion: 'Check STRIPE_WEBHOOK_SECRET: it must be the signing secret of this webhook endpoint.',
        });
      }
      let n: ProviderNotification;
      try {
        n = readNotification(event);
      } catch (err) {
        throw new AppError({ code: 'BAD_REQUEST', status: 400, message: (err as Error).message });
      }
      const r: { duplicate?: boolean; ignored?: string; applied?: string; projectId?: string } = await applyNotification(store, n);
      return { duplicate: !!r.duplicate, ignored: r.ignored, applied: r.applied, project_id: r.projectId };
    },

    async Status(_req, meta) {
      const enabled = !!d.provider;
      const price_ids = d.provider ? d.priceIds : [];
      if (!meta?.projectId) return { enabled, has_subscription: false, price_ids };
      const sub = await store.subscription(meta.projectId);
      return { enabled, has_subscription: !!sub && isLive(sub.status), price_ids };
    },
  };
}
