/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SessionProvider, useSession } from '../src/session';
import { Members } from '../src/pages/settings/members';

/**
 * The members tab against a fake API: what each role is offered, and a refusal shown with the
 * API's message and suggestion.
 */
const PROJECT = {
  id: 'p1',
  name: 'Team',
  public: 'pk_1…',
  secret: 'sk_1…',
  disabled: false,
  disabledReason: null,
  tracking: 'ENABLED',
  language: null,
  createdAt: '',
  updatedAt: '',
};
const MEMBERS = [
  { userId: 'u1', email: 'owner@example.com', role: 'OWNER', createdAt: '2025-06-01T09:30:00.000Z' },
  { userId: 'u2', email: 'jane@example.com', role: 'MEMBER', createdAt: '2025-06-02T09:30:00.000Z' },
];

type Answer = { status: number; body?: unknown };
function fakeApi(role: string, answers: Record<string, Answer> = {}) {
  const calls: string[] = [];
  const routes: Record<string, Answer> = {
    'GET /config': { status: 200, body: { features: { billing: { enabled: false }, email: { trackingToggleEnabled: true }, signup: { enabled: true } } } },
    'GET /users/@me': { status: 200, body: { id: role === 'OWNER' ? 'u1' : 'u3', email: 'me@example.com', emailVerified: true } },
    'GET /users/@me/projects': { status: 200, body: [{ ...PROJECT, role }] },
    'GET /projects/p1/members': { status: 200, body: MEMBERS },
    'GET /projects/p1/invitations': { status: 200, body: [] },
    ...answers,
  };
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    calls.push(key);
    const a = routes[key] ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: `no fake for ${key}` } } };
    return {
      status: a.status,
      ok: a.status < 400,
      statusText: '',
      headers: { get: () => null },
      text: async () => (a.body === undefined ? '' : JSON.stringify(a.body)),
    };
  }) as unknown as typeof fetch;
  return calls;
}

/** As the app's shell: project pages render once the session has a project. */
function WithProject() {
  return useSession().project ? <Members /> : null;
}
const renderMembers = () =>
  render(
    <SessionProvider>
      <WithProject />
    </SessionProvider>,
  );

describe('settings: members', () => {
  it('an ADMIN changes roles and invites; a refusal shows its message and suggestion', async () => {
    const calls = fakeApi('ADMIN', {
      'PATCH /projects/p1/members/u2': {
        status: 403,
        body: { error: { code: 'FORBIDDEN', message: 'You need the ADMIN role', suggestion: 'Ask the project owner.' } },
      },
    });
    renderMembers();
    const select = await screen.findByRole('combobox', { name: 'Role of jane@example.com' });
    // The owner is never editable.
    expect(screen.queryByRole('combobox', { name: 'Role of owner@example.com' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Invite' })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'ADMIN' } });
    await screen.findByText('You need the ADMIN role');
    expect(screen.getByText('Ask the project owner.')).toBeTruthy();
    expect(calls).toContain('GET /projects/p1/invitations');
  });

  it('a MEMBER sees the list but no control, and pending invitations are not asked for', async () => {
    const calls = fakeApi('MEMBER');
    renderMembers();
    await screen.findByText('jane@example.com');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove|Invite/ })).toBeNull();
    expect(screen.getByRole('note').textContent).toMatch(/Only the owner and admins/);
    await waitFor(() => expect(calls).toContain('GET /projects/p1/members'));
    expect(calls).not.toContain('GET /projects/p1/invitations');
  });
});
