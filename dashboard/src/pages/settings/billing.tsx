import type { Answer } from '../../api-types';
import { useState } from 'react';
import { api, ApiError } from '../../api';
import { canManage, useProject, useSession } from '../../session';
import { useApi } from '../../ui/data';
import { ErrorBanner, Field, Submit, useForm } from '../../ui/form';
import { Badge, Empty, Loaded, formatDate, formatNumber } from '../../ui/kit';
import { ReadOnlyNote } from './shared';

const CATEGORIES = ['transactional', 'campaigns', 'workflows', 'inbound'] as const;
type Category = (typeof CATEGORIES)[number];
const LABELS: Record<Category, string> = {
  transactional: 'Transactional (/v1/send)',
  campaigns: 'Campaigns',
  workflows: 'Workflows',
  inbound: 'Inbound (received)',
};

type Limits = Answer<'/users/@me/projects/{id}/billing-limits', 'get'>;
type Consumption = Answer<'/users/@me/projects/{id}/billing-consumption', 'get'>;
type Invoice = Answer<'/users/@me/projects/{id}/billing-invoices', 'get'>[number];

/**
 * Usage against the limits per category in the current period (a blocked category refuses new
 * sends), the limits themselves, and — when the deployment has a payment provider — the plan,
 * the billing portal and the invoices.
 */
export function Billing() {
  const project = useProject();
  const { config } = useSession();
  const manage = canManage(project);
  const paid = !!config?.features.billing.enabled;
  const base = `/users/@me/projects/${project.id}`;
  const limits = useApi<Limits>(`${base}/billing-limits`);
  const consumption = useApi<Consumption>(`${base}/billing-consumption`);
  const invoices = useApi<Invoice[]>(paid ? `${base}/billing-invoices` : null);

  return (
    <>
      {paid && <Plan projectId={project.id} manage={manage} />}
      <section className="card">
        <h2>Usage this period</h2>
        <Loaded loading={consumption.loading && !consumption.data} error={consumption.error}>
          {() => {
            const c = consumption.data!;
            return (
              <p className="muted">
                {formatDate(c.periodStart)} – {formatDate(c.periodEnd)} ({c.period === 'subscription' ? 'your subscription’s period' : 'calendar month, UTC'}) ·{' '}
                {formatNumber(c.total)} emails in all
              </p>
            );
          }}
        </Loaded>
        <Loaded loading={limits.loading && !limits.data} error={limits.error}>
          {() => {
            const l = limits.data!;
            const blocked = CATEGORIES.filter((c) => l[c]?.isBlocked);
            const warned = CATEGORIES.filter((c) => l[c]?.isWarning && !l[c]?.isBlocked);
            return (
              <>
                {blocked.length > 0 && (
                  <div className="banner banner-error" role="alert">
                    <div>
                      <strong>Limit reached: {blocked.map((c) => LABELS[c]).join(', ')}.</strong>
                      <div className="banner-suggestion">
                        New sends of {blocked.length === 1 ? 'this category are' : 'these categories are'} refused (403 BILLING_LIMIT_EXCEEDED) until the limit
                        is raised or the period ends.
                      </div>
                    </div>
                  </div>
                )}
                {warned.length > 0 && (
                  <div className="banner banner-warn" role="status">
                    Over 80 % of the limit: {warned.map((c) => LABELS[c]).join(', ')}.
                  </div>
                )}
                {CATEGORIES.map((c) => (
                  <UsageBar key={c} label={LABELS[c]} view={l[c]} />
                ))}
              </>
            );
          }}
        </Loaded>
      </section>
      <section className="card settings-form">
        <h2>Limits</h2>
        {limits.data && <LimitsForm base={base} limits={limits.data} manage={manage} onSaved={(l) => limits.setData(l)} />}
      </section>
      {paid && (
        <section className="card">
          <h2>Invoices</h2>
          <Loaded loading={invoices.loading && !invoices.data} error={invoices.error}>
            {() =>
              invoices.data!.length === 0 ? (
                <Empty>No invoice yet.</Empty>
              ) : (
                <div className="table-wrap">
                  <table>
                    <thead>
                      <tr>
                        <th>Invoice</th>
                        <th>Status</th>
                        <th>Amount</th>
                        <th className="hide-narrow">Period</th>
                      </tr>
                    </thead>
                    <tbody>
                      {invoices.data!.map((i) => (
                        <tr key={i.id}>
                          <td>
                            {i.hostedInvoiceUrl ? (
                              <a href={i.hostedInvoiceUrl} target="_blank" rel="noreferrer">
                                {i.number ?? i.id}
                              </a>
                            ) : (
                              (i.number ?? i.id)
                            )}
                          </td>
                          <td>
                            <Badge tone={i.status === 'paid' ? 'good' : i.status === 'open' ? 'warn' : 'neutral'}>{i.status}</Badge>
                          </td>
                          <td>{money(i.amountDue, i.currency)}</td>
                          <td className="hide-narrow">
                            {formatDate(i.periodStart)} – {formatDate(i.periodEnd)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )
            }
          </Loaded>
        </section>
      )}
    </>
  );
}

/** An amount in cents; without a currency (the provider may leave it out), the bare number. */
function money(cents: number, currency: string | null) {
  if (!currency) return (cents / 100).toFixed(2);
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

function UsageBar({ label, view }: { label: string; view: Limits[Category] | undefined }) {
  if (!view) return null;
  const pct = Math.min(100, view.percentage);
  const tone = view.isBlocked ? 'bad' : view.isWarning ? 'warn' : '';
  return (
    <div className="usage">
      <div className="usage-head">
        <strong>{label}</strong>
        <span>
          {formatNumber(view.usage)} / {view.limit === null ? 'no limit' : formatNumber(view.limit)}{' '}
          {view.isBlocked ? <Badge tone="bad">Blocked</Badge> : view.isWarning ? <Badge tone="warn">Near the limit</Badge> : null}
        </span>
      </div>
      {view.limit !== null && (
        <div
          className={`progress ${tone}`}
          role="progressbar"
          aria-label={`${label} usage`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(pct)}
        >
          <span style={{ width: `${pct}%` }} />
        </div>
      )}
    </div>
  );
}

/** Each limit as the form shows it: its number, or empty for no limit. */
const limitTexts = (limits: Limits) =>
  Object.fromEntries(CATEGORIES.map((c) => [c, limits[c]?.limit == null ? '' : String(limits[c].limit)])) as Record<Category, string>;

/** The limits as the user edits them: a whole number, or empty for no limit. */
function LimitsForm({ base, limits, manage, onSaved }: { base: string; limits: Limits; manage: boolean; onSaved: (l: Limits) => void }) {
  const form = useForm(limitTexts(limits));
  const [saved, setSaved] = useState(false);
  return (
    <form
      noValidate
      onSubmit={form.submit(async (v) => {
        setSaved(false);
        const body: Record<string, number | null> = {};
        const errors: { field: string; message: string }[] = [];
        for (const c of CATEGORIES) {
          const text = v[c].trim().replace(/[\s,_]/g, '');
          if (text === '') body[c] = null;
          else if (/^\d+$/.test(text)) body[c] = Number(text);
          else errors.push({ field: c, message: 'must be a whole number of emails, or empty for no limit' });
        }
        if (errors.length) throw new ApiError(0, 'VALIDATION_ERROR', 'Some limits are not whole numbers', 'Leave a field empty for no limit.', errors);
        const saved = await api.put<Limits>(`${base}/billing-limits`, body);
        form.setValues(limitTexts(saved));
        onSaved(saved);
        setSaved(true);
      })}
    >
      {!manage && <ReadOnlyNote>Only the owner and admins change the limits.</ReadOnlyNote>}
      <ErrorBanner error={form.error} />
      {saved && (
        <div className="banner banner-info" role="status">
          Limits saved: they apply within seconds.
        </div>
      )}
      <fieldset disabled={!manage} style={{ border: 'none', padding: 0, margin: 0 }}>
        {CATEGORIES.map((c) => (
          <Field
            key={c}
            form={form}
            name={c}
            label={`${LABELS[c]} per period`}
            type="text"
            placeholder="No limit"
            hint={c === 'transactional' ? 'Emails per billing period; 0 blocks the category; empty: no limit.' : undefined}
          />
        ))}
        {manage && <Submit busy={form.busy}>Save limits</Submit>}
      </fieldset>
    </form>
  );
}

/** The subscription: checkout to start one, the provider's portal to manage it (owners and admins). */
function Plan({ projectId, manage }: { projectId: string; manage: boolean }) {
  const [busy, setBusy] = useState<string>();
  const [error, setError] = useState<unknown>();
  const setup = useApi<{ hasSubscription: boolean }>(`/projects/${projectId}/setup-state`);
  async function go(path: 'checkout' | 'billing-portal') {
    setBusy(path);
    setError(undefined);
    try {
      const { url } = await api.post<{ url: string }>(`/users/@me/projects/${projectId}/${path}`);
      window.location.assign(url);
    } catch (err) {
      setError(err);
      setBusy(undefined);
    }
  }
  const subscribed = setup.data?.hasSubscription;
  return (
    <section className="card">
      <h2>Plan</h2>
      <ErrorBanner error={error} onDismiss={() => setError(undefined)} />
      <p>{subscribed === undefined ? '…' : subscribed ? <Badge tone="good">Subscribed</Badge> : <Badge>No subscription</Badge>}</p>
      {manage ? (
        <div className="actions">
          {!subscribed && (
            <button type="button" className="primary" disabled={!!busy} aria-busy={busy === 'checkout' || undefined} onClick={() => void go('checkout')}>
              Choose a plan
            </button>
          )}
          <button type="button" disabled={!!busy} aria-busy={busy === 'billing-portal' || undefined} onClick={() => void go('billing-portal')}>
            Open the billing portal
          </button>
        </div>
      ) : (
        <ReadOnlyNote>Only the owner and admins manage the subscription.</ReadOnlyNote>
      )}
    </section>
  );
}
