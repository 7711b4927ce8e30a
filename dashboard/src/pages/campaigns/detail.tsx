import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { api } from '../../api';
import { useApi } from '../../ui/data';
import { ErrorBanner, Field, Submit, useForm } from '../../ui/form';
import { Loaded, Modal, PageHeader, Spinner, formatDate, formatNumber } from '../../ui/kit';
import { useSession } from '../../session';
import { readable } from '../../ui/text';
import { RecipientCount, useAudienceCount } from './audience';
import { CampaignPreview, usePreviewContacts } from './preview';
import { StatusBadge } from './status';
import { active, AUDIENCE_LABEL, cancellable, editable, heldByLine, isoToLocal, localToIso, type Campaign, type CampaignStats, type Segment } from './model';

const POLL_MS = 1500;
/** After a send ends, delivery reports still come in: the stats keep refreshing this long. */
const SETTLE_MS = 60_000;

/** One campaign: what it is, its send controls while it has not started, its progress, then its stats. */
export function CampaignDetail() {
  const { id } = useParams<{ id: string }>();
  const [, go] = useLocation();
  const campaign = useApi<Campaign>(`/campaigns/${id}`, { pollMs: POLL_MS, poll: (c) => active(c.status) });
  const c = campaign.data;
  const started = !!c?.startedAt;
  const settling = (x: Campaign | undefined) => !!x && (active(x.status) || (!!x.sentAt && Date.now() - Date.parse(x.sentAt) < SETTLE_MS));
  const stats = useApi<CampaignStats>(started ? `/campaigns/${id}/stats` : null, { pollMs: POLL_MS, poll: () => settling(campaign.data) });
  const [actionError, setActionError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  // The contact previewed for is the one a test send takes its data from.
  const preview = usePreviewContacts({ id, updatedAt: c?.updatedAt ?? '' });

  // A status change (sent, cancelled) is read into the stats at once.
  const { reload: reloadStats } = stats;
  useEffect(() => {
    if (started) reloadStats();
  }, [c?.status, started, reloadStats]);

  /** A send, schedule or cancel answered: shown at once, then read again so polling starts (useApi polls after its own reads). */
  const { setData, reload } = campaign;
  const changed = (u: Campaign) => {
    setData(u);
    reload();
  };

  async function act(f: () => Promise<void>) {
    setActionError(undefined);
    setBusy(true);
    try {
      await f();
    } catch (err) {
      setActionError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Loaded loading={campaign.loading && !c} error={!c && campaign.error}>
      {() => {
        const x = c!;
        return (
          <>
            <PageHeader
              title={x.name}
              subtitle={
                <>
                  <StatusBadge status={x.status} /> <span className="muted">{readable(x.subject)}</span>
                </>
              }
              actions={
                <>
                  <Link href="/" className="button">
                    ← All campaigns
                  </Link>
                  {editable(x.status) && (
                    <Link href={`/${x.id}/edit`} className="button">
                      Edit
                    </Link>
                  )}
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => act(async () => go(`/${(await api.post<Campaign>(`/campaigns/${x.id}/duplicate`)).id}`))}
                  >
                    Duplicate
                  </button>
                  {cancellable(x.status) && (
                    <button
                      type="button"
                      className="danger"
                      disabled={busy}
                      onClick={() => {
                        if (!confirm(`Cancel “${x.name}”? Nothing more of it will be sent; what was sent stays sent.`)) return;
                        void act(async () => changed(await api.post<Campaign>(`/campaigns/${x.id}/cancel`)));
                      }}
                    >
                      Cancel send
                    </button>
                  )}
                  <button
                    type="button"
                    className="danger"
                    disabled={busy}
                    onClick={() => {
                      if (!confirm(`Delete “${x.name}”? Its stats go too.`)) return;
                      void act(async () => {
                        await api.del(`/campaigns/${x.id}`);
                        go('/');
                      });
                    }}
                  >
                    Delete
                  </button>
                </>
              }
            />
            <ErrorBanner error={actionError} onDismiss={() => setActionError(undefined)} />
            {campaign.error && <ErrorBanner error={campaign.error} />}
            {x.statusReason && (
              <div className="banner banner-warn" role="status">
                {x.statusReason}
              </div>
            )}
            {started && <Progress campaign={x} sent={Math.max(x.sentCount, stats.data?.sentCount ?? 0)} />}
            {started &&
              (stats.data ? <StatCards stats={stats.data} /> : stats.error ? <ErrorBanner error={stats.error} /> : <Spinner label="Loading stats…" />)}
            <div className="grid-2">
              <Summary campaign={x} />
              <div>
                {editable(x.status) && <SendPanel campaign={x} onChanged={changed} />}
                <TestSend campaign={x} preview={preview} />
              </div>
            </div>
            <CampaignPreview preview={preview} />
          </>
        );
      }}
    </Loaded>
  );
}

function Summary({ campaign: c }: { campaign: Campaign }) {
  const segment = useApi<Segment>(c.audienceType === 'SEGMENT' && c.segmentId ? `/segments/${c.segmentId}` : null);
  return (
    <section className="card">
      <h2>Campaign</h2>
      <dl className="data-list">
        <div>
          <dt>From</dt>
          <dd>{c.fromName ? `${c.fromName} <${c.from}>` : c.from}</dd>
        </div>
        {c.replyTo && (
          <div>
            <dt>Reply-to</dt>
            <dd>{c.replyTo}</dd>
          </div>
        )}
        <div>
          <dt>Subject</dt>
          <dd>
            {readable(c.subject)}
            {c.subject.includes('{{') && (
              <div className="muted field-hint">
                Per contact: <code className="mono">{c.subject}</code>
              </div>
            )}
          </dd>
        </div>
        <div>
          <dt>Audience</dt>
          <dd>
            {AUDIENCE_LABEL[c.audienceType]}
            {c.audienceType === 'SEGMENT' && c.segmentId && (
              <>
                {': '}
                <Link href={`~/segments/${c.segmentId}`}>{segment.data?.name ?? 'the segment'}</Link>
              </>
            )}
            {c.audienceType === 'FILTERED' && c.audienceFilter && <pre className="mono campaign-filter">{JSON.stringify(c.audienceFilter, null, 2)}</pre>}
          </dd>
        </div>
        {c.templateId && (
          <div>
            <dt>Template</dt>
            <dd>
              <Link href={`~/templates/${c.templateId}`}>Open the template</Link>
            </dd>
          </div>
        )}
        <div>
          <dt>Created</dt>
          <dd>{formatDate(c.createdAt)}</dd>
        </div>
        {c.scheduledAt && (
          <div>
            <dt>Scheduled for</dt>
            <dd>{formatDate(c.scheduledAt)}</dd>
          </div>
        )}
        {c.startedAt && (
          <div>
            <dt>Started</dt>
            <dd>{formatDate(c.startedAt)}</dd>
          </div>
        )}
        {c.sentAt && (
          <div>
            <dt>Sent</dt>
            <dd>{formatDate(c.sentAt)}</dd>
          </div>
        )}
        {c.cancelledAt && (
          <div>
            <dt>Cancelled</dt>
            <dd>{formatDate(c.cancelledAt)}</dd>
          </div>
        )}
      </dl>
      <details className="campaign-body">
        <summary>Body (HTML)</summary>
        <pre className="mono">{c.body}</pre>
      </details>
    </section>
  );
}

/** Send now (after a confirmation that says how many it reaches), or schedule, or move the schedule. */
function SendPanel({ campaign: c, onChanged }: { campaign: Campaign; onChanged: (c: Campaign) => void }) {
  const segments = useApi<Segment[]>(c.audienceType === 'SEGMENT' ? '/segments' : null);
  const count = useAudienceCount(
    { audienceType: c.audienceType, segmentId: c.segmentId ?? '', audienceFilter: c.audienceFilter ? JSON.stringify(c.audienceFilter) : '' },
    segments.data,
  );
  const [confirming, setConfirming] = useState(false);
  const now = useForm({});
  const schedule = useForm({ scheduledFor: c.scheduledAt ? isoToLocal(c.scheduledAt) : '' });
  return (
    <section className="card">
      <h2>Send</h2>
      <RecipientCount count={count} />
      <ErrorBanner error={now.error} />
      <button type="button" className="primary" onClick={() => setConfirming(true)}>
        Send now
      </button>
      <form
        className="schedule-form"
        noValidate
        onSubmit={schedule.submit(async (v) => {
          onChanged(await api.post<Campaign>(`/campaigns/${c.id}/send`, { scheduledFor: localToIso(v.scheduledFor) }));
        })}
      >
        <ErrorBanner error={schedule.error} />
        <Field
          form={schedule}
          name="scheduledFor"
          label={c.status === 'SCHEDULED' ? 'Move the schedule to' : 'Or schedule for'}
          type="datetime-local"
          hint={`Your time zone (${Intl.DateTimeFormat().resolvedOptions().timeZone}).`}
        />
        <Submit busy={schedule.busy} className="">
          {c.status === 'SCHEDULED' ? 'Reschedule' : 'Schedule'}
        </Submit>
      </form>
      <Modal open={confirming} title="Send this campaign now?" onClose={() => setConfirming(false)}>
        <form
          onSubmit={now.submit(async () => {
            try {
              onChanged(await api.post<Campaign>(`/campaigns/${c.id}/send`, {}));
            } finally {
              setConfirming(false);
            }
          })}
        >
          <p>
            “{c.name}” (subject “{readable(c.subject)}”) goes out from {c.from} to{' '}
            {count.count !== undefined ? (
              <strong data-testid="confirm-count">
                {formatNumber(count.count)} {count.count === 1 ? 'recipient' : 'recipients'}
              </strong>
            ) : (
              'its audience'
            )}
            . Unsubscribed and suppressed contacts are skipped. This cannot be undone, only cancelled midway.
          </p>
          <div className="actions">
            <Submit busy={now.busy}>Send to {count.count !== undefined ? formatNumber(count.count) : 'all'} now</Submit>
            <button type="button" onClick={() => setConfirming(false)}>
              Not yet
            </button>
          </div>
        </form>
      </Modal>
    </section>
  );
}

/**
 * One email of the campaign to an address, marked as a test and not counted, rendered with the data
 * of the contact previewed for (or the test address's own contact). What was typed stays after a send.
 */
function TestSend({ campaign: c, preview }: { campaign: Campaign; preview: ReturnType<typeof usePreviewContacts> }) {
  const { user } = useSession();
  const form = useForm({ email: user?.email ?? '' });
  const [own, setOwn] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const { contacts, contact, choose } = preview;
  const dataOf = own ? undefined : contact;
  return (
    <section className="card">
      <h2>Send a test</h2>
      <form
        noValidate
        onSubmit={form.submit(async (v) => {
          setSentTo(undefined);
          await api.post(`/campaigns/${c.id}/test`, { email: v.email, ...(dataOf ? { contactId: dataOf.id } : {}) });
          setSentTo(dataOf ? `${v.email}, with the data of ${dataOf.email}` : v.email);
        })}
      >
        <ErrorBanner error={form.error} />
        <Field form={form} name="email" label="Test address" type="email" hint="Subject prefixed “[TEST]”; not counted in the stats." />
        <div className="field">
          <label htmlFor="test-data">Contact data</label>
          <select
            id="test-data"
            aria-describedby="test-data-hint"
            value={own || !contact ? '' : contact.id}
            onChange={(e) => {
              const i = contacts.findIndex((x) => x.id === e.target.value);
              setOwn(i < 0);
              if (i >= 0) choose(i);
            }}
          >
            {contacts.map((x) => (
              <option key={x.id} value={x.id}>
                {x.email}
              </option>
            ))}
            <option value="">The test address’s own contact</option>
          </select>
          <div className="field-hint" id="test-data-hint">
            The variables are filled with this contact’s data (the one previewed below), for this email only.
          </div>
        </div>
        <Submit busy={form.busy} className="">
          Send test
        </Submit>
        {sentTo && (
          <p className="muted" role="status">
            Test sent to {sentTo}.
          </p>
        )}
      </form>
    </section>
  );
}

/**
 * Sent of total, live while the campaign is sending (`sent`: the campaign's count or the stats', whichever is ahead), and when
 * it is expected to finish while the warm-up holds some of it.
 */
function Progress({ campaign: c, sent }: { campaign: Campaign; sent: number }) {
  const pct = c.totalRecipients > 0 ? Math.min(100, Math.round((sent / c.totalRecipients) * 100)) : c.status === 'SENT' ? 100 : 0;
  return (
    <section className="card" aria-label="Progress">
      <div className="progress-line">
        <strong>{c.status === 'SENDING' ? 'Sending…' : c.status === 'SENT' ? 'Sent' : c.status === 'CANCELLED' ? 'Stopped' : 'Progress'}</strong>
        <span data-testid="progress-count">
          {formatNumber(sent)} of {formatNumber(c.totalRecipients)} sent
        </span>
      </div>
      <div className="progress" role="progressbar" aria-label="Sent" aria-valuemin={0} aria-valuemax={c.totalRecipients} aria-valuenow={sent}>
        <span style={{ width: `${pct}%` }} />
      </div>
      {c.status === 'SENDING' && c.expectedFinishAt && (
        // The warm-up of its sending domain holds some of it for later hours (docs/deliverability.md, "Warm-up").
        <p className="muted progress-finish" role="status" data-testid="expected-finish">
          Expected to finish around {formatDate(c.expectedFinishAt)}
          {heldByLine(c) && ` — held by warm-up: ${heldByLine(c)}`}
        </p>
      )}
    </section>
  );
}

const rate = (n: number) => `${n.toLocaleString(undefined, { maximumFractionDigits: 2 })} %`;

function StatCards({ stats: s }: { stats: CampaignStats }) {
  const cards: { label: string; value: number; rate?: string }[] = [
    { label: 'Sent', value: s.sentCount, rate: `of ${formatNumber(s.totalRecipients)}` },
    { label: 'Delivered', value: s.deliveredCount, rate: rate(s.deliveryRate) },
    // People first (machines — Apple Mail Privacy Protection, image proxies, link scanners — left out), every open and click beside.
    { label: 'Opened by people', value: s.humanOpenedCount, rate: rate(s.humanOpenRate) },
    { label: 'Clicked by people', value: s.humanClickedCount, rate: rate(s.humanClickRate) },
    { label: 'Opened', value: s.openedCount, rate: `${rate(s.openRate)} with machines` },
    { label: 'Clicked', value: s.clickedCount, rate: `${rate(s.clickRate)} with machines` },
    { label: 'Bounced', value: s.bouncedCount, rate: rate(s.bounceRate) },
    { label: 'Complained', value: s.complainedCount },
    { label: 'Unsubscribed', value: s.unsubscribedCount },
    { label: 'Replied', value: s.repliedCount },
  ];
  return (
    <section className="stat-cards" aria-label="Stats">
      {cards.map((k) => (
        <div className="card stat-card" key={k.label} data-stat={k.label.toLowerCase()}>
          <div className="muted">{k.label}</div>
          <div className="stat">{formatNumber(k.value)}</div>
          {k.rate && <div className="muted">{k.rate}</div>}
        </div>
      ))}
    </section>
  );
}
