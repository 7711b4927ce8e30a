import type { Migration } from '../../../libs/db/src';

export const SCHEMA = 'domains';

export const migrations: Migration[] = [
  {
    id: '001_domains',
    sql: `
      CREATE TABLE domains.domains (
        project_id uuid NOT NULL,
        id uuid NOT NULL,
        domain text NOT NULL,
        selector text NOT NULL,
        -- The DKIM private key, PKCS#8 PEM. Stored as is (see docs/decisions/README.md, "Domains").
        private_key_pem text NOT NULL,
        -- The records the user was told to publish, fixed when the domain was added.
        records jsonb NOT NULL,
        -- Last check, per purpose: { "dkim": true, "spf": false, ... }.
        found jsonb NOT NULL DEFAULT '{}'::jsonb,
        verified boolean NOT NULL DEFAULT false,
        verified_at timestamptz,
        last_checked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (project_id, id)
      );
      CREATE UNIQUE INDEX domains_project_domain ON domains.domains (project_id, domain);

      -- Durable re-check timers: one row per domain, claimed with FOR UPDATE SKIP LOCKED.
      CREATE TABLE domains.timers (
        project_id uuid NOT NULL,
        domain_id uuid NOT NULL,
        due_at timestamptz NOT NULL,
        PRIMARY KEY (project_id, domain_id)
      );
      -- The poller looks for due rows across projects (per shard under Citus).
      CREATE INDEX timers_due ON domains.timers (due_at);
    `,
  },
  {
    // Inbound mail finds the projects of a recipient's domain (InboundDomain), across projects.
    id: '002_inbound_lookup',
    sql: `CREATE INDEX domains_verified_domain ON domains.domains (domain) WHERE verified;`,
  },
  {
    // Where DMARC aggregate reports go (the rua= of the suggested record); set at any time.
    id: '010_dmarc_reports',
    sql: `
      ALTER TABLE domains.domains ADD COLUMN dmarc_report_email text;
    `,
  },
];
