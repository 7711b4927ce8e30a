import { useEffect, useRef, useState } from 'react';
import { api, qs, type Contact, type CursorPage } from '../../api';
import { variablesOf } from './editor';
import type { Template } from './types';

/** The sample data for a template's variables from a contact's data (a variable it has no value for left empty, so its fallback shows). */
function sampleOf(vars: string[], data: Record<string, unknown> | null | undefined): string {
  return JSON.stringify(Object.fromEntries(vars.map((n) => [n, data?.[n] ?? ''])), null, 2);
}

/**
 * The template preview's sample data, filled from a real contact: a saved template starts with the
 * data of the project's first contact (each of its variables; empty where the contact has none),
 * unless the sample was edited meanwhile; `fill` takes another contact's. A template saved for the
 * first time opens filled the same way, not with empty strings.
 */
export function useContactSample(template?: Template) {
  const [sample, setSampleState] = useState(() => sampleOf(template ? variablesOf(template.subject, template.body) : [], undefined));
  const [source, setSource] = useState<Contact>();
  const edited = useRef(false);
  const templateVars = template ? variablesOf(template.subject, template.body).join(',') : '';
  useEffect(() => {
    if (!templateVars) return;
    let live = true;
    api.get<CursorPage<Contact>>(`/contacts${qs({ limit: 1 })}`).then(
      (page) => {
        const c = page.data[0];
        if (!live || !c || edited.current) return;
        setSampleState(sampleOf(templateVars.split(','), c.data));
        setSource(c);
      },
      () => undefined, // no contact to read: the empty sample stays
    );
    return () => {
      live = false;
    };
  }, [templateVars]);
  return {
    sample,
    setSample: (s: string) => {
      edited.current = true;
      setSampleState(s);
    },
    source,
    fill: (c: Contact, vars: string[]) => {
      edited.current = true;
      setSampleState(sampleOf(vars, c.data));
      setSource(c);
    },
  };
}

/** Which contact the sample data came from, and a search by email to take another's. */
export function ContactSample({ subject, body, sample }: { subject: string; body: string; sample: ReturnType<typeof useContactSample> }) {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function fillFrom() {
    setMessage(undefined);
    setBusy(true);
    try {
      const found = (await api.get<CursorPage<Contact>>(`/contacts${qs({ search: email.trim(), limit: 10 })}`)).data;
      const c = found.find((x) => x.email === email.trim().toLowerCase()) ?? found[0];
      if (!c) setMessage(`No contact’s email contains “${email.trim()}”.`);
      else sample.fill(c, variablesOf(subject, body));
    } catch (err) {
      setMessage((err as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="card tpl-contact-sample">
      <p className="muted" role="status" data-testid="sample-source">
        {sample.source ? `Sample data from ${sample.source.email}.` : 'Sample data typed by hand.'}
      </p>
      <form
        className="tpl-contact-sample-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (email.trim()) void fillFrom();
        }}
      >
        <label htmlFor="tpl-sample-contact">Fill from a contact</label>
        <input id="tpl-sample-contact" type="search" placeholder="Email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <button type="submit" className="small" disabled={busy || !email.trim()}>
          Fill
        </button>
      </form>
      {message && (
        <div className="field-error" role="alert">
          {message}
        </div>
      )}
    </div>
  );
}
