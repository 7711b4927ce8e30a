import { conditionTests, contextMatches, contextTestErrors, decideBranch, humanField } from '../../src/domain/condition';
import { fill, webhookBody, type WebhookVariables } from '../../src/domain/payload';
import {
  nextStep,
  parseStepConfig,
  referencedEvents,
  referencedFields,
  runnableErrors,
  transitionErrors,
  triggerEventOf,
  triggerView,
  type Graph,
  type GraphStep,
} from '../../src/domain/workflow';

const step = (id: string, type: GraphStep['type'], config: Record<string, unknown> = {}, templateId: string | null = null): GraphStep => ({
  id,
  type,
  name: id,
  config,
  templateId,
});
const edge = (id: string, fromStepId: string, toStepId: string, extra: { branch?: string; waitOutcome?: 'EVENT' | 'TIMEOUT' } = {}) => ({
  id,
  fromStepId,
  toStepId,
  branch: extra.branch ?? null,
  waitOutcome: extra.waitOutcome ?? null,
  priority: 0,
});
const t = (fromStepId: string, toStepId: string, extra: { branch?: string; waitOutcome?: 'EVENT' | 'TIMEOUT' } = {}) => ({
  fromStepId,
  toStepId,
  branch: extra.branch ?? null,
  waitOutcome: extra.waitOutcome ?? null,
  priority: 0,
});

const graph: Graph = {
  steps: [
    step('trigger', 'TRIGGER'),
    step('cond', 'CONDITION', { field: 'data.plan', operator: 'equals', value: 'pro' }),
    step('multi', 'CONDITION', {
      mode: 'multi',
      field: 'data.tier',
      branches: [
        { id: 'gold', operator: 'equals', value: 'gold' },
        { id: 'silver', operator: 'equals', value: 'silver' },
      ],
    }),
    step('wait', 'WAIT_FOR_EVENT', { eventName: 'paid', timeout: 60 }),
    step('send', 'SEND_EMAIL', {}, null),
    step('exit', 'EXIT'),
  ],
  transitions: [edge('e1', 'trigger', 'cond'), edge('e2', 'cond', 'wait', { branch: 'yes' }), edge('e3', 'wait', 'send', { waitOutcome: 'EVENT' })],
};
const codes = (errors: Array<{ field: string; code: string }>) => errors.map((e) => `${e.field}:${e.code}`);

describe('transition rules', () => {
  it('accepts edges that follow each type', () => {
    expect(transitionErrors(graph, t('cond', 'exit', { branch: 'no' }))).toEqual([]);
    expect(transitionErrors(graph, t('wait', 'exit', { waitOutcome: 'TIMEOUT' }))).toEqual([]);
    expect(transitionErrors(graph, t('multi', 'exit', { branch: 'default' }))).toEqual([]);
    expect(transitionErrors(graph, t('send', 'exit'))).toEqual([]);
  });
  it('names the field of each broken rule', () => {
    expect(codes(transitionErrors(graph, t('cond', 'exit')))).toEqual(['branch:required']);
    expect(codes(transitionErrors(graph, t('cond', 'exit', { branch: 'maybe' })))).toEqual(['branch:invalid_enum_value']);
    expect(codes(transitionErrors(graph, t('cond', 'exit', { branch: 'yes' })))).toEqual(['branch:duplicate']);
    expect(codes(transitionErrors(graph, t('multi', 'exit', { branch: 'yes' })))).toEqual(['branch:invalid_enum_value']);
    expect(codes(transitionErrors(graph, t('wait', 'exit')))).toEqual(['waitOutcome:required']);
    expect(codes(transitionErrors(graph, t('wait', 'exit', { waitOutcome: 'EVENT' })))).toEqual(['waitOutcome:duplicate']);
    expect(codes(transitionErrors(graph, t('send', 'exit', { branch: 'yes' })))).toEqual(['branch:invalid_transition']);
    expect(codes(transitionErrors(graph, t('send', 'exit', { waitOutcome: 'EVENT' })))).toEqual(['waitOutcome:invalid_transition']);
    expect(codes(transitionErrors(graph, t('exit', 'send')))).toEqual(['fromStepId:invalid_transition']);
    expect(codes(transitionErrors(graph, t('send', 'trigger')))).toEqual(['toStepId:invalid_transition']);
    expect(codes(transitionErrors(graph, t('trigger', 'send')))).toEqual(['fromStepId:duplicate']);
    expect(codes(transitionErrors(graph, t('send', 'send')))).toEqual(['toStepId:cycle']);
    expect(codes(transitionErrors(graph, t('send', 'cond')))).toEqual(['toStepId:cycle']);
    expect(codes(transitionErrors(graph, t('nope', 'send')))).toEqual(['fromStepId:not_found']);
  });
});

describe('runnable graphs', () => {
  it('names each dangling step and each SEND_EMAIL without a template', () => {
    expect(codes(runnableErrors(graph))).toEqual(['steps.multi:dangling_step', 'steps.send.templateId:required', 'steps.exit:dangling_step']);
    const fine: Graph = { steps: [step('trigger', 'TRIGGER'), step('send', 'SEND_EMAIL', {}, 'tpl')], transitions: [edge('e', 'trigger', 'send')] };
    expect(runnableErrors(fine)).toEqual([]);
    expect(codes(runnableErrors({ steps: [step('trigger', 'TRIGGER')], transitions: [] }))).toEqual(['steps.trigger:invalid_graph']);
  });
  it('follows the branch or outcome asked for', () => {
    expect(nextStep(graph, 'cond', { branch: 'yes' })).toBe('wait');
    expect(nextStep(graph, 'cond', { branch: 'no' })).toBeUndefined();
    expect(nextStep(graph, 'wait', { waitOutcome: 'EVENT' })).toBe('send');
    expect(nextStep(graph, 'wait', { waitOutcome: 'TIMEOUT' })).toBeUndefined();
    expect(nextStep(graph, 'trigger')).toBe('cond');
  });
  it('lists the events and contact fields it references', () => {
    expect(
      referencedEvents('signup', [
        ...graph.steps,
        step('c2', 'CONDITION', { field: 'event.clicked-cta', operator: 'triggered' }),
        step('c3', 'CONDITION', { field: 'email.opened', operator: 'triggered' }),
      ]).sort(),
    ).toEqual(['clicked-cta', 'email.opened', 'paid', 'signup'].sort());
    expect(referencedFields([...graph.steps, step('c4', 'CONDITION', { field: 'context.x', operator: 'exists' })]).sort()).toEqual(['data.plan', 'data.tier']);
  });
});

describe('step configs', () => {
  it('checks each type, naming config fields', () => {
    expect(parseStepConfig('DELAY', { amount: 365, unit: 'days' }).ok).toBe(true);
    expect(parseStepConfig('DELAY', { amount: 366, unit: 'days' })).toMatchObject({ ok: false, errors: [{ field: 'config.amount' }] });
    expect(parseStepConfig('DELAY', { amount: 1, unit: 'weeks' })).toMatchObject({ ok: false, errors: [{ field: 'config.unit' }] });
    expect(parseStepConfig('WAIT_FOR_EVENT', { eventName: 'x', timeout: 0 })).toMatchObject({ ok: false, errors: [{ field: 'config.timeout' }] });
    expect(parseStepConfig('SEND_EMAIL', { recipient: { type: 'CUSTOM' } })).toMatchObject({ ok: false, errors: [{ field: 'config.recipient.customEmail' }] });
    expect(parseStepConfig('WEBHOOK', { url: 'https://x.example', method: 'TRACE' })).toMatchObject({ ok: false, errors: [{ field: 'config.method' }] });
    expect(parseStepConfig('WEBHOOK', { url: 'https://x.example', headers: { 'Bad Name': 'v' } })).toMatchObject({
      ok: false,
      errors: [{ field: 'config.headers' }],
    });
    expect(parseStepConfig('WEBHOOK', { url: 'https://x.example' })).toEqual({ ok: true, config: { url: 'https://x.example', method: 'POST' } });
    expect(parseStepConfig('UPDATE_CONTACT', { subscriptionAction: 'maybe' })).toMatchObject({ ok: false, errors: [{ field: 'config.subscriptionAction' }] });
    expect(parseStepConfig('EXIT', { reason: 'x', extra: 1 }).ok).toBe(false);
    expect(
      parseStepConfig('CONDITION', {
        mode: 'multi',
        field: 'data.x',
        branches: [
          { id: 'a', operator: 'equals', value: 1 },
          { id: 'a', operator: 'equals', value: 2 },
        ],
      }).ok,
    ).toBe(false);
    expect(parseStepConfig('CONDITION', { mode: 'multi', field: 'data.x', branches: [{ id: 'default', operator: 'equals', value: 1 }] }).ok).toBe(false);
  });
});

describe('conditions', () => {
  it('decides two-way and multi-branch steps', () => {
    const two = { field: 'data.plan', operator: 'equals', value: 'pro' };
    expect(decideBranch(two, conditionTests(two), [true])).toBe('yes');
    expect(decideBranch(two, conditionTests(two), [false])).toBe('no');
    const multi = {
      mode: 'multi' as const,
      field: 'data.tier',
      branches: [
        { id: 'gold', operator: 'equals', value: 'gold' },
        { id: 'silver', operator: 'equals', value: 'silver' },
      ],
    };
    const tests = conditionTests(multi);
    expect(tests.map((x) => x.filter)).toEqual([
      { field: 'data.tier', operator: 'equals', value: 'gold' },
      { field: 'data.tier', operator: 'equals', value: 'silver' },
    ]);
    expect(decideBranch(multi, tests, [false, true])).toBe('silver');
    expect(decideBranch(multi, tests, [true, true])).toBe('gold');
    expect(decideBranch(multi, tests, [false, false])).toBe('default');
  });
  it('tests the execution context', () => {
    const ctx = { plan: 'pro', seats: 12, nested: { ok: true } };
    const test = (field: string, operator: string, value?: string | number | boolean) =>
      contextMatches(ctx, { branch: 'yes', filter: { field, operator, value } });
    expect(test('context.plan', 'equals', 'pro')).toBe(true);
    expect(test('context.plan', 'notEquals', 'pro')).toBe(false);
    expect(test('context.seats', 'gt', 10)).toBe(true);
    expect(test('context.seats', 'lessThan', 10)).toBe(false);
    expect(test('context.nested.ok', 'equals', true)).toBe(true);
    expect(test('context.missing', 'exists')).toBe(false);
    expect(test('context.missing', 'notExists')).toBe(true);
    expect(test('context.plan', 'contains', 'PR')).toBe(true);
    expect(test('context.__proto__', 'exists')).toBe(false);
    expect(contextTestErrors({ branch: 'yes', filter: { field: 'context.x', operator: 'triggered' } }, 'config')).toMatchObject([{ field: 'config.operator' }]);
    expect(contextTestErrors({ branch: 'yes', filter: { field: 'context.x', operator: 'equals' } }, 'config')).toMatchObject([{ field: 'config.value' }]);
  });
});

describe('webhook bodies', () => {
  const vars: WebhookVariables = {
    contact: { id: 'c', email: 'a@b.test', subscribed: true, data: { plan: 'pro', seats: 3 } },
    workflow: { id: 'w', name: 'W' },
    execution: { id: 'e', startedAt: '2026-01-01T00:00:00.000Z' },
    event: { name: 'signup' },
    context: { ref: 'x"y' },
  };
  it('fills variables, keeping a lone variable typed in JSON', () => {
    expect(
      JSON.parse(webhookBody('POST', { seats: '{{contact.data.seats}}', text: 'Hi {{contact.email}} ({{context.ref}})', missing: '{{nope.x}}' }, vars)!),
    ).toEqual({ seats: 3, text: 'Hi a@b.test (x"y)', missing: null });
    expect(fill('{{contact.data}}', vars)).toBe('{"plan":"pro","seats":3}');
    expect(fill('{{ contact.__proto__ }}', vars)).toBe('');
    expect(webhookBody('GET', { a: 1 }, vars)).toBeUndefined();
    expect(JSON.parse(webhookBody('POST', null, vars)!)).toEqual({
      contact: { email: 'a@b.test', subscribed: true, data: { plan: 'pro', seats: 3 } },
      workflow: { id: 'w', name: 'W' },
      execution: { id: 'e', startedAt: '2026-01-01T00:00:00.000Z' },
      event: { name: 'signup' },
    });
  });
});

describe('humanOnly', () => {
  it('makes an open or click trigger the event of a person, shown back as the plain event with humanOnly', () => {
    expect(triggerEventOf({ eventName: 'email.clicked', humanOnly: true })).toBe('email.human_clicked');
    expect(triggerEventOf({ triggerConfig: { eventName: 'email.opened', humanOnly: true } })).toBe('email.human_opened');
    expect(triggerEventOf({ eventName: 'email.human_clicked', humanOnly: false })).toBe('email.clicked');
    expect(triggerEventOf({ eventName: 'user.signup' })).toBe('user.signup');
    expect(triggerView('email.human_clicked')).toEqual({ eventName: 'email.clicked', humanOnly: true });
    expect(triggerView('email.clicked')).toEqual({ eventName: 'email.clicked', humanOnly: false });
  });

  it('refuses humanOnly on another event, and without the event, naming the field', () => {
    const fields = (body: Parameters<typeof triggerEventOf>[0]) => {
      try {
        triggerEventOf(body);
        return [];
      } catch (err) {
        return (err as { errors: Array<{ field: string }> }).errors.map((e) => e.field);
      }
    };
    expect(fields({ eventName: 'email.sent', humanOnly: true })).toEqual(['humanOnly']);
    expect(fields({ triggerConfig: { eventName: 'user.signup', humanOnly: true } })).toEqual(['triggerConfig.humanOnly']);
    expect(fields({ humanOnly: true })).toEqual(['humanOnly']);
  });

  it("makes a CONDITION on email.opened or email.clicked ask about a person's", () => {
    expect(humanField('email.opened')).toBe('email.human_opened');
    expect(humanField('email.click')).toBe('email.human_clicked');
    expect(humanField('data.plan')).toBe('data.plan');
    const config = { field: 'email.clicked', operator: 'triggered', humanOnly: true } as Parameters<typeof conditionTests>[0];
    expect(conditionTests(config)[0].filter.field).toBe('email.human_clicked');
  });
});
