import { useState } from 'react';
import { Link } from 'wouter';
import { qs } from '../../api';
import { useApi } from '../../ui/data';
import { readable } from '../../ui/text';
import { Badge, Empty, Loaded, PageHeader, formatNumber } from '../../ui/kit';
import { Bar, TimeChart, type SeriesSpec } from './chart';
import './charts.css';
import type { Answer } from '../../api-types';

/** One day of GET /analytics/timeseries. */
export type Day = Answer<'/analytics/timeseries', 'get'>[number];
type TopCampaign = Answer<'/analytics/top-campaigns', 'get'>[number];
type CampaignStats = Answer<'/analytics/campaign-stats', 'get'>;
type TopEvent = Answer<'/analytics/top-events', 'get'>[number];

export const SERIES: SeriesSpec<Exclude<keyof Day, 'date'>>[] = [
  { key: 'emails', label: 'Sent', color: '#4f46e5' },
  { key: 'delivered', label: 'Delivered', color: '#0891b2' },
  { key: 'opens', label: 'Opens', color: '#15803d' },
  { key: 'clicks', label: 'Clicks', color: '#c2410c' },
  { key: 'bounces', label: 'Bounces', color: '#b91c1c' },
];

const RANGES = [7, 30, 90] as const;
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
/** A day (YYYY-MM-DD) in the browser's time zone, `back` days before today. */
const dayBefore = (back: number) => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date(Date.now() - back * 86_400_000));
const pct = (n: number) => `${Math.round(n * 10) / 10}%`;

/** Analytics: emails per day, campaigns and tracked events over the last 7, 30 or 90 days. */
export default function Analytics() {
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  const startDate = dayBefore(days - 1);
  // Days are counted in the browser's time zone, so "today" is the reader's today.
  const series = useApi<Day[]>(`/analytics/timeseries${qs({ startDate, endDate: dayBefore(0), timezone: TIME_ZONE })}`);
  const campaigns = useApi<TopCampaign[]>(`/analytics/top-campaigns${qs({ startDate, limit: 5 })}`);
  const stats = useApi<CampaignStats>(`/analytics/campaign-stats${qs({ startDate })}`);
  const events = useApi<TopEvent[]>(`/analytics/top-events${qs({ startDate, limit: 8 })}`);
  return (
    <>
      <PageHeader
        title="Analytics"
        subtitle={`The last ${days} days`}
        actions={
          <div className="segmented" role="group" aria-label="Period">
            {RANGES.map((d) => (
              <button key={d} type="button" className="small" aria-pressed={d === days} onClick={() => setDays(d)}>
                {d} days
              </button>
            ))}
          </div>
        }
      />
      <section className="card" aria-labelledby="emails-per-day">
        <h2 id="emails-per-day">Emails per day</h2>
        <Loaded loading={series.loading && !series.data} error={series.error}>
          {() => <TimeChart rows={series.data!} series={SERIES} title={`Emails per day, the last ${days} days`} />}
        </Loaded>
      </section>

      <Loaded loading={stats.loading && !stats.data} error={stats.error}>
        {() => {
          const s = stats.data!;
          return (
            <div className="stat-row" aria-label="Campaigns">
              <Stat label="Campaigns created" value={formatNumber(s.total)} />
              <Stat label="Active" value={formatNumber(s.active)} hint="Draft, scheduled or sending" />
              <Stat label="Sent" value={formatNumber(s.completed)} />
              <Stat label="Average open rate" value={pct(s.averageOpenRate)} />
              <Stat label="Average click rate" value={pct(s.averageClickRate)} />
            </div>
          );
        }}
      </Loaded>

      <div className="grid-2">
        <section className="card" aria-labelledby="top-campaigns">
          <h2 id="top-campaigns">Top campaigns</h2>
          <Loaded loading={campaigns.loading && !campaigns.data} error={campaigns.error}>
            {() =>
              campaigns.data!.length === 0 ? (
                <Empty>No campaign sent in this period.</Empty>
              ) : (
                <ol className="bar-list">
                  {campaigns.data!.map((c) => (
                    <li key={c.id}>
                      <div className="bar-head">
                        <Link href={`~/campaigns/${c.id}`}>{c.name || readable(c.subject) || '(no name)'}</Link>
                        <span className="muted">{formatNumber(c.sentCount)} sent</span>
                      </div>
                      <div className="bar-pair">
                        <span>Opened {pct(c.openRate)}</span>
                        <Bar
                          value={c.openRate}
                          max={100}
                          color="#15803d"
                          label={`Open rate ${pct(c.openRate)} (${formatNumber(c.openedCount)} of ${formatNumber(c.sentCount)})`}
                        />
                        <span>Clicked {pct(c.clickRate)}</span>
                        <Bar
                          value={c.clickRate}
                          max={100}
                          color="#c2410c"
                          label={`Click rate ${pct(c.clickRate)} (${formatNumber(c.clickedCount)} of ${formatNumber(c.sentCount)})`}
                        />
                      </div>
                    </li>
                  ))}
                </ol>
              )
            }
          </Loaded>
        </section>

        <section className="card" aria-labelledby="top-events">
          <h2 id="top-events">Top events</h2>
          <Loaded loading={events.loading && !events.data} error={events.error}>
            {() => {
              const list = events.data!;
              if (list.length === 0) return <Empty>No event recorded in this period. Track one with POST /v1/track.</Empty>;
              const top = Math.max(...list.map((e) => e.count));
              return (
                <ol className="bar-list" data-testid="top-events">
                  {list.map((e) => (
                    <li key={e.name}>
                      <div className="bar-head">
                        <span className="mono event-name">{e.name}</span>
                        <span>
                          <strong className="event-count">{formatNumber(e.count)}</strong> <Trend value={e.trend} />
                        </span>
                      </div>
                      <Bar value={e.count} max={top} label={`${e.name}: ${formatNumber(e.count)}`} />
                    </li>
                  ))}
                </ol>
              );
            }}
          </Loaded>
        </section>
      </div>
    </>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="card stat-card">
      <div className="muted">{label}</div>
      <div className="stat">{value}</div>
      {hint && <div className="muted small-text">{hint}</div>}
    </div>
  );
}

/** The change from the period before, in percent: up good, down bad, in words for screen readers. */
function Trend({ value }: { value: number }) {
  const v = Math.round(value * 10) / 10;
  if (v === 0) return <Badge>±0%</Badge>;
  return (
    <Badge tone={v > 0 ? 'good' : 'bad'}>
      <span aria-hidden>{v > 0 ? '▲' : '▼'}</span>
      <span className="visually-hidden">{v > 0 ? 'up' : 'down'}</span> {Math.abs(v)}%
    </Badge>
  );
}
