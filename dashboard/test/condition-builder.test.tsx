/** @jest-environment jsdom */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { ConditionBuilder, newCondition, type Condition, type ConditionFields } from '../src/pages/segments/condition-builder';
import type { FieldError } from '../src/api';

const FIELDS: ConditionFields = {
  data: [
    { key: 'plan', type: 'string' },
    { key: 'age', type: 'number' },
    { key: 'vip', type: 'boolean' },
    { key: 'renewsAt', type: 'date' },
  ],
  events: ['purchased', 'visited'],
  segments: [{ id: '01970a3c-9f43-7e50-8d32-6c7a8b9204b4', name: 'Pro users' }],
};

/** The builder, controlled as a page would hold it; every emitted condition is recorded. */
function Harness({ emitted, errors }: { emitted: Condition[]; errors?: FieldError[] }) {
  const [value, setValue] = useState<Condition>(newCondition);
  return (
    <ConditionBuilder
      value={value}
      onChange={(c) => {
        emitted.push(c);
        setValue(c);
      }}
      fields={FIELDS}
      errors={errors}
    />
  );
}

const filter = (name: string) => screen.getByRole('group', { name });
const change = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const operators = (f: HTMLElement) => Array.from((within(f).getByLabelText('Operator') as HTMLSelectElement).options).map((o) => o.value);
const last = (emitted: Condition[]) => emitted[emitted.length - 1];

describe('condition builder', () => {
  it('changing the field kind changes the operators and the value input; exists hides the value', () => {
    const emitted: Condition[] = [];
    render(<Harness emitted={emitted} />);
    const f = filter('Group 1, filter 1');
    // A contact's email: string operators, a text value.
    expect(operators(f)).toEqual(['equals', 'notEquals', 'contains', 'notContains']);
    expect((within(f).getByLabelText('Value') as HTMLInputElement).type).toBe('text');

    change(within(f).getByLabelText('Field', { selector: 'select[aria-label="Field"]' }), 'subscribed');
    expect(operators(f)).toEqual(['equals', 'notEquals']);
    expect(within(f).getByLabelText('Value').tagName).toBe('SELECT');
    expect(last(emitted).groups[0].filters[0]).toEqual({ field: 'subscribed', operator: 'equals', value: true });

    change(within(f).getByLabelText('Field', { selector: 'select[aria-label="Field"]' }), 'createdAt');
    expect(operators(f)).toContain('within');
    expect((within(f).getByLabelText('Date') as HTMLInputElement).type).toBe('date');
    change(within(f).getByLabelText('Operator'), 'within');
    expect(within(f).queryByLabelText('Date')).toBeNull();
    change(within(f).getByLabelText('Amount'), '3');
    change(within(f).getByLabelText('Unit'), 'hours');
    expect(last(emitted).groups[0].filters[0]).toEqual({ field: 'createdAt', operator: 'within', value: 3, unit: 'hours' });

    change(within(f).getByLabelText('Field type'), 'data');
    change(within(f).getByLabelText('Custom field name'), 'age');
    expect(operators(f)).toEqual(['equals', 'notEquals', 'greaterThan', 'lessThan', 'greaterThanOrEqual', 'lessThanOrEqual', 'exists', 'notExists']);
    expect((within(f).getByLabelText('Value') as HTMLInputElement).type).toBe('number');
    change(within(f).getByLabelText('Operator'), 'greaterThan');
    change(within(f).getByLabelText('Value'), '30');
    expect(last(emitted).groups[0].filters[0]).toEqual({ field: 'data.age', operator: 'greaterThan', value: 30 });
    change(within(f).getByLabelText('Operator'), 'exists');
    expect(within(f).queryByLabelText('Value')).toBeNull();
    expect(last(emitted).groups[0].filters[0]).toEqual({ field: 'data.age', operator: 'exists' });

    change(within(f).getByLabelText('Field type'), 'event');
    change(within(f).getByLabelText('Event name'), 'purchased');
    expect(operators(f)).toEqual([
      'triggered',
      'notTriggered',
      'triggeredWithin',
      'triggeredOlderThan',
      'notTriggeredWithin',
      'equals',
      'notEquals',
      'greaterThan',
      'lessThan',
      'greaterThanOrEqual',
      'lessThanOrEqual',
    ]);
    expect(within(f).queryByLabelText('Value')).toBeNull();
    change(within(f).getByLabelText('Operator'), 'greaterThanOrEqual');
    change(within(f).getByLabelText('Times'), '2');
    expect(last(emitted).groups[0].filters[0]).toEqual({ field: 'event.purchased', operator: 'greaterThanOrEqual', value: 2 });

    change(within(f).getByLabelText('Field type'), 'email');
    change(within(f).getByLabelText('Field', { selector: 'select[aria-label="Field"]' }), 'email.clicked');
    change(within(f).getByLabelText('Operator'), 'triggeredWithin');
    expect(last(emitted).groups[0].filters[0]).toEqual({ field: 'email.clicked', operator: 'triggeredWithin', value: 7, unit: 'days' });

    change(within(f).getByLabelText('Field type'), 'segment');
    expect(operators(f)).toEqual(['memberOfSegment', 'notMemberOfSegment']);
    expect(within(f).getByLabelText('Segment')).toBeTruthy();
    expect(within(f).queryByLabelText('Value')).toBeNull();
    expect(last(emitted).groups[0].filters[0]).toEqual({ field: 'segment.01970a3c-9f43-7e50-8d32-6c7a8b9204b4', operator: 'memberOfSegment' });

    change(within(f).getByLabelText('Field type'), 'data');
    change(within(f).getByLabelText('Custom field name'), 'vip');
    expect(within(f).getByLabelText('Value').tagName).toBe('SELECT');
    change(within(f).getByLabelText('Value'), 'false');
    expect(last(emitted).groups[0].filters[0]).toEqual({ field: 'data.vip', operator: 'equals', value: false });
  });

  it('adds groups, filters and a nested condition, and emits exactly the object the API takes', () => {
    const emitted: Condition[] = [];
    render(<Harness emitted={emitted} />);
    change(within(filter('Group 1, filter 1')).getByLabelText('Value'), '@acme.com');
    fireEvent.click(screen.getAllByRole('button', { name: '+ Add filter' })[0]);
    const second = filter('Group 1, filter 2');
    change(within(second).getByLabelText('Field type'), 'data');
    change(within(second).getByLabelText('Custom field name'), 'plan');
    change(within(second).getByLabelText('Operator'), 'equals');
    change(within(second).getByLabelText('Value'), 'pro');

    fireEvent.click(screen.getByRole('button', { name: '+ Add group' }));
    change(screen.getByLabelText('Match', { selector: 'select' }), 'OR');
    const g2 = filter('Group 2, filter 1');
    change(within(g2).getByLabelText('Field type'), 'event');
    change(within(g2).getByLabelText('Event name'), 'visited');

    fireEvent.click(screen.getAllByRole('button', { name: '+ Add nested condition' })[1]);
    const nested = filter('Nested Group 1, filter 1');
    change(within(nested).getByLabelText('Field type'), 'data');
    change(within(nested).getByLabelText('Custom field name'), 'renewsAt');
    change(within(nested).getByLabelText('Operator'), 'lessThan');
    change(within(nested).getByLabelText('Date'), '2026-01-31');

    expect(last(emitted)).toEqual({
      logic: 'OR',
      groups: [
        {
          filters: [
            { field: 'email', operator: 'contains', value: '@acme.com' },
            { field: 'data.plan', operator: 'equals', value: 'pro' },
          ],
        },
        {
          filters: [{ field: 'event.visited', operator: 'triggered' }],
          conditions: { logic: 'AND', groups: [{ filters: [{ field: 'data.renewsAt', operator: 'lessThan', value: '2026-01-31' }] }] },
        },
      ],
    });
    // JSON as sent: no undefined keys left behind.
    expect(JSON.parse(JSON.stringify(last(emitted)))).toEqual(last(emitted));

    // Removing a filter and the nested condition.
    fireEvent.click(within(filter('Group 1, filter 2')).getByRole('button', { name: 'Remove group 1, filter 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove nested condition' }));
    expect(last(emitted)).toEqual({
      logic: 'OR',
      groups: [{ filters: [{ field: 'email', operator: 'contains', value: '@acme.com' }] }, { filters: [{ field: 'event.visited', operator: 'triggered' }] }],
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove group' })[1]);
    expect(last(emitted).groups).toHaveLength(1);
  });

  it("shows the API's errors next to the filter they name, in plain words", () => {
    const errors: FieldError[] = [
      { field: 'condition.groups[0].filters[0].value', message: 'contains needs a value' },
      { field: 'condition.logic', message: 'must be AND or OR' },
    ];
    render(<Harness emitted={[]} errors={errors} />);
    const f = filter('Group 1, filter 1');
    expect(within(f).getByRole('alert').textContent).toBe('Enter a value');
    const value = within(f).getByLabelText('Value');
    expect(value.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(value.getAttribute('aria-describedby')!)!.textContent).toBe('Enter a value');
    // One that names no filter is shown above them.
    expect(screen.getByText('must be AND or OR')).toBeTruthy();
  });

  it("shows a group's own problem in the group, and never one of filter 10 at filter 1", () => {
    const errors: FieldError[] = [
      { field: 'condition.groups[0].filters', message: 'at most 50 filters' },
      { field: 'condition.groups[0].filters[10].value', message: 'of the eleventh filter' },
    ];
    render(<Harness emitted={[]} errors={errors} />);
    const group = screen.getByRole('group', { name: 'Group 1' });
    expect(within(group).getByText('at most 50 filters')).toBeTruthy();
    expect(within(filter('Group 1, filter 1')).queryByRole('alert')).toBeNull();
    // The filter the builder does not show (there is one) still has its problem shown, in its group.
    expect(within(group).getByText(/of the eleventh filter/)).toBeTruthy();
  });
});
