/** @jest-environment jsdom */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { shapingState, TrafficShaping, type ShapingRow } from '../src/pages/domains/shaping';

/** The domain page's traffic shaping section: every state in words, the reply quoted, the limits and the window. */
const row = (over: Partial<ShapingRow>): ShapingRow => ({
  domain: 'example.com',
  provider: 'other',
  connections: 10,
  perConnection: 100,
  window: 5,
  inFlight: 0,
  state: 'normal',
  reason: null,
  reply: null,
  ratePerMinute: null,
  until: null,
  changedAt: null,
  ...over,
});
const clock = (iso: string) => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(iso));
const GMAIL = '421 4.7.28 Our system has detected an unusual rate of unsolicited mail originating from your IP address.';

describe('traffic shaping', () => {
  const now = new Date(2025, 5, 2, 13, 0);
  const at = (h: number, m = 0, day = 2) => new Date(2025, 5, day, h, m).toISOString();

  it('says each state in words: a time today by the clock, another day with its date', () => {
    expect(shapingState(row({}), now)).toBe('Normal pace');
    const gmail = row({ provider: 'google', state: 'throttled', reason: 'gmail-rate-limit', reply: GMAIL, ratePerMinute: 1, until: at(14, 30) });
    expect(shapingState(gmail, now)).toBe(`Slowed to 1 a minute until ${clock(at(14, 30))} — Gmail rate limit`);
    const yahoo = row({ provider: 'yahoo', state: 'suspended', reason: 'yahoo-tss04', ratePerMinute: 0, until: at(16) });
    expect(shapingState(yahoo, now)).toBe(`Suspended until ${clock(at(16))} — Yahoo TSS04`);
    const tomorrow = shapingState({ ...yahoo, until: at(9, 0, 3) }, now);
    expect(tomorrow).toMatch(/^Suspended until .+ — Yahoo TSS04$/);
    expect(tomorrow).not.toBe(`Suspended until ${clock(at(9, 0, 3))} — Yahoo TSS04`); // the date is there too
    expect(tomorrow).toContain(clock(at(9, 0, 3)));
    expect(shapingState(row({ state: 'throttled', reason: 'deferrals', reply: '451 4.3.2 try later' }), now)).toBe('Slowed by deferrals');
    // A rule of DELIVERABILITY_REPLY_RULES is named as it was written.
    expect(shapingState(row({ state: 'throttled', reason: 'fastmail-busy', ratePerMinute: 30, until: at(13, 45) }), now)).toBe(
      `Slowed to 30 a minute until ${clock(at(13, 45))} — fastmail-busy`,
    );
  });

  it('lists the providers by name with the reply quoted, the limits and the window; the summary names what is held back', () => {
    const until = new Date(Date.now() + 90 * 60_000).toISOString();
    const rows = [
      row({
        provider: 'google',
        connections: 5,
        perConnection: 50,
        window: 2,
        state: 'throttled',
        reason: 'gmail-rate-limit',
        reply: GMAIL,
        ratePerMinute: 1,
        until,
      }),
      row({ provider: 'microsoft', connections: 5, perConnection: 50, window: 3 }),
      row({ provider: 'yahoo', connections: 10, perConnection: 20, window: 1, state: 'suspended', reason: 'yahoo-tss04', ratePerMinute: 0, until }),
      row({ provider: 'apple', connections: 10, perConnection: 5, window: null }),
      row({ provider: 'other' }),
      row({ provider: 'fastmail', window: 1, state: 'throttled', reason: 'deferrals', reply: '451 4.3.2 Please try again later' }),
    ];
    const { container } = render(<TrafficShaping domain="example.com" rows={rows} />);
    const summary = container.querySelector('summary')!;
    expect(summary.textContent).toBe('Traffic shaping — Google slowed, Yahoo suspended, Fastmail slowed');
    fireEvent.click(summary);
    const table = screen.getByRole('table', { name: 'Traffic shaping of example.com' });
    const cells = (provider: string) => {
      const tr = table.querySelector(`tr[data-provider="${provider}"]`) as HTMLElement;
      return Object.fromEntries([...tr.querySelectorAll('td')].map((td) => [td.dataset.label, td]));
    };
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((tr) => tr.querySelector('td')!.textContent),
    ).toEqual(['Google', 'Microsoft', 'Yahoo', 'Apple', 'Other providers', 'Fastmail']);
    const google = cells('google');
    expect(google.State.querySelector('.shaping-state')!.textContent).toMatch(/^Slowed to 1 a minute until .+ — Gmail rate limit$/);
    expect(google.State.textContent).toContain(clock(until));
    expect(google.State.querySelector('blockquote')!.textContent).toBe(GMAIL);
    expect(google.Connections.textContent).toBe('5 connections × 50 messages each');
    expect(google.Window.textContent).toBe('One at a time while slowed'); // the rule's rate, whatever the window
    expect(cells('yahoo').Window.textContent).toBe('None while suspended');
    expect(cells('microsoft').State.textContent).toBe('Normal pace');
    expect(cells('microsoft').State.querySelector('blockquote')).toBeNull();
    expect(cells('microsoft').Window.textContent).toBe('3 of 5 connections in use');
    expect(cells('yahoo').State.textContent).toMatch(/^Suspended until .+ — Yahoo TSS04$/);
    // Deferrals alone narrow the window: it is what holds the pace.
    expect(cells('fastmail').State.querySelector('.shaping-state')!.textContent).toBe('Slowed by deferrals');
    expect(cells('fastmail').State.querySelector('blockquote')!.textContent).toBe('451 4.3.2 Please try again later');
    expect(cells('fastmail').Window.textContent).toBe('1 of 10 connections in use');
    expect(cells('apple').Window.textContent).toBe('—'); // this sender has not sent there
    expect(screen.getByText(/nothing is dropped/).textContent).toContain('DELIVERABILITY_PROVIDER_LIMITS, DELIVERABILITY_REPLY_RULES');
  });

  it('says when nothing was sent from the domain, and shows nothing before the answer is in', () => {
    const { container, rerender } = render(<TrafficShaping domain="new.example" rows={undefined} />);
    expect(container.textContent).toBe('');
    rerender(<TrafficShaping domain="new.example" rows={[]} />);
    expect(container.querySelector('summary')!.textContent).toBe('Traffic shaping — nothing sent yet');
    expect(screen.getByText('Nothing sent from this domain yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
