/**
 * Inbox pruning against real PostgreSQL: what goes, what stays, and that a pruned consumer still
 * dedupes what it handled recently.
 */
import { v7 as uuidv7 } from 'uuid';
import { Db, migrate } from '../../db/src';
import { newId, Ticker } from '../../kit/src';
import { busMigrations, handleOnce, inboxPruneTimer, pruneInbox } from '../src';
import { inboxPruneSql, uuidV7Floor } from '../src/inbox';
import { scratchDatabase, ScratchDatabase, eventually } from '../../testing/src';

const SCHEMA = 'inboxt';
const DAY = 86_400_000;
let scratch: ScratchDatabase;
let db: Db;

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 4 });
  db = scratch.db;
  await migrate(db, SCHEMA, busMigrations(SCHEMA));
});

afterAll(async () => {
  await scratch?.drop();
});

beforeEach(async () => {
  await db.query(`TRUNCATE ${SCHEMA}.inbox`);
});

/** A UUIDv7 made at `ms` (as newId makes them: the time, then random bits). */
const v7At = (ms: number): string => uuidv7({ msecs: ms });

async function row(projectId: string, eventId: string, handledAt: number, consumer = 'c1') {
  await db.query(`INSERT INTO ${SCHEMA}.inbox (project_id, event_id, consumer, handled_at) VALUES ($1, $2, $3, $4)`, [
    projectId,
    eventId,
    consumer,
    new Date(handledAt),
  ]);
}

const remaining = async () => (await db.query<{ event_id: string }>(`SELECT event_id FROM ${SCHEMA}.inbox`)).map((r) => r.event_id).sort();

describe('uuidV7Floor', () => {
  it('sorts below every v7 id made in or after its millisecond and above every one made before, as PostgreSQL orders uuids', async () => {
    const t = Date.now() - 60_000;
    const ids = [v7At(t - 1), v7At(t), v7At(t + 1), newId()];
    const [r] = await db.query<{ below: boolean[] }>(
      `SELECT array_agg(id < $1::uuid ORDER BY ord) AS below FROM unnest($2::uuid[]) WITH ORDINALITY AS x(id, ord)`,
      [uuidV7Floor(t), ids],
    );
    expect(r.below).toEqual([true, false, false, false]);
    expect(uuidV7Floor(t)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7000-8000-000000000000$/);
  });
});

describe('pruneInbox', () => {
  const now = Date.now();
  const retention = 7 * DAY;

  it('deletes, in every project and for every consumer, the rows whose event and handling are both older than the retention', async () => {
    const [p1, p2] = [newId(), newId()];
    const old1 = v7At(now - 8 * DAY);
    const old2 = v7At(now - 30 * DAY);
    const old3 = v7At(now - 8 * DAY);
    const recent = v7At(now - 1 * DAY);
    const lateHandled = v7At(now - 9 * DAY); // an old event handled yesterday (a late redelivery): kept
    const futureDated = v7At(now - DAY); // a recent event with an old handled_at (a clock step back): kept
    await row(p1, old1, now - 8 * DAY);
    await row(p1, old1, now - 8 * DAY, 'c2');
    await row(p1, recent, now - DAY);
    await row(p2, old2, now - 30 * DAY);
    await row(p2, old3, now - 8 * DAY);
    await row(p2, lateHandled, now - DAY);
    await row(p2, futureDated, now - 30 * DAY);

    const deleted = await pruneInbox(db, SCHEMA, retention, { now });

    expect(deleted).toBe(4);
    expect(await remaining()).toEqual([recent, lateHandled, futureDated].sort());
  });

  it("takes more rows than one batch in one run, also when a batch ends between two consumers' rows of one event", async () => {
    const projectId = newId();
    // One event handled by c1 alone, then 6,000 handled by c1 and c2: the first batch's 5,000th
    // row is c1's or c2's row of an event whose other row is left for the next batch.
    const events = Array.from({ length: 6_001 }, (_, i) => v7At(now - 10 * DAY + i));
    await db.query(
      `INSERT INTO ${SCHEMA}.inbox (project_id, event_id, consumer, handled_at)
       SELECT $1, e, c, $3 FROM unnest($2::uuid[]) WITH ORDINALITY AS x(e, i), unnest(ARRAY['c1', 'c2']) c WHERE i > 1 OR c = 'c1'`,
      [projectId, events, new Date(now - 10 * DAY)],
    );
    await row(projectId, v7At(now - 1000), now - 1000);
    expect(await pruneInbox(db, SCHEMA, retention, { now })).toBe(12_001);
    expect((await remaining()).length).toBe(1);
  });

  it('reads the inbox by plain index scans of its primary key, with and without statistics', async () => {
    const projectId = newId();
    await db.query(`INSERT INTO ${SCHEMA}.inbox (project_id, event_id, consumer, handled_at) SELECT $1, e, 'c1', $3 FROM unnest($2::uuid[]) e`, [
      projectId,
      Array.from({ length: 20_000 }, (_, i) => v7At(now - 10 * DAY + i)),
      new Date(now - 10 * DAY),
    ]);
    const sql = inboxPruneSql(SCHEMA);
    const explain = async (text: string, params: unknown[] = []) => JSON.stringify((await db.query(`EXPLAIN (FORMAT JSON) ${text}`, params))[0]);
    const plans = async () => [
      await explain(sql.projects),
      await explain(sql.batch, [projectId, '00000000-0000-0000-0000-000000000000', uuidV7Floor(now - retention), new Date(now - retention)]),
    ];
    const before = await plans();
    await db.query(`ANALYZE ${SCHEMA}.inbox`);
    for (const plan of [...before, ...(await plans())]) {
      expect(plan).toContain('"Index Name":"inbox_pkey"');
      expect(plan).not.toMatch(/"Node Type":"(Seq Scan|Bitmap Heap Scan)"/);
    }
  });

  it('stops between batches once asked to', async () => {
    const projectId = newId();
    await db.query(`INSERT INTO ${SCHEMA}.inbox (project_id, event_id, consumer, handled_at) SELECT $1, e, 'c1', $3 FROM unnest($2::uuid[]) e`, [
      projectId,
      Array.from({ length: 12_000 }, (_, i) => v7At(now - 10 * DAY + i)),
      new Date(now - 10 * DAY),
    ]);
    let batches = 0;
    const deleted = await pruneInbox(db, SCHEMA, retention, { now, stopped: () => batches++ >= 1 });
    expect(deleted).toBe(5000);
    expect((await remaining()).length).toBe(7000);
  });

  it('a recent event is still applied once after a prune; a pruned one would be applied again (why the retention must outlast redeliveries)', async () => {
    const projectId = newId();
    const applied: string[] = [];
    const sub = {
      service: 'c1',
      db,
      schema: SCHEMA,
      handlers: { 'contacts.contact.subscription_changed.v1': async (e: { id: string }) => void applied.push(e.id) },
    };
    const handle = (id: string, occurredAt: number) =>
      handleOnce(sub, {
        id,
        type: 'contacts.contact.subscription_changed.v1',
        projectId,
        occurredAt: new Date(occurredAt).toISOString(),
        data: { contactId: newId(), email: 'a@b.c', subscribed: true },
      });
    const recent = newId();
    await handle(recent, now);
    const old = v7At(now - 8 * DAY);
    await handle(old, now - 8 * DAY);
    await db.query(`UPDATE ${SCHEMA}.inbox SET handled_at = $2 WHERE event_id = $1`, [old, new Date(now - 8 * DAY)]);

    expect(await pruneInbox(db, SCHEMA, retention, { now })).toBe(1);
    await handle(recent, now);
    await handle(old, now - 8 * DAY);
    expect(applied).toEqual([recent, old, old]);
  });
});

describe('inboxPruneTimer', () => {
  it('prunes after its first delay', async () => {
    const projectId = newId();
    await row(projectId, v7At(Date.now() - 2 * DAY), Date.now() - 2 * DAY);
    await row(projectId, newId(), Date.now());
    const pruner = new Ticker(inboxPruneTimer(db, SCHEMA, DAY, 10));
    pruner.start();
    try {
      await eventually(async () => (await remaining()).length === 1);
      expect((await remaining()).length).toBe(1);
    } finally {
      await pruner.stop();
    }
  });

  it('stopped before its first round, it never prunes', async () => {
    await row(newId(), v7At(Date.now() - 2 * DAY), Date.now() - 2 * DAY);
    const pruner = new Ticker(inboxPruneTimer(db, SCHEMA, DAY, 50));
    pruner.start();
    await pruner.stop();
    await new Promise((r) => setTimeout(r, 200));
    expect((await remaining()).length).toBe(1);
  });
});
