import type { Migration } from '../../../libs/db/src';

export const SCHEMA = 'gateway';

export const migrations: Migration[] = [
  {
    id: '001_identity',
    sql: `
      CREATE TABLE IF NOT EXISTS gateway.settings (key text PRIMARY KEY, value text NOT NULL);

      CREATE TABLE gateway.users (
        id uuid PRIMARY KEY,
        email text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        email_verified boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      -- API keys are stored as SHA-256 hashes (they are 256-bit random, so a fast hash is enough);
      -- the hint (prefix + first/last 4) is what the dashboard shows after creation.
      CREATE TABLE gateway.projects (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        public_key_hash text NOT NULL UNIQUE,
        secret_key_hash text NOT NULL UNIQUE,
        public_key_hint text NOT NULL,
        secret_key_hint text NOT NULL,
        disabled boolean NOT NULL DEFAULT false,
        disabled_reason text,
        tracking text NOT NULL DEFAULT 'ENABLED',
        language text NOT NULL DEFAULT 'en',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE gateway.memberships (
        project_id uuid NOT NULL REFERENCES gateway.projects (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES gateway.users (id) ON DELETE CASCADE,
        role text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, user_id)
      );
      CREATE INDEX memberships_by_user ON gateway.memberships (user_id);

      -- Idempotency-Key replays (24 h). status_code NULL = the first request is still running.
      CREATE TABLE gateway.idempotency (
        project_id uuid NOT NULL,
        key text NOT NULL,
        route text NOT NULL,
        request_hash text NOT NULL,
        status_code int,
        response jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, key)
      );
      CREATE INDEX idempotency_created ON gateway.idempotency (created_at);
    `,
  },
  {
    id: '002_accounts',
    sql: `
      -- OAuth-only accounts have no password; a session carries the version it was issued at, and
      -- a password reset moves it on (every older session ends).
      ALTER TABLE gateway.users ALTER COLUMN password_hash DROP NOT NULL;
      ALTER TABLE gateway.users ADD COLUMN session_version integer NOT NULL DEFAULT 0;

      -- Email verification and password reset tokens: SHA-256 of the 64-hex token, single use.
      CREATE TABLE gateway.user_tokens (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES gateway.users (id) ON DELETE CASCADE,
        purpose text NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX user_tokens_by_user ON gateway.user_tokens (user_id, purpose);

      -- Invitations of addresses without an account (yet): one per project and address.
      CREATE TABLE gateway.invitations (
        project_id uuid NOT NULL REFERENCES gateway.projects (id) ON DELETE CASCADE,
        email text NOT NULL,
        role text NOT NULL,
        token_hash text NOT NULL UNIQUE,
        invited_by uuid REFERENCES gateway.users (id) ON DELETE SET NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, email)
      );
      CREATE INDEX invitations_by_email ON gateway.invitations (email);

      -- OAuth logins under way: the state's hash, its PKCE verifier, single use.
      CREATE TABLE gateway.oauth_states (
        state_hash text PRIMARY KEY,
        provider text NOT NULL,
        code_verifier text NOT NULL,
        expires_at timestamptz NOT NULL
      );

      -- When a project was disabled or enabled again, and why (GET …/security).
      CREATE TABLE gateway.project_suspensions (
        project_id uuid NOT NULL REFERENCES gateway.projects (id) ON DELETE CASCADE,
        id uuid NOT NULL,
        action text NOT NULL,
        reason text,
        at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, id)
      );
    `,
  },
  {
    id: '003_project_operations',
    sql: `
      -- A project's reset or delete under way or done: the services that still have to confirm
      -- their wipe in this round (of two), and what each deleted. Keyed by "project", not "project_id": the record
      -- outlives the project's data (every project_id column of a schema is wiped; see
      -- libs/runtime wipe.ts), so its requester can follow a delete to the end.
      CREATE TABLE gateway.project_operations (
        id uuid PRIMARY KEY,
        project uuid NOT NULL,
        project_name text NOT NULL,
        kind text NOT NULL,
        requested_by uuid NOT NULL,
        services text[] NOT NULL,
        round int NOT NULL DEFAULT 1,
        pending text[] NOT NULL,
        deleted jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      );
    `,
  },
  {
    id: '010_transactional_opens',
    sql: `
      -- Open tracking on transactional mail is off unless the project turns it on (clicks stay
      -- tracked): the pixel makes a short transactional mail look image-only to spam filters.
      ALTER TABLE gateway.projects ADD COLUMN transactional_opens boolean NOT NULL DEFAULT false;
    `,
  },
  {
    id: '011_public_key_in_full',
    sql: `
      -- The public key is public (it goes into web pages for client-side tracking), so it is kept
      -- in full and shown whenever asked; keys issued before this keep only their hint (null here)
      -- until rotated. The secret key stays a hash and a hint.
      ALTER TABLE gateway.projects ADD COLUMN public_key text;
    `,
  },
];
