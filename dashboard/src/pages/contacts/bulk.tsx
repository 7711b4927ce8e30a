import { useEffect, useState } from 'react';
import { api } from '../../api';
import { useApi } from '../../ui/data';
import { ErrorBanner } from '../../ui/form';
import { formatNumber } from '../../ui/kit';
import { isDone, JobStatusBadge, POLL_MS, Progress, type BulkJob, type BulkOperation } from './jobs';

const VERB: Record<BulkOperation, [string, string]> = {
  subscribe: ['Subscribe', 'subscribed'],
  unsubscribe: ['Unsubscribe', 'unsubscribed'],
  delete: ['Delete', 'deleted'],
};

/**
 * The actions on the contacts selected in the list: each starts a bulk job, which is followed
 * until it ends; then the list is read again (`onDone`) and the outcome stays shown until
 * dismissed or another action starts.
 */
export function BulkActions({ selected, onClear, onDone }: { selected: string[]; onClear: () => void; onDone: () => void }) {
  const [jobId, setJobId] = useState<string>();
  const [error, setError] = useState<unknown>();
  const [starting, setStarting] = useState(false);

  const start = async (op: BulkOperation) => {
    if (op === 'delete' && !confirm(`Delete ${selected.length} contact${selected.length === 1 ? '' : 's'}? Their events and history go too.`)) return;
    setError(undefined);
    setJobId(undefined);
    setStarting(true);
    try {
      const out = await api.post<{ jobId: string }>(`/contacts/bulk-${op}`, { contactIds: selected });
      setJobId(out.jobId);
    } catch (err) {
      setError(err);
    } finally {
      setStarting(false);
    }
  };

  return (
    <>
      {selected.length > 0 && (
        <div className="bulk-bar" role="region" aria-label="Bulk actions">
          <strong>{formatNumber(selected.length)} selected</strong>
          {(Object.keys(VERB) as BulkOperation[]).map((op) => (
            <button key={op} type="button" className={op === 'delete' ? 'danger small' : 'small'} disabled={starting} onClick={() => void start(op)}>
              {VERB[op][0]}
            </button>
          ))}
          <button type="button" className="link" onClick={onClear}>
            Clear selection
          </button>
        </div>
      )}
      <ErrorBanner error={error} onDismiss={() => setError(undefined)} />
      {jobId && <BulkProgress key={jobId} jobId={jobId} onDone={onDone} onDismiss={() => setJobId(undefined)} />}
    </>
  );
}

/** A failed id's reason is the same for most ids (not_found): the first few say it. */
const SHOWN_ERRORS = 10;

function BulkProgress({ jobId, onDone, onDismiss }: { jobId: string; onDone: () => void; onDismiss: () => void }) {
  const job = useApi<BulkJob>(`/contacts/bulk/${encodeURIComponent(jobId)}`, { pollMs: POLL_MS, poll: (j) => !isDone(j.status) });
  const j = job.data;
  const done = j ? isDone(j.status) : false;
  useEffect(() => {
    if (done) onDone();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done]);
  if (job.error) return <ErrorBanner error={job.error} onDismiss={onDismiss} />;
  if (!j) return null;
  const [verb, past] = VERB[j.operation];
  return (
    <section
      className={`banner ${j.status === 'failed' || j.failed > 0 ? 'banner-warn' : 'banner-info'} bulk-outcome`}
      aria-live="polite"
      data-testid="bulk-outcome"
    >
      <div>
        <div>
          <strong>{verb}</strong> {formatNumber(j.totalRequested)} contact{j.totalRequested === 1 ? '' : 's'} <JobStatusBadge status={j.status} />
        </div>
        {!done && <Progress value={j.progress} label="Working…" />}
        {done && (
          <p>
            {formatNumber(j.succeeded)} {past}
            {j.failed > 0 && <>, {formatNumber(j.failed)} failed</>}.{j.reason && <> The job failed: {j.reason}.</>}
          </p>
        )}
        {done && j.errors.length > 0 && (
          <ul className="bulk-errors">
            {j.errors.slice(0, SHOWN_ERRORS).map((e) => (
              <li key={e.contactId}>
                <code>{e.contactId}</code>: {e.reason}
              </li>
            ))}
            {j.errors.length > SHOWN_ERRORS && <li className="muted">and {formatNumber(j.errors.length - SHOWN_ERRORS)} more</li>}
          </ul>
        )}
      </div>
      {done && (
        <button type="button" className="link" onClick={onDismiss} aria-label="Dismiss">
          ×
        </button>
      )}
    </section>
  );
}
