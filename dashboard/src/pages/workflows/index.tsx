import { useId, useMemo, useState } from 'react';
import { Link, Route, Switch, useLocation, useParams } from 'wouter';
import { api, qs, type FieldError } from '../../api';
import { useApi } from '../../ui/data';
import { ErrorBanner, Field, Submit, toApiError, useForm } from '../../ui/form';
import { Badge, Empty, Loaded, Modal, PageHeader, PageNumbers, formatDate, formatNumber } from '../../ui/kit';
import { useTemplateChoices } from '../templates/types';
import { apiCalls, WorkflowEditor } from './editor';
import { ExecutionDetail, Executions } from './executions';
import type { ConditionFields, Lookups, Workflow, WorkflowGraph, WorkflowPage } from './model';
import './editor.css';

/** Workflows: the list, and one workflow's editor, executions and settings. */
export default function Workflows() {
  return (
    <Switch>
      <Route path="/" component={WorkflowList} />
      <Route path="/:id/executions/:executionId" component={ExecutionDetail} />
      <Route path="/:id/:tab?" component={WorkflowDetail} />
    </Switch>
  );
}

const PAGE_SIZE = 20;

function WorkflowList() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [, go] = useLocation();
  const list = useApi<WorkflowPage>(`/workflows${qs({ page, pageSize: PAGE_SIZE })}`);
  return (
    <>
      <PageHeader
        title="Workflows"
        subtitle={list.data ? `${formatNumber(list.data.total)} workflows: steps that run for a contact when it triggers an event` : undefined}
        actions={
          <button type="button" className="primary" onClick={() => setCreating(true)}>
            New workflow
          </button>
        }
      />
      <Loaded loading={list.loading && !list.data} error={list.error}>
        {() =>
          list.data!.workflows.length === 0 ? (
            <Empty>No workflows yet. Create one: it starts for a contact each time they trigger its event.</Empty>
          ) : (
            <>
              <div className="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th>Name</th>
                      <th>State</th>
                      <th className="hide-narrow">Trigger</th>
                      <th className="hide-narrow">Updated</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.data!.workflows.map((w) => (
                      <tr key={w.id}>
                        <td>
                          <Link href={`/${w.id}`}>{w.name}</Link>
                          {w.description && <div className="muted truncate">{w.description}</div>}
                        </td>
                        <td>{w.enabled ? <Badge tone="good">Enabled</Badge> : <Badge>Disabled</Badge>}</td>
                        <td className="hide-narrow mono">
                          {w.triggerConfig.eventName}
                          {w.triggerConfig.humanOnly ? ' (people only)' : ''}
                        </td>
                        <td className="hide-narrow">{formatDate(w.updatedAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <PageNumbers page={page} totalPages={list.data!.totalPages} setPage={setPage} />
            </>
          )
        }
      </Loaded>
      <Modal open={creating} title="New workflow" onClose={() => setCreating(false)}>
        <CreateForm onCreated={(w) => go(`/${w.id}`)} />
      </Modal>
    </>
  );
}

/** The event names tracked so far, for a picker that still takes any name (an event not tracked yet). */
function useEventNames() {
  const names = useApi<{ eventNames: string[] }>('/events/names');
  return names.data?.eventNames ?? [];
}

function EventNameInput(p: Record<string, any> & { names: string[] }) {
  const listId = useId();
  const { names, ...input } = p;
  return (
    <>
      <input {...input} list={listId} autoComplete="off" placeholder="e.g. signed-up" />
      <datalist id={listId}>
        {names.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
    </>
  );
}

/** The trigger events that take humanOnly. */
const HUMAN_EVENTS = ['email.opened', 'email.clicked'];

function CreateForm({ onCreated }: { onCreated: (w: WorkflowGraph) => void }) {
  const names = useEventNames();
  const form = useForm({ name: '', description: '', eventName: '', allowReentry: false, humanOnly: false });
  return (
    <form
      noValidate
      onSubmit={form.submit(async (v) => {
        onCreated(
          await api.post<WorkflowGraph>('/workflows', {
            name: v.name,
            description: v.description || undefined,
            eventName: v.eventName,
            allowReentry: v.allowReentry,
            ...(HUMAN_EVENTS.includes(v.eventName) ? { humanOnly: v.humanOnly } : {}),
          }),
        );
      })}
    >
      <ErrorBanner error={form.error} />
      <Field form={form} name="name" label="Name" required />
      <Field form={form} name="description" label="Description" />
      <Field form={form} name="eventName" label="Trigger event" hint="Each time a contact triggers this event, the workflow starts for them (once enabled).">
        {(p) => <EventNameInput {...p} names={names} />}
      </Field>
      <label className="checkbox">
        <input type="checkbox" checked={form.values.allowReentry} onChange={(e) => form.set('allowReentry', e.target.checked)} /> Let a contact run it more than
        once
      </label>
      {HUMAN_EVENTS.includes(form.values.eventName) && (
        <label className="checkbox">
          <input type="checkbox" checked={form.values.humanOnly} onChange={(e) => form.set('humanOnly', e.target.checked)} /> Only when a person opened or
          clicked (not Apple Mail Privacy Protection, image proxies or link scanners)
        </label>
      )}
      <p />
      <Submit busy={form.busy}>Create workflow</Submit>
    </form>
  );
}

/** The trigger's settings: its event and whether a contact may run the workflow again. */
function TriggerForm({ workflow, onSaved }: { workflow: Workflow; onSaved: (w: Workflow) => void }) {
  const names = useEventNames();
  const form = useForm({ eventName: workflow.triggerConfig.eventName, allowReentry: workflow.allowReentry, humanOnly: workflow.triggerConfig.humanOnly });
  const [saved, setSaved] = useState(false);
  return (
    <form
      noValidate
      onSubmit={form.submit(async (v) => {
        setSaved(false);
        onSaved(
          await api.patch<Workflow>(`/workflows/${workflow.id}`, {
            eventName: v.eventName,
            allowReentry: v.allowReentry,
            ...(HUMAN_EVENTS.includes(v.eventName) ? { humanOnly: v.humanOnly } : {}),
          }),
        );
        setSaved(true);
      })}
    >
      <ErrorBanner error={form.error} />
      <Field form={form} name="eventName" label="Trigger event" hint="Starts the workflow for the contact who triggers it.">
        {(p) => <EventNameInput {...p} names={names} />}
      </Field>
      <label className="checkbox">
        <input type="checkbox" checked={form.values.allowReentry} onChange={(e) => form.set('allowReentry', e.target.checked)} /> Let a contact run it more than
        once
      </label>
      {HUMAN_EVENTS.includes(form.values.eventName) && (
        <label className="checkbox">
          <input type="checkbox" checked={form.values.humanOnly} onChange={(e) => form.set('humanOnly', e.target.checked)} /> Only when a person opened or
          clicked (not Apple Mail Privacy Protection, image proxies or link scanners)
        </label>
      )}
      <p />
      <Submit busy={form.busy}>Save trigger</Submit>{' '}
      {saved && (
        <span className="muted" role="status">
          Saved
        </span>
      )}
    </form>
  );
}

function WorkflowDetail() {
  const { id, tab } = useParams<{ id: string; tab?: string }>();
  const wf = useApi<WorkflowGraph>(`/workflows/${id}`);
  const templates = useTemplateChoices(wf.data?.steps.map((s) => s.templateId ?? s.config.templateId) ?? []);
  const fields = useApi<ConditionFields>('/workflows/fields');
  const [toggleError, setToggleError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const calls = useMemo(() => apiCalls(id), [id]);
  const lookups: Lookups = useMemo(
    () => ({ templates: templates ?? [], fields: fields.data?.fields ?? [], eventNames: fields.data?.eventNames ?? [] }),
    [templates, fields.data],
  );
  const problems: FieldError[] = toggleError ? toApiError(toggleError).errors : [];

  return (
    <Loaded loading={wf.loading && !wf.data} error={wf.error}>
      {() => {
        const w = wf.data!;
        const update = (next: Workflow) => wf.setData((g) => (g ? { ...g, ...next } : g));
        const toggle = async () => {
          setBusy(true);
          setToggleError(undefined);
          try {
            update(await api.patch<Workflow>(`/workflows/${w.id}`, { enabled: !w.enabled }));
          } catch (err) {
            setToggleError(err);
          } finally {
            setBusy(false);
          }
        };
        return (
          <>
            <PageHeader
              title={w.name}
              subtitle={
                <>
                  {w.enabled ? <Badge tone="good">Enabled</Badge> : <Badge>Disabled</Badge>} · starts on <code>{w.triggerConfig.eventName}</code>
                  {w.description ? ` · ${w.description}` : ''}
                </>
              }
              actions={
                <>
                  <Link href="/" className="button">
                    ← All workflows
                  </Link>
                  <button type="button" className={w.enabled ? undefined : 'primary'} onClick={toggle} disabled={busy} aria-busy={busy || undefined}>
                    {w.enabled ? 'Disable' : 'Enable'}
                  </button>
                </>
              }
            />
            <ErrorBanner error={toggleError} onDismiss={() => setToggleError(undefined)} />
            <nav className="wf-tabs" aria-label="Workflow">
              <Link href={`/${w.id}`} aria-current={!tab ? 'page' : undefined}>
                Editor
              </Link>
              <Link href={`/${w.id}/executions`} aria-current={tab === 'executions' ? 'page' : undefined}>
                Executions
              </Link>
              <Link href={`/${w.id}/settings`} aria-current={tab === 'settings' ? 'page' : undefined}>
                Settings
              </Link>
            </nav>
            {!tab && (
              <WorkflowEditor
                key={w.id}
                steps={w.steps}
                transitions={w.transitions}
                calls={calls}
                lookups={lookups}
                problems={problems}
                triggerPanel={<TriggerForm workflow={w} onSaved={update} />}
              />
            )}
            {tab === 'executions' && <Executions workflowId={w.id} />}
            {tab === 'settings' && <Settings workflow={w} onSaved={update} />}
          </>
        );
      }}
    </Loaded>
  );
}

function Settings({ workflow, onSaved }: { workflow: Workflow; onSaved: (w: Workflow) => void }) {
  const form = useForm({ name: workflow.name, description: workflow.description ?? '' });
  const [deleteError, setDeleteError] = useState<unknown>();
  const [saved, setSaved] = useState(false);
  const [, go] = useLocation();
  return (
    <div className="grid-2">
      <section className="card">
        <h2>Details</h2>
        <form
          noValidate
          onSubmit={form.submit(async (v) => {
            setSaved(false);
            onSaved(await api.patch<Workflow>(`/workflows/${workflow.id}`, { name: v.name, description: v.description || null }));
            setSaved(true);
          })}
        >
          <ErrorBanner error={form.error} />
          <Field form={form} name="name" label="Name" />
          <Field form={form} name="description" label="Description">
            {(p) => <textarea {...p} rows={3} />}
          </Field>
          <Submit busy={form.busy}>Save</Submit>{' '}
          {saved && (
            <span className="muted" role="status">
              Saved
            </span>
          )}
        </form>
      </section>
      <section className="card">
        <h2>Trigger</h2>
        <TriggerForm workflow={workflow} onSaved={onSaved} />
      </section>
      <section className="card">
        <h2>Delete</h2>
        <p className="muted">The workflow goes with its steps and finished executions. Running or waiting executions must be cancelled first.</p>
        <ErrorBanner error={deleteError} />
        <button
          type="button"
          className="danger"
          onClick={async () => {
            if (!confirm(`Delete the workflow “${workflow.name}”?`)) return;
            setDeleteError(undefined);
            try {
              await api.del(`/workflows/${workflow.id}`);
              go('/');
            } catch (err) {
              setDeleteError(err);
            }
          }}
        >
          Delete workflow
        </button>
      </section>
    </div>
  );
}
