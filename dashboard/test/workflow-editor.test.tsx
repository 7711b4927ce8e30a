/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../src/api';
import { WorkflowEditor, type EditorCalls } from '../src/pages/workflows/editor';
import type { Lookups, Step, Transition } from '../src/pages/workflows/model';

// jsdom has no PointerEvent: a MouseEvent that carries a pointerId stands in (React only needs the event's type and coordinates).
class TestPointerEvent extends MouseEvent {
  pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
  }
}
(window as any).PointerEvent = TestPointerEvent;

const id = (n: number) => `01970b1e-3c4d-7e5f-8a9b-0c1d2e3f4a5${n}`;
const steps: Step[] = [
  { id: id(1), type: 'TRIGGER', name: 'Trigger', position: { x: 0, y: 0 }, config: {}, templateId: null },
  {
    id: id(2),
    type: 'CONDITION',
    name: 'Is pro?',
    position: { x: 0, y: 120 },
    config: { field: 'data.plan', operator: 'equals', value: 'pro' },
    templateId: null,
  },
  { id: id(3), type: 'DELAY', name: 'Wait a day', position: { x: 0, y: 240 }, config: { amount: 1, unit: 'days' }, templateId: null },
  { id: id(4), type: 'EXIT', name: 'Done', position: null, config: { reason: 'finished' }, templateId: null },
];
const transitions: Transition[] = [{ id: id(5), fromStepId: id(1), toStepId: id(2), condition: null, waitOutcome: null, priority: 0 }];
const lookups: Lookups = { templates: [], fields: [{ field: 'data.plan', type: 'string', category: 'contact' }], eventNames: ['signed-up'] };

function fakeCalls(overrides: Partial<EditorCalls> = {}): EditorCalls & { [K in keyof EditorCalls]: jest.Mock } {
  return {
    addStep: jest.fn(async (b) => ({ id: id(9), templateId: null, ...b })),
    updateStep: jest.fn(async (stepId, b) => ({ ...steps.find((s) => s.id === stepId)!, ...b })),
    deleteStep: jest.fn(async () => undefined),
    addTransition: jest.fn(async (b) => ({ id: id(6), condition: null, waitOutcome: null, priority: 0, ...b })),
    deleteTransition: jest.fn(async () => undefined),
    load: jest.fn(async () => ({ steps, transitions })),
    ...overrides,
  } as any;
}

const node = (stepId: string) => screen.getByTestId(`step-${stepId}`);

describe('workflow editor', () => {
  it('draws the steps at their positions and the transitions between them, with branch labels', () => {
    const { container } = render(
      <WorkflowEditor
        steps={steps}
        transitions={[...transitions, { id: id(7), fromStepId: id(2), toStepId: id(3), condition: { branch: 'no' }, waitOutcome: null, priority: 0 }]}
        calls={fakeCalls()}
        lookups={lookups}
      />,
    );
    expect(screen.getByRole('button', { name: /^Is pro\?, Condition step/ })).toBeTruthy();
    expect(node(id(2)).style.top).toBe('120px');
    // A step without a stored position is laid out below the connected ones.
    expect(parseInt(node(id(4)).style.top)).toBeGreaterThan(120);
    expect(within(node(id(3))).getByText('1 days')).toBeTruthy();
    const edges = container.querySelectorAll('.wf-edge');
    expect(edges).toHaveLength(2);
    expect(container.querySelector(`[data-transition-id="${id(7)}"] text`)!.textContent).toBe('no');
  });

  it('selecting a step opens its config; saving sends the config and shows the API’s field error next to the field', async () => {
    const calls = fakeCalls({
      updateStep: jest.fn(async () => {
        throw new ApiError(422, 'VALIDATION_ERROR', 'Validation failed', undefined, [{ field: 'config.amount', message: 'must be at most 365 days' }]);
      }),
    });
    render(<WorkflowEditor steps={steps} transitions={transitions} calls={calls} lookups={lookups} />);
    fireEvent.click(screen.getByRole('button', { name: /^Wait a day/ }));
    const amount = screen.getByLabelText('Wait') as HTMLInputElement;
    expect(amount.value).toBe('1');
    expect((screen.getByLabelText('Unit') as HTMLSelectElement).value).toBe('days');
    fireEvent.change(amount, { target: { value: '400' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save step' }));
    await waitFor(() => expect(calls.updateStep).toHaveBeenCalledWith(id(3), { name: 'Wait a day', config: { amount: 400, unit: 'days' } }));
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(amount.getAttribute('aria-describedby')!.split(' ')[0])!.textContent).toBe('must be at most 365 days');
    expect(amount.value).toBe('400');
  });

  it('connects with the keyboard: a CONDITION branch chosen in the panel sends the transition with its branch', async () => {
    const calls = fakeCalls();
    const { container } = render(<WorkflowEditor steps={steps} transitions={transitions} calls={calls} lookups={lookups} />);
    fireEvent.click(screen.getByRole('button', { name: /^Is pro\?/ }));
    // Both ways out of the condition are offered; the trigger is not a target.
    const yes = screen.getByLabelText('Connect yes to…') as HTMLSelectElement;
    expect(screen.getByLabelText('Connect no to…')).toBeTruthy();
    expect([...yes.options].map((o) => o.textContent)).toEqual(['Choose a step…', 'Wait a day (Delay)', 'Done (Exit)']);
    fireEvent.change(yes, { target: { value: id(3) } });
    fireEvent.click(within(yes.closest('form')!).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(calls.addTransition).toHaveBeenCalledWith({ fromStepId: id(2), toStepId: id(3), condition: { branch: 'yes' } }));
    // The arrow is drawn and the panel now offers to remove it.
    await screen.findByRole('button', { name: 'Remove the transition yes to Wait a day' });
    expect(container.querySelectorAll('.wf-edge')).toHaveLength(2);
  });

  it('shows a refused connection (a cycle) next to the select', async () => {
    const calls = fakeCalls({
      addTransition: jest.fn(async () => {
        throw new ApiError(422, 'VALIDATION_ERROR', 'Validation failed', undefined, [{ field: 'toStepId', message: 'this transition would make a cycle' }]);
      }),
    });
    render(<WorkflowEditor steps={steps} transitions={transitions} calls={calls} lookups={lookups} />);
    fireEvent.click(screen.getByRole('button', { name: /^Wait a day/ }));
    fireEvent.change(screen.getByLabelText('Connect to…'), { target: { value: id(2) } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect((await screen.findByRole('alert')).textContent).toContain('this transition would make a cycle');
  });

  it('dragging a step moves it and stores its new position', async () => {
    const calls = fakeCalls();
    render(<WorkflowEditor steps={steps} transitions={transitions} calls={calls} lookups={lookups} />);
    const box = node(id(3));
    // Each event on its own (fireEvent flushes React's updates after each, as a browser renders between them).
    fireEvent.pointerDown(box, { clientX: 100, clientY: 300, button: 0, pointerId: 1 });
    fireEvent.pointerMove(box, { clientX: 180, clientY: 340, pointerId: 1 });
    fireEvent.pointerMove(box, { clientX: 260, clientY: 360, pointerId: 1 });
    expect([box.style.left, box.style.top]).toEqual(['160px', '300px']);
    fireEvent.pointerUp(box, { clientX: 260, clientY: 360, pointerId: 1 });
    await waitFor(() => expect(calls.updateStep).toHaveBeenCalledWith(id(3), { position: { x: 160, y: 300 } }));
    expect([box.style.left, box.style.top]).toEqual(['160px', '300px']);
    // The press selected it.
    expect(screen.getByRole('button', { name: /^Wait a day/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('adds a step of a chosen type below the selected one', async () => {
    const calls = fakeCalls();
    render(<WorkflowEditor steps={steps} transitions={transitions} calls={calls} lookups={lookups} />);
    fireEvent.click(screen.getByRole('button', { name: /^Is pro\?/ }));
    fireEvent.change(screen.getByLabelText('Step type'), { target: { value: 'UPDATE_CONTACT' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add step' }));
    fireEvent.change(screen.getByLabelText('Set contact data (JSON)'), { target: { value: '{ "onboarded": true }' } });
    fireEvent.click(within(screen.getByRole('dialog', { hidden: true })).getByRole('button', { name: 'Add step', hidden: true }));
    await waitFor(() =>
      expect(calls.addStep).toHaveBeenCalledWith({
        type: 'UPDATE_CONTACT',
        name: 'Update contact',
        config: { updates: { onboarded: true }, subscriptionAction: 'none' },
        position: { x: 230, y: 240 },
      }),
    );
    await screen.findByRole('button', { name: /^Update contact, Update contact step/ });
  });
});
