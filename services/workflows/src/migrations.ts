import type { Migration } from '../../../libs/db/src';

export const SCHEMA = 'workflows';

export const migrations: Migration[] = [
  {
    id: '001_workflows',
    sql: `
      CREATE TABLE workflows.workflows (
        project_id uuid NOT NULL,
        id uuid NOT NULL,
        name text NOT NULL,
        description text,
        enabled boolean NOT NULL DEFAULT false,
        trigger_type text NOT NULL DEFAULT 'EVENT',
        trigger_event text NOT NULL,
        allow_reentry boolean NOT NULL DEFAULT false,
        tracking text NOT NULL DEFAULT 'ENABLED',   -- the project's setting when last enabled
        webhook_secret text NOT NULL,               -- signs its WEBHOOK steps' requests
        version bigint NOT NULL DEFAULT 1,          -- of its workflows.workflow.changed.v1 events; the engine's graph cache key
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, id)
      );
      CREATE INDEX workflows_list ON workflows.workflows (project_id, created_at DESC, id DESC);
      CREATE INDEX workflows_trigger ON workflows.workflows (project_id, trigger_event) WHERE enabled;

      CREATE TABLE workflows.steps (
        project_id uuid NOT NULL,
        workflow_id uuid NOT NULL,
        id uuid NOT NULL,
        type text NOT NULL,
        name text NOT NULL,
        position jsonb,
        config jsonb NOT NULL DEFAULT '{}',
        template_id uuid,                           -- SEND_EMAIL
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, id)
      );
      CREATE INDEX steps_workflow ON workflows.steps (project_id, workflow_id, created_at);

      CREATE TABLE workflows.transitions (
        project_id uuid NOT NULL,
        workflow_id uuid NOT NULL,
        id uuid NOT NULL,
        from_step_id uuid NOT NULL,
        to_step_id uuid NOT NULL,
        branch text,                                -- out of CONDITION: yes | no | <branch id> | default
        wait_outcome text,                          -- out of WAIT_FOR_EVENT: EVENT | TIMEOUT
        priority int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, id)
      );
      CREATE INDEX transitions_workflow ON workflows.transitions (project_id, workflow_id);

      -- One row per execution, its step history inside: a step's write is one UPDATE.
      CREATE TABLE workflows.executions (
        project_id uuid NOT NULL,
        id uuid NOT NULL,
        workflow_id uuid NOT NULL,
        contact_id uuid NOT NULL,
        status text NOT NULL,                       -- RUNNING | WAITING | COMPLETED | EXITED | FAILED | CANCELLED
        current_step_id uuid,                       -- RUNNING: the step to run; WAITING: the step waiting
        exit_reason text,
        context jsonb NOT NULL DEFAULT '{}',
        trigger_event jsonb,                        -- { id, name, occurredAt, data } of the event that started it
        wait_event text,                            -- at a WAIT_FOR_EVENT (WAITING, or RUNNING while a worker puts it to wait): the event's name
        waiting_since timestamptz,                  -- … and since when (older events do not count)
        -- When the engine acts on it next: RUNNING now (or, while a worker holds it, the end of
        -- that worker's lease), WAITING the delay's end or the wait's timeout, null otherwise.
        due_at timestamptz,
        attempts int NOT NULL DEFAULT 0,            -- failed tries of the current step (retried with backoff)
        history jsonb NOT NULL DEFAULT '[]',        -- [{ stepId, type, name, at, outcome }]
        version bigint NOT NULL DEFAULT 1,          -- every write checks and bumps it (claims, cancels, resumes)
        started_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, id)
      );
      -- The timer: every replica claims due rows with FOR UPDATE SKIP LOCKED. Due times cross
      -- projects, so this one index does not lead with project_id.
      CREATE INDEX executions_due ON workflows.executions (due_at) WHERE due_at IS NOT NULL;
      CREATE INDEX executions_list ON workflows.executions (project_id, workflow_id, started_at DESC, id DESC);
      CREATE INDEX executions_active ON workflows.executions (project_id, workflow_id, status) WHERE status IN ('RUNNING', 'WAITING');
      CREATE INDEX executions_waiting ON workflows.executions (project_id, contact_id, wait_event) WHERE wait_event IS NOT NULL;
      CREATE INDEX executions_contact ON workflows.executions (project_id, contact_id) WHERE status IN ('RUNNING', 'WAITING');

      -- Who ever entered a workflow: allowReentry false admits a contact once.
      CREATE TABLE workflows.entries (
        project_id uuid NOT NULL,
        workflow_id uuid NOT NULL,
        contact_id uuid NOT NULL,
        PRIMARY KEY (project_id, workflow_id, contact_id)
      );

      -- The event names tracked in each project (from events.event.recorded.v1): what
      -- GET /workflows/fields offers for triggers, waits and conditions.
      CREATE TABLE workflows.event_names (
        project_id uuid NOT NULL,
        name text NOT NULL,
        PRIMARY KEY (project_id, name)
      );
    `,
  },
  {
    // A workflow keeps the project's tracking policy from when it was enabled. Transactional opens
    // became a project setting, off by default, so ENABLED from before means exactly this.
    id: '010_transactional_opens',
    sql: `
      UPDATE workflows.workflows SET tracking = 'ENABLED_EXCEPT_TRANSACTIONAL_OPENS' WHERE tracking = 'ENABLED';
    `,
  },
];
