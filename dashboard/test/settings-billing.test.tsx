/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SessionProvider, useSession } from '../src/session';
import { Billing } from '../src/pages/settings/billing';

/** The billing tab against a fake API: warnings from the limits, and the plan only where billing is on. */
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
const view = (limit: number | null, usage: number) => ({
  limit,
  usage,
  percentage: limit ? Math.round((usage / limit) * 100) : 0,
  isWarning: limit !== null && usage >= limit * 0.8,
  isBlocked: limit !== null && usage >= limit,
});
const LIMITS = { transactional: view(100, 100), campaigns: view(1000, 850), workflows: view(null, 3), inbound: view(null, 0) };

function fakeApi(role: string, billing: boolean) {
  const calls: string[] = [];
  const base = '/users/@me/projects/p1';
  const routes: Record<string, { status: number; body?: unknown }> = {
    'GET /config': { status: 200, body: { features: { billing: { enabled: billing }, email: { trackingToggleEnabled: true }, signup: { enabled: true } } } },
    'GET /users/@me': { status: 200, body: { id: 'u1', email: 'me@example.com', emailVerified: true } },
    'GET /users/@me/projects': { status: 200, body: [{ ...PROJECT, role }] },
    [`GET ${base}/billing-limits`]: { status: 200, body: LIMITS },
    [`GET ${base}/billing-consumption`]: {
      status: 200,
      body: {
        periodStart: '2025-06-01T00:00:00.000Z',
        periodEnd: '2025-07-01T00:00:00.000Z',
        period: 'calendar_month',
        usage: { transactional: 100, campaigns: 850, workflows: 3, inbound: 0 },
        total: 953,
      },
    },
    [`GET ${base}/billing-invoices`]: { status: 200, body: [] },
    'GET /projects/p1/setup-state': { status: 200, body: { hasSubscription: false } },
    [`POST ${base}/checkout`]: {
      status: 502,
      body: { error: { code: 'PAYMENT_PROVIDER_ERROR', message: 'The payment provider did not answer', suggestion: 'Try again in a minute.' } },
    },
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

/** As the app's shell: project pages render once the session has a project (and here its config). */
function WithProject() {
  const { project, config } = useSession();
  return project && config ? <Billing /> : null;
}

describe('settings: billing', () => {
  it('warns of a blocked and a nearly used category, and offers the plan to an admin when billing is on', async () => {
    const calls = fakeApi('ADMIN', true);
    render(
      <SessionProvider>
        <WithProject />
      </SessionProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/Limit reached: Transactional/);
    expect(screen.getByText(/Over 80 % of the limit: Campaigns/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Campaigns usage' }).getAttribute('aria-valuenow')).toBe('85');
    fireEvent.click(await screen.findByRole('button', { name: 'Choose a plan' }));
    await screen.findByText('The payment provider did not answer');
    expect(screen.getByText('Try again in a minute.')).toBeTruthy();
    await waitFor(() => expect(calls).toContain('GET /users/@me/projects/p1/billing-invoices'));
  });

  it('without a payment provider: no plan, no invoices asked for; a MEMBER cannot edit the limits', async () => {
    const calls = fakeApi('MEMBER', false);
    render(
      <SessionProvider>
        <WithProject />
      </SessionProvider>,
    );
    await screen.findByRole('heading', { name: 'Limits' });
    await waitFor(() => expect(screen.getByLabelText('Campaigns per period')).toBeTruthy());
    // Disabled by its fieldset, as the browser sees it.
    expect(screen.getByLabelText('Campaigns per period').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: /Save limits|Choose a plan|billing portal/ })).toBeNull();
    expect(calls.some((c) => c.includes('billing-invoices'))).toBe(false);
  });
});
