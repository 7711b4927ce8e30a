import type { Migration } from '../../../libs/db/src';

export const SCHEMA = 'messaging';

export const migrations: Migration[] = [
  {
    id: '001_messaging',
    sql: `
      CREATE TABLE IF NOT EXISTS messaging.settings (key text PRIMARY KEY, value text NOT NULL);

      CREATE TABLE messaging.templates (
        project_id uuid NOT NULL,
        id uuid NOT NULL,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        subject text NOT NULL,
        body text NOT NULL,
        from_email text,
        from_name text,
        reply_to text,
        type text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, id)
      );

      -- One row per recipient of a send. status_rank orders statuses so they never move down.
      CREATE TABLE messaging.emails (
        project_id uuid NOT NULL,
        id uuid NOT NULL,
        contact_id uuid NOT NULL,
        to_email text NOT NULL,
        to_name text,
        from_email text NOT NULL,
        from_name text,
        reply_to text,
        subject text NOT NULL,
        body text NOT NULL,
        template_id uuid,
        campaign_id uuid,
        type text NOT NULL,
        source_type text NOT NULL DEFAULT 'transactional',
        lane text NOT NULL DEFAULT 'transactional',
        headers jsonb NOT NULL DEFAULT '{}'::jsonb,
        vars jsonb NOT NULL DEFAULT '{}'::jsonb,
        tracking boolean NOT NULL DEFAULT true,
        message_id text,
        status text NOT NULL,
        status_rank int NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        enqueued_at timestamptz,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        delivered_at timestamptz,
        opened_at timestamptz,
        clicked_at timestamptz,
        bounced_at timestamptz,
        complained_at timestamptz,
        PRIMARY KEY (project_id, id)
      );
      CREATE INDEX emails_message_id ON messaging.emails (message_id);
      CREATE INDEX emails_due ON messaging.emails (next_attempt_at) WHERE status = 'queued';
      CREATE INDEX emails_sending ON messaging.emails (updated_at) WHERE status = 'sending';
      CREATE INDEX emails_recent ON messaging.emails (project_id, created_at);

      CREATE TABLE messaging.attachments (
        project_id uuid NOT NULL,
        email_id uuid NOT NULL,
        idx int NOT NULL,
        filename text NOT NULL,
        content_type text NOT NULL,
        content_id text,
        disposition text NOT NULL,
        content bytea NOT NULL,
        PRIMARY KEY (project_id, email_id, idx)
      );

      CREATE TABLE messaging.suppressions (
        project_id uuid NOT NULL,
        email text NOT NULL,
        reason text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, email)
      );

      -- SNS message ids already applied: a duplicate notification changes nothing twice.
      CREATE TABLE messaging.notifications (
        sns_message_id text PRIMARY KEY,
        received_at timestamptz NOT NULL DEFAULT now()
      );

      -- The built-in dev mailbox (no SMTP_URL outside production).
      CREATE TABLE messaging.dev_mailbox (
        project_id uuid NOT NULL,
        id uuid NOT NULL,
        email_id uuid NOT NULL,
        recipient text NOT NULL,
        sender text NOT NULL,
        subject text NOT NULL,
        raw text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, id)
      );
    `,
  },
  {
    id: '002_attachment_count',
    sql: `ALTER TABLE messaging.emails ADD COLUMN attachment_count int NOT NULL DEFAULT 0;`,
  },
  {
    // The sweep's indexes (MessagingRepo.claimRetries, claimStranded): the one it reads every
    // second holds only the emails waiting for a retry, not every email sent since the last VACUUM.
    // Writes to emails wait while the two are built (one pass over the table each); the old index
    // is dropped last, so reads wait only for the commit.
    id: '003_sweep_indexes',
    sql: `
      CREATE INDEX emails_retry_due ON messaging.emails (next_attempt_at) WHERE status = 'queued' AND enqueued_at IS NULL;
      CREATE INDEX emails_queued ON messaging.emails (enqueued_at) WHERE status = 'queued';
      DROP INDEX messaging.emails_due;
    `,
  },
  {
    // Campaigns: at most one email per (campaign, contact), whatever a fan-out sends again; the
    // body once per campaign, not once per email; the campaigns each template is used by.
    id: '004_campaigns',
    sql: `
      CREATE UNIQUE INDEX emails_campaign_contact ON messaging.emails (project_id, campaign_id, contact_id) WHERE campaign_id IS NOT NULL;
      -- A campaign's emails not yet settled (cancel drops them; its progress counts them).
      CREATE INDEX emails_campaign_pending ON messaging.emails (project_id, campaign_id) WHERE campaign_id IS NOT NULL AND status IN ('queued', 'sending');
      -- A campaign's body, and whether it was cancelled: a page of its emails and its cancel
      -- serialise on this row, so no page lands after a cancel.
      CREATE TABLE messaging.campaign_contents (
        project_id uuid NOT NULL,
        campaign_id uuid NOT NULL,
        body text NOT NULL,
        cancelled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, campaign_id)
      );
      CREATE TABLE messaging.campaign_templates (
        project_id uuid NOT NULL,
        campaign_id uuid NOT NULL,
        template_id uuid NOT NULL,
        name text NOT NULL,
        version bigint NOT NULL,
        PRIMARY KEY (project_id, campaign_id)
      );
      CREATE INDEX campaign_templates_by_template ON messaging.campaign_templates (project_id, template_id);
    `,
  },
  {
    // Workflow emails: at most one per (project, idempotency key) ever — a SEND_EMAIL step run
    // again after a crash finds the email it created — and the workflow each came from.
    id: '005_workflow_emails',
    sql: `
      ALTER TABLE messaging.emails ADD COLUMN idempotency_key text, ADD COLUMN workflow_id uuid;
      CREATE UNIQUE INDEX emails_idempotency_key ON messaging.emails (project_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
    `,
  },
  {
    // The templates each workflow's steps send (from workflows.workflow.changed.v1): template
    // usage, and no delete of a template a step sends. A deleted workflow keeps its row as a
    // tombstone, so that a late changed event does not bring its steps back.
    id: '006_workflow_steps',
    sql: `
      CREATE TABLE messaging.workflows (
        project_id uuid NOT NULL,
        workflow_id uuid NOT NULL,
        name text NOT NULL,
        version bigint NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        PRIMARY KEY (project_id, workflow_id)
      );
      CREATE TABLE messaging.workflow_steps (
        project_id uuid NOT NULL,
        workflow_id uuid NOT NULL,
        step_id text NOT NULL,
        template_id uuid NOT NULL,
        name text NOT NULL,
        PRIMARY KEY (project_id, workflow_id, step_id)
      );
      CREATE INDEX workflow_steps_by_template ON messaging.workflow_steps (project_id, template_id);
    `,
  },
  {
    // The sending queue's depth and oldest email per lane (herald_send_queue_*, read at each
    // scrape of /metrics): one index-only range per lane.
    id: '007_emails_queued_by_lane',
    sql: `CREATE INDEX emails_queued_by_lane ON messaging.emails (lane, created_at) WHERE status = 'queued';`,
  },
  {
    // The billing categories blocked by their limit (billing.limit.state_changed.v1): every
    // replica holds the blocked ones in memory (adapters/billing-blocks.ts).
    id: '008_billing_blocks',
    sql: `
      CREATE TABLE messaging.billing_blocks (
        project_id uuid NOT NULL,
        category text NOT NULL,
        blocked boolean NOT NULL,
        period_end timestamptz NOT NULL,
        version bigint NOT NULL,
        PRIMARY KEY (project_id, category)
      );
      CREATE INDEX billing_blocks_blocked ON messaging.billing_blocks (project_id) WHERE blocked;
    `,
  },
  {
    // Inbound mail (SES Received notifications, the SMTP listener): one row per message and
    // project, its raw message kept INBOUND_RETENTION_DAYS (the purge drops the row). A message
    // is recorded once per project whatever way it came again (source_key: the SNS message id,
    // or the listener's id of the SMTP transaction).
    id: '009_inbound',
    sql: `
      CREATE TABLE messaging.inbound (
        project_id uuid NOT NULL,
        id uuid NOT NULL,
        source_key text NOT NULL,
        via text NOT NULL,
        contact_id uuid NOT NULL,
        from_email text NOT NULL,
        to_emails text[] NOT NULL,
        subject text NOT NULL,
        message_id text,
        snippet text NOT NULL,
        attachments jsonb NOT NULL,
        auto_reply boolean NOT NULL,
        reply_to_email_id uuid,
        campaign_id uuid,
        template_id uuid,
        size int NOT NULL,
        raw bytea,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, id)
      );
      CREATE UNIQUE INDEX inbound_source ON messaging.inbound (project_id, source_key);
      CREATE INDEX inbound_created ON messaging.inbound (created_at);
      CREATE INDEX inbound_contact ON messaging.inbound (project_id, contact_id);
    `,
  },
  {
    // The open pixel became its own setting (transactional mail has none unless the project turns
    // it on; NULL on older rows: as tracking), and a sender may give the text/plain part.
    id: '010_opens_and_text',
    sql: `
      ALTER TABLE messaging.emails ADD COLUMN track_opens boolean, ADD COLUMN text_body text;
    `,
  },
  {
    // Human and machine engagement (docs/deliverability.md): every open and click with its class
    // and reasons, what later ones of the same email are judged against (a burst over its links,
    // a scanner from the same client: \`client\` is a keyed digest of the address and user agent,
    // never the address). The first human open and click of each email are stamped: a human
    // click stamps the open too.
    id: '020_engagement',
    sql: `
      ALTER TABLE messaging.emails ADD COLUMN human_opened_at timestamptz, ADD COLUMN human_clicked_at timestamptz;
      CREATE TABLE messaging.engagements (
        project_id uuid NOT NULL,
        email_id uuid NOT NULL,
        id uuid NOT NULL,
        kind text NOT NULL,            -- open | click
        link text,
        class text NOT NULL,           -- human | apple_mpp | image_proxy | security_scanner | prefetch | unknown
        reasons text[] NOT NULL,
        client text NOT NULL,
        method text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, email_id, id)
      );
    `,
  },
  {
    // The recipient's mailbox provider (google, microsoft, yahoo, apple, other), known from its
    // domain's MX when the email is delivered: rates per (sending domain, provider) read it.
    id: '030_providers',
    sql: `
      ALTER TABLE messaging.emails ADD COLUMN provider text;
    `,
  },
  {
    // Guardrails (domain/guardrails.ts): a domain's marketing pauses at the complaint line until
    // resumed; an email held back waits queued with the reason (held_by) and no attempt spent; a
    // recipient the receiving server refused at handoff (5xx, no such mailbox) is a hard bounce.
    id: '040_guardrails',
    sql: `
      CREATE TABLE messaging.domain_guardrails (
        project_id uuid NOT NULL,
        domain text NOT NULL,
        paused_at timestamptz,
        pause_reason text,
        warned_at timestamptz,
        resumed_at timestamptz,
        PRIMARY KEY (project_id, domain)
      );
      ALTER TABLE messaging.emails ADD COLUMN refused_at timestamptz, ADD COLUMN held_by text;
    `,
  },
  {
    // Warm-up (domain/warmup.ts): a plan per sending domain and each provider's place on its curve;
    // an email's deferrals (4xx replies) count in the provider's daily health. Domains that sent
    // mail before warm-up existed are established: their plan starts switched off.
    id: '041_warmup',
    sql: `
      CREATE TABLE messaging.domain_warmup (
        project_id uuid NOT NULL,
        domain text NOT NULL,
        enabled boolean NOT NULL,
        start_per_hour int NOT NULL,
        growth real NOT NULL,
        max_per_hour int NOT NULL,
        exempt_transactional boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, domain)
      );
      CREATE TABLE messaging.domain_warmup_providers (
        project_id uuid NOT NULL,
        domain text NOT NULL,
        provider text NOT NULL,
        cap int NOT NULL,
        step int NOT NULL,
        next_step_at timestamptz NOT NULL,
        held_back text NOT NULL,
        done boolean NOT NULL,
        PRIMARY KEY (project_id, domain, provider)
      );
      CREATE INDEX domain_warmup_providers_due ON messaging.domain_warmup_providers (next_step_at) WHERE NOT done;
      ALTER TABLE messaging.emails ADD COLUMN deferrals int NOT NULL DEFAULT 0;
      INSERT INTO messaging.domain_warmup (project_id, domain, enabled, start_per_hour, growth, max_per_hour, exempt_transactional)
        SELECT DISTINCT project_id, lower(split_part(from_email, '@', 2)), false, 50, 1.4, 5000, true
          FROM messaging.emails WHERE sent_at IS NOT NULL
        ON CONFLICT DO NOTHING;
    `,
  },
  {
    // Traffic shaping (domain/shaping.ts): the latest change of pace per sending domain and
    // provider, written when a sender throttles or resumes; the throttles of catalogue rules are
    // read back by every replica.
    id: '042_shaping',
    sql: `
      CREATE TABLE messaging.domain_shaping (
        project_id uuid NOT NULL,
        domain text NOT NULL,
        provider text NOT NULL,
        state text NOT NULL,                  -- throttled | normal
        reason text NOT NULL,                 -- a catalogue rule's name, or deferrals
        reply text,                           -- the SMTP reply that set it
        rate_per_minute real,                 -- 0: suspended; null: no rate cap
        until timestamptz,                    -- null: until the window is back
        changed_at timestamptz NOT NULL,
        PRIMARY KEY (project_id, domain, provider)
      );
      CREATE INDEX domain_shaping_holding ON messaging.domain_shaping (until) WHERE state = 'throttled';
    `,
  },
  {
    // A template's design (domain/design.ts): the email editor's blocks, compiled into body when
    // written; null for a template written as HTML.
    id: '043_template_design',
    sql: `ALTER TABLE messaging.templates ADD COLUMN design jsonb;`,
  },
];
