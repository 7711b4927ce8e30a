import { lazy, useEffect, useState } from 'react';
import { Link, Route, Switch, useLocation, useParams } from 'wouter';
import { api, ApiError, qs, type Contact, type CursorPage } from '../../api';
import { useApi } from '../../ui/data';
import { readableValues } from '../../ui/text';
import { ErrorBanner, Field, Submit, useForm } from '../../ui/form';
import { Badge, Empty, Loaded, Modal, PageHeader, Pager, formatDate, formatNumber, useCursorPages } from '../../ui/kit';
import { BulkActions } from './bulk';
import './contacts.css';
import type { Answer } from '../../api-types';

const ImportPage = lazy(() => import('./import'));

/** Contacts: the list (search, cursor pages, bulk actions), CSV import, one contact (data, timeline, edit). */
export default function Contacts() {
  return (
    <Switch>
      <Route path="/" component={ContactList} />
      <Route path="/import" component={ImportPage} />
      <Route path="/:id" component={ContactDetail} />
    </Switch>
  );
}

const PAGE_SIZE = 25;

function ContactList() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [subscribed, setSubscribed] = useState('');
  const pages = useCursorPages();
  const [adding, setAdding] = useState(false);
  // The selection is of the page shown: it is cleared whenever another page or filter is shown.
  const [selected, setSelected] = useState<Set<string>>(new Set());
  // Typing settles for a moment before the list is asked again.
  useEffect(() => {
    if (search.trim() === query) return;
    const t = setTimeout(() => {
      setQuery(search.trim());
      pages.reset();
    }, 250);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);
  const listPath = `/contacts${qs({ limit: PAGE_SIZE, cursor: pages.cursor, search: query, subscribed })}`;
  const list = useApi<CursorPage<Contact>>(listPath);
  useEffect(() => setSelected(new Set()), [listPath]);
  // The API counts on the first page only: the count stays while later pages are shown.
  const [total, setTotal] = useState<number>();
  useEffect(() => {
    if (list.data && !pages.cursor) setTotal(list.data.total);
  }, [list.data, pages.cursor]);
  const onPage = list.data?.data ?? [];
  const allSelected = onPage.length > 0 && onPage.every((c) => selected.has(c.id));
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <>
      <PageHeader
        title="Contacts"
        subtitle={total !== undefined ? `${formatNumber(total)} ${total === 1 ? 'contact' : 'contacts'}` : undefined}
        actions={
          <>
            <Link href="/import" className="button">
              Import CSV
            </Link>
            <button type="button" className="primary" onClick={() => setAdding(true)}>
              Add contact
            </button>
          </>
        }
      />
      <div className="toolbar" role="search">
        <input type="search" aria-label="Search by email" placeholder="Search by email…" value={search} onChange={(e) => setSearch(e.target.value)} />
        <select
          aria-label="Subscription"
          value={subscribed}
          onChange={(e) => {
            setSubscribed(e.target.value);
            pages.reset();
          }}
        >
          <option value="">All</option>
          <option value="true">Subscribed</option>
          <option value="false">Unsubscribed</option>
        </select>
      </div>
      <BulkActions
        selected={[...selected]}
        onClear={() => setSelected(new Set())}
        onDone={() => {
          setSelected(new Set());
          list.reload();
        }}
      />
      <Loaded loading={list.loading && !list.data} error={list.error}>
        {() =>
          list.data!.data.length === 0 ? (
            <Empty>{query ? `No contact matches “${query}”.` : 'No contacts yet. Add one, import a CSV, or track an event from your app.'}</Empty>
          ) : (
            <>
              <div className="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th className="select">
                        <input
                          type="checkbox"
                          aria-label="Select all on this page"
                          checked={allSelected}
                          ref={(el) => {
                            if (el) el.indeterminate = !allSelected && onPage.some((c) => selected.has(c.id));
                          }}
                          onChange={(e) => setSelected(e.target.checked ? new Set(onPage.map((c) => c.id)) : new Set())}
                        />
                      </th>
                      <th>Email</th>
                      <th>Status</th>
                      <th className="hide-narrow">Data</th>
                      <th className="hide-narrow">Added</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.data!.data.map((c) => (
                      <tr key={c.id}>
                        <td className="select">
                          <input
                            type="checkbox"
                            aria-label={`Select ${c.email}`}
                            checked={selected.has(c.id)}
                            onChange={(e) => toggle(c.id, e.target.checked)}
                          />
                        </td>
                        <td>
                          <Link href={`/${c.id}`}>{c.email}</Link>
                        </td>
                        <td>{c.subscribed ? <Badge tone="good">Subscribed</Badge> : <Badge>Unsubscribed</Badge>}</td>
                        <td className="hide-narrow muted truncate">{Object.keys(c.data).slice(0, 4).join(', ')}</td>
                        <td className="hide-narrow">{formatDate(c.createdAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager page={pages.page} hasPrev={pages.page > 1} hasNext={list.data!.hasMore} onPrev={pages.prev} onNext={() => pages.next(list.data!.cursor)} />
            </>
          )
        }
      </Loaded>
      <Modal open={adding} title="Add contact" onClose={() => setAdding(false)}>
        <ContactForm
          onSaved={() => {
            setAdding(false);
            list.reload();
          }}
        />
      </Modal>
    </>
  );
}

/** `data` as the user edits it: JSON text, parsed on save (the API names any field it refuses). */
function ContactForm({ contact, onSaved }: { contact?: Contact; onSaved: (c: Contact) => void }) {
  const form = useForm({
    email: contact?.email ?? '',
    subscribed: contact ? String(contact.subscribed) : 'true',
    data: JSON.stringify(contact?.data ?? {}, null, 2),
  });
  return (
    <form
      onSubmit={form.submit(async (v) => {
        let data: unknown;
        try {
          data = JSON.parse(v.data || '{}');
        } catch (err) {
          throw new ApiError(0, 'INVALID_JSON', 'Data is not valid JSON', (err as Error).message, [
            { field: 'data', message: 'Not valid JSON: ' + (err as Error).message, code: 'invalid_json' },
          ]);
        }
        const body = { email: v.email, subscribed: v.subscribed === 'true', data };
        onSaved(contact ? await api.patch<Contact>(`/contacts/${contact.id}`, body) : await api.post<Contact>('/contacts', body));
      })}
      noValidate
    >
      <ErrorBanner error={form.error} />
      <Field form={form} name="email" label="Email" type="email" required />
      <Field form={form} name="subscribed" label="Subscription">
        {(p) => (
          <select {...p}>
            <option value="true">Subscribed</option>
            <option value="false">Unsubscribed</option>
          </select>
        )}
      </Field>
      <Field form={form} name="data" label="Data (JSON)" hint='Custom fields, e.g. { "plan": "pro" }.'>
        {(p) => <textarea {...p} rows={8} className="mono" spellCheck={false} />}
      </Field>
      <Submit busy={form.busy}>{contact ? 'Save' : 'Add contact'}</Submit>
    </form>
  );
}

type TimelineEvent = Answer<'/events/contact/{contactId}', 'get'>['events'][number];

const TIMELINE_STEPS = [100, 250, 500, 1000];

function ContactDetail() {
  const { id } = useParams<{ id: string }>();
  const [, go] = useLocation();
  const contact = useApi<Contact>(`/contacts/${id}`);
  // The API returns a contact's newest events, up to 1,000: the timeline asks for more as it is read.
  const [eventLimit, setEventLimit] = useState(TIMELINE_STEPS[0]);
  const events = useApi<{ events: TimelineEvent[] }>(`/events/contact/${id}?limit=${eventLimit}`);
  const [editing, setEditing] = useState(false);
  const [deleteError, setDeleteError] = useState<unknown>();
  return (
    <Loaded loading={contact.loading && !contact.data} error={contact.error}>
      {() => {
        const c = contact.data!;
        return (
          <>
            <PageHeader
              title={c.email}
              subtitle={
                <>
                  {c.subscribed ? <Badge tone="good">Subscribed</Badge> : <Badge>Unsubscribed</Badge>} · added {formatDate(c.createdAt)}
                </>
              }
              actions={
                <>
                  <Link href="/" className="button">
                    ← All contacts
                  </Link>
                  <button type="button" onClick={() => setEditing(true)}>
                    Edit
                  </button>
                  <button
                    type="button"
                    className="danger"
                    onClick={async () => {
                      if (!confirm(`Delete ${c.email}? Their events and history go too.`)) return;
                      try {
                        await api.del(`/contacts/${c.id}`);
                        go('/');
                      } catch (err) {
                        setDeleteError(err);
                      }
                    }}
                  >
                    Delete
                  </button>
                </>
              }
            />
            <ErrorBanner error={deleteError} />
            <div className="grid-2">
              <section className="card">
                <h2>Data</h2>
                {Object.keys(c.data).length === 0 ? (
                  <p className="muted">No custom fields.</p>
                ) : (
                  <dl className="data-list">
                    {Object.entries(c.data).map(([k, v]) => (
                      <div key={k}>
                        <dt>{k}</dt>
                        <dd className="mono">{typeof v === 'string' ? v : JSON.stringify(v)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </section>
              <section className="card">
                <h2>Timeline</h2>
                <Loaded loading={events.loading && !events.data} error={events.error}>
                  {() =>
                    events.data!.events.length === 0 ? (
                      <p className="muted">No events yet.</p>
                    ) : (
                      <>
                        <ol className="timeline">
                          {events.data!.events.map((e) => (
                            <li key={e.id}>
                              <strong>{e.name}</strong> <span className="muted">{formatDate(e.createdAt)}</span>
                              {e.data && Object.keys(e.data).length > 0 && <div className="mono muted truncate">{JSON.stringify(readableValues(e.data))}</div>}
                            </li>
                          ))}
                        </ol>
                        {events.data!.events.length >= eventLimit &&
                          (eventLimit < TIMELINE_STEPS[TIMELINE_STEPS.length - 1] ? (
                            <button
                              type="button"
                              className="small"
                              disabled={events.loading}
                              onClick={() => setEventLimit(TIMELINE_STEPS[TIMELINE_STEPS.indexOf(eventLimit) + 1])}
                            >
                              Show older events
                            </button>
                          ) : (
                            <p className="muted">The newest {formatNumber(eventLimit)} events are shown.</p>
                          ))}
                      </>
                    )
                  }
                </Loaded>
              </section>
            </div>
            <Modal open={editing} title="Edit contact" onClose={() => setEditing(false)}>
              <ContactForm
                contact={c}
                onSaved={(saved) => {
                  setEditing(false);
                  contact.setData(saved);
                }}
              />
            </Modal>
          </>
        );
      }}
    </Loaded>
  );
}
