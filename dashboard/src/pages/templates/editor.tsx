import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { api, ApiError } from '../../api';
import { useSession } from '../../session';
import { useApi } from '../../ui/data';
import { ErrorBanner, Field, Submit, toApiError, useForm } from '../../ui/form';
import { humanFieldMessage } from '../../ui/messages';
import { Badge, Loaded, Modal, PageHeader, Spinner, formatDate } from '../../ui/kit';
import { starterDesign, type Design, type Rendered, type Template, type TemplateUsage } from './types';
import { ContactSample, useContactSample } from './sample';

/** The block editor is loaded on demand: the first page load stays small. */
const DesignEditor = lazy(() => import('./design-editor'));

export function TypeBadge({ type }: { type: Template['type'] }) {
  return type === 'MARKETING' ? <Badge tone="info">Marketing</Badge> : <Badge>Transactional</Badge>;
}

type Values = { name: string; description: string; type: Template['type']; subject: string; from: string; fromName: string; replyTo: string; body: string };

const valuesOf = (t?: Template): Values => ({
  name: t?.name ?? '',
  description: t?.description ?? '',
  type: t?.type ?? 'TRANSACTIONAL',
  subject: t?.subject ?? '',
  from: t?.from ?? '',
  fromName: t?.fromName ?? '',
  replyTo: t?.replyTo ?? '',
  body: t?.body ?? '',
});

/**
 * A 403 DOMAIN_NOT_VERIFIED names no field, but it is about `from`: shown next to it, where the
 * user fixes it (the message and suggestion stay in the banner too).
 */
function withFromField(err: unknown): unknown {
  const e = toApiError(err);
  if (e.code !== 'DOMAIN_NOT_VERIFIED' || e.errors.length) return err;
  return new ApiError(
    e.status,
    e.code,
    e.message,
    e.suggestion,
    [{ field: 'from', message: 'This domain is not verified for the project: add and verify it under Domains.' }],
    e.requestId,
  );
}

/**
 * The template editor: its fields on the left, a live preview on the right (rendered by Herald as a
 * send renders it, with sample data the user edits), and for a saved template its actions (test,
 * duplicate, delete) and where it is used.
 */
export function TemplateEditor({ template, onSaved }: { template?: Template; onSaved?: (t: Template) => void }) {
  const [, go] = useLocation();
  const form = useForm<Values>(valuesOf(template), { context: 'template' });
  const [saved, setSaved] = useState<Values>(valuesOf(template));
  const [savedAt, setSavedAt] = useState<string>();
  // The sample data: a real contact's (sample.tsx), so a preview and a test show real values.
  const contactSample = useContactSample(template);
  const { sample, setSample } = contactSample;
  const [actionError, setActionError] = useState<unknown>();
  const [testing, setTesting] = useState(false);
  // Blocks (a design Herald compiles to the body) or HTML; a new template starts with blocks.
  const [design, setDesign] = useState<Design | null>(() => (template ? (template.design ?? null) : starterDesign()));
  const [savedDesign, setSavedDesign] = useState<Design | null>(design);
  const dirty = JSON.stringify(form.values) !== JSON.stringify(saved) || JSON.stringify(design) !== JSON.stringify(savedDesign);
  const v = form.values;
  const designErrors = Object.fromEntries((form.error?.errors ?? []).filter((e) => e.field.startsWith('design')).map((e) => [e.field, e.message]));
  // The block editor shows these next to the blocks they name: the form's banner does not repeat them.
  form.own('design');

  /** Blocks → HTML keeps the HTML they compile to and drops the blocks; HTML → blocks starts a design. */
  const switchMode = async (to: 'blocks' | 'html') => {
    if (to === 'html' && design && !template && JSON.stringify(design) === JSON.stringify(starterDesign())) {
      setDesign(null); // a new template's untouched blocks: nothing to keep
    } else if (to === 'html' && design) {
      if (!confirm('Switch to HTML? The email keeps the HTML its blocks compile to, and the blocks are dropped when you save.')) return;
      try {
        const r = await api.post<Rendered>('/templates/preview', { subject: v.subject, design });
        form.set('body', r.body ?? v.body);
        setDesign(null);
      } catch (err) {
        setActionError(err);
      }
    } else if (to === 'blocks' && !design) {
      if (v.body.trim() && !confirm('Start a design with blocks? The HTML body is replaced by what the blocks compile to when you save.')) return;
      setDesign(starterDesign());
    }
  };

  const save = form.submit(async (values) => {
    const body = {
      name: values.name,
      description: values.description,
      type: values.type,
      subject: values.subject,
      ...(design ? { design } : { body: values.body, ...(savedDesign ? { design: null } : {}) }),
      from: values.from.trim() || null,
      fromName: values.fromName.trim() || null,
      replyTo: values.replyTo.trim() || null,
    };
    let t: Template;
    try {
      t = template ? await api.patch<Template>(`/templates/${template.id}`, body) : await api.post<Template>('/templates', body);
    } catch (err) {
      throw withFromField(err);
    }
    if (!template) return go(`/${t.id}`, { replace: true });
    // The stored values (normalised by the API), except where typing went on while it saved.
    const stored = valuesOf(t);
    form.setValues((now) => {
      const next: Record<string, unknown> = { ...now };
      for (const k of Object.keys(now) as (keyof Values)[]) if (now[k] === values[k]) next[k] = stored[k];
      return next as Values;
    });
    setSaved(stored);
    setDesign((now) => (JSON.stringify(now) === JSON.stringify(design) ? (t.design ?? null) : now));
    setSavedDesign(t.design ?? null);
    setSavedAt(t.updatedAt);
    onSaved?.(t);
  });

  return (
    <>
      <PageHeader
        title={template ? template.name : 'New template'}
        subtitle={
          template ? (
            <>
              <TypeBadge type={template.type} /> · updated {formatDate(savedAt ?? template.updatedAt)}
            </>
          ) : (
            'Write the email; the preview shows it as it will be sent.'
          )
        }
        actions={
          <>
            <Link href="/" className="button">
              ← All templates
            </Link>
            {template && (
              <>
                <button type="button" onClick={() => setTesting(true)}>
                  Send test
                </button>
                <button
                  type="button"
                  onClick={async () => {
                    setActionError(undefined);
                    try {
                      const copy = await api.post<{ id: string }>(`/templates/${template.id}/duplicate`);
                      go(`/${copy.id}`);
                    } catch (err) {
                      setActionError(err);
                    }
                  }}
                >
                  Duplicate
                </button>
                <button
                  type="button"
                  className="danger"
                  onClick={async () => {
                    if (!confirm(`Delete the template "${template.name}"?`)) return;
                    setActionError(undefined);
                    try {
                      await api.del(`/templates/${template.id}`);
                      go('/');
                    } catch (err) {
                      setActionError(err);
                    }
                  }}
                >
                  Delete
                </button>
              </>
            )}
          </>
        }
      />
      <ErrorBanner error={actionError} onDismiss={() => setActionError(undefined)} />
      <div className="tpl-editor grid-2">
        <form className="card" onSubmit={save} noValidate aria-label="Template">
          <ErrorBanner error={form.error} />
          <Field form={form} name="name" label="Name" required />
          <Field form={form} name="description" label="Description" hint="For your team; never sent." />
          <Field form={form} name="type" label="Type" hint="Marketing emails carry an unsubscribe header and respect unsubscriptions.">
            {(p) => (
              <select {...p}>
                <option value="TRANSACTIONAL">Transactional</option>
                <option value="MARKETING">Marketing</option>
              </select>
            )}
          </Field>
          <Field
            form={form}
            name="subject"
            label="Subject"
            required
            hint={
              <>
                Variables work here too: <code>{'{{name ?? "friend"}}'}</code>.
              </>
            }
          />
          <div className="tpl-row">
            <Field
              form={form}
              name="from"
              label="From"
              type="email"
              placeholder="hello@your-domain.com"
              hint="On a verified domain; a send may name its own."
            />
            <Field form={form} name="fromName" label="From name" />
          </div>
          <Field form={form} name="replyTo" label="Reply-to" type="email" />
          <div className="tpl-modes" role="group" aria-label="Edit the email as">
            <button type="button" aria-pressed={!!design} onClick={() => switchMode('blocks')}>
              Blocks
            </button>
            <button type="button" aria-pressed={!design} onClick={() => switchMode('html')}>
              HTML
            </button>
          </div>
          {design ? (
            <Suspense fallback={<Spinner label="Loading the editor…" />}>
              <DesignEditor design={design} onChange={setDesign} errors={designErrors} />
            </Suspense>
          ) : (
            <Field
              form={form}
              name="body"
              label="Body (HTML)"
              hint={
                <>
                  Handlebars: <code>{'{{var}}'}</code> (escaped), <code>{'{{{html}}}'}</code> (raw), <code>{'{{#if x}}…{{/if}}'}</code>.
                </>
              }
            >
              {(p) => <textarea {...p} rows={18} className="mono tpl-body" spellCheck={false} />}
            </Field>
          )}
          <div className="tpl-save">
            <Submit busy={form.busy}>{template ? 'Save' : 'Create template'}</Submit>
            <span className="muted" role="status">
              {form.busy ? 'Saving…' : dirty ? 'Unsaved changes' : savedAt ? 'Saved' : ''}
            </span>
          </div>
        </form>
        <div>
          <ContactSample subject={v.subject} body={v.body} sample={contactSample} />
          <Preview subject={v.subject} body={v.body} design={design} sample={sample} onSample={setSample} />
        </div>
      </div>
      {template && <Usage id={template.id} />}
      {template && (
        <Modal open={testing} title="Send a test" onClose={() => setTesting(false)}>
          <TestForm template={template} sample={sample} dirty={dirty} />
        </Modal>
      )}
    </>
  );
}

/** Top-level variables a template names (`{{name}}`, `{{name ?? x}}`), helpers and built-ins left out. */
const BUILT_INS = new Set(['email', 'id', 'subscribed', 'data', 'unsubscribeUrl', 'subscribeUrl', 'manageUrl', 'else', 'this']);
export function variablesOf(...sources: string[]): string[] {
  const names = new Set<string>();
  for (const s of sources) for (const m of s.matchAll(/\{\{\{?~?\s*([A-Za-z_][\w-]*)/g)) if (!BUILT_INS.has(m[1])) names.add(m[1]);
  return [...names];
}

const PREVIEW_DELAY_MS = 300;

/**
 * The rendered email in a sandboxed frame (no scripts, no same origin: the body is the user's HTML),
 * asked again once typing settles. Only the newest answer is shown.
 */
export function Preview({
  subject,
  body,
  design,
  sample,
  onSample,
}: {
  subject: string;
  body: string;
  design?: Design | null;
  sample: string;
  onSample: (s: string) => void;
}) {
  const [out, setOut] = useState<Rendered>();
  const [width, setWidth] = useState<'desktop' | 'mobile'>('desktop');
  const designKey = design ? JSON.stringify(design) : '';
  const [error, setError] = useState<unknown>();
  const seq = useRef(0);
  let data: Record<string, unknown> | undefined;
  let sampleError: string | undefined;
  try {
    const parsed = JSON.parse(sample || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed;
    else sampleError = 'Sample data must be a JSON object, e.g. { "name": "Jane" }.';
  } catch (err) {
    sampleError = `Not valid JSON: ${(err as Error).message}`;
  }
  const dataKey = data ? JSON.stringify(data) : undefined;

  useEffect(() => {
    if (dataKey === undefined) return; // keep the last preview while the sample is being fixed
    const n = ++seq.current;
    const t = setTimeout(() => {
      const content = designKey ? { design: JSON.parse(designKey) } : { body };
      api.post<Rendered>('/templates/preview', { subject, ...content, data: JSON.parse(dataKey) }).then(
        (r) => n === seq.current && (setOut(r), setError(undefined)),
        (err) => n === seq.current && setError(err),
      );
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(t);
  }, [subject, body, designKey, dataKey]);

  const vars = variablesOf(subject, designKey ? (out?.body ?? '') : body);
  return (
    <section className="card tpl-preview" aria-label="Preview">
      <h2>Preview</h2>
      <div className="field">
        <label htmlFor="tpl-sample">Sample data (JSON)</label>
        <textarea
          id="tpl-sample"
          className="mono"
          rows={4}
          spellCheck={false}
          value={sample}
          onChange={(e) => onSample(e.target.value)}
          aria-invalid={sampleError ? true : undefined}
          aria-describedby="tpl-sample-hint"
        />
        <div className="field-hint" id="tpl-sample-hint">
          {vars.length ? (
            <>
              Variables in this template:{' '}
              {vars.map((n, i) => (
                <span key={n}>
                  {i ? ', ' : ''}
                  <code>{n}</code>
                </span>
              ))}
              .
            </>
          ) : (
            "Values for the template's variables, as a contact's data."
          )}{' '}
          <code>email</code> is jane@example.com unless set here.
        </div>
        {sampleError && (
          <div className="field-error" role="alert">
            {sampleError}
          </div>
        )}
      </div>
      <ErrorBanner error={error} />
      {out?.errors.map((e) => (
        <div key={e.field} className="banner banner-warn" role="status">
          <span>
            <strong>{e.field === 'body' ? 'Body' : e.field === 'design' ? 'Blocks' : 'Subject'}</strong>{' '}
            {e.field === 'design' ? e.message : humanFieldMessage({ ...e, code: 'invalid_template' })}
          </span>
        </div>
      ))}
      <div className="tpl-subject">
        <span className="muted">Subject:</span> <strong data-testid="preview-subject">{out?.subject ?? ''}</strong>
      </div>
      <div className="tpl-widths" role="group" aria-label="Preview width">
        <button type="button" aria-pressed={width === 'desktop'} onClick={() => setWidth('desktop')}>
          Desktop
        </button>
        <button type="button" aria-pressed={width === 'mobile'} onClick={() => setWidth('mobile')}>
          Mobile
        </button>
      </div>
      <iframe title="Email preview" className={`tpl-frame tpl-${width}`} sandbox="" srcDoc={out?.html ?? ''} />
      <details className="tpl-text-part">
        <summary>Text part</summary>
        <p className="field-hint">Herald makes the plain-text part of every send from the HTML, as shown here.</p>
        <pre className="tpl-text" aria-label="Text part">
          {out?.text ?? ''}
        </pre>
      </details>
    </section>
  );
}

/** A test of the saved template to one address, with the preview's sample data if wanted. */
function TestForm({ template, sample, dirty }: { template: Template; sample: string; dirty: boolean }) {
  const { user } = useSession();
  const form = useForm({ email: user?.email ?? '', useSample: 'true' });
  const [sent, setSent] = useState<string>();
  return (
    <form
      noValidate
      onSubmit={form.submit(async (v) => {
        setSent(undefined);
        let data: unknown;
        if (v.useSample === 'true') {
          try {
            data = JSON.parse(sample || '{}');
          } catch (err) {
            throw new ApiError(0, 'INVALID_JSON', 'The sample data is not valid JSON', 'Fix it in the preview, or send without it.', [
              { field: 'useSample', message: (err as Error).message },
            ]);
          }
        }
        await api.post(`/templates/${template.id}/test`, { email: v.email, ...(data ? { data } : {}) });
        setSent(v.email);
      })}
    >
      {dirty && <div className="banner banner-warn">The test sends the saved template: save your changes first to test them.</div>}
      {sent && (
        <div className="banner banner-info" role="status">
          Test sent to {sent}. Its subject starts with [TEST].
        </div>
      )}
      <ErrorBanner error={form.error} />
      <Field form={form} name="email" label="Send to" type="email" required />
      <Field form={form} name="useSample" label="Variables">
        {(p) => (
          <select {...p}>
            <option value="true">Use the preview's sample data</option>
            <option value="false">The recipient's contact data only</option>
          </select>
        )}
      </Field>
      <p className="muted">
        From {template.from ? <code>{template.from}</code> : <em>no sender set: set From and save first</em>}. The sample data is used for this email only,
        never stored on the contact.
      </p>
      <Submit busy={form.busy}>Send test</Submit>
    </form>
  );
}

/** Where the template is used: campaigns (which copied it) and workflow steps (which send it by id). */
function Usage({ id }: { id: string }) {
  const usage = useApi<TemplateUsage>(`/templates/${id}/usage`);
  return (
    <section className="card">
      <h2>Used by</h2>
      <Loaded loading={usage.loading && !usage.data} error={usage.error}>
        {() => {
          const u = usage.data!;
          if (!u.campaigns.length && !u.workflowSteps.length) return <p className="muted">No campaign or workflow uses this template.</p>;
          return (
            <ul className="tpl-usage">
              {u.campaigns.map((c) => (
                <li key={c.id}>
                  Campaign <Link href={`~/campaigns/${c.id}`}>{c.name || c.id}</Link>
                </li>
              ))}
              {u.workflowSteps.map((w) => (
                <li key={w.stepId}>
                  Workflow step <Link href={`~/workflows/${w.workflowId}`}>{w.name || w.stepId}</Link>
                </li>
              ))}
            </ul>
          );
        }}
      </Loaded>
    </section>
  );
}
