/**
 * The contacts tables compiled conditions read, as services/contacts creates them (its migration
 * 001_contacts). A library's tests may not import a service (test/structure.test.ts), so they are
 * restated here; test/audience-contacts.test.ts runs compiled conditions against the contacts
 * service's own migrations, so a drift between the two fails there.
 */
import type { Migration } from '../../db/src';

export const contactsTables: Migration = {
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
    CREATE TABLE contacts.fields (
      project_id uuid NOT NULL,
      key text NOT NULL,
      type text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, key)
    );
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
};
