import type { Answer } from '../api-types';
import { Link } from 'wouter';
import { useProject, useSession } from '../session';
import { useApi } from '../ui/data';
import { Loaded, PageHeader, formatDate, formatNumber } from '../ui/kit';
import { useState } from 'react';
import { api, type User } from '../api';
import { ErrorBanner } from '../ui/form';
import { useDevMailboxOn } from './dev-mailbox/status';
import { QuickStart } from './quick-start';

type SetupState = Answer<'/projects/{id}/setup-state', 'get'>;

/** The project's first page: what is set up, and the next step. */
export function Overview() {
  const project = useProject();
  const { user, config } = useSession();
  const setup = useApi<SetupState>(`/projects/${project.id}/setup-state`);
  return (
    <>
      <PageHeader title={project.name} subtitle="Getting started" />
      {user && !user.emailVerified && <VerifyBanner />}
      <Loaded loading={setup.loading} error={setup.error}>
        {() => {
          const s = setup.data!;
          const steps = [
            { done: s.hasVerifiedDomain, title: 'Verify a sending domain', detail: 'Add the DNS records so mail goes out in your name.', href: '/domains' },
            {
              done: s.contactCount > 0,
              title: 'Add contacts',
              detail: s.contactCount > 0 ? `${formatNumber(s.contactCount)} contacts` : 'Import a CSV or track an event from your app.',
              href: '/contacts',
            },
            {
              done: !!s.lastCampaignSentAt,
              title: 'Send a campaign',
              detail: s.lastCampaignSentAt ? `Last sent ${formatDate(s.lastCampaignSentAt)}` : 'Write once, send to a segment.',
              href: '/campaigns',
            },
            { done: s.hasEnabledWorkflow, title: 'Automate with a workflow', detail: 'Welcome series, reminders, follow-ups.', href: '/workflows' },
            ...(config?.features.billing.enabled
              ? [{ done: s.hasSubscription, title: 'Choose a plan', detail: 'Billing and limits.', href: '/settings/billing' }]
              : []),
          ];
          return (
            <ol className="checklist">
              {steps.map((step) => (
                <li key={step.title} className={step.done ? 'done' : ''}>
                  <span className="check" aria-label={step.done ? 'Done' : 'To do'}>
                    {step.done ? '✓' : ''}
                  </span>
                  <div>
                    <Link href={step.href}>{step.title}</Link>
                    <div className="muted">{step.detail}</div>
                  </div>
                </li>
              ))}
            </ol>
          );
        }}
      </Loaded>
      <QuickStart />
    </>
  );
}

/**
 * The unverified address, said as it is: whether a verification email was sent (GET /users/@me's
 * `verificationSentAt`; the owner the first start made got none) and, without SMTP, that it is in
 * the dev mailbox rather than on its way.
 */
function VerifyBanner() {
  const project = useProject();
  const session = useSession();
  // Read afresh: signup sends the mail in the background, after the session's copy was read.
  const fresh = useApi<User>('/users/@me');
  const user = fresh.data ?? session.user;
  const devMailbox = useDevMailboxOn(project.id);
  const [busy, setBusy] = useState(false);
  const [justSent, setJustSent] = useState(false);
  const [error, setError] = useState<unknown>();
  if (!user) return null;
  const sentAt = user.verificationSentAt;
  const whereItIs = devMailbox ? (
    <>
      {' '}
      No SMTP server is configured, so it was not delivered: it is in the <Link href="/dev-mailbox">dev mailbox</Link>.
    </>
  ) : null;
  return (
    <div className="banner banner-warn" role="status">
      <div>
        <strong>Your email address is not verified yet.</strong>{' '}
        {justSent ? (
          <>A verification email was just sent to {user.email}.</>
        ) : sentAt ? (
          <>
            Open the link in the verification email sent to {user.email} on {formatDate(sentAt)}.
          </>
        ) : (
          <>No verification email has been sent to {user.email}.</>
        )}
        {(justSent || sentAt) && whereItIs}
        <ErrorBanner error={error} onDismiss={() => setError(undefined)} />
        {!justSent && (
          <div>
            <button
              type="button"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                setError(undefined);
                try {
                  await api.post('/auth/request-verification');
                  setJustSent(true);
                  fresh.reload();
                } catch (err) {
                  setError(err);
                } finally {
                  setBusy(false);
                }
              }}
            >
              {sentAt ? 'Send a new verification email' : 'Send a verification email'}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
