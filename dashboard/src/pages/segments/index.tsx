import { useState } from 'react';
import { Link, Route, Switch, useLocation, useParams } from 'wouter';
import { api, ApiError, qs, type Contact, type NumberedPage } from '../../api';
import { useApi } from '../../ui/data';
import { ErrorBanner, Field, Submit, useForm, type Form } from '../../ui/form';
import { humanHeadline } from '../../ui/messages';
import { Badge, Empty, Loaded, Modal, PageHeader, PageNumbers, formatDate, formatNumber } from '../../ui/kit';
import { ConditionBuilder, newCondition, useConditionFields, useConditionPreview, type Condition } from './condition-builder';
import './segments.css';
import type { Answer } from '../../api-types';

/** Segments: the list, a new one (condition built with a live count), one segment. */
export default function Segments() {
  return (
    <Switch>
      <Route path="/" component={SegmentList} />
      <Route path="/new" component={NewSegment} />
      <Route path="/:id/condition" component={EditCondition} />
      <Route path="/:id" component={SegmentDetail} />
    </Switch>
  );
}

/** A condition is the condition language's (segments/condition-builder.tsx); the reference shows it as an object. */
export type Segment = Omit<Answer<'/segments/{id}', 'get'>, 'condition'> & { condition: Condition | null };

const TypeBadge = ({ s }: { s: Pick<Segment, 'type' | 'trackMembership'> }) => (
  <>
    {s.type === 'DYNAMIC' ? <Badge tone="info">Dynamic</Badge> : <Badge>Static</Badge>} {s.trackMembership && <Badge tone="good">Tracked</Badge>}
  </>
);

function SegmentList() {
  const list = useApi<Segment[]>('/segments');
  return (
    <>
      <PageHeader
        title="Segments"
        subtitle="Groups of contacts: dynamic ones follow a condition, static ones hold whom you add."
        actions={
          <Link href="/new" className="button primary">
            New segment
          </Link>
        }
      />
      <Loaded loading={list.loading && !list.data} error={list.error}>
        {() =>
          list.data!.length === 0 ? (
            <Empty>No segments yet. Create one to send a campaign to part of your contacts.</Empty>
          ) : (
            <div className="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th>Name</th>
                    <th>Type</th>
                    <th>Members</th>
                    <th className="hide-narrow">Updated</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data!.map((s) => (
                    <tr key={s.id}>
                      <td>
                        <Link href={`/${s.id}`}>{s.name}</Link>
                        {s.description && <div className="muted truncate">{s.description}</div>}
                      </td>
                      <td>
                        <TypeBadge s={s} />
                      </td>
                      <td data-label="members">{formatNumber(s.memberCount)}</td>
                      <td className="hide-narrow">{formatDate(s.updatedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
    </>
  );
}

/** The live count of the condition being built, or why there is none yet. */
function PreviewCount({ preview, submitted }: { preview: ReturnType<typeof useConditionPreview>; submitted: boolean }) {
  return (
    <div className="card seg-count" aria-live="polite" data-testid="preview-count">
      {preview.count ? (
        <>
          <span>
            <strong data-total={preview.count.total}>{formatNumber(preview.count.total)}</strong> matching contacts
          </span>
          <span className="muted">{formatNumber(preview.count.subscribed)} subscribed</span>
        </>
      ) : preview.error ? (
        <span className="muted">
          {!preview.error.errors.length
            ? humanHeadline(preview.error)
            : submitted
              ? 'Fix the problems shown in the condition to see how many contacts match.'
              : 'Complete the condition to see how many contacts match.'}
        </span>
      ) : (
        <span className="muted">Counting…</span>
      )}
      {preview.busy && preview.count && <span className="muted">updating…</span>}
    </div>
  );
}

/**
 * The errors the builder shows next to its filters: on a new segment none before the first save (a
 * form never opens in red), then the live check's, else the last save's; a saved condition being
 * edited (`live`) shows them as they come. The form claims `condition`, so the banner
 * does not repeat them.
 */
const conditionErrors = (preview: ReturnType<typeof useConditionPreview>, form: Form<any>, live = form.submitted) => {
  form.own('condition');
  if (!live) return [];
  return preview.error?.errors.length ? preview.error.errors : (form.error?.errors ?? []);
};

function NewSegment() {
  const [, go] = useLocation();
  const form = useForm({ name: '', description: '', type: 'DYNAMIC' as 'DYNAMIC' | 'STATIC', trackMembership: false }, { context: 'segment' });
  const [condition, setCondition] = useState<Condition>(newCondition);
  const fields = useConditionFields();
  const dynamic = form.values.type === 'DYNAMIC';
  const preview = useConditionPreview(dynamic ? condition : null);
  return (
    <>
      <PageHeader
        title="New segment"
        actions={
          <Link href="/" className="button">
            ← All segments
          </Link>
        }
      />
      <form
        noValidate
        onSubmit={form.submit(async (v) => {
          const body = dynamic
            ? { name: v.name, description: v.description || undefined, type: v.type, condition, trackMembership: v.trackMembership }
            : { name: v.name, description: v.description || undefined, type: v.type };
          const s = await api.post<Segment>('/segments', body);
          go(`/${s.id}`);
        })}
      >
        <ErrorBanner error={form.error} />
        <div className="card">
          <Field form={form} name="name" label="Name" hint="Its entry and exit events are named after it: segment.<name>.entry." required />
          <Field form={form} name="description" label="Description" />
          <fieldset className="seg-type">
            <legend>Type</legend>
            <label>
              <input type="radio" name="type" value="DYNAMIC" checked={dynamic} onChange={() => form.set('type', 'DYNAMIC')} /> Dynamic — the contacts a
              condition matches
            </label>
            <label>
              <input type="radio" name="type" value="STATIC" checked={!dynamic} onChange={() => form.set('type', 'STATIC')} /> Static — contacts you add by
              email
            </label>
          </fieldset>
          {dynamic && (
            <TrackField checked={form.values.trackMembership} onChange={(v) => form.set('trackMembership', v)} message={form.fieldError('trackMembership')} />
          )}
        </div>
        {dynamic && (
          <section className="card">
            <h2>Condition</h2>
            <ConditionBuilder value={condition} onChange={setCondition} fields={fields} errors={conditionErrors(preview, form)} />
          </section>
        )}
        {dynamic && <PreviewCount preview={preview} submitted={form.submitted} />}
        <Submit busy={form.busy}>Create segment</Submit>
      </form>
    </>
  );
}

/** The trackMembership checkbox of a form that has one, with the API's error for it. */
function TrackField({ checked, onChange, message }: { checked: boolean; onChange: (v: boolean) => void; message?: string }) {
  return (
    <div className={`field${message ? ' field-invalid' : ''}`}>
      <label>
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> Track membership
      </label>
      <div className="field-hint">Herald keeps who is a member up to date and fires segment entry and exit events (for workflows).</div>
      {message && (
        <div className="field-error" role="alert">
          {message}
        </div>
      )}
    </div>
  );
}

/** A DYNAMIC segment's condition, edited with the live count and saved with PATCH. */
function EditCondition() {
  const { id } = useParams<{ id: string }>();
  const segment = useApi<Segment>(`/segments/${id}`);
  return (
    <Loaded loading={segment.loading && !segment.data} error={segment.error}>
      {() => <ConditionEditor segment={segment.data!} />}
    </Loaded>
  );
}

function ConditionEditor({ segment }: { segment: Segment }) {
  const [, go] = useLocation();
  const form = useForm({});
  const [condition, setCondition] = useState<Condition>(segment.condition ?? newCondition());
  const fields = useConditionFields(segment.id);
  const preview = useConditionPreview(condition);
  return (
    <>
      <PageHeader
        title={`Condition of ${segment.name}`}
        actions={
          <Link href={`/${segment.id}`} className="button">
            ← Back
          </Link>
        }
      />
      <form
        noValidate
        onSubmit={form.submit(async () => {
          await api.patch<Segment>(`/segments/${segment.id}`, { condition });
          go(`/${segment.id}`);
        })}
      >
        <ErrorBanner error={form.error} />
        <section className="card">
          <ConditionBuilder value={condition} onChange={setCondition} fields={fields} errors={conditionErrors(preview, form, true)} />
        </section>
        <PreviewCount preview={preview} submitted />
        <Submit busy={form.busy}>Save condition</Submit>
      </form>
    </>
  );
}

const MEMBERS_PAGE = 25;

function SegmentDetail() {
  const { id } = useParams<{ id: string }>();
  const [, go] = useLocation();
  const segment = useApi<Segment>(`/segments/${id}`);
  const [page, setPage] = useState(1);
  const members = useApi<NumberedPage<Contact>>(`/segments/${id}/contacts${qs({ page, pageSize: MEMBERS_PAGE })}`);
  const [editing, setEditing] = useState(false);
  const [actionError, setActionError] = useState<unknown>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState('');

  /** Runs one of the header's actions, showing its error (a 409 on delete, say) or what it did. */
  const act = (name: string, f: () => Promise<string | undefined>) => async () => {
    setBusy(name);
    setActionError(undefined);
    setNotice(undefined);
    try {
      setNotice(await f());
    } catch (err) {
      setActionError(err);
    } finally {
      setBusy('');
    }
  };
  const reloadAll = () => {
    segment.reload();
    members.reload();
  };

  return (
    <Loaded loading={segment.loading && !segment.data} error={segment.error}>
      {() => {
        const s = segment.data!;
        return (
          <>
            <PageHeader
              title={s.name}
              subtitle={
                <>
                  <TypeBadge s={s} /> · <span data-testid="member-count">{formatNumber(s.memberCount)}</span> {s.memberCount === 1 ? 'member' : 'members'}
                  {s.computedAt && <> · computed {formatDate(s.computedAt)}</>}
                </>
              }
              actions={
                <>
                  <Link href="/" className="button">
                    ← All segments
                  </Link>
                  <button type="button" onClick={() => setEditing(true)}>
                    Edit
                  </button>
                  <button
                    type="button"
                    disabled={!!busy}
                    onClick={act('refresh', async () => {
                      const r = await api.post<{ memberCount: number }>(`/segments/${s.id}/refresh`);
                      segment.setData({ ...s, memberCount: r.memberCount });
                      members.reload();
                      return `Counted again: ${formatNumber(r.memberCount)} members.`;
                    })}
                  >
                    Refresh count
                  </button>
                  {s.type === 'DYNAMIC' && s.trackMembership && (
                    <button
                      type="button"
                      disabled={!!busy}
                      onClick={act('compute', async () => {
                        const r = await api.post<{ added: number; removed: number; total: number }>(`/segments/${s.id}/compute`);
                        reloadAll();
                        return `Computed: ${formatNumber(r.added)} entered, ${formatNumber(r.removed)} left, ${formatNumber(r.total)} members.`;
                      })}
                    >
                      Compute now
                    </button>
                  )}
                  <button
                    type="button"
                    className="danger"
                    disabled={!!busy}
                    onClick={act('delete', async () => {
                      if (!confirm(`Delete the segment ${s.name}? Its contacts stay.`)) return undefined;
                      await api.del(`/segments/${s.id}`);
                      go('/');
                      return undefined;
                    })}
                  >
                    Delete
                  </button>
                </>
              }
            />
            <ErrorBanner error={actionError} onDismiss={() => setActionError(undefined)} />
            {notice && (
              <div className="banner banner-info" role="status">
                {notice}
              </div>
            )}
            {s.description && <p>{s.description}</p>}
            {s.type === 'DYNAMIC' ? (
              <section className="card">
                <h2>Condition</h2>
                <ConditionSummary condition={s.condition} />
                <Link href={`/${s.id}/condition`} className="button">
                  Edit condition
                </Link>
              </section>
            ) : (
              <StaticMembers segment={s} onChanged={reloadAll} />
            )}
            <section className="card">
              <h2>Members</h2>
              <Loaded loading={members.loading && !members.data} error={members.error}>
                {() => {
                  const m = members.data!;
                  return m.data.length === 0 ? (
                    <Empty>{s.type === 'STATIC' ? 'No members yet: add some by email above.' : 'No contact matches the condition.'}</Empty>
                  ) : (
                    <>
                      <div className="table-wrap">
                        <table aria-label="Members">
                          <thead>
                            <tr>
                              <th>Email</th>
                              <th>Status</th>
                              <th className="hide-narrow">Added</th>
                            </tr>
                          </thead>
                          <tbody>
                            {m.data.map((c) => (
                              <tr key={c.id}>
                                <td>
                                  <Link href={`~/contacts/${c.id}`}>{c.email}</Link>
                                </td>
                                <td>{c.subscribed ? <Badge tone="good">Subscribed</Badge> : <Badge>Unsubscribed</Badge>}</td>
                                <td className="hide-narrow">{formatDate(c.createdAt)}</td>
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      </div>
                      <PageNumbers
                        page={m.page}
                        totalPages={m.totalPages}
                        setPage={setPage}
                        count={`${formatNumber(m.total)} ${m.total === 1 ? 'member' : 'members'}`}
                      />
                    </>
                  );
                }}
              </Loaded>
            </section>
            <Modal open={editing} title="Edit segment" onClose={() => setEditing(false)}>
              <EditSegmentForm
                segment={s}
                onSaved={(saved) => {
                  setEditing(false);
                  segment.setData(saved);
                }}
              />
            </Modal>
          </>
        );
      }}
    </Loaded>
  );
}

function EditSegmentForm({ segment, onSaved }: { segment: Segment; onSaved: (s: Segment) => void }) {
  const form = useForm({ name: segment.name, description: segment.description ?? '', trackMembership: segment.trackMembership });
  return (
    <form
      noValidate
      onSubmit={form.submit(async (v) => {
        const body: Record<string, unknown> = { name: v.name, description: v.description.trim() ? v.description : null };
        if (segment.type === 'DYNAMIC') body.trackMembership = v.trackMembership;
        onSaved(await api.patch<Segment>(`/segments/${segment.id}`, body));
      })}
    >
      <ErrorBanner error={form.error} />
      <Field form={form} name="name" label="Name" required />
      <Field form={form} name="description" label="Description">
        {(p) => <textarea {...p} rows={3} />}
      </Field>
      {segment.type === 'DYNAMIC' && (
        <TrackField checked={form.values.trackMembership} onChange={(v) => form.set('trackMembership', v)} message={form.fieldError('trackMembership')} />
      )}
      <Submit busy={form.busy}>Save</Submit>
    </form>
  );
}

/** The emails in pasted text: separated by commas, semicolons, spaces or lines. */
export const parseEmails = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((e) => e.trim())
      .filter(Boolean),
  ),
];

/** The API takes at most this many emails a call (MAX_MEMBER_EMAILS). */
const EMAILS_PER_CALL = 1000;

function StaticMembers({ segment, onChanged }: { segment: Segment; onChanged: () => void }) {
  const form = useForm({ emails: '', createMissing: false });
  const [result, setResult] = useState<string>();
  const [notFound, setNotFound] = useState<string[]>([]);
  const run = (mode: 'add' | 'remove') =>
    form.submit(async (v) => {
      setResult(undefined);
      setNotFound([]);
      const emails = parseEmails(v.emails);
      if (!emails.length)
        throw new ApiError(0, 'NO_EMAILS', 'Paste at least one email', undefined, [{ field: 'emails', message: 'Paste at least one email address.' }]);
      let added = 0;
      let created = 0;
      let removed = 0;
      const missing: string[] = [];
      for (let i = 0; i < emails.length; i += EMAILS_PER_CALL) {
        const part = emails.slice(i, i + EMAILS_PER_CALL);
        if (mode === 'add') {
          const r = await api.post<{ added: number; created: number; notFound: string[] }>(`/segments/${segment.id}/members`, {
            emails: part,
            createMissing: v.createMissing,
          });
          added += r.added;
          created += r.created;
          missing.push(...r.notFound);
        } else {
          removed += (await api.del<{ removed: number }>(`/segments/${segment.id}/members`, { emails: part })).removed;
        }
      }
      setResult(
        mode === 'add'
          ? `Added ${formatNumber(added)}, created ${formatNumber(created)}, not found ${formatNumber(missing.length)}.`
          : `Removed ${formatNumber(removed)}.`,
      );
      setNotFound(missing);
      form.set('emails', '');
      onChanged();
    });
  return (
    <section className="card seg-members">
      <h2>Add or remove members</h2>
      <form noValidate onSubmit={run('add')}>
        <ErrorBanner error={form.error} />
        <Field form={form} name="emails" label="Emails" hint="Paste addresses separated by commas, spaces or new lines." apiField="emails">
          {(p) => <textarea {...p} rows={4} className="mono" spellCheck={false} />}
        </Field>
        <div className="field">
          <label>
            <input type="checkbox" checked={form.values.createMissing} onChange={(e) => form.set('createMissing', e.target.checked)} /> Create contacts for
            unknown emails
          </label>
        </div>
        <div className="actions">
          <Submit busy={form.busy}>Add members</Submit>
          <button type="button" className="danger" disabled={form.busy} onClick={() => run('remove')()}>
            Remove members
          </button>
        </div>
      </form>
      {result && (
        <div className="banner banner-info" role="status" data-testid="members-result">
          <div>
            {result}
            {notFound.length > 0 && <div className="muted">Not found: {notFound.join(', ')}</div>}
          </div>
        </div>
      )}
    </section>
  );
}

/** A DYNAMIC segment's condition in words, read-only. */
function ConditionSummary({ condition }: { condition: Condition | null }) {
  if (!condition) return <p className="muted">No condition.</p>;
  return <pre className="mono seg-condition">{describeCondition(condition)}</pre>;
}

function describeCondition(c: Condition, indent = ''): string {
  return c.groups
    .map((g) => {
      const parts = g.filters.map((f) => `${f.field} ${f.operator}${f.value !== undefined ? ` ${JSON.stringify(f.value)}` : ''}${f.unit ? ` ${f.unit}` : ''}`);
      const nested = g.conditions ? [`(\n${describeCondition(g.conditions, indent + '  ')}\n${indent})`] : [];
      return indent + [...parts, ...nested].join(' AND ');
    })
    .join(`\n${indent}${c.logic}\n`);
}
