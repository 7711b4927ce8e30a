import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { api, qs } from '../../api';
import { useApi } from '../../ui/data';
import { ErrorBanner } from '../../ui/form';
import { Badge, Empty, Loaded, PageHeader, PageNumbers, formatDate, formatNumber } from '../../ui/kit';
import { EXECUTION_STATUSES, isActive, type Execution, type ExecutionPage, type ExecutionStatus } from './model';

/**
 * A workflow's executions: the list (by status, page by page), one with its step history, and
 * cancelling one or all. While any shown is RUNNING or WAITING the view asks again every 2 s;
 * otherwise every 5 s, so a run started by a tracked event shows up without a reload.
 */

const PAGE_SIZE = 20;
const TONE: Record<ExecutionStatus, 'neutral' | 'good' | 'warn' | 'bad' | 'info'> = {
  RUNNING: 'info',
  WAITING: 'warn',
  COMPLETED: 'good',
  EXITED: 'neutral',
  FAILED: 'bad',
  CANCELLED: 'neutral',
};

export const StatusBadge = ({ status }: { status: ExecutionStatus }) => <Badge tone={TONE[status]}>{status}</Badge>;

export function Executions({ workflowId }: { workflowId: string }) {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [active, setActive] = useState(false);
  const [cancelError, setCancelError] = useState<unknown>();
  const [notice, setNotice] = useState('');
  const list = useApi<ExecutionPage>(`/workflows/${workflowId}/executions${qs({ status, page, pageSize: PAGE_SIZE })}`, {
    pollMs: active ? 2000 : 5000,
    poll: (d) => {
      setActive(d.executions.some((e) => isActive(e.status)));
      return true;
    },
  });
  const cancel = async (request: () => Promise<{ cancelled?: number } | undefined>, what: (n: number) => string) => {
    setCancelError(undefined);
    try {
      const r = await request();
      setNotice(what(r?.cancelled ?? 1));
      list.reload();
    } catch (err) {
      setCancelError(err);
    }
  };
  return (
    <>
      <div className="toolbar">
        <select
          aria-label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            setPage(1);
          }}
        >
          <option value="">All statuses</option>
          {EXECUTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <button type="button" onClick={list.reload}>
          Refresh
        </button>
        <button
          type="button"
          className="danger"
          onClick={() =>
            confirm('Cancel every running and waiting execution of this workflow?') &&
            cancel(
              () => api.post(`/workflows/${workflowId}/executions/cancel-all`),
              (n) => `Cancelled ${n} ${n === 1 ? 'execution' : 'executions'}.`,
            )
          }
        >
          Cancel all
        </button>
      </div>
      <ErrorBanner error={cancelError} onDismiss={() => setCancelError(undefined)} />
      {notice && (
        <div className="banner banner-info" role="status">
          {notice}
        </div>
      )}
      <Loaded loading={list.loading && !list.data} error={list.error}>
        {() =>
          list.data!.executions.length === 0 ? (
            <Empty>
              {status ? `No ${status} executions.` : 'No executions yet: they start when a contact triggers the workflow’s event (while it is enabled).'}
            </Empty>
          ) : (
            <>
              <div className="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th>Started</th>
                      <th>Status</th>
                      <th className="hide-narrow">Contact</th>
                      <th className="hide-narrow">Ended</th>
                      <th>
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.data!.executions.map((e) => (
                      <tr key={e.id} data-execution-id={e.id}>
                        <td>
                          <Link href={`/${workflowId}/executions/${e.id}`}>{formatDate(e.startedAt)}</Link>
                        </td>
                        <td>
                          <StatusBadge status={e.status} />
                          {e.exitReason && <div className="muted">{e.exitReason}</div>}
                        </td>
                        <td className="hide-narrow">
                          <Link href={`~/contacts/${e.contactId}`} className="mono">
                            {e.contactId.slice(0, 8)}…
                          </Link>
                        </td>
                        <td className="hide-narrow">{formatDate(e.completedAt)}</td>
                        <td>
                          {isActive(e.status) && (
                            <button
                              type="button"
                              className="small danger"
                              onClick={() =>
                                cancel(
                                  () => api.del(`/workflows/${workflowId}/executions/${e.id}`),
                                  () => 'Execution cancelled.',
                                )
                              }
                            >
                              Cancel
                            </button>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <PageNumbers page={page} totalPages={list.data!.totalPages} setPage={setPage} count={`${formatNumber(list.data!.total)} executions`} />
            </>
          )
        }
      </Loaded>
    </>
  );
}

/** One execution: where it is, and its step history (what each step did or decided). */
export function ExecutionDetail() {
  const { id, executionId } = useParams<{ id: string; executionId: string }>();
  const ex = useApi<Execution>(`/workflows/${id}/executions/${executionId}`, { pollMs: 2000, poll: (e) => isActive(e.status) });
  const [error, setError] = useState<unknown>();
  return (
    <Loaded loading={ex.loading && !ex.data} error={ex.error}>
      {() => {
        const e = ex.data!;
        return (
          <>
            <PageHeader
              title="Execution"
              subtitle={
                <>
                  <StatusBadge status={e.status} /> · started {formatDate(e.startedAt)}
                  {e.completedAt && ` · ended ${formatDate(e.completedAt)}`}
                </>
              }
              actions={
                <>
                  <Link href={`/${id}/executions`} className="button">
                    ← Executions
                  </Link>
                  {isActive(e.status) && (
                    <button
                      type="button"
                      className="danger"
                      onClick={async () => {
                        setError(undefined);
                        try {
                          // The answer is the execution without its history: read it again, whole.
                          await api.del(`/workflows/${id}/executions/${e.id}`);
                          ex.reload();
                        } catch (err) {
                          setError(err);
                        }
                      }}
                    >
                      Cancel execution
                    </button>
                  )}
                </>
              }
            />
            <ErrorBanner error={error} />
            <section className="card">
              <dl className="data-list">
                <div>
                  <dt>Contact</dt>
                  <dd>
                    <Link href={`~/contacts/${e.contactId}`} className="mono">
                      {e.contactId}
                    </Link>
                  </dd>
                </div>
                {e.exitReason && (
                  <div>
                    <dt>Exit reason</dt>
                    <dd>{e.exitReason}</dd>
                  </div>
                )}
                {e.waitingFor && (
                  <div>
                    <dt>Waiting for</dt>
                    <dd>
                      {e.waitingFor.event ? <code>{e.waitingFor.event}</code> : 'time to pass'}
                      {e.waitingFor.until && ` until ${formatDate(e.waitingFor.until)}`}
                    </dd>
                  </div>
                )}
                {Object.keys(e.context ?? {}).length > 0 && (
                  <div>
                    <dt>Context</dt>
                    <dd className="mono">{JSON.stringify(e.context)}</dd>
                  </div>
                )}
              </dl>
            </section>
            <h2>Step history</h2>
            {!e.history?.length ? (
              <Empty>No step has run yet.</Empty>
            ) : (
              <div className="table-wrap">
                <table aria-label="Step history">
                  <thead>
                    <tr>
                      <th>When</th>
                      <th>Step</th>
                      <th>Outcome</th>
                    </tr>
                  </thead>
                  <tbody>
                    {e.history.map((h, i) => (
                      <tr key={i}>
                        <td>{formatDate(h.at)}</td>
                        <td>
                          {h.name ?? <span className="muted">(deleted step)</span>}
                          <div className="muted">{h.type}</div>
                        </td>
                        <td className="mono wf-outcome">{Object.keys(h.outcome ?? {}).length ? JSON.stringify(h.outcome) : '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        );
      }}
    </Loaded>
  );
}
