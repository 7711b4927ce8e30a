/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../src/api';
import { ErrorBanner, Field, Submit, useForm } from '../src/ui/form';
import { fieldLabel, helpfulSuggestion, humanFieldMessage, humanHeadline, templateMessage } from '../src/ui/messages';

const JARGON = /expected|received|Expecting|OPEN_|EOF|zod|invalid_|string field|send the request/i;

describe('field errors in the user’s words', () => {
  it.each([
    // (field, code, API message, value, context) → sentence
    ['email', 'invalid_string', 'Invalid email address', '', undefined, 'Enter an email address'],
    ['email', 'invalid_string', 'Invalid email address', 'ann@', undefined, 'Enter a full email address, like ann@example.com'],
    ['password', 'too_small', 'must be at least 8 characters', '', 'login', 'Enter your password'],
    ['password', 'too_small', 'must be at least 8 characters', 'short', 'signup', 'Use at least 8 characters'],
    ['password', 'too_small', 'must be at least 8 characters', 'short', 'login', 'Enter your password'],
    ['name', 'too_small', 'Too small: expected string to have >=1 characters', '', 'segment', 'Choose a segment name'],
    ['name', 'invalid_type', 'Invalid input: expected string, received undefined', undefined, 'template', 'Choose a template name'],
    ['name', 'too_big', 'Too big: expected string to have <=255 characters', 'x'.repeat(300), undefined, 'Use at most 255 characters'],
    ['data', 'invalid_json', 'Not valid JSON: Unexpected token', '{', undefined, 'This is not valid JSON: write it like { "plan": "pro" }'],
    ['condition.groups[0].filters[0].value', 'missing_value', 'contains needs a value', undefined, undefined, 'Enter a value'],
    ['condition.groups[0].filters[0].value', 'invalid_value', 'must not be empty (empty strings are never stored)', '', undefined, 'Enter a value'],
    [
      'condition.groups[0].filters[0].operator',
      'invalid_operator',
      'gt does not apply to email (a string field)',
      undefined,
      undefined,
      'Choose an operator this field takes',
    ],
    [
      'body',
      'invalid_template',
      'does not compile at line 3, column 1: an opened {{#if}} is never closed: add {{/if}} where it ends',
      '<p>{{#if x}}',
      undefined,
      'Line 3: an opened {{#if}} is never closed: add {{/if}} where it ends',
    ],
  ])('%s %s %j (value %j, %s) → %s', (field, code, message, value, context, said) => {
    expect(humanFieldMessage({ field, code, message }, { value, context })).toBe(said);
  });

  it('never passes schema or parser jargon through, whatever the API said', () => {
    for (const message of [
      'Invalid input: expected string, received number',
      "parse error: Expecting 'OPEN_INVERSE_CHAIN', 'INVERSE', 'OPEN_ENDBLOCK', got 'EOF'",
      'Invalid option: expected one of "MARKETING"|"TRANSACTIONAL"',
    ]) {
      const said = humanFieldMessage({ field: 'type', code: 'invalid_value', message }, { value: 'X' });
      expect(said).not.toMatch(JARGON);
      expect(said.length).toBeGreaterThan(5);
    }
    // A message already in plain words is kept.
    expect(humanFieldMessage({ field: 'subject', code: 'custom', message: 'must not contain line breaks' }, { value: 'a' })).toBe(
      'must not contain line breaks',
    );
  });

  it('bad JSON and ids in paths read plainly', () => {
    expect(
      humanFieldMessage({ field: 'config.headers', message: `Not valid JSON: Expected property name or '}' in JSON at position 2` }, { value: '{x' }),
    ).toBe('This is not valid JSON: check its quotes, commas and braces');
    expect(fieldLabel('steps.0193a6f2-7c1d-7b3e-9a4f-2b6c8d0e1f23')).toBe('Step');
    expect(fieldLabel('replyTo')).toBe('Reply to');
  });

  it('a template error keeps its line and drops a parser token that slipped through', () => {
    expect(templateMessage("does not compile at line 2, column 4: parse error: Expecting 'ID', got 'CLOSE'")).toBe(
      'Line 2: the braces here do not form a valid {{ … }}',
    );
  });

  it('banners: a headline in plain words, the suggestion only where it helps', () => {
    const validation = new ApiError(
      422,
      'VALIDATION_ERROR',
      'Invalid email: Invalid email address',
      'Fix the fields listed in errors and send the request again.',
    );
    expect(humanHeadline(validation)).toBe('Some details need a fix.');
    expect(helpfulSuggestion(validation)).toBeUndefined();
    const login = new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password', 'Check the email and password.');
    expect(humanHeadline(login)).toBe('Invalid email or password.');
    expect(helpfulSuggestion(login)).toBe('Check the email and password.');
    // A route named in passing is left out; a suggestion that is only API talk is dropped.
    expect(helpfulSuggestion(new ApiError(409, 'CONFLICT', 'The campaign is SCHEDULED', 'Cancel it first (POST /campaigns/:id/cancel).'))).toBe(
      'Cancel it first.',
    );
    expect(helpfulSuggestion(new ApiError(422, 'VALIDATION_ERROR', 'x', 'Send value as a whole number of days, e.g. { "value": 7 }.'))).toBeUndefined();
    expect(humanHeadline(new ApiError(503, 'SERVICE_UNAVAILABLE', 'contacts is down'))).toMatch(/went wrong on Herald/);
  });
});

function Demo({ action, context }: { action: (v: { email: string; password: string }) => Promise<unknown>; context?: string }) {
  const form = useForm({ email: '', password: '' }, { context });
  return (
    <form onSubmit={form.submit(action)}>
      <ErrorBanner error={form.error} />
      <Field form={form} name="email" label="Email" />
      <Field form={form} name="password" label="Password" type="password" />
      <Submit busy={form.busy}>Save</Submit>
    </form>
  );
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('forms show each problem once', () => {
  it('open without errors, then put each field’s problem at the field and no banner', async () => {
    render(
      <Demo
        context="login"
        action={async () => {
          throw new ApiError(422, 'VALIDATION_ERROR', 'Request validation failed', 'Fix the fields listed in errors and send the request again.', [
            { field: 'email', message: 'Invalid email address', code: 'invalid_string' },
            { field: 'password', message: 'must be at least 8 characters', code: 'too_small' },
          ]);
        }}
      />,
    );
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    save();
    await screen.findByText('Enter your password');
    expect(screen.getByText('Enter an email address')).toBeTruthy();
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(document.body.textContent).not.toMatch(/request again|at least 8|Request validation/);
    // Editing a field clears its message; the other stays until the next submit.
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    expect(screen.queryByText('Enter your password')).toBeNull();
    expect(screen.getByText('Enter an email address')).toBeTruthy();
  });

  it('a problem no field owns goes in the banner, by its name', async () => {
    render(
      <Demo
        action={async () => {
          throw new ApiError(
            422,
            'VALIDATION_ERROR',
            'Invalid projectId: x',
            undefined,
            [{ field: 'projectId', message: 'must be a UUID', code: 'invalid_string' }],
            'req-1',
          );
        }}
      />,
    );
    save();
    const banner = await screen.findByRole('alert');
    expect(banner.querySelector('strong')!.textContent).toBe('Project id: must be a UUID');
  });

  it('a 5xx offers Retry, and the request id sits in a closed Details disclosure', async () => {
    let calls = 0;
    render(
      <Demo
        action={async () => {
          calls++;
          throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'contacts is not reachable', 'A Herald service is not reachable; retry shortly.', [], 'req-42');
        }}
      />,
    );
    save();
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).not.toMatch(/retry shortly/);
    const details = banner.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')!.textContent).toBe('Details');
    expect(details.textContent).toContain('req-42');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls).toBe(2));
  });

  it('a 4xx offers no Retry', async () => {
    render(
      <Demo
        action={async () => {
          throw new ApiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password', 'Check the email and password.', [], 'req-7');
        }}
      />,
    );
    save();
    await screen.findByText('Invalid email or password.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByText('Check the email and password.')).toBeTruthy();
  });
});
