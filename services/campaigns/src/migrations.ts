import type { Migration } from '../../../libs/db/src';

export const SCHEMA = 'campaigns';

export const migrations: Migration[] = [
  {
    id: '001_campaigns',
    sql: `
      CREATE TABLE campaigns.campaigns (
        project_id uuid NOT NULL,
        id uuid NOT NULL,
        name text NOT NULL,
        description text,
        subject text NOT NULL,
        body text NOT NULL,
        from_email text NOT NULL,
        from_name text,
        reply_to text,
        template_id uuid,
        audience_type text NOT NULL,          -- ALL | SEGMENT | FILTERED
        segment_id uuid,
        audience_filter jsonb,                -- FILTERED: the normalised condition
        status text NOT NULL,                 -- DRAFT | SCHEDULED | SENDING | SENT | CANCELLED
        scheduled_at timestamptz,
        started_at timestamptz,
        sent_at timestamptz,                  -- SENT: when the last email settled
        cancelled_at timestamptz,
        status_reason text,                   -- why a send stopped by itself (its audience could not be read)
        tracking text NOT NULL DEFAULT 'ENABLED',  -- the project's setting when the send was asked
        -- SENDING: 'freeze' (recipients copied from the audience, page by page), then 'dispatch'
        -- (recipients handed to messaging, page by page), then 'drain' (waiting for the last).
        phase text,
        freeze_cursor uuid,                   -- the last contact id frozen
        dispatch_cursor uuid,                 -- the last recipient handed to messaging
        stepped_at timestamptz,               -- the fan-out's last turn (turns go oldest first)
        next_step_at timestamptz,             -- not before (a full window waits)
        drain_checked_at timestamptz,         -- drain: when messaging last said nothing of it is pending
        total_recipients int NOT NULL DEFAULT 0,
        dispatched int NOT NULL DEFAULT 0,    -- emails messaging holds for it
        skipped int NOT NULL DEFAULT 0,       -- recipients gone or unsubscribed by their turn
        sent_count int NOT NULL DEFAULT 0,
        delivered_count int NOT NULL DEFAULT 0,
        opened_count int NOT NULL DEFAULT 0,
        clicked_count int NOT NULL DEFAULT 0,
        bounced_count int NOT NULL DEFAULT 0,
        complained_count int NOT NULL DEFAULT 0,
        unsubscribed_count int NOT NULL DEFAULT 0,
        failed_count int NOT NULL DEFAULT 0,
        settled_count int NOT NULL DEFAULT 0, -- recipients whose email was sent or failed (once each)
        version bigint NOT NULL DEFAULT 1,    -- of its campaigns.campaign.changed.v1 events
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, id)
      );
      CREATE INDEX campaigns_list ON campaigns.campaigns (project_id, created_at DESC, id DESC);
      CREATE INDEX campaigns_due ON campaigns.campaigns (scheduled_at) WHERE status = 'SCHEDULED';
      CREATE INDEX campaigns_sending ON campaigns.campaigns (stepped_at NULLS FIRST) WHERE status = 'SENDING';

      -- The audience frozen when the send starts: one row a recipient, with the facts of its
      -- email (domain/campaign.ts FACT bits) that the stats count.
      CREATE TABLE campaigns.recipients (
        project_id uuid NOT NULL,
        campaign_id uuid NOT NULL,
        contact_id uuid NOT NULL,
        facts int NOT NULL DEFAULT 0,
        PRIMARY KEY (project_id, campaign_id, contact_id)
      );
    `,
  },
  {
    // Replies to a campaign's emails (messaging.email.received.v1 threaded to one), once per recipient.
    id: '002_replies',
    sql: `ALTER TABLE campaigns.campaigns ADD COLUMN replied_count int NOT NULL DEFAULT 0;`,
  },
  {
    // Human and machine engagement: recipients who opened and clicked themselves, beside the raw
    // counts (FACT.human_opened, FACT.human_clicked). Earlier opens were never classified: 0.
    id: '020_human_engagement',
    sql: `ALTER TABLE campaigns.campaigns ADD COLUMN human_opened_count int NOT NULL DEFAULT 0, ADD COLUMN human_clicked_count int NOT NULL DEFAULT 0;`,
  },
];
