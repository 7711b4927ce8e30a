import type { Answer } from '../api-types';
import { Link } from 'wouter';
import { useProject, useSession } from '../session';
import { useApi } from '../ui/data';
import { Loaded, PageHeader, formatDate, formatNumber } from '../ui/kit';
import { ResendVerification } from './auth';

type SetupState = Answer<'/projects/{id}/setup-state', 'get'>;

/** The project's first page: what is set up, and the next step. */
export function Overview() {
  const project = useProject();
  const { user, config } = useSession();
  const setup = useApi<SetupState>(`/projects/${project.id}/setup-state`);
  return (
    <>
      <PageHeader title={project.name} subtitle="Getting started" />
      {user && !user.emailVerified && (
        <div className="banner banner-warn">
          <div>
            <strong>Your email address is not verified yet.</strong> Open the link we sent to {user.email}.
            <ResendVerification />
          </div>
        </div>
      )}
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
    </>
  );
}
