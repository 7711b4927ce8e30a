import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { formatNumber } from '../../ui/kit';

/**
 * Hand-written SVG charts (no chart library: the dashboard's bundle stays small). The math is
 * plain functions, tested on their own (dashboard/test/charts.test.tsx); the components only draw.
 */

/** The inner drawing area of a chart: `width` × `height` less the margins for the axis labels. */
export interface Frame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The smallest "nice" number (1, 2, 2.5 or 5 × 10^n) at or above `v`; 1 for nothing, so an all-zero series still has an axis. */
export function niceMax(v: number): number {
  if (!(v > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

/** `n + 1` evenly spaced values from 0 to `max` (the y axis's gridlines). */
export const ticks = (max: number, n = 4) => Array.from({ length: n + 1 }, (_, i) => (max * i) / n);

/** x of the i-th of `count` points: the first at the left edge of the frame, the last at its right (one point: the middle). */
export function xAt(i: number, count: number, f: Frame): number {
  const w = f.width - f.left - f.right;
  return count <= 1 ? f.left + w / 2 : f.left + (w * i) / (count - 1);
}

/** y of `v` on an axis from 0 (the bottom of the frame) to `max` (its top). */
export function yAt(v: number, max: number, f: Frame): number {
  const h = f.height - f.top - f.bottom;
  return f.top + h - (h * Math.min(v, max)) / (max || 1);
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** The points of a series in the frame, x by index, y by value. */
export function pointsOf(values: number[], max: number, f: Frame): Array<[number, number]> {
  return values.map((v, i) => [r1(xAt(i, values.length, f)), r1(yAt(v, max, f))]);
}

/** An SVG path through the points (`M x,y L x,y …`); '' for none. */
export function linePath(points: Array<[number, number]>): string {
  return points.map(([x, y], i) => `${i ? 'L' : 'M'}${x},${y}`).join(' ');
}

/** The closed area under the points, down to the frame's bottom. */
export function areaPath(points: Array<[number, number]>, f: Frame): string {
  if (points.length === 0) return '';
  const base = f.height - f.bottom;
  return `${linePath(points)} L${points[points.length - 1][0]},${base} L${points[0][0]},${base} Z`;
}

/** The index of the point nearest to `x` (a pointer over the chart). */
export function nearestIndex(x: number, count: number, f: Frame): number {
  if (count <= 1) return 0;
  const w = f.width - f.left - f.right;
  return Math.max(0, Math.min(count - 1, Math.round(((x - f.left) / w) * (count - 1))));
}

/** Short number for an axis: 1200 → 1.2k. */
export function compact(n: number): string {
  if (n >= 1_000_000) return `${r1(n / 1_000_000)}M`;
  if (n >= 1_000) return `${r1(n / 1_000)}k`;
  return String(r1(n));
}

/** Whether day `i` of `count` gets an x label: every `every`-th, and the last, unless it would crowd the one before. */
export function showDayLabel(i: number, count: number, every: number): boolean {
  if (i === count - 1) return true;
  return i % every === 0 && count - 1 - i >= every;
}

/** The width of an element, kept current as it resizes (the chart draws in real pixels, so text never scales). */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => el.clientWidth > 0 && setWidth(el.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width] as const;
}

export interface SeriesSpec<K extends string> {
  key: K;
  label: string;
  color: string;
}

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const dayFormatLong = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

/**
 * A line chart of several series over days: the first series also as an area, a point on each
 * day a series has something, a legend whose entries show or hide a series, a tooltip for the day
 * under the pointer or chosen with the arrow keys (the chart is focusable), and the numbers as a
 * table for anyone who would rather read them (screen readers included).
 */
export function TimeChart<K extends string>({
  rows,
  series,
  title,
  height = 260,
}: {
  rows: Array<{ date: string } & Record<K, number>>;
  series: SeriesSpec<K>[];
  title: string;
  height?: number;
}) {
  const [wrapRef, width] = useWidth<HTMLDivElement>(640);
  const [hidden, setHidden] = useState<Set<K>>(new Set());
  const [active, setActive] = useState<number | null>(null);
  const descId = useId();
  const shown = series.filter((s) => !hidden.has(s.key));
  const narrow = width < 480;
  const f: Frame = { width, height, left: 44, right: narrow ? 12 : 20, top: 12, bottom: 28 };
  const max = niceMax(Math.max(0, ...rows.flatMap((r) => shown.map((s) => r[s.key]))));
  const total = rows.reduce((n, r) => n + series.reduce((m, s) => m + r[s.key], 0), 0);
  // About one x label per 70 px, always the first and the last day.
  const every = Math.max(1, Math.ceil(rows.length / Math.max(2, Math.floor((width - f.left - f.right) / 70))));

  const onKey = (e: KeyboardEvent) => {
    const last = rows.length - 1;
    const at = active ?? last;
    const next =
      e.key === 'ArrowLeft' ? at - 1 : e.key === 'ArrowRight' ? at + 1 : e.key === 'Home' ? 0 : e.key === 'End' ? last : e.key === 'Escape' ? null : undefined;
    if (next === undefined) return;
    e.preventDefault();
    setActive(next === null ? null : Math.max(0, Math.min(last, next)));
  };
  const onMove = (e: PointerEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    setActive(nearestIndex(e.clientX - box.left, rows.length, f));
  };
  const day = active === null ? undefined : rows[active];

  return (
    <div className="chart" ref={wrapRef}>
      <ul className="chart-legend" aria-label="Series">
        {series.map((s) => (
          <li key={s.key}>
            <button
              type="button"
              className="small"
              aria-pressed={!hidden.has(s.key)}
              onClick={() =>
                setHidden((h) => {
                  const n = new Set(h);
                  if (n.has(s.key)) n.delete(s.key);
                  else n.add(s.key);
                  return n;
                })
              }
            >
              <span className="swatch" style={{ background: s.color }} aria-hidden /> {s.label}
            </button>
          </li>
        ))}
      </ul>
      {total === 0 ? (
        <div className="empty">Nothing sent in this period yet: the chart fills in as emails go out.</div>
      ) : (
        <div className="chart-plot">
          <svg
            width={width}
            height={height}
            viewBox={`0 0 ${width} ${height}`}
            role="img"
            aria-label={title}
            aria-describedby={descId}
            tabIndex={0}
            onKeyDown={onKey}
            onPointerMove={onMove}
            onPointerLeave={() => setActive(null)}
            onBlur={() => setActive(null)}
            onFocus={() => setActive((a) => a ?? rows.length - 1)}
          >
            <desc id={descId}>Use the left and right arrow keys to read each day. The same numbers are in the table below the chart.</desc>
            <g className="chart-grid">
              {ticks(max).map((t) => (
                <g key={t}>
                  <line x1={f.left} x2={width - f.right} y1={yAt(t, max, f)} y2={yAt(t, max, f)} />
                  <text x={f.left - 6} y={yAt(t, max, f)} dy="0.32em" textAnchor="end">
                    {compact(t)}
                  </text>
                </g>
              ))}
              {rows.map((r, i) =>
                showDayLabel(i, rows.length, every) ? (
                  <text key={r.date} x={xAt(i, rows.length, f)} y={height - 8} textAnchor={i === 0 ? 'start' : i === rows.length - 1 ? 'end' : 'middle'}>
                    {dayFormat.format(new Date(r.date))}
                  </text>
                ) : null,
              )}
            </g>
            {shown.map((s, si) => {
              const pts = pointsOf(
                rows.map((r) => r[s.key]),
                max,
                f,
              );
              return (
                <g key={s.key} className="chart-series" data-series={s.key}>
                  {si === 0 && <path className="chart-area" d={areaPath(pts, f)} fill={s.color} />}
                  <path className="chart-line" d={linePath(pts)} stroke={s.color} />
                  {pts.map(([x, y], i) =>
                    rows[i][s.key] > 0 ? <circle key={i} className="chart-point" cx={x} cy={y} r={active === i ? 4.5 : 3} fill={s.color} /> : null,
                  )}
                </g>
              );
            })}
            {active !== null && (
              <line className="chart-cursor" x1={xAt(active, rows.length, f)} x2={xAt(active, rows.length, f)} y1={f.top} y2={height - f.bottom} />
            )}
          </svg>
          <div
            className="chart-tooltip"
            role="status"
            aria-live="polite"
            hidden={!day}
            style={day ? tooltipPosition(xAt(active!, rows.length, f), width) : undefined}
          >
            {day && (
              <>
                <strong>{dayFormatLong.format(new Date(day.date))}</strong>
                <dl>
                  {series.map((s) => (
                    <div key={s.key}>
                      <dt>
                        <span className="swatch" style={{ background: s.color }} aria-hidden /> {s.label}
                      </dt>
                      <dd>{formatNumber(day[s.key])}</dd>
                    </div>
                  ))}
                </dl>
              </>
            )}
          </div>
        </div>
      )}
      <details className="chart-table">
        <summary>Show as a table</summary>
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {series.map((s) => (
                  <th key={s.key} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.date}>
                  <th scope="row">{dayFormat.format(new Date(r.date))}</th>
                  {series.map((s) => (
                    <td key={s.key}>{formatNumber(r[s.key])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

/** The tooltip beside the cursor line, on the side with room. */
function tooltipPosition(x: number, width: number) {
  return x > width / 2 ? { right: `${width - x + 10}px` } : { left: `${x + 10}px` };
}

/** A horizontal bar of `value` out of `max`, labelled for anyone who cannot see its length. */
export function Bar({ value, max, color, label }: { value: number; max: number; color?: string; label: string }) {
  const pct = max > 0 ? Math.max(0, Math.min(100, (100 * value) / max)) : 0;
  return (
    <div className="hbar" role="img" aria-label={label} title={label}>
      <span style={{ width: `${pct}%`, background: color }} />
    </div>
  );
}
