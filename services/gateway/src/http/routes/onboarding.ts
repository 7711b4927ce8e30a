import { z } from 'zod';
import type { Api } from '../../../../../libs/contracts/src';
import { on, policy, type Route } from '../../../../../libs/edge/src';

export interface OnboardingDeps {
  contacts: () => Api<'contacts'>;
  domains: () => Api<'domains'>;
  campaigns: () => Api<'campaigns'>;
  workflows: () => Api<'workflows'>;
  billing: () => Api<'billing'>;
}

/** Sent campaigns looked at for the latest send (newest first). */
const PAGE = 100;

/**
 * GET /projects/:id/setup-state (Plunk's), the dashboard's onboarding checklist. The edge asks
 * each service what it owns, at once (nothing calls the edge, so this adds no cycle).
 */
export function onboardingRoutes(d: OnboardingDeps): Route[] {
  async function hasEnabledWorkflow() {
    return Number((await d.workflows().ListWorkflows({ page: 1, page_size: 1, enabled: true })).total) > 0;
  }
  async function lastCampaignSentAt() {
    const out = await d.campaigns().ListCampaigns({ page: 1, page_size: PAGE, status: 'SENT' });
    const sent = out.campaigns.map((c) => c.sent_at).filter((s): s is string => !!s);
    return sent.length ? sent.reduce((a, b) => (a > b ? a : b)) : null;
  }
  return [
    on.get(
      '/projects/:id/setup-state',
      policy.member('MEMBER'),
      {
        tag: 'Projects',
        summary: "The project's onboarding state",
        description:
          "What the dashboard's getting-started checklist shows: a verified sending domain, contacts, the last campaign sent, an enabled workflow, a subscription with the payment provider.",
        params: { id: 'The project id.' },
        responses: {
          200: {
            description: 'The onboarding state.',
            example: {
              hasVerifiedDomain: true,
              contactCount: 1250,
              lastCampaignSentAt: '2025-06-01T09:30:00.000Z',
              hasEnabledWorkflow: false,
              hasSubscription: false,
            },
            schema: z.strictObject({
              hasVerifiedDomain: z.boolean(),
              contactCount: z.number().int(),
              lastCampaignSentAt: z.iso.datetime().nullable(),
              hasEnabledWorkflow: z.boolean(),
              hasSubscription: z.boolean(),
            }),
          },
        },
      },
      async (_req, res) => {
        const [domains, contacts, lastSent, workflow, billing] = await Promise.all([
          d.domains().ListDomains({}),
          d.contacts().ListContacts({ limit: 1, cursor: '', search: '' }),
          lastCampaignSentAt(),
          hasEnabledWorkflow(),
          d.billing().Status({}),
        ]);
        res.json({
          hasVerifiedDomain: domains.domains.some((x) => x.verified),
          contactCount: Number(contacts.total),
          lastCampaignSentAt: lastSent,
          hasEnabledWorkflow: workflow,
          hasSubscription: billing.has_subscription,
        });
      },
    ),
  ];
}
