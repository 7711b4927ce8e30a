/**
 * What the billing use cases need from outside, as interfaces: adapters/ implements them and
 * service.ts hands the implementations in.
 */
import type { Outbox } from '../../../../libs/bus/src';
import type { UnitOfWork, Work } from '../../../../libs/db/src';
import type { Category, Period } from '../domain/billing';
import type { InvoiceFacts, SubscriptionFacts } from '../domain/provider';

export interface LimitRow {
  category: Category;
  limit_value: string | null;
  blocked: boolean;
  blocked_until: Date | null;
  version: string;
}

export interface SubscriptionRow {
  id: string;
  status: string;
  current_period_start: Date | null;
  current_period_end: Date | null;
}

export interface InvoiceRow {
  id: string;
  number: string | null;
  status: string;
  amount_due: string;
  amount_paid: string;
  currency: string | null;
  period_start: Date | null;
  period_end: Date | null;
  hosted_url: string | null;
  pdf_url: string | null;
  created_at: Date;
}

export interface UsageIncrement {
  projectId: string;
  category: Category;
  hour: Date;
  count: number;
}

/**
 * Limits, consumption, customers, subscriptions, invoices and applied notifications in PostgreSQL
 * (adapters/repo.ts). Transactions are units of work (`uow.run`); `outbox` publishes this schema's
 * events in them. A read given no work reads on its own.
 */
export interface BillingStore {
  readonly uow: UnitOfWork;
  readonly outbox: Outbox;

  limits(projectId: string, work?: Work): Promise<LimitRow[]>;
  /** Its limits, the project's limit rows locked in the unit of work (one reconcile at a time). */
  limitsForUpdate(work: Work, projectId: string): Promise<LimitRow[]>;
  setLimits(work: Work, projectId: string, limits: Partial<Record<Category, number | null>>): Promise<void>;
  /** Records a category's new blocked state; returns its new version. */
  setBlock(work: Work, projectId: string, category: Category, blocked: boolean, until: Date | null): Promise<number>;
  usage(projectId: string, period: Period, work?: Work): Promise<Record<Category, number>>;
  addUsage(work: Work, rows: UsageIncrement[]): Promise<void>;
  /** Of these projects, those with a limit on some category. */
  projectsWithLimits(work: Work, projectIds: string[]): Promise<string[]>;
  /** Projects with a block whose period has ended. */
  expiredBlocks(limit: number): Promise<string[]>;

  /** The project's live subscription (else its latest). */
  subscription(projectId: string, work?: Work): Promise<SubscriptionRow | undefined>;
  customer(projectId: string): Promise<string | undefined>;
  /** Keeps the first customer saved for the project; returns the project's customer. */
  saveCustomer(projectId: string, customerId: string): Promise<string>;
  projectOfCustomer(work: Work, customerId: string): Promise<string | undefined>;
  /** False when the notification's id was applied before. */
  recordNotification(work: Work, id: string, type: string, projectId: string | undefined): Promise<boolean>;
  /** Applied unless a later notification of the subscription was; returns whether it was. */
  saveSubscription(work: Work, projectId: string, s: SubscriptionFacts, providerAt: number): Promise<boolean>;
  saveInvoice(work: Work, projectId: string, i: InvoiceFacts, providerAt: number): Promise<boolean>;
  invoices(projectId: string): Promise<InvoiceRow[]>;
}

/** The payment provider (Stripe), when configured (adapters/stripe.ts). */
export interface PaymentProvider {
  /** The notification's event, its signature verified against the raw body; throws when it does not verify. */
  verify(body: string, signature: string): unknown;
  createCustomer(projectId: string): Promise<string>;
  checkout(p: { customerId: string; projectId: string; priceId: string; successUrl: string; cancelUrl: string }): Promise<string>;
  portal(p: { customerId: string; returnUrl: string }): Promise<string>;
}
