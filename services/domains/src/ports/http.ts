import { z } from 'zod';
import type { Api } from '../../../../libs/contracts/src';
import type { Domain__Output as DomainMsg } from '../../../../libs/contracts/src/generated/herald/domains/v1/Domain';
import { on, policy, type Route } from '../../../../libs/edge/src';
import { forbidden } from '../../../../libs/kit/src';
import type { Purpose } from '../domain/records';

const addBody = z.object({
  domain: z.string({ message: 'must be a string' }).max(300).describe('The bare domain you send from, e.g. example.com or mail.example.com.'),
  projectId: z.string().optional().describe("Optional; must be the key's (or X-Project-Id's) project."),
  dmarcReportEmail: z.string().max(254).optional().describe('Where DMARC aggregate reports go: the suggested DMARC record gets rua=mailto:<it>.'),
});
const patchBody = z.object({
  dmarcReportEmail: z
    .string()
    .max(254)
    .nullable()
    .describe('Where DMARC aggregate reports go; null (or empty) for none. The DMARC record shown changes with it: publish it again.'),
});

const recordsExample = [
  { type: 'TXT', name: 'herald3f9a1c2e._domainkey.example.com', value: 'v=DKIM1; k=rsa; p=MIIBIjANBgkqh…', purpose: 'dkim' },
  { type: 'TXT', name: 'hm.example.com', value: 'v=spf1 include:amazonses.com ~all', purpose: 'spf' },
  { type: 'MX', name: 'hm.example.com', value: 'feedback-smtp.us-east-1.amazonses.com', priority: 10, purpose: 'mx' },
  { type: 'TXT', name: '_dmarc.example.com', value: 'v=DMARC1; p=none;', purpose: 'dmarc' },
];
const domainExample = {
  id: '01970a3d-0b4c-7e5f-a1b2-c3d4e5f60718',
  domain: 'example.com',
  verified: true,
  records: recordsExample.map((r) => ({ ...r, found: true })),
  createdAt: '2025-06-01T09:30:00.000Z',
  verifiedAt: '2025-06-01T09:41:07.000Z',
  lastCheckedAt: '2025-06-02T08:00:00.000Z',
  dmarcReportEmail: null,
};
const DOMAIN_ID = { id: 'The domain id.' };
/** Adding a domain generates its RSA-2048 DKIM key: CPU work a busy host can stretch past the default deadline. */
const KEYGEN_DEADLINE_MS = 30_000;
const domainNotFound = { 404: { code: 'DOMAIN_NOT_FOUND', description: 'No domain of this project has this id.' } };

const PURPOSES = ['dkim', 'spf', 'mx', 'dmarc', 'inbound'] as const satisfies readonly Purpose[];

/** A DNS record to publish. */
const recordAnswer = z.strictObject({
  type: z.enum(['TXT', 'MX']),
  name: z.string(),
  value: z.string(),
  priority: z.number().int().optional().describe('MX only.'),
  purpose: z
    .enum(PURPOSES)
    .describe('dkim, spf and mx decide verification; dmarc is a suggestion; inbound (with INBOUND_MX_HOST) brings the domain’s mail to Herald.'),
});
const domainAnswer = z.strictObject({
  id: z.string(),
  domain: z.string(),
  verified: z.boolean(),
  records: z.array(recordAnswer),
  createdAt: z.iso.datetime(),
  verifiedAt: z.iso.datetime().nullable().describe('When the domain was verified; null while it is not.'),
  lastCheckedAt: z.iso.datetime().nullable().describe('null before the first check.'),
  dmarcReportEmail: z.string().nullable().describe('Where DMARC aggregate reports go (rua= of the dmarc record); null: none.'),
});
/** A domain with what the last check found of each record. */
const checkedDomainAnswer = domainAnswer.extend({
  records: z.array(recordAnswer.extend({ found: z.boolean().describe('The last check found the record.') })),
});

/** `found` only where a check result is meant (verify, list); a freshly added domain has none. */
export const domainView = (d: DomainMsg, withFound: boolean) => ({
  id: d.id,
  domain: d.domain,
  verified: d.verified,
  records: d.records.map((r) => ({
    type: r.type,
    name: r.name,
    value: r.value,
    ...(r.priority ? { priority: r.priority } : {}),
    purpose: r.purpose,
    ...(withFound ? { found: r.found } : {}),
  })),
  createdAt: d.created_at,
  verifiedAt: d.verified_at || null,
  lastCheckedAt: d.last_checked_at || null,
  dmarcReportEmail: d.dmarc_report_email || null,
});

const otherProject = () =>
  forbidden('You do not have access to this project', 'PROJECT_ACCESS_DENIED', 'Use the project of your API key, or the one named in X-Project-Id.');

/**
 * Sending domains: a secret key or a member's session. The project is the key's (or X-Project-Id's),
 * which the guard put in the request context and every call carries. A projectId in the body or
 * the path is only compared with it (a different one is 403), never used.
 */
export function domainsRoutes(domains: () => Api<'domains'>): Route[] {
  const auth = policy.secret;
  return [
    on.get(
      '/domains/project/:projectId',
      auth,
      {
        tag: 'Domains',
        summary: "A project's domains",
        description: 'Verified and pending, each record with whether the last check found it (checks run every 5 minutes).',
        params: { projectId: "The key's (or X-Project-Id's) project." },
        responses: { 200: { description: 'The domains.', schema: z.array(checkedDomainAnswer), example: [domainExample] } },
        errors: { 403: { code: 'PROJECT_ACCESS_DENIED', description: 'Another project than the caller’s.' } },
      },
      async (req, res) => {
        if (req.params.projectId !== req.projectId) throw otherProject();
        const out = await domains().ListDomains({});
        res.json(out.domains.map((d) => domainView(d, true)));
      },
    ),
    on.post(
      '/domains',
      policy.admin,
      {
        tag: 'Domains',
        summary: 'Add a sending domain',
        description:
          'Returns the DNS records to publish: DKIM, SPF and MX for the return path, a DMARC suggestion, and (with INBOUND_MX_HOST) the MX that brings its mail to Herald.',
        body: addBody,
        example: { domain: 'example.com' },
        responses: {
          201: {
            description: 'The domain, not verified yet, with its records.',
            schema: domainAnswer,
            example: { ...domainExample, verified: false, records: recordsExample, verifiedAt: null, lastCheckedAt: null },
          },
        },
        errors: {
          403: { code: 'PROJECT_ACCESS_DENIED', description: 'projectId names another project.' },
          409: { code: 'CONFLICT', description: 'The domain is already added to this project.' },
        },
      },
      async (req, res, { body }) => {
        if (body.projectId !== undefined && body.projectId !== req.projectId) throw otherProject();
        const out = await domains().AddDomain({ domain: body.domain, dmarc_report_email: body.dmarcReportEmail ?? '' }, { deadlineMs: KEYGEN_DEADLINE_MS });
        res.status(201).json(domainView(out.domain!, false));
      },
    ),
    on.patch(
      '/domains/:id',
      policy.admin,
      {
        tag: 'Domains',
        summary: "Change a domain's settings",
        description: 'Its DMARC reporting address: the suggested DMARC record follows it (publish the new value).',
        params: DOMAIN_ID,
        body: patchBody,
        example: { dmarcReportEmail: 'dmarc@example.com' },
        responses: {
          200: {
            description: 'The domain, with what the last check found.',
            schema: checkedDomainAnswer,
            example: {
              ...domainExample,
              dmarcReportEmail: 'dmarc@example.com',
              records: domainExample.records.map((r) => (r.purpose === 'dmarc' ? { ...r, value: 'v=DMARC1; p=none; rua=mailto:dmarc@example.com;' } : r)),
            },
          },
        },
        errors: domainNotFound,
      },
      async (req, res, { body }) => {
        const out = await domains().UpdateDomain({ id: String(req.params.id), dmarc_report_email: body.dmarcReportEmail ?? '' });
        res.json(domainView(out.domain!, true));
      },
    ),
    on.get(
      '/domains/:id/verify',
      auth,
      {
        tag: 'Domains',
        summary: 'Check the DNS records now',
        params: DOMAIN_ID,
        responses: { 200: { description: 'The domain and what the check found.', schema: checkedDomainAnswer, example: domainExample } },
        errors: domainNotFound,
      },
      async (req, res) => {
        const out = await domains().VerifyDomain({ id: String(req.params.id) });
        res.json(domainView(out.domain!, true));
      },
    ),
    on.delete(
      '/domains/:id',
      policy.admin,
      { tag: 'Domains', summary: 'Remove a domain', params: DOMAIN_ID, responses: { 204: { description: 'Removed.' } }, errors: domainNotFound },
      async (req, res) => {
        await domains().DeleteDomain({ id: String(req.params.id) });
        res.status(204).end();
      },
    ),
  ];
}
