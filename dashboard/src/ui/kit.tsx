import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ErrorBanner } from './form';

/** A page's title, a line saying what it is for, and its main actions. */
export function PageHeader({ title, subtitle, actions }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {subtitle && <p className="muted">{subtitle}</p>}
      </div>
      {actions && <div className="actions">{actions}</div>}
    </header>
  );
}

/** What a loading view shows: a spinner while loading, the error if it failed, else the content. */
export function Loaded({ loading, error, children }: { loading: boolean; error?: unknown; children: () => ReactNode }) {
  if (error) return <ErrorBanner error={error} />;
  if (loading) return <Spinner />;
  return <>{children()}</>;
}

export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner-dot" aria-hidden />
      {label}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="empty">{children}</div>;
}

export function Badge({ tone = 'neutral', children }: { tone?: 'neutral' | 'good' | 'warn' | 'bad' | 'info'; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

/** A button that copies `text` to the clipboard and says so. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="small"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
        } catch {
          // Without clipboard permission (plain http on another host), select-and-copy still works.
          const area = document.createElement('textarea');
          area.value = text;
          document.body.append(area);
          area.select();
          document.execCommand('copy');
          area.remove();
        }
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      {copied ? 'Copied' : label}
    </button>
  );
}

/**
 * A modal dialog (the native <dialog>: focus is kept inside it and Escape closes it).
 */
export function Modal({ open, title, onClose, children }: { open: boolean; title: ReactNode; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    // A browser without <dialog> (jsdom in the component tests) gets the attribute instead.
    if (open && !d.open) {
      if (d.showModal) d.showModal();
      else d.setAttribute('open', '');
    }
    if (!open && d.open) {
      if (d.close) d.close();
      else d.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog ref={ref} className="modal" onClose={onClose} onCancel={onClose} aria-label={typeof title === 'string' ? title : undefined}>
      {open && (
        <>
          <header className="modal-header">
            <h2>{title}</h2>
            <button type="button" className="link" onClick={onClose} aria-label="Close">
              ×
            </button>
          </header>
          <div className="modal-body">{children}</div>
        </>
      )}
    </dialog>
  );
}

/** Pages of a cursor list (`{ cursor, hasMore }`): back through the cursors seen, forward with the next. */
export function useCursorPages() {
  const [stack, setStack] = useState<string[]>([]);
  const cursor = stack[stack.length - 1];
  return {
    cursor,
    page: stack.length + 1,
    next: (c: string | null | undefined) => c && setStack((s) => [...s, c]),
    prev: () => setStack((s) => s.slice(0, -1)),
    reset: () => setStack([]),
  };
}

export function Pager({
  page,
  hasPrev,
  hasNext,
  onPrev,
  onNext,
  summary,
}: {
  page: number;
  hasPrev: boolean;
  hasNext: boolean;
  onPrev: () => void;
  onNext: () => void;
  summary?: ReactNode;
}) {
  return (
    <nav className="pager" aria-label="Pages">
      <span className="muted">{summary ?? `Page ${page}`}</span>
      <button type="button" className="small" onClick={onPrev} disabled={!hasPrev}>
        ← Previous
      </button>
      <button type="button" className="small" onClick={onNext} disabled={!hasNext}>
        Next →
      </button>
    </nav>
  );
}

/** The pager of a list the API numbers (`page`, `totalPages`); `count` says how many in all ("12 members"). */
export function PageNumbers({ page, totalPages, setPage, count }: { page: number; totalPages: number; setPage: (page: number) => void; count?: string }) {
  const summary = `Page ${page} of ${Math.max(1, totalPages)}${count ? ` · ${count}` : ''}`;
  return (
    <Pager page={page} hasPrev={page > 1} hasNext={page < totalPages} onPrev={() => setPage(page - 1)} onNext={() => setPage(page + 1)} summary={summary} />
  );
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
}

export function formatNumber(n: number | null | undefined): string {
  return n === null || n === undefined ? '—' : n.toLocaleString();
}

/** Polls `f` every `ms` while `active`. */
export function useInterval(f: () => void, ms: number, active = true) {
  const saved = useRef(f);
  saved.current = f;
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => saved.current(), ms);
    return () => clearInterval(t);
  }, [ms, active]);
}
