/**
 * bench/activity: the activity and analytics reads on a project with BENCH_EMAILS emails (default
 * 1,000,000) over the last 30 days — each sent, 40 % opened, 10 % clicked (and opened), 2 %
 * bounced — and BENCH_TRACKED tracked events, beside another project a fifth its size. The data
 * goes into events.events before migration 002_activity, whose backfill builds the read models
 * (timed); then each read is run BENCH_RUNS times through the service's handlers (no HTTP, no
 * gRPC), and a live batch of status changes goes through the consumer. Its own database, dropped
 * unless BENCH_KEEP=1. Needs PostgreSQL (INFRA.postgres.url).
 */
import { performance } from 'node:perf_hooks';
import { Db, migrate } from '../../libs/db/src';
import type { DomainEvent } from '../../libs/contracts/src';
import { newId } from '../../libs/kit/src';
import { scratchDatabase } from '../../libs/testing/src';
import { migrationsOf } from '../../libs/runtime/src';
import { ActivityRepo } from '../../services/events/src/adapters/activity-repo';
import { EventsRepo } from '../../services/events/src/adapters/repo';
import { activityHandlers } from '../../services/events/src/app/activity';
import { SCHEMA } from '../../services/events/src/migrations';
import { eventsConsumer } from '../../services/events/src/ports/consumers';
import { events as service } from '../../services/events/src/service';
import { f1, num } from '../lib';

const EMAILS = num('BENCH_EMAILS', 1_000_000);
const TRACKED = num('BENCH_TRACKED', 200_000);
const RUNS = num('BENCH_RUNS', 20);

/** Email status events (and tracked ones) of a project, spread over the last 30 days, in SQL; ids are UUIDv7 of their time. */
async function load(db: Db, projectId: string, emails: number, tracked: number) {
  await db.query(
    `WITH e AS (
       SELECT i, gen_random_uuid() AS contact_id, now() - random() * interval '30 days' AS at FROM generate_series(1, $2::int) i
     ), s AS (
       SELECT contact_id, 'email.sent' AS name, at FROM e
       UNION ALL SELECT contact_id, 'email.opened', at + interval '1 hour' FROM e WHERE i % 10 < 4
       UNION ALL SELECT contact_id, 'email.clicked', at + interval '2 hours' FROM e WHERE i % 10 = 0
       UNION ALL SELECT contact_id, 'email.bounced', at + interval '5 minutes' FROM e WHERE i % 50 = 1
       UNION ALL SELECT gen_random_uuid(), 'tracked-' || (i % 20), now() - random() * interval '30 days' FROM generate_series(1, $3::int) i
     )
     INSERT INTO events.events (project_id, id, contact_id, name, data, created_at)
     SELECT $1, (lpad(to_hex((extract(epoch FROM at) * 1000)::bigint), 12, '0') || '7' || substr(md5(random()::text), 1, 3) || '8' || substr(md5(random()::text), 1, 15))::uuid, contact_id, name,
       jsonb_build_object('subject', 'Hello', 'sourceType', 'transactional'), at
     FROM s WHERE at <= now()`,
    [projectId, emails, tracked],
  );
}

async function time(label: string, fn: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = performance.now();
    await fn();
    if (i >= 2) ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  console.log(`${label.padEnd(52)} median ${f1(ms[Math.floor(ms.length / 2)]).padStart(7)} ms   p95 ${f1(ms[Math.floor(ms.length * 0.95)]).padStart(7)} ms`);
}

async function main() {
  const scratch = await scratchDatabase({ prefix: 'herald_bench_activity' });
  const db = scratch.db;
  try {
    const all = migrationsOf(service);
    await migrate(
      db,
      SCHEMA,
      all.filter((m) => m.id !== '002_activity'),
    );
    const [p, other] = [newId(), newId()];
    let t0 = performance.now();
    await load(db, p, EMAILS, TRACKED);
    await load(db, other, Math.round(EMAILS / 5), Math.round(TRACKED / 5));
    await db.query('ANALYZE events.events');
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM events.events`);
    console.log(
      `loaded ${n} events (${EMAILS} emails + ${TRACKED} tracked, and a fifth of that in another project) in ${f1((performance.now() - t0) / 1000)} s`,
    );
    t0 = performance.now();
    await migrate(db, SCHEMA, all);
    await db.query('ANALYZE');
    console.log(`migration 002_activity (index + backfill of the read models) in ${f1((performance.now() - t0) / 1000)} s`);

    const activity = new ActivityRepo(db);
    const h = activityHandlers(
      activity,
      async () => new Map(),
      () => ({ UpcomingExecutions: async () => ({ executions: [] }) }) as never,
    );
    const as = { requestId: 'bench', projectId: p };
    const feed = { cursor: '', limit: 50, types: [] as string[], contact_id: '', start_date: '', end_date: '' };
    const page1 = await h.ListActivity(feed, as);
    await time('GET /analytics/timeseries (30 days, UTC)', () => h.Timeseries({ start_date: '', end_date: '', timezone: '' }, as));
    await time('GET /analytics/timeseries (30 days, Asia/Kolkata)', () => h.Timeseries({ start_date: '', end_date: '', timezone: 'Asia/Kolkata' }, as));
    await time('GET /analytics/timeseries (366 days, America/New_York)', () =>
      h.Timeseries({ start_date: new Date(Date.now() - 365 * 86_400_000).toISOString(), end_date: '', timezone: 'America/New_York' }, as),
    );
    await time('GET /activity/stats (30 days)', () => h.ActivityStats({ start_date: '', end_date: '' }, as));
    await time('GET /analytics/top-events (30 days vs 30 before)', () => h.TopEvents({ limit: 5, start_date: '', end_date: '' }, as));
    await time('GET /activity (first page of 50)', () => h.ListActivity(feed, as));
    await time('GET /activity (second page, by cursor)', () => h.ListActivity({ ...feed, cursor: page1.cursor ?? '' }, as));
    await time('GET /activity?types=email.clicked,email.bounced', () => h.ListActivity({ ...feed, types: ['email.clicked', 'email.bounced'] }, as));
    await time('GET /activity?types=event.triggered&endDate=15 days ago', () =>
      h.ListActivity({ ...feed, types: ['event.triggered'], end_date: new Date(Date.now() - 15 * 86_400_000).toISOString() }, as),
    );
    await time('GET /activity/recent-count (60 minutes)', () => h.RecentCount({ minutes: 60 }, as));
    await time('GET /activity/recent-count (1440 minutes)', () => h.RecentCount({ minutes: 1440 }, as));

    // The live path: batches of status changes through the consumer, as the bus delivers them.
    const consumer = eventsConsumer(new EventsRepo(db), activity);
    const BATCH = 500;
    const batches = 40;
    t0 = performance.now();
    for (let b = 0; b < batches; b++) {
      const events = Array.from({ length: BATCH }, (_, i) => ({
        id: newId(),
        type: 'messaging.email.status_changed.v1',
        projectId: p,
        occurredAt: new Date().toISOString(),
        data: {
          emailId: newId(),
          contactId: newId(),
          status: i % 3 ? 'sent' : 'opened',
          messageId: null,
          subject: 'Hi',
          from: 'a@b.test',
          templateId: null,
          campaignId: null,
          sourceType: 'transactional',
        },
      })) as DomainEvent[];
      await db.tx((tx) => consumer.batchHandlers!['messaging.email.status_changed.v1']!(events, tx));
    }
    const s = (performance.now() - t0) / 1000;
    console.log(
      `consumer: ${batches} batches of ${BATCH} status changes (events + outbox + counts) in ${f1(s)} s: ${Math.round((batches * BATCH) / s)} events/s`,
    );
  } finally {
    if (process.env.BENCH_KEEP === '1') await db.close();
    else await scratch.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
