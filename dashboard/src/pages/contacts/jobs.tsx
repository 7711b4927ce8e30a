import type { ReactNode } from 'react';
import { Badge, formatNumber } from '../../ui/kit';
import type { Answer } from '../../api-types';

/** The background jobs of contacts (in Plunk's shape): CSV imports and bulk actions, polled until they end. */

export type ImportJob = Answer<'/contacts/import/{jobId}', 'get'>;
export type BulkJob = Answer<'/contacts/bulk/{jobId}', 'get'>;
export type JobStatus = ImportJob['status'];
export type BulkOperation = BulkJob['operation'];

/** How often a running job is asked again. */
export const POLL_MS = 500;

export const isDone = (s: JobStatus) => s === 'completed' || s === 'failed';

export function JobStatusBadge({ status }: { status: JobStatus }) {
  const tone = status === 'completed' ? 'good' : status === 'failed' ? 'bad' : 'info';
  return <Badge tone={tone}>{status}</Badge>;
}

/** A labelled progress bar (0–100) that assistive technology reads as one. */
export function Progress({ value, label }: { value: number; label: ReactNode }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="job-progress">
      <div className="job-progress-label">
        <span>{label}</span>
        <strong data-testid="progress-value">{pct} %</strong>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-label={typeof label === 'string' ? label : 'Progress'}
      >
        <span style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/** A row of counts, each labelled (the label is the count's accessible name via <dt>/<dd>). */
export function Counts({ items }: { items: [string, number][] }) {
  return (
    <dl className="job-counts">
      {items.map(([label, n]) => (
        <div key={label} data-testid={`count-${label.toLowerCase()}`}>
          <dt className="muted">{label}</dt>
          <dd className="stat">{formatNumber(n)}</dd>
        </div>
      ))}
    </dl>
  );
}
