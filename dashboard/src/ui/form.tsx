import { useCallback, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, type FieldError } from '../api';
import { fieldLabel, hasOwnWords, helpfulSuggestion, humanFieldMessage, humanHeadline, isRetryable } from './messages';

/**
 * Form state that survives an error: what was typed stays, each field error shows once, in the
 * user's words (ui/messages.ts), next to the field it names (dotted path, as in the error
 * envelope's `errors[].field`), and the banner above the form says only what no field owns. A form
 * opens without errors (nothing is checked before the first submit), and a field's error goes
 * away as soon as it is edited.
 */
export function useForm<V extends Record<string, any>>(initial: V, opts: { context?: string } = {}) {
  const [values, setValues] = useState<V>(initial);
  const [error, setErrorState] = useState<ApiError | undefined>();
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const busyRef = useRef(false);
  /** The fields this form shows (each Field, and what a page claims with `own`): their errors are not repeated in the banner. */
  const owned = useRef(new Set<string>());
  const lastAction = useRef<(() => void) | undefined>(undefined);

  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setEdited((e) => (e.has(name as string) ? e : new Set(e).add(name as string)));
  }, []);

  const setError = useCallback((err: ApiError | undefined) => {
    if (err) present(err, { owns: (field) => [...owned.current].some((o) => within(field, o)), retry: () => lastAction.current?.() });
    setEdited(new Set());
    setErrorState(err);
  }, []);

  /** An onSubmit handler: runs `action` once at a time, keeping the values and showing any error. */
  const submit = (action: (values: V) => Promise<unknown>) => {
    const run = async (e?: FormEvent) => {
      e?.preventDefault();
      if (busyRef.current) return;
      busyRef.current = true;
      lastAction.current = () => void run();
      setBusy(true);
      setSubmitted(true);
      setErrorState(undefined);
      try {
        await action(values);
      } catch (err) {
        setError(toApiError(err));
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    };
    return run;
  };

  /** The raw field errors for a field and what is inside it, unless it was edited since. */
  const fieldErrors = (name: string, apiField = name): FieldError[] => {
    if (!error || edited.has(name)) return [];
    const exact = error.errors.filter((e) => e.field === apiField);
    return exact.length ? exact.slice(0, 1) : error.errorsUnder(apiField);
  };

  /** The field's error in the user's words (one sentence; what is inside it, each after its name). */
  const fieldError = (name: string, apiField = name): string | undefined => {
    owned.current.add(apiField);
    const errs = fieldErrors(name, apiField);
    if (!errs.length) return undefined;
    const value = values[name];
    if (errs.length === 1 && errs[0].field === apiField) {
      const said = humanFieldMessage(errs[0], { value, context: opts.context });
      // The API's suggestion belongs with the one problem it is about, where it adds something.
      const own = errs[0].code === 'invalid_template' || hasOwnWords(errs[0], { context: opts.context });
      const suggestion = error!.errors.length === 1 && !own ? helpfulSuggestion(error!) : undefined;
      return suggestion && !said.includes(suggestion) ? `${said.replace(/[.]?$/, '.')} ${suggestion}` : said;
    }
    return errs.map((e) => `${fieldLabel(e.field)}: ${humanFieldMessage(e, { context: opts.context })}`).join(' · ');
  };

  /** Claims a field (or a part of the request, e.g. `condition`) whose errors the page shows itself. */
  const own = (field: string) => {
    owned.current.add(field);
  };

  return { values, set, setValues, error, setError, busy, submit, submitted, fieldError, own, context: opts.context };
}

export type Form<V extends Record<string, any>> = ReturnType<typeof useForm<V>>;

export function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError(0, 'CLIENT_ERROR', (err as Error)?.message ?? String(err));
}

/** The props an input needs for one field of a form: value, change, and its error wiring. */
export interface FieldProps {
  id: string;
  name: string;
  value: any;
  onChange: (e: { target: { value: string } }) => void;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled field. Without children it is an <input>; pass a render function for a <select>,
 * <textarea> or anything else that takes {@link FieldProps}.
 */
export function Field<V extends Record<string, any>>(props: {
  form: Form<V>;
  name: keyof V & string;
  label: ReactNode;
  hint?: ReactNode;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  required?: boolean;
  /** The API's name for the field when it differs from the form's (e.g. `data.plan`). */
  apiField?: string;
  children?: (p: FieldProps) => ReactNode;
}) {
  const { form, name } = props;
  const id = useId();
  form.own(props.apiField ?? name);
  const message = form.fieldError(name, props.apiField ?? name);
  const describedBy = [message ? `${id}-error` : '', props.hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const p: FieldProps = {
    id,
    name,
    value: form.values[name] ?? '',
    onChange: (e) => form.set(name, e.target.value as V[typeof name]),
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className={`field${message ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      {props.children ? (
        props.children(p)
      ) : (
        <input {...p} type={props.type ?? 'text'} placeholder={props.placeholder} autoComplete={props.autoComplete} required={props.required} />
      )}
      {props.hint && (
        <div className="field-hint" id={`${id}-hint`}>
          {props.hint}
        </div>
      )}
      {message && (
        <div className="field-error" id={`${id}-error`} role="alert">
          {message}
        </div>
      )}
    </div>
  );
}

/** Whether an error's path is `path` or inside it (`data.plan` and `data[0]` are inside `data`). */
const within = (field: string, path: string) => field === path || field.startsWith(`${path}.`) || field.startsWith(`${path}[`);

/** What a form knows about the error it shows: which fields show their own errors, and how to try again. */
interface Presentation {
  owns: (field: string) => boolean;
  retry: () => void;
}
const presentations = new WeakMap<ApiError, Presentation>();
function present(e: ApiError, p: Presentation) {
  presentations.set(e, p);
}

/**
 * An error no field owns, in the user's words: a headline, the suggestion where it helps, the
 * problems of fields the form does not show, a Retry for what a second try may fix (the network,
 * a 5xx), and the request id behind a closed "Details" disclosure. A form's error whose every
 * problem is shown at its field shows no banner at all.
 */
export function ErrorBanner({ error, onDismiss, onRetry }: { error: unknown; onDismiss?: () => void; onRetry?: () => void }) {
  if (!error) return null;
  const e = toApiError(error);
  const p = presentations.get(e);
  const loose = e.errors.filter((f) => !p?.owns(f.field));
  if (p && e.errors.length > 0 && loose.length === 0) return null;
  const retry = isRetryable(e) ? (onRetry ?? p?.retry) : undefined;
  const suggestion = helpfulSuggestion(e);
  return (
    <div className="banner banner-error" role="alert" data-code={e.code}>
      <div>
        <strong>
          {loose.length === 1 && e.code === 'VALIDATION_ERROR' ? `${fieldLabel(loose[0].field)}: ${humanFieldMessage(loose[0])}` : humanHeadline(e)}
        </strong>
        {suggestion && <div className="banner-suggestion">{suggestion}</div>}
        {loose.length > 1 && (
          <ul className="banner-fields">
            {loose.map((f, i) => (
              <li key={i}>
                {fieldLabel(f.field)}: {humanFieldMessage(f)}
              </li>
            ))}
          </ul>
        )}
        {retry && (
          <button type="button" className="small banner-retry" onClick={retry}>
            Retry
          </button>
        )}
        {(e.requestId || e.status > 0) && (
          <details className="banner-details">
            <summary>Details</summary>
            <div className="banner-meta">
              {e.status > 0 && <>HTTP {e.status} · </>}
              <code>{e.code}</code>
              {e.requestId && <> · Request {e.requestId}</>}
            </div>
            <div className="banner-meta">{e.message}</div>
          </details>
        )}
      </div>
      {onDismiss && (
        <button type="button" className="link" onClick={onDismiss} aria-label="Dismiss">
          ×
        </button>
      )}
    </div>
  );
}

/** A submit button that says when the form is busy. */
export function Submit({ busy, children, className }: { busy?: boolean; children: ReactNode; className?: string }) {
  return (
    <button type="submit" className={className ?? 'primary'} disabled={busy} aria-busy={busy || undefined}>
      {children}
    </button>
  );
}
