import type { Answer } from '../../api-types';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { api, ApiError } from '../../api';
import { useProject, useSession } from '../../session';
import { useApi } from '../../ui/data';
import { ErrorBanner, Field, useForm } from '../../ui/form';
import { Badge, formatNumber } from '../../ui/kit';
import { ReadOnlyNote } from './shared';

/** A reset or delete as GET /users/@me/operations/:id answers it. */
type Operation = Answer<'/users/@me/operations/{operationId}', 'get'>;

/**
 * Reset (the data goes; keys, members, domains and billing stay) and delete (everything goes),
 * owner only, each confirmed by typing the project's name, then followed service by service.
 */
export function DangerZone() {
  const project = useProject();
  const [op, setOp] = useState<Operation>();
  if (op) return <Progress start={op} />;
  if (project.role !== 'OWNER') {
    return (
      <section className="card danger-card">
        <h2>Danger zone</h2>
        <ReadOnlyNote>Only the project’s owner resets or deletes it.</ReadOnlyNote>
      </section>
    );
  }
  return (
    <>
      <Dangerous
        kind="reset"
        title="Reset the project’s data"
        explain="Every contact, event, email, template, campaign, segment, workflow and job of this project goes, in every service. Its API keys, members, sending domains, suppressions and billing stay."
        button="Reset the data"
        run={(confirm) => api.post<Operation>(`/users/@me/projects/${project.id}/reset`, { confirm })}
        onStarted={setOp}
      />
      <Dangerous
        kind="delete"
        title="Delete the project"
        explain="The project goes at once: its keys stop working and its members lose it. Then all its data is wiped in every service."
        button="Delete the project"
        run={(confirm) => api.del<Operation>(`/users/@me/projects/${project.id}`, { confirm })}
        onStarted={setOp}
      />
    </>
  );
}

function Dangerous(props: {
  kind: 'reset' | 'delete';
  title: string;
  explain: string;
  button: string;
  run: (confirm: string) => Promise<Operation>;
  onStarted: (op: Operation) => void;
}) {
  const project = useProject();
  const form = useForm({ confirm: '' });
  const matches = form.values.confirm === project.name;
  return (
    <section className="card danger-card">
      <h2>{props.title}</h2>
      <p>{props.explain}</p>
      <p>
        <strong>This cannot be undone.</strong>
      </p>
      <form
        noValidate
        className="settings-form"
        aria-label={props.title}
        onSubmit={form.submit(async (v) => {
          if (v.confirm !== project.name)
            throw new ApiError(0, 'VALIDATION_ERROR', 'The name does not match', `Type ${project.name} exactly.`, [
              { field: 'confirm', message: `must be the project’s name, ${project.name}` },
            ]);
          props.onStarted(await props.run(v.confirm));
        })}
      >
        <ErrorBanner error={form.error} />
        <Field
          form={form}
          name="confirm"
          label={
            <>
              Type <code>{project.name}</code> to confirm
            </>
          }
          autoComplete="off"
        />
        <button type="submit" className="danger primary" disabled={!matches || form.busy} aria-busy={form.busy || undefined}>
          {props.button}
        </button>
      </form>
    </section>
  );
}

/** Follows the operation until every service has done its part; after a delete, leaves the project. */
function Progress({ start }: { start: Operation }) {
  const { refresh } = useSession();
  const [, go] = useLocation();
  const op = useApi<Operation>(`/users/@me/operations/${start.id}`, { pollMs: 1000, poll: (o) => o.status !== 'COMPLETED' });
  const o = op.data ?? start;
  const services = Object.entries(o.services);
  const done = services.filter(([, s]) => s === 'DONE').length;
  const pct = services.length ? Math.round((done / services.length) * 100) : 0;
  const completed = o.status === 'COMPLETED';
  const rows = Object.values(o.deleted ?? {}).reduce((n, tables) => n + Object.values(tables).reduce((a, b) => a + b, 0), 0);
  const what = o.kind === 'reset' ? 'Reset' : 'Delete';
  // A deleted project has left the user's list: read it again and go to the project shown next.
  useEffect(() => {
    if (!completed || o.kind !== 'delete') return;
    void refresh().then(() => go('~/'));
  }, [completed, o.kind, refresh, go]);
  return (
    <section className="card danger-card" aria-live="polite">
      <h2>
        {what} of {o.projectName}: {completed ? <Badge tone="good">Completed</Badge> : <Badge tone="info">Running</Badge>}
      </h2>
      <ErrorBanner error={op.error} />
      <div className="progress" role="progressbar" aria-label={`${what} progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
        <span style={{ width: `${pct}%` }} />
      </div>
      <p className="muted">
        {done} of {services.length} services done · {formatNumber(rows)} rows removed
      </p>
      <ul className="service-steps">
        {services.map(([name, s]) => (
          <li key={name}>
            <Badge tone={s === 'DONE' ? 'good' : 'neutral'}>
              {name} {s === 'DONE' ? '✓' : '…'}
            </Badge>
          </li>
        ))}
      </ul>
      {completed && o.kind === 'reset' && (
        <div className="actions" style={{ marginTop: '1rem' }}>
          <button type="button" className="primary" onClick={() => go('~/')}>
            Back to the overview
          </button>
        </div>
      )}
    </section>
  );
}
