import type { Migration } from '../../../libs/db/src';
import { busMigrations } from '../../../libs/bus/src';

export const SCHEMA = 'contacts';

export const migrations: Migration[] = [
  ...busMigrations(SCHEMA),
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
];
