import type { Migration } from '../../../libs/db/src';

export const SCHEMA = 'events';

/** The email statuses 002_activity counts (its own list: an applied migration's text never changes). */
const STATUSES = ['sent', 'delivered', 'opened', 'clicked', 'bounced', 'complained', 'failed'];

export const migrations: Migration[] = [
  {
    id: '001_events',
    sql: `
      CREATE TABLE events.events (
        project_id uuid NOT NULL,
        id uuid NOT NULL,
        contact_id uuid NOT NULL,
        name text NOT NULL,
        data jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, id)
      );
      CREATE INDEX events_by_name ON events.events (project_id, name, id DESC);
      CREATE INDEX events_by_contact ON events.events (project_id, contact_id, id DESC);
    `,
  },
  {
    // Activity and analytics (docs/decisions/README.md, "Activity and analytics"): the feed's type of an
    // event name (indexed, for the `types` filter), and read models the consumers keep in the
    // transactions that record the events — email status counts per 15 minutes (every time
    // zone's days are whole buckets), counts per event name and UTC day, the campaigns
    // projection and per-campaign counts. Backfilled from the events recorded so far.
    id: '002_activity',
    sql: `
      CREATE FUNCTION events.activity_type(name text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        RETURN CASE
          WHEN name LIKE 'email.%' OR name IN ('contact.subscribed', 'contact.unsubscribed') THEN name
          WHEN name ~ '^segment\\.[^.]+\\.entry$' THEN 'segment.entry'
          WHEN name ~ '^segment\\.[^.]+\\.exit$' THEN 'segment.exit'
          ELSE 'event.triggered'
        END;
      CREATE INDEX events_by_activity ON events.events (project_id, events.activity_type(name), id DESC);

      CREATE TABLE events.email_counts (
        project_id uuid NOT NULL,
        bucket timestamptz NOT NULL,
        ${STATUSES.map((c) => `${c} bigint NOT NULL DEFAULT 0,`).join(' ')}
        PRIMARY KEY (project_id, bucket)
      );

      CREATE TABLE events.name_counts (
        project_id uuid NOT NULL,
        day date NOT NULL,
        name text NOT NULL,
        count bigint NOT NULL,
        PRIMARY KEY (project_id, day, name)
      );

      CREATE TABLE events.campaigns (
        project_id uuid NOT NULL,
        id uuid NOT NULL,
        name text NOT NULL DEFAULT '',
        subject text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT '',
        audience_type text NOT NULL DEFAULT '',
        scheduled_at timestamptz,
        sent_at timestamptz,
        total_recipients integer NOT NULL DEFAULT 0,
        version integer NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        first_seen_at timestamptz NOT NULL,
        PRIMARY KEY (project_id, id)
      );
      CREATE INDEX campaigns_scheduled ON events.campaigns (project_id, scheduled_at) WHERE status = 'SCHEDULED' AND NOT deleted;

      CREATE TABLE events.campaign_counts (
        project_id uuid NOT NULL,
        campaign_id uuid NOT NULL,
        ${STATUSES.map((c) => `${c} bigint NOT NULL DEFAULT 0,`).join(' ')}
        PRIMARY KEY (project_id, campaign_id)
      );

      INSERT INTO events.name_counts (project_id, day, name, count)
        SELECT project_id, (created_at AT TIME ZONE 'UTC')::date, name, count(*) FROM events.events GROUP BY 1, 2, 3;
      CREATE TEMP TABLE email_status_events ON COMMIT DROP AS
        SELECT project_id, created_at, substr(name, 7) AS status, data->>'campaignId' AS campaign_id FROM events.events
        WHERE name LIKE 'email.%' AND coalesce(data->>'reason', '') <> 'transient';
      INSERT INTO events.email_counts (project_id, bucket, ${STATUSES.join(', ')})
        SELECT project_id, date_bin('15 minutes', created_at, 'epoch'),
          ${STATUSES.map((c) => `count(*) FILTER (WHERE status = '${c}')`).join(', ')}
        FROM email_status_events GROUP BY 1, 2;
      INSERT INTO events.campaign_counts (project_id, campaign_id, ${STATUSES.join(', ')})
        SELECT project_id, campaign_id::uuid,
          ${STATUSES.map((c) => `count(*) FILTER (WHERE status = '${c}')`).join(', ')}
        FROM email_status_events WHERE campaign_id ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' GROUP BY 1, 2;
    `,
  },
  {
    // Workflow runs in the activity feed (workflows.execution.started.v1), as activity of their
    // own: never tracked events, which trigger workflows (a run must not trigger another). One row
    // per execution and type, its id a UUIDv7 of when the run started (the feed's order and date
    // bounds hold as for events); started runs counted per 15-minute bucket for /activity/stats.
    id: '003_workflow_activity',
    sql: `
      CREATE TABLE events.workflow_activity (
        project_id uuid NOT NULL,
        id uuid NOT NULL,
        type text NOT NULL,                   -- workflow.started
        contact_id uuid NOT NULL,
        execution_id uuid NOT NULL,
        data jsonb NOT NULL,                  -- the feed's metadata: workflowId, workflowName, executionId
        created_at timestamptz NOT NULL,
        PRIMARY KEY (project_id, id)
      );
      CREATE UNIQUE INDEX workflow_activity_once ON events.workflow_activity (project_id, execution_id, type);
      CREATE INDEX workflow_activity_by_contact ON events.workflow_activity (project_id, contact_id, id DESC);
      CREATE INDEX workflow_activity_by_type ON events.workflow_activity (project_id, type, id DESC);

      CREATE TABLE events.workflow_counts (
        project_id uuid NOT NULL,
        bucket timestamptz NOT NULL,
        started bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (project_id, bucket)
      );
    `,
  },
  {
    // Human and machine engagement: each bucket's and campaign's emails first opened and first
    // clicked by a person (messaging.email.status_changed.v1 human), beside the raw counts.
    // Nothing to backfill: earlier opens and clicks were never classified.
    id: '020_human_counts',
    sql: `
      ALTER TABLE events.email_counts ADD COLUMN human_opened bigint NOT NULL DEFAULT 0, ADD COLUMN human_clicked bigint NOT NULL DEFAULT 0;
      ALTER TABLE events.campaign_counts ADD COLUMN human_opened bigint NOT NULL DEFAULT 0, ADD COLUMN human_clicked bigint NOT NULL DEFAULT 0;
    `,
  },
  {
    // A sending domain's deliverability changes in the activity feed (messaging's
    // deliverability.changed.v1 and domain.guardrail_*.v1), as activity of their own: a project's,
    // no contact's. Its id a UUIDv7 of when the change happened (the feed's order and date bounds
    // hold as for events); one row per source event, so a redelivered event is shown once.
    id: '021_deliverability_activity',
    sql: `
      CREATE TABLE events.deliverability_activity (
        project_id uuid NOT NULL,
        id uuid NOT NULL,
        type text NOT NULL,                   -- deliverability.throttled, .resumed, .guardrail_paused, .guardrail_warning, .guardrail_resumed
        event_id uuid NOT NULL,               -- the domain event it shows
        data jsonb NOT NULL,                  -- the feed's metadata: the event's data
        created_at timestamptz NOT NULL,
        PRIMARY KEY (project_id, id)
      );
      CREATE UNIQUE INDEX deliverability_activity_once ON events.deliverability_activity (project_id, event_id);
      CREATE INDEX deliverability_activity_by_type ON events.deliverability_activity (project_id, type, id DESC);
    `,
  },
];
