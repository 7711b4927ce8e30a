import { useEffect, useState } from 'react';
import { api } from '../../api';
import { canManage, useProject } from '../../session';
import { useApi } from '../../ui/data';
import { ErrorBanner, Field, Submit, useForm } from '../../ui/form';
import { Badge, CopyButton, Empty, Loaded, PageHeader, formatDate } from '../../ui/kit';
import './domains.css';
import { TrafficShaping, type DeliverabilityAnswer, type ShapingRow } from './shaping';
import type { Answer } from '../../api-types';

export type Domain = Answer<'/domains/project/{projectId}', 'get'>[number];
/** A DNS record the domain publishes; `found` is what the last check saw (absent before any check). */
export type DnsRecord = Domain['records'][number];

/** What each record is for; DMARC and the inbound MX never decide verification. */
const PURPOSES: Record<DnsRecord['purpose'], { label: string; required: boolean }> = {
  dkim: { label: 'DKIM (signature)', required: true },
  spf: { label: 'SPF (return path)', required: true },
  mx: { label: 'MX (bounces)', required: true },
  dmarc: { label: 'DMARC (recommended)', required: false },
  inbound: { label: 'MX (receiving, optional)', required: false },
};

/** Domains: add one, publish the records it shows, verify it now (Herald also checks every 5 minutes). */
export default function Domains() {
  const project = useProject();
  const list = useApi<Domain[]>(`/domains/project/${project.id}`);
  // One answer for every domain; read again every 30 s while a provider is slowed, to show it lift.
  const shaping = useApi<DeliverabilityAnswer>('/deliverability', { pollMs: 30_000, poll: (s) => s.providers.some((p) => p.state !== 'normal') });
  const manage = canManage(project);
  return (
    <>
      <PageHeader title="Domains" subtitle="Send from your own domains: add one, publish its DNS records at your DNS provider, then verify it." />
      {manage ? (
        <AddDomain projectId={project.id} onAdded={list.reload} />
      ) : (
        <p className="muted">Only an owner or admin of the project adds and removes domains.</p>
      )}
      <Loaded loading={list.loading && !list.data} error={list.error}>
        {() =>
          list.data!.length === 0 ? (
            <Empty>No domains yet. Add the domain you send from, e.g. example.com or mail.example.com.</Empty>
          ) : (
            <>
              {list.data!.map((d) => (
                <DomainCard
                  key={d.id}
                  domain={d}
                  manage={manage}
                  shaping={shaping.data?.providers.filter((p) => p.domain === d.domain.toLowerCase())}
                  onChange={(next) => list.setData((all) => all?.map((x) => (x.id === next.id ? next : x)))}
                  onDeleted={() => list.setData((all) => all?.filter((x) => x.id !== d.id))}
                />
              ))}
            </>
          )
        }
      </Loaded>
    </>
  );
}

function AddDomain({ projectId, onAdded }: { projectId: string; onAdded: () => void }) {
  const form = useForm({ domain: '', dmarcReportEmail: '' });
  return (
    <form
      className="card dns-add"
      noValidate
      aria-label="Add a domain"
      onSubmit={form.submit(async (v) => {
        await api.post<Domain>('/domains', {
          domain: v.domain.trim(),
          projectId,
          ...(v.dmarcReportEmail.trim() ? { dmarcReportEmail: v.dmarcReportEmail.trim() } : {}),
        });
        form.setValues({ domain: '', dmarcReportEmail: '' });
        onAdded();
      })}
    >
      <ErrorBanner error={form.error} />
      <div className="dns-add-row">
        <Field form={form} name="domain" label="Domain" placeholder="example.com" autoComplete="off" hint="The part after @ in the addresses you send from." />
        <Field form={form} name="dmarcReportEmail" label="DMARC reports to (optional)" type="email" placeholder="dmarc@example.com" autoComplete="off" />
        <Submit busy={form.busy}>Add domain</Submit>
      </div>
    </form>
  );
}

function DomainCard({
  domain: d,
  manage,
  shaping,
  onChange,
  onDeleted,
}: {
  domain: Domain;
  manage: boolean;
  shaping: ShapingRow[] | undefined;
  onChange: (d: Domain) => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [checked, setChecked] = useState(false);
  const missing = d.records.filter((r) => PURPOSES[r.purpose]?.required && r.found === false);

  const verify = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onChange(await api.get<Domain>(`/domains/${d.id}/verify`));
      setChecked(true);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!confirm(`Remove ${d.domain}? Mail from its addresses is refused until it is added and verified again.`)) return;
    setError(undefined);
    try {
      await api.del(`/domains/${d.id}`);
      onDeleted();
    } catch (err) {
      setError(err);
    }
  };

  return (
    <section className="card dns-domain" aria-label={d.domain}>
      <header className="dns-head">
        <div>
          <h2>
            {d.domain} {d.verified ? <Badge tone="good">Verified</Badge> : <Badge tone="warn">Pending</Badge>}
          </h2>
          <div className="muted dns-meta">
            Added {formatDate(d.createdAt)}
            {d.verifiedAt && <> · verified {formatDate(d.verifiedAt)}</>}
            {d.lastCheckedAt && <> · last checked {formatDate(d.lastCheckedAt)}</>}
          </div>
        </div>
        <div className="actions">
          <button type="button" onClick={verify} disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Checking…' : 'Verify now'}
          </button>
          {manage && (
            <button type="button" className="danger" onClick={remove}>
              Delete
            </button>
          )}
        </div>
      </header>
      <ErrorBanner error={error} onDismiss={() => setError(undefined)} />
      {checked && (
        <div className={`banner ${d.verified ? 'banner-info' : 'banner-warn'}`} role="status">
          {d.verified
            ? 'Verified: every required record was found. You can send from any address at this domain.'
            : missing.length
              ? `Not verified yet: ${missing.map((r) => PURPOSES[r.purpose].label).join(', ')} not found. DNS changes can take a while to show.`
              : 'Not verified yet: some lookups failed; try again in a moment.'}
        </div>
      )}
      <details className="dns-records" open={!d.verified}>
        <summary>DNS records ({d.records.length})</summary>
        <p className="muted">
          Publish these at your DNS provider. Some providers add the domain to names themselves: then enter the name without “.{d.domain}”.
        </p>
        <div className="table-wrap">
          <table className="dns-table">
            <thead>
              <tr>
                <th>Purpose</th>
                <th>Type</th>
                <th>Name</th>
                <th>Value</th>
                <th>Priority</th>
                <th>Status</th>
              </tr>
            </thead>
            <tbody>
              {d.records.map((r) => (
                <tr key={`${r.purpose}-${r.name}`} data-purpose={r.purpose} data-type={r.type}>
                  <td data-label="Purpose">{PURPOSES[r.purpose]?.label ?? r.purpose}</td>
                  <td data-label="Type">{r.type}</td>
                  <td data-label="Name">
                    <code className="dns-name">{r.name}</code> <CopyButton text={r.name} label="Copy name" />
                  </td>
                  <td data-label="Value">
                    <code className="dns-value">{r.value}</code> <CopyButton text={r.value} label="Copy value" />
                  </td>
                  <td data-label="Priority" className="dns-priority">
                    {r.priority ?? '—'}
                  </td>
                  <td data-label="Status">
                    {r.found === undefined || !d.lastCheckedAt ? (
                      <span className="muted">Not checked yet</span>
                    ) : r.found ? (
                      <Badge tone="good">Found</Badge>
                    ) : (
                      <Badge tone={PURPOSES[r.purpose]?.required ? 'warn' : 'neutral'}>Not found</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <Guardrails domain={d} manage={manage} />
      <Warmup domain={d} manage={manage} />
      <TrafficShaping domain={d.domain} rows={shaping} />
      <Compliance domain={d} />
      {manage && <DmarcReports domain={d} onChange={onChange} />}
    </section>
  );
}

type GuardrailsAnswer = Answer<'/domains/{id}/guardrails', 'get'>;
const LEVEL_TONE = { ok: 'good', warning: 'warn', critical: 'bad', too_few: 'neutral' } as const;
const LEVEL_LABEL = { ok: 'OK', warning: 'Warning', critical: 'Over the line', too_few: 'Too few to judge' } as const;
const percent = (r: number) => `${(r * 100).toFixed(2)} %`;

/**
 * The domain's published guardrails: a pause is shown at once (with Resume for those who manage
 * the project); the rolling rates and their thresholds when opened.
 */
function Guardrails({ domain: d, manage }: { domain: Domain; manage: boolean }) {
  const report = useApi<GuardrailsAnswer>(`/domains/${d.id}/guardrails`);
  const [resuming, setResuming] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const g = report.data;
  if (!g) return null;
  const t = g.thresholds;
  async function resume() {
    setResuming(true);
    setError(null);
    try {
      report.setData(await api.post<GuardrailsAnswer>(`/domains/${d.id}/guardrails/resume`, {}));
    } catch (err) {
      setError(err);
    } finally {
      setResuming(false);
    }
  }
  return (
    <div className="dns-guardrails">
      {g.paused && (
        <div className="banner banner-error" role="alert" aria-label={`Marketing from ${d.domain} is paused`}>
          <strong>Marketing mail from {d.domain} is paused</strong> since {formatDate(g.paused.at)}: {g.paused.reason}. {g.held} marketing{' '}
          {g.held === 1 ? 'email waits' : 'emails wait'}; transactional mail keeps flowing.
          {manage && (
            <button type="button" onClick={resume} disabled={resuming}>
              {resuming ? 'Resuming…' : 'Resume marketing mail'}
            </button>
          )}
          <ErrorBanner error={error} />
        </div>
      )}
      <details>
        <summary>Guardrails — bounce and complaint rates</summary>
        <p className="muted">
          Marketing mail pauses by itself at a complaint rate of {percent(t.complaintPause)} (warning at {percent(t.complaintWarn)}); hard bounces warn at{' '}
          {percent(t.bounceWarn)}, high at {percent(t.bounceHigh)}. A window with fewer than {t.minVolume} mails judges nothing.
        </p>
        <div className="table-wrap">
          <table className="guardrails-table" aria-label={`Guardrails of ${d.domain}`}>
            <thead>
              <tr>
                <th>Window</th>
                <th>Provider</th>
                <th>Sent</th>
                <th>Hard bounces</th>
                <th>Complaints</th>
              </tr>
            </thead>
            <tbody>
              {g.windows.map((w) => (
                <tr key={`${w.window}-${w.provider ?? 'all'}`} data-window={w.window} data-provider={w.provider ?? 'all'}>
                  <td data-label="Window">Last {w.window}</td>
                  <td data-label="Provider">{w.provider ?? 'All'}</td>
                  <td data-label="Sent">{w.sent}</td>
                  <td data-label="Hard bounces" data-level={w.bounceLevel}>
                    {w.bounces} ({percent(w.bounceRate)}) <Badge tone={LEVEL_TONE[w.bounceLevel]}>{LEVEL_LABEL[w.bounceLevel]}</Badge>
                  </td>
                  <td data-label="Complaints" data-level={w.complaintLevel}>
                    {w.complaints} ({percent(w.complaintRate)}) <Badge tone={LEVEL_TONE[w.complaintLevel]}>{LEVEL_LABEL[w.complaintLevel]}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

type WarmupAnswer = Answer<'/domains/{id}/warmup', 'get'>;

/**
 * The domain's warm-up: per provider, this hour's cap and what was sent, the next daily step and
 * why the last one held back, what waits and when it is out; the plan, which managers change.
 */
function Warmup({ domain: d, manage }: { domain: Domain; manage: boolean }) {
  const report = useApi<WarmupAnswer>(`/domains/${d.id}/warmup`);
  const w = report.data;
  const form = useForm({ enabled: true, startPerHour: '', growth: '', maxPerHour: '', exemptTransactional: true });
  const [saved, setSaved] = useState(false);
  const { setValues } = form;
  useEffect(() => {
    if (w)
      setValues({
        enabled: w.plan.enabled,
        startPerHour: String(w.plan.startPerHour),
        growth: String(w.plan.growth),
        maxPerHour: String(w.plan.maxPerHour),
        exemptTransactional: w.plan.exemptTransactional,
      });
  }, [w, setValues]);
  if (!w) return null;
  const waiting = w.providers.reduce((n, p) => n + p.waiting, 0);
  const status = !w.plan.enabled ? 'off' : w.providers.length && w.providers.every((p) => p.done) ? 'done' : waiting ? `${waiting} waiting` : 'on';
  return (
    <details className="dns-warmup">
      <summary>Warm-up — {status}</summary>
      <p className="muted">
        {w.plan.enabled
          ? `Each mailbox provider gets at most ${w.plan.startPerHour} mails an hour at first, ×${w.plan.growth} each day its last 24 hours stay healthy, up to ${w.plan.maxPerHour}. Mail over a cap waits in the queue for the next hour.${w.plan.exemptTransactional ? ' Transactional mail is not counted.' : ''}`
          : 'Off: mail from this domain is not capped.'}
      </p>
      {w.providers.length > 0 && (
        <div className="table-wrap">
          <table className="warmup-table" aria-label={`Warm-up of ${d.domain}`}>
            <thead>
              <tr>
                <th>Provider</th>
                <th>This hour</th>
                <th>Next step</th>
                <th>Held back because</th>
                <th>Waiting</th>
              </tr>
            </thead>
            <tbody>
              {w.providers.map((p) => (
                <tr key={p.provider} data-provider={p.provider}>
                  <td data-label="Provider">{p.provider}</td>
                  <td data-label="This hour">{p.done ? <Badge tone="good">Warm</Badge> : `${p.sentThisHour} of ${p.cap}`}</td>
                  <td data-label="Next step">{p.done ? '—' : `${formatDate(p.nextStepAt)} (day ${p.step + 1})`}</td>
                  <td data-label="Held back because">{p.heldBack ?? '—'}</td>
                  <td data-label="Waiting">{p.waiting ? `${p.waiting}, out by ${formatDate(p.expectedDoneAt!)}` : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {manage && (
        <form
          noValidate
          aria-label={`Warm-up plan of ${d.domain}`}
          onSubmit={form.submit(async (v) => {
            setSaved(false);
            report.setData(
              await api.patch<WarmupAnswer>(`/domains/${d.id}/warmup`, {
                enabled: v.enabled,
                startPerHour: Number(v.startPerHour),
                growth: Number(v.growth),
                maxPerHour: Number(v.maxPerHour),
                exemptTransactional: v.exemptTransactional,
              }),
            );
            setSaved(true);
          })}
        >
          <ErrorBanner error={form.error} />
          <label className="checkbox">
            <input type="checkbox" checked={form.values.enabled} onChange={(e) => form.set('enabled', e.target.checked)} /> Warm this domain up
          </label>
          <div className="dns-add-row">
            <Field form={form} name="startPerHour" label="Start (mails an hour)" type="number" />
            <Field form={form} name="growth" label="Daily growth (×)" type="number" />
            <Field form={form} name="maxPerHour" label="Warm at (mails an hour)" type="number" />
          </div>
          <label className="checkbox">
            <input type="checkbox" checked={form.values.exemptTransactional} onChange={(e) => form.set('exemptTransactional', e.target.checked)} />{' '}
            Transactional mail is not counted
          </label>
          <Submit busy={form.busy}>Save plan</Submit>
          {saved && <span role="status"> Saved.</span>}
        </form>
      )}
    </details>
  );
}

type ComplianceAnswer = Answer<'/domains/{id}/compliance', 'get'>;
const STATUS_TONE = { pass: 'good', warn: 'warn', fail: 'bad' } as const;
const STATUS_LABEL = { pass: 'Pass', warn: 'Advice', fail: 'Fails' } as const;

/** The domain against Gmail's and Yahoo's bulk-sender rules, read when opened (and again after each check of its records). */
function Compliance({ domain: d }: { domain: Domain }) {
  const [open, setOpen] = useState(false);
  const report = useApi<ComplianceAnswer>(open ? `/domains/${d.id}/compliance` : null);
  const { reload } = report;
  useEffect(() => {
    if (open) reload();
  }, [d.lastCheckedAt]); // eslint-disable-line react-hooks/exhaustive-deps
  const fails = report.data?.checks.filter((c) => c.status === 'fail').length ?? 0;
  return (
    <details className="dns-compliance" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>Bulk-sender rules (Gmail, Yahoo){report.data && (fails ? ` — ${fails} failing` : ' — all required checks pass')}</summary>
      <Loaded loading={!report.data && !report.error} error={report.error}>
        {() => (
          <>
            <ul className="dns-checks" aria-label={`Bulk-sender checks of ${d.domain}`}>
              {report.data!.checks.map((c) => (
                <li key={c.id} data-check={c.id} data-status={c.status}>
                  <Badge tone={STATUS_TONE[c.status]}>{STATUS_LABEL[c.status]}</Badge> <strong>{c.title}</strong>: {c.detail}
                  {c.fix && <div className="muted">{c.fix}</div>}
                </li>
              ))}
            </ul>
            <p className="muted">
              {report.data!.sent24h} sent in the last 24 hours, {report.data!.marketing24h} of them marketing.
            </p>
          </>
        )}
      </Loaded>
    </details>
  );
}

/** Where the domain's DMARC aggregate reports go: the suggested DMARC record's rua=. */
function DmarcReports({ domain: d, onChange }: { domain: Domain; onChange: (d: Domain) => void }) {
  const form = useForm({ dmarcReportEmail: d.dmarcReportEmail ?? '' });
  const [saved, setSaved] = useState(false);
  return (
    <form
      className="dns-dmarc"
      noValidate
      aria-label={`DMARC reports of ${d.domain}`}
      onSubmit={form.submit(async (v) => {
        setSaved(false);
        const next = await api.patch<Domain>(`/domains/${d.id}`, { dmarcReportEmail: v.dmarcReportEmail.trim() || null });
        form.set('dmarcReportEmail', next.dmarcReportEmail ?? '');
        onChange(next);
        setSaved(true);
      })}
    >
      <ErrorBanner error={form.error} />
      <div className="dns-add-row">
        <Field
          form={form}
          name="dmarcReportEmail"
          label="DMARC reports to"
          type="email"
          placeholder="dmarc@example.com"
          hint="Mailbox providers send daily reports of who sends as this domain there. The DMARC record above changes with it: publish it again."
        />
        <Submit busy={form.busy}>Save</Submit>
      </div>
      {saved && !form.error && (
        <div className="banner banner-info" role="status">
          Saved: publish the DMARC record’s new value.
        </div>
      )}
    </form>
  );
}
