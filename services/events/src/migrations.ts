import type { Migration } from '../../../libs/db/src';
import { busMigrations } from '../../../libs/bus/src';

export const SCHEMA = 'events';

export const migrations: Migration[] = [
  ...busMigrations(SCHEMA),
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
];
