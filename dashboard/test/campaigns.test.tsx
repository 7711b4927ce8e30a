/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { ApiError } from '../src/api';
import { AudiencePicker, type Audience } from '../src/pages/campaigns/audience';
import { active, cancellable, editable, localToIso, STATUSES, type Segment } from '../src/pages/campaigns/model';

describe('campaigns', () => {
  it("offers what the API's status rule allows: edit before it starts, cancel while scheduled or sending", () => {
    expect(STATUSES.filter(editable)).toEqual(['DRAFT', 'SCHEDULED']);
    expect(STATUSES.filter(cancellable)).toEqual(['SCHEDULED', 'SENDING']);
    expect(STATUSES.filter(active)).toEqual(['SCHEDULED', 'SENDING']);
    // The API names each field: a filter's problems reach the filter as they are.
    const filter = new ApiError(422, 'VALIDATION_ERROR', 'Validation failed', undefined, [
      { field: 'audienceFilter.groups[0].filters[0].operator', message: 'unknown operator' },
    ]);
    expect(filter.fieldMessage('audienceFilter')).toBe('groups[0].filters[0].operator: unknown operator');
    expect(localToIso('')).toBe('');
    expect(localToIso('2030-06-01T09:00')).toBe(new Date('2030-06-01T09:00').toISOString());
  });

  it('the audience picker: switching to a filter offers an example, a segment shows its members, a preview error is shown', () => {
    let value: Audience = { audienceType: 'ALL', segmentId: '', audienceFilter: '' };
    const onChange = (a: Audience) => (value = a);
    const segments: Segment[] = [{ id: 's1', name: 'Pro', type: 'DYNAMIC', memberCount: 12 }];
    const { rerender } = render(<AudiencePicker value={value} onChange={onChange} segments={segments} count={{ count: 7, loading: false }} errors={{}} />);
    expect(screen.getByTestId('recipient-count').textContent).toContain('7 recipients');
    fireEvent.click(screen.getByRole('radio', { name: 'A filter' }));
    expect(value.audienceType).toBe('FILTERED');
    expect(JSON.parse(value.audienceFilter)).toMatchObject({ logic: 'AND' });
    rerender(
      <AudiencePicker
        value={value}
        onChange={onChange}
        segments={segments}
        count={{ loading: false, error: new ApiError(404, 'NOT_FOUND', 'Route not found') }}
        errors={{ audienceFilter: 'groups: required' }}
      />,
    );
    expect(screen.getByTestId('recipient-count').textContent).toContain('Could not count the recipients: Route not found');
    expect(screen.getByLabelText('Filter condition (JSON)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('groups: required')).toBeTruthy();
    // A problem inside the filter goes next to the filter it names, in the builder.
    rerender(
      <AudiencePicker
        value={value}
        onChange={onChange}
        segments={segments}
        count={{ loading: false }}
        errors={{ filter: [{ field: 'audienceFilter.groups[0].filters[0].value', message: 'must be a string' }] }}
      />,
    );
    const row = screen.getByRole('group', { name: 'Group 1, filter 1' });
    expect(row.querySelector('[data-field="audienceFilter.groups[0].filters[0].value"]')!.textContent).toBe('must be a string');
    // So does one the live count found, while nothing was saved yet.
    const counted = new ApiError(422, 'VALIDATION_ERROR', 'Invalid', undefined, [
      { field: 'condition.groups[0].filters[0].operator', message: 'does not apply' },
    ]);
    rerender(
      <AudiencePicker
        value={value}
        onChange={onChange}
        segments={segments}
        count={{ loading: false, error: counted, filterErrors: [{ field: 'audienceFilter.groups[0].filters[0].operator', message: 'does not apply' }] }}
        errors={{}}
      />,
    );
    expect(row.querySelector('[data-field="audienceFilter.groups[0].filters[0].operator"]')!.textContent).toBe('does not apply');
    fireEvent.click(screen.getByRole('radio', { name: 'A segment' }));
    rerender(<AudiencePicker value={value} onChange={onChange} segments={segments} count={{ count: 12, loading: false }} errors={{}} />);
    fireEvent.change(screen.getByLabelText('Segment'), { target: { value: 's1' } });
    expect(value).toMatchObject({ audienceType: 'SEGMENT', segmentId: 's1' });
    expect(screen.getByRole('option', { name: 'Pro (12)' })).toBeTruthy();
  });
});
