/** @jest-environment jsdom */
import { fireEvent, render, screen } from '@testing-library/react';
import { areaPath, linePath, nearestIndex, niceMax, pointsOf, showDayLabel, TimeChart, xAt, yAt, type Frame } from '../src/pages/analytics/chart';
import { SERIES, type Day } from '../src/pages/analytics';

const f: Frame = { width: 400, height: 200, left: 40, right: 10, top: 10, bottom: 30 };
const day = (date: string, emails: number, opens = 0): Day => ({
  date: `${date}T00:00:00.000Z`,
  emails,
  delivered: 0,
  opens,
  clicks: 0,
  bounces: 0,
  humanOpens: 0,
  humanClicks: 0,
});

describe('chart math', () => {
  it('rounds the axis up to a nice number, 1 for nothing', () => {
    expect([niceMax(0), niceMax(3), niceMax(7), niceMax(18), niceMax(230), niceMax(1000), niceMax(1001)]).toEqual([1, 5, 10, 20, 250, 1000, 2000]);
  });

  it('maps points into the frame: first day at the left edge, last at the right, 0 at the bottom, max at the top', () => {
    // Inner area: x 40…390, y 10…170.
    expect(pointsOf([0, 5, 10], 10, f)).toEqual([
      [40, 170],
      [215, 90],
      [390, 10],
    ]);
    expect(xAt(0, 1, f)).toBe(215);
    expect(yAt(25, 10, f)).toBe(10); // clamped to the top
    expect(
      linePath([
        [40, 170],
        [215, 90],
      ]),
    ).toBe('M40,170 L215,90');
    expect(
      areaPath(
        [
          [40, 170],
          [215, 90],
        ],
        f,
      ),
    ).toBe('M40,170 L215,90 L215,170 L40,170 Z');
    expect(linePath([])).toBe('');
  });

  it('finds the day under the pointer, clamped to the series', () => {
    expect([nearestIndex(40, 3, f), nearestIndex(200, 3, f), nearestIndex(389, 3, f), nearestIndex(-50, 3, f), nearestIndex(900, 3, f)]).toEqual([
      0, 1, 2, 0, 2,
    ]);
  });

  it('labels every n-th day and the last, without crowding it', () => {
    const shown = Array.from({ length: 10 }, (_, i) => i).filter((i) => showDayLabel(i, 10, 4));
    expect(shown).toEqual([0, 4, 9]);
  });
});

describe('TimeChart', () => {
  it('draws one path per series and a point on each day with data, and reads a day with the arrow keys', () => {
    const rows = [day('2025-06-01', 0), day('2025-06-02', 4, 2), day('2025-06-03', 0), day('2025-06-04', 8, 1)];
    const { container } = render(<TimeChart rows={rows} series={SERIES} title="Emails per day" />);
    const emails = container.querySelector('[data-series="emails"]')!;
    const d = emails.querySelector('.chart-line')!.getAttribute('d')!;
    expect(d.split(' ')).toHaveLength(4);
    // 640 px wide by default (jsdom has no layout); max 10: 8 sits at 80 % of the height.
    const pts = [...emails.querySelectorAll('circle')].map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]);
    expect(pts).toHaveLength(2);
    const inner = { top: 12, bottom: 260 - 28 };
    expect(pts[1][1]).toBeCloseTo(inner.bottom - 0.8 * (inner.bottom - inner.top), 0);
    expect(pts[0][0]).toBeLessThan(pts[1][0]);
    expect(container.querySelectorAll('[data-series="opens"] circle')).toHaveLength(2);

    const svg = screen.getByRole('img', { name: 'Emails per day' });
    fireEvent.focus(svg);
    // Focus starts on the last day; two steps back is the second.
    fireEvent.keyDown(svg, { key: 'ArrowLeft' });
    fireEvent.keyDown(svg, { key: 'ArrowLeft' });
    const tip = screen.getByRole('status');
    expect(tip.textContent).toContain('Sent4');
    expect(tip.textContent).toContain('Opens2');
  });

  it('hides a series from its legend entry', () => {
    const { container } = render(<TimeChart rows={[day('2025-06-01', 3, 1)]} series={SERIES} title="t" />);
    fireEvent.click(screen.getByRole('button', { name: /Opens/ }));
    expect(screen.getByRole('button', { name: /Opens/ }).getAttribute('aria-pressed')).toBe('false');
    expect(container.querySelector('[data-series="opens"]')).toBeNull();
    expect(container.querySelector('[data-series="emails"]')).not.toBeNull();
  });

  it('shows the empty state, not a flat chart, when nothing happened', () => {
    const { container } = render(<TimeChart rows={[day('2025-06-01', 0), day('2025-06-02', 0)]} series={SERIES} title="t" />);
    expect(container.querySelector('svg')).toBeNull();
    expect(screen.getByText(/Nothing sent in this period/)).toBeTruthy();
  });
});
