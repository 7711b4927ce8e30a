import type { Migration } from '../../../libs/db/src';

export const SCHEMA = 'billing';

export const migrations: Migration[] = [
  {
    id: '001_billing',
    sql: `
      -- A project's cap per category, and whether the category is blocked (what messaging was told).
      CREATE TABLE billing.limits (
        project_id uuid NOT NULL,
        category text NOT NULL,                -- transactional | campaigns | workflows | inbound
        limit_value bigint,                    -- null: unlimited
        blocked boolean NOT NULL DEFAULT false,
        blocked_until timestamptz,             -- blocked: the end of the period the block holds for
        version bigint NOT NULL DEFAULT 0,     -- of its billing.limit.state_changed.v1 events
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, category)
      );
      -- The period-end sweep: blocks whose period ended. Crosses projects, so it does not lead with project_id.
      CREATE INDEX limits_blocked ON billing.limits (blocked_until) WHERE blocked;

      -- Consumption in hourly buckets: any period (a calendar month, a subscription's) is a sum of them.
      CREATE TABLE billing.usage (
        project_id uuid NOT NULL,
        category text NOT NULL,
        hour timestamptz NOT NULL,
        count bigint NOT NULL,
        PRIMARY KEY (project_id, category, hour)
      );

      -- The payment provider's customer of each project.
      CREATE TABLE billing.customers (
        project_id uuid NOT NULL,
        customer_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id)
      );
      CREATE UNIQUE INDEX customers_by_customer ON billing.customers (customer_id);

      CREATE TABLE billing.subscriptions (
        project_id uuid NOT NULL,
        id text NOT NULL,
        customer_id text NOT NULL,
        status text NOT NULL,                  -- the provider's: active | trialing | past_due | canceled | …
        price_ids text[] NOT NULL DEFAULT '{}',
        current_period_start timestamptz,
        current_period_end timestamptz,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        provider_at bigint NOT NULL,           -- the provider's time of the event last applied: older ones are ignored
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, id)
      );
      CREATE UNIQUE INDEX subscriptions_by_id ON billing.subscriptions (id);

      CREATE TABLE billing.invoices (
        project_id uuid NOT NULL,
        id text NOT NULL,
        number text,
        status text NOT NULL,
        amount_due bigint NOT NULL DEFAULT 0,
        amount_paid bigint NOT NULL DEFAULT 0,
        currency text,
        period_start timestamptz,
        period_end timestamptz,
        hosted_url text,
        pdf_url text,
        provider_at bigint NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (project_id, id)
      );
      CREATE INDEX invoices_list ON billing.invoices (project_id, created_at DESC);

      -- Provider notifications applied, by the provider's event id: a replay is answered, not applied.
      -- Keyed by the provider's id alone (a notification names its project only inside).
      CREATE TABLE billing.provider_events (
        id text PRIMARY KEY,
        type text NOT NULL,
        project_id uuid,
        received_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
];
