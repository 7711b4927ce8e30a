/**
 * What compiled conditions need in the contacts schema beyond contacts' own tables (contacts,
 * fields, event_facts): the contacts service appends these to its migrations. Their ids start
 * with `audience_` so they never collide with the service's own numbering.
 */
import type { Migration } from '../../db/src';

/**
 * `contacts.audience_timestamp(text)`: the instant a stored date value names, or NULL for
 * anything that is not a date (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS[.sss]Z`, a real
 * calendar date and time of day). It never raises: the checks run in CASE order, and only a
 * value that passed them reaches make_timestamp. Dates are UTC. IMMUTABLE (every step is), so it
 * can back an expression index on a hot date field, and it is a plain SQL expression that the
 * planner inlines.
 */
const TIMESTAMP_FUNCTION = `
  CREATE FUNCTION contacts.audience_timestamp(s text) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
    SELECT CASE
      WHEN s !~ '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])(T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]{3})?Z)?$' THEN NULL
      WHEN substr(s, 1, 4)::int = 0 THEN NULL
      WHEN substr(s, 9, 2)::int > CASE
          WHEN substr(s, 6, 2)::int IN (4, 6, 9, 11) THEN 30
          WHEN substr(s, 6, 2)::int <> 2 THEN 31
          WHEN substr(s, 1, 4)::int % 4 = 0 AND (substr(s, 1, 4)::int % 100 <> 0 OR substr(s, 1, 4)::int % 400 = 0) THEN 29
          ELSE 28
        END THEN NULL
      WHEN length(s) = 10 THEN make_timestamp(substr(s, 1, 4)::int, substr(s, 6, 2)::int, substr(s, 9, 2)::int, 0, 0, 0) AT TIME ZONE 'UTC'
      ELSE make_timestamp(substr(s, 1, 4)::int, substr(s, 6, 2)::int, substr(s, 9, 2)::int, substr(s, 12, 2)::int, substr(s, 15, 2)::int,
             substr(s, 18, 2)::int + CASE WHEN length(s) = 24 THEN substr(s, 21, 3)::int / 1000.0 ELSE 0 END) AT TIME ZONE 'UTC'
    END
  $fn$;`;

export const audienceMigrations: Migration[] = [
  {
    id: 'audience_001_members_dates',
    sql: `
      -- Members of STATIC segments, and the last computed members of tracked DYNAMIC ones.
      CREATE TABLE contacts.segment_members (
        project_id uuid NOT NULL,
        segment_id uuid NOT NULL,
        contact_id uuid NOT NULL,
        added_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, segment_id, contact_id)
      );
      -- A contact's memberships (contact deletion, "segments of this contact").
      CREATE INDEX segment_members_by_contact ON contacts.segment_members (project_id, contact_id);
      ${TIMESTAMP_FUNCTION}
      -- createdAt filters (ranges, within, olderThan) and newest-first audiences.
      CREATE INDEX contacts_created ON contacts.contacts (project_id, created_at);
    `,
  },
];
