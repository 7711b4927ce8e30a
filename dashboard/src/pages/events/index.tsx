import { useState } from 'react';
import { Link } from 'wouter';
import { api, qs } from '../../api';
import { useApi } from '../../ui/data';
import { ErrorBanner } from '../../ui/form';
import { Empty, Loaded, PageHeader, formatDate, formatNumber } from '../../ui/kit';
import './events.css';
import type { Answer } from '../../api-types';

/** Events: what was tracked, how often per name, where a name is used, and deleting a name's events. */

type TrackedEvent = Answer<'/events', 'get'>['events'][number];
type EventStat = Answer<'/events/stats', 'get'>[number];
type Usage = Answer<'/events/{eventName}/usage', 'get'>;

/** The API returns at most 100 recent events: the choice of how many is the paging there is. */
const LIMITS = [25, 50, 100];

export default function Events() {
  const stats = useApi<EventStat[]>('/events/stats');
  const [eventName, setEventName] = useState('');
  const [limit, setLimit] = useState(50);
  const recent = useApi<{ events: TrackedEvent[] }>(`/events${qs({ eventName, limit })}`);
  const [open, setOpen] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const sorted = [...(stats.data ?? [])].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const max = Math.max(1, ...sorted.map((s) => s.count));
  const reload = () => {
    stats.reload();
    recent.reload();
  };

  return (
    <>
      <PageHeader
        title="Events"
        subtitle="What your app tracked (POST /v1/track) and what Herald recorded, per contact."
        actions={
          <button type="button" onClick={reload}>
            Refresh
          </button>
        }
      />
      {notice && (
        <div className="banner banner-info" role="status">
          <span>{notice}</span>
          <button type="button" className="link" onClick={() => setNotice(undefined)} aria-label="Dismiss">
            ×
          </button>
        </div>
      )}
      <section className="card" aria-labelledby="event-names-title">
        <h2 id="event-names-title">Event names</h2>
        <Loaded loading={stats.loading && !stats.data} error={stats.error}>
          {() =>
            sorted.length === 0 ? (
              <Empty>No events yet. Track one from your app with POST /v1/track.</Empty>
            ) : (
              <ul className="event-names">
                {sorted.map((s) => (
                  <li key={s.name} data-testid={`event-name-${s.name}`}>
                    <div className="event-row">
                      <span className="name">{s.name}</span>
                      <span className="event-bar" aria-hidden>
                        <span style={{ width: `${(s.count / max) * 100}%` }} />
                      </span>
                      <span className="count" aria-label={`${s.name}: ${s.count} events`}>
                        {formatNumber(s.count)}
                      </span>
                      <button
                        type="button"
                        className="small"
                        aria-expanded={open === s.name}
                        onClick={() => setOpen((o) => (o === s.name ? undefined : s.name))}
                      >
                        {open === s.name ? 'Hide' : 'Details'}
                        <span className="visually-hidden"> of {s.name}</span>
                      </button>
                    </div>
                    {open === s.name && (
                      <EventUsage
                        name={s.name}
                        onFilter={() => {
                          setEventName(s.name);
                          document.getElementById('recent-title')?.scrollIntoView({ behavior: 'smooth' });
                        }}
                        onDeleted={(n) => {
                          setOpen(undefined);
                          setNotice(`Deleted ${formatNumber(n)} “${s.name}” event${n === 1 ? '' : 's'}.`);
                          if (eventName === s.name) setEventName('');
                          reload();
                        }}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )
          }
        </Loaded>
      </section>

      <section className="card" aria-labelledby="recent-title">
        <h2 id="recent-title">Recent events</h2>
        <div className="toolbar">
          <select aria-label="Event name" value={eventName} onChange={(e) => setEventName(e.target.value)}>
            <option value="">All events</option>
            {sorted.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name}
              </option>
            ))}
            {eventName && !sorted.some((s) => s.name === eventName) && <option value={eventName}>{eventName}</option>}
          </select>
          <select aria-label="How many" value={limit} onChange={(e) => setLimit(Number(e.target.value))}>
            {LIMITS.map((n) => (
              <option key={n} value={n}>
                Latest {n}
              </option>
            ))}
          </select>
        </div>
        <Loaded loading={recent.loading && !recent.data} error={recent.error}>
          {() =>
            recent.data!.events.length === 0 ? (
              <Empty>{eventName ? `No “${eventName}” events.` : 'No events yet.'}</Empty>
            ) : (
              <div className="table-wrap">
                <table aria-label="Recent events">
                  <thead>
                    <tr>
                      <th>Event</th>
                      <th>Contact</th>
                      <th className="hide-narrow">Data</th>
                      <th>When</th>
                    </tr>
                  </thead>
                  <tbody>
                    {recent.data!.events.map((e) => (
                      <tr key={e.id}>
                        <td className="mono">{e.name}</td>
                        <td className="truncate">
                          {e.contactId ? <Link href={`~/contacts/${e.contactId}`}>{e.contact.email || e.contactId}</Link> : <span className="muted">—</span>}
                        </td>
                        <td className="hide-narrow mono muted truncate">{Object.keys(e.data).length ? JSON.stringify(e.data) : ''}</td>
                        <td>{formatDate(e.createdAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
        </Loaded>
      </section>
    </>
  );
}

/** Where one name is used, and deleting its events (Herald's own names cannot be). */
function EventUsage({ name, onFilter, onDeleted }: { name: string; onFilter: () => void; onDeleted: (count: number) => void }) {
  const usage = useApi<Usage>(`/events/${encodeURIComponent(name)}/usage`);
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  return (
    <div className="event-usage" data-testid="event-usage">
      <Loaded loading={usage.loading && !usage.data} error={usage.error}>
        {() => {
          const u = usage.data!;
          const refs = u.usedInSegments.length + u.usedInWorkflows.length;
          return (
            <>
              <p>
                Tracked {formatNumber(u.totalCount)} time{u.totalCount === 1 ? '' : 's'} by {formatNumber(u.uniqueContacts)} contact
                {u.uniqueContacts === 1 ? '' : 's'}.
              </p>
              {u.usedInSegments.length > 0 && (
                <div>
                  Used in segments:
                  <ul>
                    {u.usedInSegments.map((r) => (
                      <li key={r.id}>
                        <Link href={`~/segments/${r.id}`}>{r.name || r.id}</Link>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {u.usedInWorkflows.length > 0 && (
                <div>
                  Used in workflows:
                  <ul>
                    {u.usedInWorkflows.map((r) => (
                      <li key={r.id}>
                        <Link href={`~/workflows/${r.id}`}>{r.name || r.id}</Link>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              {refs === 0 && <p className="muted">No segment or workflow uses it.</p>}
              {!u.canDelete && <p className="muted">Herald emits this event itself: its history cannot be deleted.</p>}
              <ErrorBanner error={error} onDismiss={() => setError(undefined)} />
              <div className="actions">
                <button type="button" className="small" onClick={onFilter}>
                  Show these events
                </button>
                <button
                  type="button"
                  className="small danger"
                  disabled={busy || !u.canDelete}
                  onClick={async () => {
                    const warn =
                      refs > 0
                        ? ` ${refs} segment${refs === 1 ? '' : 's'} or workflow${refs === 1 ? '' : 's'} use it: their filters will match nothing until it is tracked again.`
                        : '';
                    if (!confirm(`Delete all ${u.totalCount} “${name}” events? This cannot be undone.${warn}`)) return;
                    setBusy(true);
                    setError(undefined);
                    try {
                      const out = await api.del<{ deletedCount: number }>(`/events/${encodeURIComponent(name)}`);
                      onDeleted(out.deletedCount);
                    } catch (err) {
                      setError(err);
                    } finally {
                      setBusy(false);
                    }
                  }}
                >
                  Delete “{name}” events
                </button>
              </div>
            </>
          );
        }}
      </Loaded>
    </div>
  );
}
