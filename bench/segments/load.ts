/**
 * bench/segments: the data set, loaded with SQL straight into a database Herald's migrations have
 * made (contacts and events schemas): contacts with typed custom fields, events, and the
 * per-contact event facts derived from the events exactly as the contacts consumer derives them.
 * See bench/README.md.
 */
import { performance } from 'node:perf_hooks';
import type { Client } from 'pg';
import { f1, log } from '../lib';

const DAY = 86_400_000;
/** Contacts are created over the 2 years before the load, events over the last year (never before their contact). */
const CONTACT_SPAN = 730 * DAY;
const EVENT_SPAN = 365 * DAY;
/**
 * No event happens in the 2 hours after "30 days before the load": `triggeredWithin 30 days` then
 * matches the same facts for 2 hours after loading, so counts taken minutes apart (compiled,
 * hand-written, through the API) must agree exactly.
 */
export const WITHIN_DAYS = 30;
const BAND = 2 * 3_600_000;

/** The share of contacts that ever have an event (the rest: imported, never active). */
const ACTIVE = 0.6;

/** Event names and their shares of the events; page views come mostly from a few very active contacts. */
export const EVENT_NAMES: Array<{ name: string; share: number; skew: number }> = [
  { name: 'page_view', share: 0.4, skew: 2.5 },
  { name: 'login', share: 0.18, skew: 1.6 },
  { name: 'search', share: 0.12, skew: 1.6 },
  { name: 'add_to_cart', share: 0.1, skew: 1.6 },
  { name: 'purchase', share: 0.06, skew: 1.6 },
  { name: 'share', share: 0.05, skew: 1.6 },
  { name: 'support_ticket', share: 0.04, skew: 1.6 },
  { name: 'review', share: 0.03, skew: 1.6 },
  { name: 'refund', share: 0.02, skew: 1.6 },
];

/** The custom fields every generated contact may have, as contacts.fields types them. */
export const FIELD_TYPES: Record<string, string> = {
  firstName: 'string',
  age: 'number',
  plan: 'string',
  country: 'string',
  score: 'number',
  vip: 'boolean',
  signedUpAt: 'date',
};

export interface ProjectSpec {
  /** 0 for the measured project, 1 for the other one: seeds the contact ids. */
  seed: number;
  id: string;
  contacts: number;
  events: number;
}

export interface LoadReport {
  steps: Array<{ step: string; ms: number }>;
  totalMs: number;
  /** When "now" was for the generated times (ms since the epoch). */
  nowMs: number;
}

/** The tables the load writes, whose indexes and keys are dropped before and rebuilt after (a bulk load). */
const TABLES = [
  ['contacts', 'contacts'],
  ['contacts', 'event_facts'],
  ['events', 'events'],
] as const;

/**
 * A UUIDv7 (as Herald's ids: 48 bits of Unix ms, then random bits) from a time in ms and 32 hex
 * digits: the same contact id for the same project and row number, so events find their contact
 * without a join. Temporary, inlined by the planner.
 */
const V7_FUNCTION = `
  CREATE FUNCTION pg_temp.bench_v7(ms bigint, h text) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
    SELECT (lpad(to_hex(ms), 12, '0') || '7' || substr(h, 1, 3)
      || substr('89ab', get_byte(decode(substr(h, 4, 2), 'hex'), 0) % 4 + 1, 1) || substr(h, 6, 15))::uuid
  $$`;

/** Loads both projects' contacts, events and facts, rebuilds the indexes, then VACUUM ANALYZE. */
export async function loadData(c: Client, projects: ProjectSpec[]): Promise<LoadReport> {
  const steps: LoadReport['steps'] = [];
  const t0 = performance.now();
  const step = async (name: string, fn: () => Promise<unknown>) => {
    const s = performance.now();
    await fn();
    const ms = performance.now() - s;
    steps.push({ step: name, ms });
    log(`load: ${name} ${f1(ms / 1000)} s`);
  };
  const nowMs = Date.now();
  await c.query(`SET work_mem = '512MB'; SET maintenance_work_mem = '1GB'; SET synchronous_commit = off; SET jit = off`);
  await c.query('SELECT setseed(0.2026)');
  await c.query(V7_FUNCTION);

  // Bulk load: drop the indexes and keys of the loaded tables, rebuild them after, from their own definitions.
  const indexes = (
    await c.query(
      `SELECT format('%I.%I', n.nspname, t.relname) AS tbl, format('%I.%I', n.nspname, i.relname) AS idx, pg_get_indexdef(i.oid) AS def,
              con.conname, pg_get_constraintdef(con.oid) AS condef
         FROM pg_index x
         JOIN pg_class i ON i.oid = x.indexrelid
         JOIN pg_class t ON t.oid = x.indrelid
         JOIN pg_namespace n ON n.oid = t.relnamespace
         LEFT JOIN pg_constraint con ON con.conindid = i.oid AND con.conrelid = t.oid AND con.contype IN ('p', 'u')
        WHERE (n.nspname, t.relname) IN (${TABLES.map(([s, r]) => `('${s}', '${r}')`).join(', ')})
        ORDER BY con.conname IS NULL, i.relname`,
    )
  ).rows as Array<{ tbl: string; idx: string; def: string; conname: string | null; condef: string | null }>;
  await step(`drop ${indexes.length} indexes`, async () => {
    for (const ix of indexes) await c.query(ix.conname ? `ALTER TABLE ${ix.tbl} DROP CONSTRAINT ${ix.conname}` : `DROP INDEX ${ix.idx}`);
  });

  for (const p of projects) {
    const start = nowMs - CONTACT_SPAN;
    await step(`contacts of project ${p.seed} (${p.contacts.toLocaleString('en')})`, () =>
      c.query(
        `INSERT INTO contacts.contacts (project_id, id, email, subscribed, data, created_at, updated_at)
         SELECT $1::uuid, pg_temp.bench_v7(ms, md5($2 || ':' || i)), 'c' || i || '@p' || $2 || '.segments.bench', r < 0.85,
           jsonb_strip_nulls(jsonb_build_object(
             'firstName', 'Name ' || i,
             -- 5 % have no age; 0.7 % one of another JSON type, some of which a careless comparison
             -- would take for 40 (a field's type is fixed by its first value, but any value sent is still stored)
             'age', CASE WHEN a < 0.05 THEN NULL
                         WHEN a < 0.053 THEN to_jsonb('unknown'::text)
                         WHEN a < 0.054 THEN to_jsonb('40'::text)
                         WHEN a < 0.055 THEN 'true'::jsonb
                         WHEN a < 0.056 THEN '[40]'::jsonb
                         WHEN a < 0.057 THEN '{"years": 40}'::jsonb
                         ELSE to_jsonb(18 + floor(31 * (random() + random()))::int) END,
             'plan', (ARRAY['free', 'free', 'free', 'starter', 'pro', 'team'])[1 + floor(random() * 6)::int],
             'country', (ARRAY['US', 'DE', 'FR', 'GB', 'BR', 'IN', 'JP', 'ES', 'CA', 'NL'])[1 + floor(power(random(), 2) * 10)::int],
             'score', round((random() * 1000)::numeric, 1),
             'vip', random() < 0.05,
             'signedUpAt', to_char(to_timestamp(ms / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD'))),
           to_timestamp(ms / 1000.0), to_timestamp(ms / 1000.0) + random() * (to_timestamp($5 / 1000.0) - to_timestamp(ms / 1000.0))
         FROM (SELECT i, $3::bigint + (i * $4::float8 / $6::bigint)::bigint AS ms, random() AS r, random() AS a FROM generate_series(0, $6::bigint - 1) i) s`,
        [p.id, String(p.seed), start, CONTACT_SPAN, nowMs, p.contacts],
      ),
    );
    await c.query(`INSERT INTO contacts.fields (project_id, key, type) SELECT $1::uuid, key, type FROM jsonb_each_text($2::jsonb) AS f(key, type)`, [
      p.id,
      JSON.stringify(FIELD_TYPES),
    ]);
    if (!p.events || !p.contacts) continue;
    // Each event: a name by its share, a contact skewed by the name (row number ~ ACTIVE × N × u^skew,
    // permuted so the busiest contacts are not the oldest; the others never had an event), a time in the last year (more recent
    // more often) and never before the contact's creation.
    const names = EVENT_NAMES.map((e, i) => ({ ...e, upTo: EVENT_NAMES.slice(0, i + 1).reduce((s, x) => s + x.share, 0) }));
    const nameCase = `CASE ${names.map((e) => `WHEN rn < ${e.upTo} THEN '${e.name}'`).join(' ')} ELSE '${names[names.length - 1].name}' END`;
    const skewCase = `CASE name ${names.map((e) => `WHEN '${e.name}' THEN ${e.skew}`).join(' ')} END`;
    const band = nowMs - WITHIN_DAYS * DAY;
    await step(`events of project ${p.seed} (${p.events.toLocaleString('en')})`, () =>
      c.query(
        `INSERT INTO events.events (project_id, id, contact_id, name, data, created_at)
         SELECT $1::uuid, pg_temp.bench_v7(at_ms, md5(random()::text)), pg_temp.bench_v7(c_ms, md5($2 || ':' || ci)), name,
                CASE WHEN name = 'purchase' THEN jsonb_build_object('amount', round((5 + random() * 200)::numeric, 2)) ELSE '{}'::jsonb END,
                to_timestamp(at_ms / 1000.0)
         FROM (
           SELECT ci, c_ms, name, CASE WHEN t >= $7::bigint AND t < $7::bigint + $8::bigint THEN t - $8::bigint ELSE t END AS at_ms
           FROM (
             SELECT ci, c_ms, name, $5::bigint - floor(power(rt, 1.3) * least($9::float8, $5::bigint - c_ms))::bigint AS t
             FROM (
               SELECT ci, $3::bigint + (ci * $4::float8 / $6::bigint)::bigint AS c_ms, name, random() AS rt
               FROM (
                 SELECT name, (floor($11::float8 * $6::bigint * power(random(), ${skewCase}))::bigint * 7919 + 13) % $6::bigint AS ci
                 FROM (SELECT ${nameCase} AS name FROM (SELECT random() AS rn FROM generate_series(1, $10::bigint)) g) n
               ) a
             ) b
           ) c
         ) d`,
        [p.id, String(p.seed), start, CONTACT_SPAN, nowMs, p.contacts, band, BAND, EVENT_SPAN, p.events, ACTIVE],
      ),
    );
  }

  // The projection, as the contacts consumer keeps it (repo.recordEventFacts): per contact and
  // name, the count and the first and last time. Inserted in the order facts would appear.
  await step('event_facts from the events', () =>
    c.query(
      `INSERT INTO contacts.event_facts (project_id, contact_id, name, count, first_at, last_at)
       SELECT project_id, contact_id, name, count(*), min(created_at), max(created_at)
       FROM events.events GROUP BY project_id, contact_id, name ORDER BY min(created_at)`,
    ),
  );
  await step(`rebuild ${indexes.length} indexes`, async () => {
    for (const ix of indexes) await c.query(ix.conname ? `ALTER TABLE ${ix.tbl} ADD CONSTRAINT ${ix.conname} ${ix.condef}` : ix.def);
  });
  // Autovacuum would get there on a live database (it may be off on a bench machine): the
  // visibility map (index-only scans) and hint bits, then the planner's statistics.
  await step('VACUUM ANALYZE', async () => {
    for (const [s, r] of TABLES) await c.query(`VACUUM (ANALYZE) ${s}.${r}`);
    await c.query('ANALYZE contacts.fields');
  });
  await c.query(`RESET work_mem; RESET maintenance_work_mem; RESET synchronous_commit; RESET jit`);
  return { steps, totalMs: performance.now() - t0, nowMs };
}
