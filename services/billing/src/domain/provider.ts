/**
 * The payment provider's notifications Herald acts on, read from Stripe's event objects (the
 * webhook's JSON, already verified): what a subscription or an invoice now is. Fields are read
 * defensively: Stripe moved the subscription's period onto its items (API 2025-03-31) and an
 * invoice's subscription under `parent`; both places are read.
 */
export interface SubscriptionFacts {
  kind: 'subscription';
  id: string;
  customerId: string;
  projectId?: string;
  status: string;
  priceIds: string[];
  periodStart: Date | null;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

export interface InvoiceFacts {
  kind: 'invoice';
  id: string;
  customerId: string;
  projectId?: string;
  number: string | null;
  status: string;
  amountDue: number;
  amountPaid: number;
  currency: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  hostedUrl: string | null;
  pdfUrl: string | null;
  createdAt: Date;
  /** What the notification says of its payment. */
  outcome: 'failed' | 'paid' | 'other';
}

export type ProviderFacts = SubscriptionFacts | InvoiceFacts;

/** The notification: its id (idempotency), type, time (seconds) and what it says, if Herald acts on it. */
export interface ProviderNotification {
  id: string;
  type: string;
  created: number;
  facts?: ProviderFacts;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const time = (v: unknown): Date | null => (typeof v === 'number' && v > 0 ? new Date(v * 1000) : null);
/** A reference: Stripe sends an id, or the object itself when expanded. */
const ref = (v: unknown): string | null => str(v) ?? str(obj(v).id);
const projectOf = (o: Obj) => str(obj(o.metadata).projectId) ?? undefined;

const SUBSCRIPTION_EVENTS = ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'];
const INVOICE_EVENTS: Record<string, InvoiceFacts['outcome']> = {
  'invoice.payment_failed': 'failed',
  'invoice.paid': 'paid',
  'invoice.payment_succeeded': 'paid',
  'invoice.finalized': 'other',
};

export function readNotification(event: unknown): ProviderNotification {
  const e = obj(event);
  const id = str(e.id);
  const type = str(e.type);
  if (!id || !type) throw new Error('not a provider event: it has no id or type');
  const o = obj(obj(e.data).object);
  const base = { id, type, created: num(e.created) };
  if (SUBSCRIPTION_EVENTS.includes(type)) {
    const items = (obj(o.items).data as unknown[] | undefined) ?? [];
    const first = obj(items[0]);
    return {
      ...base,
      facts: {
        kind: 'subscription',
        id: str(o.id) ?? '',
        customerId: ref(o.customer) ?? '',
        projectId: projectOf(o),
        status: type === 'customer.subscription.deleted' ? 'canceled' : (str(o.status) ?? 'incomplete'),
        priceIds: items.map((i) => ref(obj(i).price)).filter((p): p is string => !!p),
        periodStart: time(o.current_period_start) ?? time(first.current_period_start),
        periodEnd: time(o.current_period_end) ?? time(first.current_period_end),
        cancelAtPeriodEnd: o.cancel_at_period_end === true,
      },
    };
  }
  if (type in INVOICE_EVENTS) {
    const parentSub = obj(obj(o.parent).subscription_details);
    return {
      ...base,
      facts: {
        kind: 'invoice',
        id: str(o.id) ?? '',
        customerId: ref(o.customer) ?? '',
        projectId: projectOf(o) ?? projectOf(obj(o.subscription_details)) ?? projectOf(parentSub),
        number: str(o.number),
        status: str(o.status) ?? 'open',
        amountDue: num(o.amount_due),
        amountPaid: num(o.amount_paid),
        currency: str(o.currency),
        periodStart: time(o.period_start),
        periodEnd: time(o.period_end),
        hostedUrl: str(o.hosted_invoice_url),
        pdfUrl: str(o.invoice_pdf),
        createdAt: time(o.created) ?? new Date(base.created * 1000),
        outcome: INVOICE_EVENTS[type],
      },
    };
  }
  return base;
}
