import { useRef, useState, type DragEvent } from 'react';
import './contacts.css';
import { Link, useLocation } from 'wouter';
import { api, ApiError } from '../../api';
import { useQueryParam } from '../../location';
import { useApi } from '../../ui/data';
import { ErrorBanner, Submit, useForm } from '../../ui/form';
import { Empty, Loaded, PageHeader, Pager, formatDate, formatNumber } from '../../ui/kit';
import { Counts, isDone, JobStatusBadge, POLL_MS, Progress, type ImportJob } from './jobs';

/**
 * CSV import: choose (or drop) a file, upload it, then watch the job. The job's id lives in the
 * URL (`/contacts/import?job=…`), so a reload or a shared link shows the same job again.
 */
export default function ImportPage() {
  const job = useQueryParam('job');
  return (
    <>
      <PageHeader
        title="Import contacts"
        subtitle="A CSV file with a header row naming the columns, one of them email. Every other column becomes contact data; existing contacts are updated."
        actions={
          <Link href="/" className="button">
            ← All contacts
          </Link>
        }
      />
      {job ? <ImportProgress jobId={job} /> : <ImportForm />}
    </>
  );
}

function ImportForm() {
  const [, go] = useLocation();
  const [file, setFile] = useState<File>();
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLButtonElement>(null);
  const form = useForm({});
  const fileError = form.fieldError('file');

  const take = (f: File | undefined) => {
    setFile(f);
    form.setError(undefined);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files[0]);
  };

  return (
    <form
      className="card"
      noValidate
      onSubmit={form.submit(async () => {
        if (!file) {
          chooser.current?.focus();
          throw new ApiError(0, 'NO_FILE', 'Choose a CSV file first', undefined, [{ field: 'file', message: 'Choose a CSV file to import' }]);
        }
        const body = new FormData();
        body.append('file', file, file.name);
        const out = await api.upload<{ jobId: string }>('/contacts/import', body);
        go(`/import?job=${encodeURIComponent(out.jobId)}`);
      })}
    >
      <ErrorBanner error={form.error} />
      <div
        className={`drop-zone${dragging ? ' dragging' : ''}${fileError ? ' field-invalid' : ''}`}
        data-testid="drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>Drop a CSV file here, or</p>
        {/* The input is visually hidden (but labelled, for assistive technology); the button opens it, from the keyboard too. */}
        <input
          ref={input}
          id="import-file"
          className="visually-hidden"
          tabIndex={-1}
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? 'import-file-error' : undefined}
          onChange={(e) => take(e.target.files?.[0])}
        />
        <button ref={chooser} type="button" aria-describedby={fileError ? 'import-file-error' : undefined} onClick={() => input.current?.click()}>
          Choose a file…
        </button>
        {file && (
          <p className="drop-zone-file">
            <strong>{file.name}</strong> <span className="muted">({formatBytes(file.size)})</span>
          </p>
        )}
        {fileError && (
          <div className="field-error" id="import-file-error" role="alert">
            {fileError}
          </div>
        )}
      </div>
      <Submit busy={form.busy}>{form.busy ? 'Uploading…' : 'Import'}</Submit>
    </form>
  );
}

const ERRORS_PAGE = 20;

function ImportProgress({ jobId }: { jobId: string }) {
  const job = useApi<ImportJob>(`/contacts/import/${encodeURIComponent(jobId)}`, { pollMs: POLL_MS, poll: (j) => !isDone(j.status) });
  const [page, setPage] = useState(0);
  return (
    <Loaded loading={job.loading && !job.data} error={job.error}>
      {() => {
        const j = job.data!;
        const done = isDone(j.status);
        const errors = j.errors.slice(page * ERRORS_PAGE, (page + 1) * ERRORS_PAGE);
        const pages = Math.max(1, Math.ceil(j.errors.length / ERRORS_PAGE));
        return (
          <>
            <section className="card" aria-live="polite">
              <h2>
                Import <JobStatusBadge status={j.status} />
              </h2>
              <Progress value={j.progress} label={done ? 'Finished' : 'Importing…'} />
              <Counts
                items={[
                  ['Rows', j.totalRows],
                  ['Imported', j.imported],
                  ['Updated', j.updated],
                  ['Skipped', j.skipped],
                ]}
              />
              <p className="muted">
                Imported: new contacts. Updated: existing contacts whose data changed. Skipped: rows with an error, and rows that changed nothing.
              </p>
              <p className="muted">
                Started {formatDate(j.createdAt)}
                {j.finishedAt && <> · finished {formatDate(j.finishedAt)}</>}
              </p>
              {j.status === 'failed' && (
                <div className="banner banner-error" role="alert">
                  <div>
                    <strong>The import failed{j.reason ? `: ${j.reason}` : ''}</strong>
                    <div className="banner-suggestion">No row was written past the point of failure. Fix the file, then import it again.</div>
                  </div>
                </div>
              )}
              {done && (
                <div className="actions">
                  <Link href="/import" className="button">
                    Import another file
                  </Link>
                  <Link href="/" className="button primary">
                    View contacts
                  </Link>
                </div>
              )}
            </section>
            {done && (
              <section className="card">
                <h2>Row errors {j.errorCount > 0 && <span className="muted">({formatNumber(j.errorCount)})</span>}</h2>
                {j.errors.length === 0 ? (
                  <Empty>Every row was imported.</Empty>
                ) : (
                  <>
                    <div className="table-wrap">
                      <table aria-label="Row errors">
                        <thead>
                          <tr>
                            <th>Row</th>
                            <th>Email</th>
                            <th>Reason</th>
                          </tr>
                        </thead>
                        <tbody>
                          {errors.map((e) => (
                            <tr key={e.row}>
                              <td>{e.row}</td>
                              <td className="mono truncate">{e.email || <span className="muted">(empty)</span>}</td>
                              <td>
                                <code>{e.reason}</code>
                              </td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                    <Pager
                      page={page + 1}
                      hasPrev={page > 0}
                      hasNext={page + 1 < pages}
                      onPrev={() => setPage((p) => p - 1)}
                      onNext={() => setPage((p) => p + 1)}
                      summary={`Page ${page + 1} of ${pages}${j.errorCount > j.errors.length ? ` · the first ${formatNumber(j.errors.length)} of ${formatNumber(j.errorCount)} errors` : ''}`}
                    />
                  </>
                )}
              </section>
            )}
          </>
        );
      }}
    </Loaded>
  );
}

function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
