import { useCallback, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../api';

/**
 * Form state that survives an error: what was typed stays, the API's message and suggestion show
 * above the form, and each field-level error next to the field it names (dotted path, as in the
 * error envelope's `errors[].field`).
 */
export function useForm<V extends Record<string, any>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [error, setError] = useState<ApiError | undefined>();
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const set = useCallback(<K extends keyof V>(name: K, value: V[K]) => setValues((v) => ({ ...v, [name]: value })), []);

  /** An onSubmit handler: runs `action` once at a time, keeping the values and showing any error. */
  const submit = (action: (values: V) => Promise<unknown>) => async (e?: FormEvent) => {
    e?.preventDefault();
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setError(undefined);
    try {
      await action(values);
    } catch (err) {
      setError(toApiError(err));
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return { values, set, setValues, error, setError, busy, submit, fieldError: (name: string) => error?.fieldMessage(name) };
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
  const message = form.fieldError(props.apiField ?? name);
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

/** An API error: its message, its suggestion, and the request id to quote to support. */
export function ErrorBanner({ error, onDismiss }: { error: unknown; onDismiss?: () => void }) {
  if (!error) return null;
  const e = toApiError(error);
  return (
    <div className="banner banner-error" role="alert" data-code={e.code}>
      <div>
        <strong>{e.message}</strong>
        {e.suggestion && <div className="banner-suggestion">{e.suggestion}</div>}
        {e.errors.length > 0 && (
          <ul className="banner-fields">
            {e.errors.map((f, i) => (
              <li key={i}>
                <code>{f.field}</code>: {f.message}
              </li>
            ))}
          </ul>
        )}
        {e.requestId && <div className="banner-meta">Request {e.requestId}</div>}
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
