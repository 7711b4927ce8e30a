/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../src/api';
import { ErrorBanner, Field, Submit, useForm } from '../src/ui/form';

function Demo({ action }: { action: (v: { email: string }) => Promise<unknown> }) {
  const form = useForm({ email: '' });
  return (
    <form onSubmit={form.submit(action)}>
      <ErrorBanner error={form.error} />
      <Field form={form} name="email" label="Email" />
      <Submit busy={form.busy}>Save</Submit>
    </form>
  );
}

describe('forms', () => {
  it('show the API error next to the field it names, in plain words, once, and keep what was typed', async () => {
    render(
      <Demo
        action={async () => {
          throw new ApiError(422, 'VALIDATION_ERROR', 'Validation failed', 'Fix the fields listed in errors and send the request again.', [
            { field: 'email', message: 'Invalid email address' },
          ]);
        }}
      />,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true'));
    const input = screen.getByLabelText('Email') as HTMLInputElement;
    expect(input.value).toBe('nope');
    const described = input.getAttribute('aria-describedby')!;
    expect(document.getElementById(described)!.textContent).toBe('Enter a full email address, like ann@example.com');
    // The field owns the only problem: no banner repeats it, nor the API's generic suggestion.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/request again|Validation failed/);
  });

  it('clear the error on the next successful submit', async () => {
    let fail = true;
    render(
      <Demo
        action={async () => {
          if (fail) throw new ApiError(400, 'BAD', 'Nope');
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Nope.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText('Nope.')).toBeNull());
  });
});
