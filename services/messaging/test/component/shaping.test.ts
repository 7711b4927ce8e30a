import { Db, migrate } from '../../../../libs/db/src';
import { newId } from '../../../../libs/kit/src';
import { migrationsOf } from '../../../../libs/runtime/src';
import { scratchDatabase, ScratchDatabase } from '../../../../libs/testing/src';
import { Shaping } from '../../src/adapters/shaping';
import { paceChanged } from '../../src/app/shaping';
import { REPLY_RULES } from '../../src/domain/shaping';
import { MessagingRepo } from '../../src/adapters/repo';
import { SCHEMA } from '../../src/migrations';
import { messaging } from '../../src/service';

/**
 * Traffic shaping's store against PostgreSQL, as two sender replicas meet it: a rule throttle one
 * sender records reaches the other on its refresh, the change is news (and its event written) once,
 * and the resume likewise; the window is each sender's own.
 */
let scratch: ScratchDatabase;
let db: Db;
let repo: MessagingRepo;

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 4 });
  db = scratch.db;
  await migrate(db, SCHEMA, migrationsOf(messaging));
  repo = new MessagingRepo(db);
});
afterAll(() => scratch?.drop());

const sender = () => new Shaping(db, { limits: { google: { connections: 4 } }, rules: REPLY_RULES, timeScale: 3600 });
const events = async (projectId: string) =>
  (await db.query<{ type: string }>(`SELECT type FROM messaging.outbox WHERE project_id = $1 ORDER BY seq`, [projectId])).map((r) => r.type);

describe('traffic shaping', () => {
  it("one sender's rule throttle reaches the other; the change and its resume are recorded once", async () => {
    const key = { projectId: newId(), domain: 'News.example', provider: 'google' };
    const a = sender();
    const b = sender();

    const slot = await a.acquire(key);
    if (!slot.ok) throw new Error('the first message must go');
    const change = slot.release({ kind: 'deferred', reply: '421-4.7.28 unusual rate of unsolicited mail' });
    expect(change).toMatchObject({ action: 'throttled', throttle: { reason: 'gmail-rate-limit', ratePerMinute: 1 } });
    await paceChanged({ shaping: a, repo }, key, change!);
    await paceChanged({ shaping: b, repo }, key, change!); // the same change seen twice is news once
    expect(await events(key.projectId)).toEqual(['messaging.deliverability.changed.v1']);

    // The other sender has not met the reply: it holds the mail once it reads the table.
    expect((await b.acquire(key)).ok).toBe(true);
    await b.refresh();
    const held = await b.acquire(key);
    expect(held).toMatchObject({ ok: false, reason: expect.stringContaining('throttled (gmail-rate-limit)') });
    const [row] = await b.view(key.projectId);
    expect(row).toMatchObject({ domain: 'news.example', provider: 'google', connections: 4, state: 'throttled', reason: 'gmail-rate-limit', ratePerMinute: 1 });

    // 90 minutes at a time scale of 3600 is 1.5 s: then the first accepted message resumes.
    await new Promise((r) => setTimeout(r, 1_600));
    const next = await a.acquire(key);
    if (!next.ok) throw new Error('the throttle has ended');
    const resumed = next.release({ kind: 'accepted' });
    expect(resumed).toMatchObject({ action: 'resumed' });
    await paceChanged({ shaping: a, repo }, key, resumed!);
    await paceChanged({ shaping: a, repo }, key, resumed!);
    expect(await events(key.projectId)).toEqual(['messaging.deliverability.changed.v1', 'messaging.deliverability.changed.v1']);
    expect((await a.view(key.projectId))[0]).toMatchObject({ state: 'normal', reason: null, changedAt: expect.any(Date) });
  });

  it('a message finding the window full waits, and goes as another ends; no more wait than the window holds', async () => {
    const key = { projectId: newId(), domain: 'big.example', provider: 'google' };
    const s = sender();
    const first = await s.acquire(key);
    const second = await s.acquire(key); // a window of 2 (half of 4)
    expect([first.ok, second.ok]).toEqual([true, true]);
    const third = s.acquire(key);
    const fourth = s.acquire(key);
    // No more wait than the window holds: the fifth is held back in the queue at once.
    expect(await s.acquire(key)).toMatchObject({ ok: false, waitMs: 1000, reason: 'held: 2 messages to google are in flight' });
    if (!first.ok || !second.ok) throw new Error('unreachable');
    first.release({ kind: 'accepted' });
    second.release({ kind: 'accepted' });
    expect([(await third).ok, (await fourth).ok]).toEqual([true, true]);
  });
});
