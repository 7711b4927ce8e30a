/**
 * Component test: tracked segments (app/segments.ts) against real PostgreSQL — the recompute
 * queue's debounce, lease and "changed while it ran" flag, computes racing each other (each
 * entry published once), and the background run computing every tracked segment of a due
 * project. Its own database, dropped.
 */
import { Db, migrate } from '../../../../libs/db/src';
import type { Api } from '../../../../libs/contracts/src';
import { newId } from '../../../../libs/kit/src';
import { scratchDatabase, ScratchDatabase } from '../../../../libs/testing/src';
import { migrationsOf } from '../../../../libs/runtime/src';
import { ContactsRepo } from '../../src/adapters/repo';
import { SegmentsRepo } from '../../src/adapters/segments-repo';
import { contactsHandlers } from '../../src/app/handlers';
import { computeSegment, recomputeDue, segmentsHandlers, type SegmentsDeps } from '../../src/app/segments';
import { SCHEMA } from '../../src/migrations';
import { contacts } from '../../src/service';

let scratch: ScratchDatabase;
let db: Db;
let deps: SegmentsDeps;
let store: SegmentsRepo;
let h: Api<'contacts'>;

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 10 });
  db = scratch.db;
  await migrate(db, SCHEMA, migrationsOf(contacts));
  const repo = new ContactsRepo(db);
  store = new SegmentsRepo(db);
  const api = contactsHandlers(repo);
  deps = { segments: store, contacts: repo, upsert: api.UpsertContacts };
  h = { ...api, ...segmentsHandlers(deps) } as unknown as Api<'contacts'>;
});
afterAll(async () => {
  await scratch?.drop();
});

const as = (projectId: string) => ({ requestId: 'test', projectId });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const never = () => false;
const gt = (key: string, value: number) => JSON.stringify({ logic: 'AND', groups: [{ filters: [{ field: `data.${key}`, operator: 'greaterThan', value }] }] });

async function project(tracked: boolean) {
  const p = newId();
  for (let i = 0; i < 6; i++) await h.UpsertContact({ email: `c${i}@seg.test`, data_json: JSON.stringify({ n: i }), default_subscribed: true }, as(p));
  const seg = await h.CreateSegment({ name: `Over two ${p}`, type: 'DYNAMIC', condition_json: gt('n', 2), track_membership: tracked }, as(p));
  return { p, seg };
}

const due = async (p: string) => (await db.query(`SELECT due_at, taken_until, again FROM contacts.segment_recompute WHERE project_id = $1`, [p]))[0];
const membershipEvents = async (p: string) =>
  db.query<{ data: { entered: string[]; exited: string[] } }>(
    `SELECT data FROM contacts.outbox WHERE project_id = $1 AND type = 'contacts.segment.membership_changed.v1' ORDER BY seq`,
    [p],
  );

it('marks only projects with a tracked segment, keeps the first due time (debounce), and leases a taken project to one runner', async () => {
  const untracked = await project(false);
  await store.markDue([untracked.p], 0);
  expect(await due(untracked.p)).toBeUndefined();

  const { p } = await project(true);
  // Creating a tracked segment made its project due at once; start from an empty queue.
  expect(await due(p)).toMatchObject({ taken_until: null });
  await db.query(`DELETE FROM contacts.segment_recompute WHERE project_id = $1`, [p]);
  await store.markDue([p], 60_000);
  const first = await due(p);
  expect(first).toMatchObject({ taken_until: null, again: false });
  await store.markDue([p], 0); // a later change does not bring it forward, nor push it back
  expect((await due(p)).due_at).toEqual(first.due_at);
  expect((await store.takeDue(60_000))?.projectId === p).toBe(false); // not due for a minute

  await db.query(`UPDATE contacts.segment_recompute SET due_at = now() WHERE project_id = $1`, [p]);
  const taken = [await store.takeDue(60_000), await store.takeDue(60_000)];
  expect(taken.filter((x) => x?.projectId === p)).toHaveLength(1); // leased: the second runner skips it
  // A change while it runs: due again after, not forgotten.
  await store.markDue([p], 0);
  expect((await due(p)).again).toBe(true);
  await store.doneDue(
    taken.find((x) => x?.projectId === p)!,
    0,
  );
  expect(await due(p)).toMatchObject({ taken_until: null, again: false });
  const again = await store.takeDue(60_000);
  expect(again?.projectId).toBe(p);
  await store.doneDue(again!, 0);
  expect(await due(p)).toBeUndefined();
});

it('hands a project whose runner died to another when its lease ends', async () => {
  const { p } = await project(true);
  await store.markDue([p], 0);
  const dead = await store.takeDue(200); // this runner "dies" here
  expect(dead?.projectId).toBe(p);
  expect(await store.takeDue(200)).toBeUndefined();
  await sleep(300);
  const next = await store.takeDue(60_000);
  expect(next?.projectId).toBe(p);
  // The first runner, back late, cannot end the new holder's run.
  await store.doneDue(dead!, 0);
  expect((await due(p)).taken_until).toEqual(next!.lease);
  await store.doneDue(next!, 0);
  expect(await due(p)).toBeUndefined();
});

it('computes racing each other publish each entry and exit once', async () => {
  const { p, seg } = await project(true);
  const results = await Promise.all([computeSegment(deps, p, seg.id), computeSegment(deps, p, seg.id), computeSegment(deps, p, seg.id)]);
  expect(results.map((r) => r!.added).sort()).toEqual([0, 0, 3]);
  expect(results.every((r) => r!.total === 3)).toBe(true);
  const entered = (await membershipEvents(p)).flatMap((e) => e.data.entered);
  expect(entered).toHaveLength(3);
  expect(new Set(entered).size).toBe(3);

  const c0 = (await h.ListContacts({ limit: 100, search: 'c0@' }, as(p))).contacts[0];
  const c5 = (await h.ListContacts({ limit: 100, search: 'c5@' }, as(p))).contacts[0];
  await h.UpdateContact({ id: c0.id, data_json: JSON.stringify({ n: 9 }) }, as(p));
  await h.UpdateContact({ id: c5.id, data_json: JSON.stringify({ n: 0 }) }, as(p));
  await Promise.all([computeSegment(deps, p, seg.id), computeSegment(deps, p, seg.id)]);
  const events = await membershipEvents(p);
  expect(events.slice(1).flatMap((e) => e.data.entered)).toEqual([c0.id]);
  expect(events.slice(1).flatMap((e) => e.data.exited)).toEqual([c5.id]);
  expect((await h.GetSegment({ id: seg.id }, as(p))).member_count).toBe('3');
});

it('the background run computes every tracked segment of a due project, never an untracked one, and is done with it', async () => {
  const { p, seg } = await project(true);
  const other = await h.CreateSegment({ name: `Over four ${p}`, type: 'DYNAMIC', condition_json: gt('n', 4), track_membership: true }, as(p));
  const untracked = await h.CreateSegment({ name: `Untracked ${p}`, type: 'DYNAMIC', condition_json: gt('n', 0), track_membership: false }, as(p));
  // Never computed: the run's stale check marks the project due at once.
  await recomputeDue(deps, { debounceMs: 0, intervalMs: 3_600_000, leaseMs: 60_000 }, never);
  expect((await h.GetSegment({ id: seg.id }, as(p))).computed_at).not.toBe('');
  expect((await h.GetSegment({ id: other.id }, as(p))).member_count).toBe('1');
  expect((await h.GetSegment({ id: untracked.id }, as(p))).computed_at).toBe('');
  expect(await due(p)).toBeUndefined();
  const events = await membershipEvents(p);
  expect(events.flatMap((e) => e.data.entered)).toHaveLength(4); // 3 + 1
});

it('a tracked segment whose condition no longer compiles is set aside until the interval; the others are computed', async () => {
  const { p, seg } = await project(true);
  const broken = await h.CreateSegment({ name: `Broken ${p}`, type: 'DYNAMIC', condition_json: gt('n', 3), track_membership: true }, as(p));
  // Stored conditions are validated on write; one damaged since cannot compile (it names itself: a cycle).
  await db.query(`UPDATE contacts.segments SET condition = $3 WHERE project_id = $1 AND id = $2`, [
    p,
    broken.id,
    JSON.stringify({ logic: 'AND', groups: [{ filters: [{ field: `segment.${broken.id}`, operator: 'memberOfSegment' }] }] }),
  ]);
  await recomputeDue(deps, { debounceMs: 0, intervalMs: 3_600_000, leaseMs: 60_000 }, never);
  expect((await h.GetSegment({ id: seg.id }, as(p))).member_count).toBe('3');
  const failed = (await db.query(`SELECT failed_at, computed_at FROM contacts.segments WHERE project_id = $1 AND id = $2`, [p, broken.id]))[0];
  expect(failed.failed_at).not.toBeNull();
  expect(failed.computed_at).toBeNull();
  expect(await due(p)).toBeUndefined();
  // The next run does not pick the project up again for it.
  await store.markStale(3_600_000);
  expect(await due(p)).toBeUndefined();
});
