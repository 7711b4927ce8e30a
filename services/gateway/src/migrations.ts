import type { Migration } from '../../../libs/db/src';
import { busMigrations } from '../../../libs/bus/src';

export const SCHEMA = 'gateway';

export const migrations: Migration[] = [
  ...busMigrations(SCHEMA),
  {
    id: '001_identity',
    sql: `
      CREATE TABLE gateway.settings (key text PRIMARY KEY, value text NOT NULL);

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
];
