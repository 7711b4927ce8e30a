/**
 * Component test: what contacts does for workflows, against real PostgreSQL — CheckCondition (a
 * CONDITION step's condition validated as a segment's, errors under the caller's path),
 * MatchContact (one contact against several conditions: custom data, event facts, segment
 * membership, no subscribed restriction, tenancy), and the workflows projection behind field and
 * event usage (latest version wins, a deletion is final). Events go through the consumer's own
 * handlers, in transactions, as the bus runs them. Its own database, dropped.
 */
import { Db, migrate } from '../../../../libs/db/src';
import type { Api, DomainEvent, DomainEventData, DomainEventType } from '../../../../libs/contracts/src';
import { newId } from '../../../../libs/kit/src';
import { expectAppError, scratchDatabase, ScratchDatabase } from '../../../../libs/testing/src';
import { migrationsOf } from '../../../../libs/runtime/src';
import { ContactsRepo } from '../../src/adapters/repo';
import { SegmentsRepo } from '../../src/adapters/segments-repo';
import { conditionHandlers } from '../../src/app/conditions';
import { contactsHandlers } from '../../src/app/handlers';
import { segmentsHandlers, type SegmentsDeps } from '../../src/app/segments';
import { SCHEMA } from '../../src/migrations';
import { contactsConsumer } from '../../src/ports/consumers';
import { contacts } from '../../src/service';

let scratch: ScratchDatabase;
let db: Db;
let h: Api<'contacts'>;
let consumer: ReturnType<typeof contactsConsumer>;

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 10 });
  db = scratch.db;
  await migrate(db, SCHEMA, migrationsOf(contacts));
  const repo = new ContactsRepo(db);
  const store = new SegmentsRepo(db);
  const api = contactsHandlers(repo);
  const deps: SegmentsDeps = { segments: store, contacts: repo, upsert: api.UpsertContacts };
  h = { ...api, ...segmentsHandlers(deps), ...conditionHandlers(deps) } as unknown as Api<'contacts'>;
  consumer = contactsConsumer(repo, store, 60_000);
});
afterAll(async () => {
  await scratch?.drop();
});

const as = (projectId: string) => ({ requestId: 'test', projectId });

function event<T extends DomainEventType>(type: T, projectId: string, data: DomainEventData<T>): DomainEvent<T> {
  return { id: newId(), type, projectId, occurredAt: new Date().toISOString(), data } as DomainEvent<T>;
}

/** Runs one event through the consumer's handler, in a transaction, as the bus does. */
async function consume(e: DomainEvent) {
  await db.tx(async (tx) => {
    await consumer.handlers[e.type]!(e, tx);
  });
}

const cond = (...filters: object[]) => JSON.stringify({ logic: 'AND', groups: [{ filters }] });
const upsert = async (p: string, email: string, data: object, subscribed = true) =>
  (await h.UpsertContact({ email, data_json: JSON.stringify(data), subscribed, default_subscribed: true }, as(p))).contact!;

describe('CheckCondition', () => {
  it("answers the condition normalised, as a segment's is stored", async () => {
    const p = newId();
    await upsert(p, 'a@wf.test', { age: 30 });
    const seg = await h.CreateSegment({ name: 'Static', type: 'STATIC', condition_json: '', track_membership: false }, as(p));
    const out = await h.CheckCondition(
      {
        condition_json: cond(
          { field: 'data.age', operator: 'gt', value: 18 },
          { field: 'email.open', operator: 'triggered' },
          { field: `segment.${seg.id.toUpperCase()}`, operator: 'memberOfSegment', value: null },
        ),
        path: 'config.condition',
      },
      as(p),
    );
    expect(JSON.parse(out.condition_json)).toEqual({
      logic: 'AND',
      groups: [
        {
          filters: [
            { field: 'data.age', operator: 'greaterThan', value: 18 },
            { field: 'email.opened', operator: 'triggered' },
            { field: `segment.${seg.id}`, operator: 'memberOfSegment' },
          ],
        },
      ],
    });
  });

  it("refuses what a segment's condition refuses, each problem at the caller's path: the project's field types and segments, bad JSON", async () => {
    const p = newId();
    await upsert(p, 'a@wf.test', { age: 30 });
    const otherProject = newId();
    const foreign = await h.CreateSegment({ name: 'Theirs', type: 'STATIC', condition_json: '', track_membership: false }, as(otherProject));
    const cases: Array<[string, string, string[]]> = [
      [cond({ field: 'data.age', operator: 'equals', value: 'thirty' }), 'config.condition', ['config.condition.groups[0].filters[0].value']],
      [cond({ field: 'data.age', operator: 'contains', value: '3' }), 'steps[2].config', ['steps[2].config.groups[0].filters[0].operator']],
      // Another project's segment is no segment of this one.
      [cond({ field: `segment.${foreign.id}`, operator: 'memberOfSegment' }), 'config.condition', ['config.condition.groups[0].filters[0].field']],
      [
        cond({ field: 'nope', operator: 'equals', value: 1 }, { field: 'data.x', operator: 'within', value: 3 }),
        'config.condition',
        ['config.condition.groups[0].filters[0].field', 'config.condition.groups[0].filters[1].unit'],
      ],
      ['{"logic": "AND", "groups": [', 'config.condition', ['config.condition']],
      ['', 'config.condition', ['config.condition']],
      [JSON.stringify({ logic: 'XOR', groups: [] }), '', ['condition.logic', 'condition.groups']],
    ];
    for (const [condition_json, path, fields] of cases) {
      const err = await expectAppError(h.CheckCondition({ condition_json, path }, as(p)));
      expect({ condition_json, status: err.status, code: err.code, fields: err.errors?.map((e) => e.field) }).toEqual({
        condition_json,
        status: 422,
        code: 'VALIDATION_ERROR',
        fields,
      });
    }
  });
});

describe('MatchContact', () => {
  it('answers each condition for one contact — custom data, event facts, segment membership — subscribed or not', async () => {
    const p = newId();
    const ann = await upsert(p, 'ann@wf.test', { plan: 'pro', age: 40 });
    const bob = await upsert(p, 'bob@wf.test', { plan: 'free' }, false);
    await consume(event('events.event.recorded.v1', p, { eventId: newId(), contactId: ann.id, name: 'signup', occurredAt: new Date().toISOString() }));
    await consume(event('events.event.recorded.v1', p, { eventId: newId(), contactId: ann.id, name: 'signup', occurredAt: new Date().toISOString() }));
    const staticSeg = await h.CreateSegment({ name: 'Hand picked', type: 'STATIC', condition_json: '', track_membership: false }, as(p));
    await h.AddSegmentMembers({ id: staticSeg.id, emails: ['bob@wf.test'], create_missing: false }, as(p));
    const pros = await h.CreateSegment(
      { name: 'Pros', type: 'DYNAMIC', condition_json: cond({ field: 'data.plan', operator: 'equals', value: 'pro' }), track_membership: false },
      as(p),
    );

    const conditions = [
      cond({ field: 'data.plan', operator: 'equals', value: 'pro' }),
      cond({ field: 'event.signup', operator: 'triggered' }),
      cond({ field: 'event.signup', operator: 'gte', value: 2 }),
      cond({ field: `segment.${staticSeg.id}`, operator: 'memberOfSegment' }),
      cond({ field: `segment.${pros.id}`, operator: 'memberOfSegment' }),
      cond({ field: 'subscribed', operator: 'equals', value: false }),
      JSON.stringify({
        logic: 'OR',
        groups: [{ filters: [{ field: 'data.age', operator: 'gt', value: 35 }] }, { filters: [{ field: 'email', operator: 'contains', value: 'bob' }] }],
      }),
    ];
    expect((await h.MatchContact({ contact_id: ann.id, conditions_json: conditions }, as(p))).matches).toEqual([true, true, true, false, true, false, true]);
    expect((await h.MatchContact({ contact_id: bob.id, conditions_json: conditions }, as(p))).matches).toEqual([false, false, false, true, false, true, true]);
    // What CheckCondition answered is what MatchContact takes.
    const checked = await h.CheckCondition({ condition_json: conditions[2], path: 'config' }, as(p));
    expect((await h.MatchContact({ contact_id: ann.id.toUpperCase(), conditions_json: [checked.condition_json] }, as(p))).matches).toEqual([true]);
    expect((await h.MatchContact({ contact_id: bob.id, conditions_json: [] }, as(p))).matches).toEqual([]);

    // The facts follow the events: deleting the event name turns the answer.
    await consume(event('events.event_name.deleted.v1', p, { name: 'signup' }));
    expect((await h.MatchContact({ contact_id: ann.id, conditions_json: conditions.slice(1, 2) }, as(p))).matches).toEqual([false]);
    // A segment deleted since the condition was saved matches nothing (no 422: the run goes on).
    await h.DeleteSegment({ id: pros.id }, as(p));
    expect((await h.MatchContact({ contact_id: ann.id, conditions_json: [conditions[4]] }, as(p))).matches).toEqual([false]);
  });

  it("is NOT_FOUND for a contact that is not the caller project's, and a 422 naming the condition that is not one", async () => {
    const p = newId();
    const q = newId();
    const mine = await upsert(p, 'me@wf.test', { plan: 'pro' });
    const theirs = await upsert(q, 'me@wf.test', { plan: 'pro' });
    const plan = cond({ field: 'data.plan', operator: 'equals', value: 'pro' });
    expect((await h.MatchContact({ contact_id: theirs.id, conditions_json: [plan] }, as(q))).matches).toEqual([true]);
    for (const contact_id of [theirs.id, newId(), 'not-an-id']) {
      const err = await expectAppError(h.MatchContact({ contact_id, conditions_json: [plan] }, as(p)));
      expect({ contact_id, status: err.status, code: err.code }).toEqual({ contact_id, status: 404, code: 'CONTACT_NOT_FOUND' });
    }
    const bad = await expectAppError(h.MatchContact({ contact_id: mine.id, conditions_json: [plan, '{nope', plan] }, as(p)));
    expect({ status: bad.status, fields: bad.errors?.map((e) => e.field) }).toEqual({ status: 422, fields: ['conditions[1]'] });
    const wrong = await expectAppError(
      h.MatchContact({ contact_id: mine.id, conditions_json: [plan, cond({ field: 'data.plan', operator: 'gt', value: 3 })] }, as(p)),
    );
    expect(wrong.errors?.map((e) => e.field)).toEqual(['conditions[1].groups[0].filters[0].operator']);
    const many = await expectAppError(h.MatchContact({ contact_id: mine.id, conditions_json: Array(101).fill(plan) }, as(p)));
    expect({ status: many.status, fields: many.errors?.map((e) => e.field) }).toEqual({ status: 422, fields: ['conditions'] });
  });
});

describe('the workflows projection: field and event usage', () => {
  const changed = (p: string, workflowId: string, version: number, over: Partial<DomainEventData<'workflows.workflow.changed.v1'>> = {}) =>
    event('workflows.workflow.changed.v1', p, {
      workflowId,
      name: `Flow v${version}`,
      enabled: true,
      triggerEvent: 'signup',
      steps: [],
      fields: [],
      eventNames: ['signup'],
      version,
      ...over,
    });
  const fieldUsage = async (p: string, field: string) => (await h.FieldUsage({ field }, as(p))).used_in_workflows;
  const eventUsage = async (p: string, name: string) => (await h.EventUsage({ name }, as(p))).workflows;

  it('lists the workflows whose steps read a field (any spelling, keys under it) or name an event; the latest version wins', async () => {
    const p = newId();
    const [w1, w2] = [newId(), newId()];
    await consume(changed(p, w1, 2, { fields: ['data.plan', 'subscribed', 'data.profile.tier'], eventNames: ['signup', 'purchase'] }));
    await consume(changed(p, w1, 1, { name: 'stale', fields: ['data.age'], eventNames: ['stale-event'] })); // older: ignored
    await consume(changed(p, w2, 1, { name: 'Other', fields: ['data.age'], eventNames: ['signup'] }));
    const one = [{ id: w1, name: 'Flow v2' }];
    expect(await fieldUsage(p, 'data.plan')).toEqual(one);
    expect(await fieldUsage(p, 'subscribed')).toEqual(one);
    expect(await fieldUsage(p, 'data.profile')).toEqual(one); // deleting it removes data.profile.tier
    expect(await fieldUsage(p, 'data.pro')).toEqual([]);
    expect(await fieldUsage(p, 'data.age')).toEqual([{ id: w2, name: 'Other' }]);
    expect(await fieldUsage(p, 'email')).toEqual([]);
    expect(await eventUsage(p, 'purchase')).toEqual(one);
    expect(await eventUsage(p, 'stale-event')).toEqual([]);
    expect((await eventUsage(p, 'signup')).map((w) => w.id).sort()).toEqual([w1, w2].sort());
    // Segments still answer beside them.
    const seg = await h.CreateSegment(
      { name: 'Buyers', type: 'DYNAMIC', condition_json: cond({ field: 'event.purchase', operator: 'triggered' }), track_membership: false },
      as(p),
    );
    expect(await h.EventUsage({ name: 'purchase' }, as(p))).toEqual({ segments: [{ id: seg.id, name: 'Buyers' }], workflows: one });
    // Another project sees none of them.
    expect(await fieldUsage(newId(), 'data.plan')).toEqual([]);
    expect(await eventUsage(newId(), 'signup')).toEqual([]);

    // A newer version replaces what it reads.
    await consume(changed(p, w1, 3, { name: 'Renamed', fields: ['data.age'], eventNames: ['signup'] }));
    expect(await fieldUsage(p, 'data.plan')).toEqual([]);
    expect(await eventUsage(p, 'purchase')).toEqual([]);
    expect(await fieldUsage(p, 'data.age')).toEqual(
      [
        { id: w1, name: 'Renamed' },
        { id: w2, name: 'Other' },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
  });

  it('a deleted workflow leaves the usage, and no later change brings it back', async () => {
    const p = newId();
    const w = newId();
    await consume(changed(p, w, 1, { fields: ['data.plan'], eventNames: ['signup'] }));
    expect(await fieldUsage(p, 'data.plan')).toEqual([{ id: w, name: 'Flow v1' }]);
    await consume(event('workflows.workflow.deleted.v1', p, { workflowId: w }));
    expect(await fieldUsage(p, 'data.plan')).toEqual([]);
    expect(await eventUsage(p, 'signup')).toEqual([]);
    await consume(changed(p, w, 2, { fields: ['data.plan'], eventNames: ['signup'] })); // delivered late
    expect(await fieldUsage(p, 'data.plan')).toEqual([]);
    // A deletion seen before any change is final too.
    const early = newId();
    await consume(event('workflows.workflow.deleted.v1', p, { workflowId: early }));
    await consume(changed(p, early, 1, { eventNames: ['signup'] }));
    expect(await eventUsage(p, 'signup')).toEqual([]);
  });
});
