import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { qs } from '../../api';
import { useApi } from '../../ui/data';
import { readable } from '../../ui/text';
import { ErrorBanner, Field, useForm } from '../../ui/form';
import { Badge, Empty, Loaded, PageHeader, Pager, formatDate, formatNumber, useCursorPages } from '../../ui/kit';
import '../analytics/charts.css';
import type { Answer } from '../../api-types';
import { deliverabilityDetail, deliverabilitySubject } from './words';

/** One entry of GET /activity (and of /activity/upcoming). */
type FeedItem = Answer<'/activity', 'get'>['data'][number] | Answer<'/activity/upcoming', 'get'>['activities'][number];
export type ActivityItem = Omit<FeedItem, 'metadata'> & { metadata: Record<string, any> };
type Stats = Answer<'/activity/stats', 'get'>;

type Tone = 'neutral' | 'good' | 'warn' | 'bad' | 'info';
/** How each type reads in the feed: an icon (plain symbols, which every font has, not emoji), a label and a colour. */
const TYPES: Record<string, { icon: string; label: string; tone: Tone }> = {
  'email.sent': { icon: '✉', label: 'Email sent', tone: 'info' },
  'email.delivered': { icon: '✓', label: 'Delivered', tone: 'info' },
  'email.opened': { icon: '◉', label: 'Opened', tone: 'good' },
  'email.clicked': { icon: '↗', label: 'Clicked', tone: 'good' },
  'email.bounced': { icon: '↩', label: 'Bounced', tone: 'bad' },
  'email.complained': { icon: '⚠', label: 'Complaint', tone: 'bad' },
  'email.failed': { icon: '✖', label: 'Failed', tone: 'bad' },
  'email.received': { icon: '⇩', label: 'Received', tone: 'info' },
  'contact.subscribed': { icon: '＋', label: 'Subscribed', tone: 'good' },
  'contact.unsubscribed': { icon: '－', label: 'Unsubscribed', tone: 'warn' },
  'segment.entry': { icon: '→', label: 'Entered segment', tone: 'neutral' },
  'segment.exit': { icon: '←', label: 'Left segment', tone: 'neutral' },
  'event.triggered': { icon: '★', label: 'Event', tone: 'neutral' },
  'workflow.started': { icon: '▶', label: 'Workflow started', tone: 'info' },
  'workflow.waiting': { icon: '◔', label: 'Workflow waiting', tone: 'neutral' },
  'campaign.scheduled': { icon: '◷', label: 'Campaign scheduled', tone: 'info' },
  'deliverability.throttled': { icon: '▽', label: 'Sending slowed', tone: 'warn' },
  'deliverability.resumed': { icon: '△', label: 'Normal pace', tone: 'good' },
  'deliverability.guardrail_paused': { icon: '‖', label: 'Marketing paused', tone: 'bad' },
  'deliverability.guardrail_warning': { icon: '!', label: 'Complaint warning', tone: 'warn' },
  'deliverability.guardrail_resumed': { icon: '↻', label: 'Marketing resumed', tone: 'good' },
};
export const typeInfo = (type: string) => TYPES[type] ?? { icon: '•', label: type, tone: 'neutral' as Tone };

/** What an activity is about, in a few words: the subject, the event's name, the link clicked… */
export function subjectOf(a: ActivityItem): string {
  return readable(rawSubjectOf(a));
}

function rawSubjectOf(a: ActivityItem): string {
  const m = a.metadata ?? {};
  if (a.type === 'event.triggered') return m.eventName ?? '';
  if (a.type === 'email.clicked' && m.link) return `${m.subject ?? ''} → ${m.link}`;
  if (a.type.startsWith('workflow.')) return m.workflowName ?? m.workflowId ?? '';
  if (a.type === 'campaign.scheduled') return `${m.campaignName ?? ''}${m.subject ? ` — “${m.subject}”` : ''}`;
  if (a.type.startsWith('segment.')) return m.segmentName ?? m.eventName ?? '';
  if (a.type.startsWith('deliverability.')) return deliverabilitySubject(a.type, m);
  return m.subject ?? '';
}

const PAGE_SIZE = 25;
/** The first page is asked again this often, so new activity shows up by itself. */
const REFRESH_MS = 10_000;

/** Activity: what happened in the project, newest first, with the period's numbers and what is to come. */
export default function Activity() {
  const filters = useForm({ type: '', startDate: '', endDate: '' });
  const [applied, setApplied] = useState(filters.values);
  const pages = useCursorPages();
  const types = useApi<{ types: string[] }>('/activity/types');
  const range = { startDate: applied.startDate, endDate: applied.endDate };
  const stats = useApi<Stats>(`/activity/stats${qs(range)}`);
  const recent = useApi<{ count: number; minutes: number }>('/activity/recent-count?minutes=60', { pollMs: REFRESH_MS });
  const feed = useApi<{ data: ActivityItem[]; cursor: string | null; hasMore: boolean }>(
    `/activity${qs({ limit: PAGE_SIZE, cursor: pages.cursor, types: applied.type, ...range })}`,
    { pollMs: REFRESH_MS, poll: () => pages.page === 1 },
  );
  // A filter the API refuses (a date after the other, say) shows next to the field it names.
  const { setError } = filters;
  useEffect(() => setError(feed.error ?? stats.error), [feed.error, stats.error, setError]);

  return (
    <>
      <PageHeader
        title="Activity"
        subtitle={
          recent.data
            ? `${formatNumber(recent.data.count)} in the last hour · refreshes every ${REFRESH_MS / 1000} s`
            : 'Everything that happens in the project, newest first.'
        }
      />
      <Loaded loading={stats.loading && !stats.data} error={undefined}>
        {() =>
          stats.data && (
            <div className="stat-row" aria-label="Statistics">
              <Stat label="Events" value={formatNumber(stats.data.totalEvents)} />
              <Stat label="Emails sent" value={formatNumber(stats.data.totalEmailsSent)} />
              <Stat
                label="Opened by people"
                value={formatNumber(stats.data.humanOpened)}
                hint={`${stats.data.humanOpenRate}% · ${formatNumber(stats.data.totalEmailsOpened)} with machines`}
              />
              <Stat
                label="Clicked by people"
                value={formatNumber(stats.data.humanClicked)}
                hint={`${stats.data.humanClickRate}% · ${formatNumber(stats.data.totalEmailsClicked)} with machines`}
              />
              <Stat label="Opened" value={formatNumber(stats.data.totalEmailsOpened)} hint={`${stats.data.openRate}% open rate`} />
              <Stat label="Clicked" value={formatNumber(stats.data.totalEmailsClicked)} hint={`${stats.data.clickRate}% click rate`} />
              <Stat label="Workflow runs" value={formatNumber(stats.data.totalWorkflowsStarted)} />
            </div>
          )
        }
      </Loaded>
      <p className="muted small-text">{applied.startDate || applied.endDate ? 'Numbers for the chosen dates.' : 'Numbers for the last 30 days.'}</p>

      <div className="grid-activity">
        <section aria-labelledby="feed-title">
          <h2 id="feed-title">Feed</h2>
          <form
            className="filters"
            aria-label="Filter the feed"
            onSubmit={(e) => {
              e.preventDefault();
              pages.reset();
              setApplied(filters.values);
            }}
          >
            <Field form={filters} name="type" label="Type" apiField="types">
              {(p) => (
                <select {...p}>
                  <option value="">All types</option>
                  {(types.data?.types ?? []).map((t) => (
                    <option key={t} value={t}>
                      {typeInfo(t).label} ({t})
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field form={filters} name="startDate" label="From" type="date" />
            <Field form={filters} name="endDate" label="To" type="date" />
            <div className="actions">
              <button type="submit">Apply</button>
              {(applied.type || applied.startDate || applied.endDate) && (
                <button
                  type="button"
                  className="link"
                  onClick={() => {
                    const none = { type: '', startDate: '', endDate: '' };
                    filters.setValues(none);
                    pages.reset();
                    setApplied(none);
                  }}
                >
                  Clear
                </button>
              )}
            </div>
          </form>
          {feed.error ? (
            <ErrorBanner error={feed.error} />
          ) : (
            <Loaded loading={feed.loading && !feed.data} error={undefined}>
              {() =>
                feed.data!.data.length === 0 ? (
                  <Empty>
                    {applied.type || applied.startDate || applied.endDate
                      ? 'No activity matches these filters.'
                      : 'No activity yet. Send an email or track an event, and it shows up here.'}
                  </Empty>
                ) : (
                  <>
                    <ol className="feed" aria-label="Activity">
                      {feed.data!.data.map((a) => (
                        <FeedItem key={a.id} a={a} />
                      ))}
                    </ol>
                    <Pager
                      page={pages.page}
                      hasPrev={pages.page > 1}
                      hasNext={feed.data!.hasMore}
                      onPrev={pages.prev}
                      onNext={() => pages.next(feed.data!.cursor)}
                      summary={pages.page === 1 ? 'Newest' : `Page ${pages.page}`}
                    />
                  </>
                )
              }
            </Loaded>
          )}
        </section>
        <Upcoming />
      </div>
    </>
  );
}

function FeedItem({ a }: { a: ActivityItem }) {
  const t = typeInfo(a.type);
  const subject = subjectOf(a);
  // A sending domain's change is no contact's: a second line says what else to know.
  const detail = a.type.startsWith('deliverability.') ? deliverabilityDetail(a.type, a.metadata ?? {}) : '';
  return (
    <li data-type={a.type}>
      <span className="feed-icon" aria-hidden>
        {t.icon}
      </span>
      <div className="feed-main">
        <div>
          <Badge tone={t.tone}>{t.label}</Badge> {subject && <span className="feed-subject">{subject}</span>}
        </div>
        {detail && <div className="small-text muted">{detail}</div>}
        {a.contactId ? (
          <Link href={`~/contacts/${a.contactId}`} className="small-text">
            {a.contactEmail ?? a.contactId}
          </Link>
        ) : (
          a.contactEmail && <span className="small-text">{a.contactEmail}</span>
        )}
      </div>
      <time dateTime={a.timestamp}>{formatDate(a.timestamp)}</time>
    </li>
  );
}

/** Scheduled campaigns and workflow runs waiting on a timer, soonest first. */
function Upcoming() {
  const upcoming = useApi<{ activities: ActivityItem[] }>('/activity/upcoming?limit=10', { pollMs: 30_000 });
  return (
    <section aria-labelledby="upcoming-title">
      <h2 id="upcoming-title">Upcoming</h2>
      <Loaded loading={upcoming.loading && !upcoming.data} error={upcoming.error}>
        {() =>
          upcoming.data!.activities.length === 0 ? (
            <Empty>Nothing scheduled. Scheduled campaigns and waiting workflow steps show here.</Empty>
          ) : (
            <ol className="feed" aria-label="Upcoming">
              {upcoming.data!.activities.map((a) => {
                const t = typeInfo(a.type);
                return (
                  <li key={a.id} data-type={a.type}>
                    <span className="feed-icon" aria-hidden>
                      {t.icon}
                    </span>
                    <div className="feed-main">
                      <div>
                        <Badge tone={t.tone}>{t.label}</Badge>{' '}
                        {a.type === 'campaign.scheduled' ? (
                          <Link href={`~/campaigns/${a.metadata.campaignId}`}>{subjectOf(a)}</Link>
                        ) : a.metadata.workflowId ? (
                          <Link href={`~/workflows/${a.metadata.workflowId}`}>{subjectOf(a)}</Link>
                        ) : (
                          subjectOf(a)
                        )}
                      </div>
                      {a.contactId && (
                        <Link href={`~/contacts/${a.contactId}`} className="small-text">
                          {a.contactEmail ?? a.contactId}
                        </Link>
                      )}
                      {a.type === 'campaign.scheduled' && <span className="small-text muted">{formatNumber(a.metadata.totalRecipients)} recipients</span>}
                    </div>
                    <time dateTime={a.timestamp}>{formatDate(a.timestamp)}</time>
                  </li>
                );
              })}
            </ol>
          )
        }
      </Loaded>
    </section>
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
