import { audienceMigrations } from '../../../libs/audience/src';
import type { Migration } from '../../../libs/db/src';

export const SCHEMA = 'contacts';

export const migrations: Migration[] = [
  {
    id: '001_contacts',
    sql: `
      CREATE TABLE contacts.contacts (
        project_id uuid NOT NULL,
        id uuid NOT NULL,
        email text NOT NULL,
        subscribed boolean NOT NULL,
        data jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, id)
      );
      CREATE UNIQUE INDEX contacts_project_email ON contacts.contacts (project_id, email);
      CREATE INDEX contacts_data ON contacts.contacts USING gin (data jsonb_path_ops);

      -- Rule 9: the first non-null value seen for a key in a project fixes its type.
      CREATE TABLE contacts.fields (
        project_id uuid NOT NULL,
        key text NOT NULL,
        type text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, key)
      );

      -- Projection of the events service: per-contact facts for segment filters.
      CREATE TABLE contacts.event_facts (
        project_id uuid NOT NULL,
        contact_id uuid NOT NULL,
        name text NOT NULL,
        count bigint NOT NULL,
        first_at timestamptz NOT NULL,
        last_at timestamptz NOT NULL,
        PRIMARY KEY (project_id, contact_id, name)
      );
      CREATE INDEX event_facts_by_name ON contacts.event_facts (project_id, name, last_at);
    `,
  },
  {
    // CSV import and bulk jobs: one row per job, its file in chunks while it
    // is needed, its per-row (per-id) errors. See docs/decisions/README.md, "Import and bulk jobs".
    id: '002_jobs',
    sql: `
      CREATE TABLE contacts.jobs (
        project_id uuid NOT NULL,
        id uuid NOT NULL,
        kind text NOT NULL,                   -- import | bulk
        operation text NOT NULL,              -- import | subscribe | unsubscribe | delete
        status text NOT NULL,                 -- uploading | queued | running | completed | failed
        reason text,                          -- why it failed
        filename text,
        bytes bigint NOT NULL DEFAULT 0,      -- import: the file's size as stored
        chunks int NOT NULL DEFAULT 0,
        contact_ids text[],                   -- bulk: the ids asked for, deduplicated, in order
        total int,                            -- rows (import, counted before they run) or ids requested (bulk)
        processed int NOT NULL DEFAULT 0,     -- the checkpoint: rows or ids done, committed with their effects
        imported int NOT NULL DEFAULT 0,
        updated int NOT NULL DEFAULT 0,
        skipped int NOT NULL DEFAULT 0,
        succeeded int NOT NULL DEFAULT 0,
        failed int NOT NULL DEFAULT 0,
        error_count int NOT NULL DEFAULT 0,
        attempts int NOT NULL DEFAULT 0,      -- claims by a worker (a job interrupted too often fails)
        worker uuid,                          -- the claim holding the lease
        lease_until timestamptz,
        enqueued_at timestamptz,              -- when its work item was last put on the queue
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        PRIMARY KEY (project_id, id)
      );
      -- The sweep's (across projects, like domains' timers): jobs whose work may need queueing again.
      CREATE INDEX jobs_active ON contacts.jobs (status, lease_until) WHERE status IN ('uploading', 'queued', 'running');

      CREATE TABLE contacts.import_chunks (
        project_id uuid NOT NULL,
        job_id uuid NOT NULL,
        seq int NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (project_id, job_id, seq)
      );

      CREATE TABLE contacts.job_errors (
        project_id uuid NOT NULL,
        job_id uuid NOT NULL,
        n int NOT NULL,                       -- import: the row; bulk: the id's position
        email text,
        contact_id text,
        reason text NOT NULL,
        PRIMARY KEY (project_id, job_id, n)
      );
    `,
  },
  // Segment membership, the date function and the createdAt index that conditions need.
  ...audienceMigrations,
  {
    // Segments. See docs/decisions/README.md, "Segments".
    id: '003_segments',
    sql: `
      CREATE TABLE contacts.segments (
        project_id uuid NOT NULL,
        id uuid NOT NULL,
        name text NOT NULL,
        slug text NOT NULL,                   -- of the name: its entry and exit event names
        description text,
        type text NOT NULL,                   -- DYNAMIC | STATIC
        condition jsonb,                      -- DYNAMIC: the normalised condition
        track_membership boolean NOT NULL DEFAULT false,
        member_count bigint NOT NULL DEFAULT 0,
        computed_at timestamptz,              -- tracked DYNAMIC: when membership was last written
        failed_at timestamptz,                -- tracked DYNAMIC: its last compute failed (tried again after the interval)
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, id)
      );
      CREATE UNIQUE INDEX segments_slug ON contacts.segments (project_id, slug);
      -- Projects whose tracked segments are due a recompute (debounced background work): one row
      -- a project, written by the consumer of contact and event changes, taken by the timer.
      CREATE TABLE contacts.segment_recompute (
        project_id uuid PRIMARY KEY,
        due_at timestamptz NOT NULL,
        taken_until timestamptz,              -- a recompute holds it until then (its lease)
        again boolean NOT NULL DEFAULT false  -- changes came in while it ran: due again after
      );
    `,
  },
  {
    // The campaigns' audiences, kept from the campaigns service's events: a segment a SCHEDULED or
    // SENDING campaign sends to cannot be deleted; field usage lists the campaigns filtering on it.
    id: '004_campaign_audiences',
    sql: `
      CREATE TABLE contacts.campaign_audiences (
        project_id uuid NOT NULL,
        campaign_id uuid NOT NULL,
        segment_id uuid,                      -- SEGMENT
        audience_filter jsonb,                -- FILTERED (it may name segments and fields)
        name text NOT NULL,
        status text NOT NULL,
        version bigint NOT NULL,
        PRIMARY KEY (project_id, campaign_id)
      );
      CREATE INDEX campaign_audiences_by_segment ON contacts.campaign_audiences (project_id, segment_id);
    `,
  },
  {
    // What the workflows service says its workflows read, kept from its events: field usage lists
    // the workflows whose CONDITION steps read a field, event usage those naming an event. A
    // deleted workflow stays as a tombstone, so a late, older change cannot bring it back.
    id: '005_workflow_refs',
    sql: `
      CREATE TABLE contacts.workflow_refs (
        project_id uuid NOT NULL,
        workflow_id uuid NOT NULL,
        name text NOT NULL DEFAULT '',
        fields text[] NOT NULL DEFAULT '{}',      -- canonical (data.plan, subscribed)
        event_names text[] NOT NULL DEFAULT '{}', -- trigger, WAIT_FOR_EVENT, CONDITION event.<name>
        version bigint NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        PRIMARY KEY (project_id, workflow_id)
      );
    `,
  },
];
