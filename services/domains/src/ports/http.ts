import { z } from 'zod';
import type { Api } from '../../../../libs/contracts/src';
import type { Domain__Output as DomainMsg } from '../../../../libs/contracts/src/generated/herald/domains/v1/Domain';
import { on, parse, policy, type Route } from '../../../../libs/edge/src';
import { forbidden } from '../../../../libs/kit/src';

const addBody = z.object({
  domain: z.string({ message: 'must be a string' }).max(300),
  projectId: z.string().optional(),
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
});

const otherProject = () =>
  forbidden('You do not have access to this project', 'PROJECT_ACCESS_DENIED', 'Use the project of your API key, or the one named in X-Project-Id.');

/**
 * SPEC §4.8: a secret key or a member's session. The project is the key's (or X-Project-Id's),
 * which the guard put in the request context and every call carries. A projectId in the body or
 * the path is only compared with it (a different one is 403), never used.
 */
export function domainsRoutes(domains: () => Api<'domains'>): Route[] {
  const auth = policy.secret;
  return [
    on.get('/domains/project/:projectId', auth, async (req, res) => {
      if (req.params.projectId !== req.projectId) throw otherProject();
      const out = await domains().ListDomains({});
      res.json(out.domains.map((d) => domainView(d, true)));
    }),
    on.post('/domains', auth, async (req, res) => {
      const body = parse(addBody, req.body);
      if (body.projectId !== undefined && body.projectId !== req.projectId) throw otherProject();
      const out = await domains().AddDomain({ domain: body.domain });
      res.status(201).json(domainView(out.domain!, false));
    }),
    on.get('/domains/:id/verify', auth, async (req, res) => {
      const out = await domains().VerifyDomain({ id: String(req.params.id) });
      res.json(domainView(out.domain!, true));
    }),
    on.delete('/domains/:id', auth, async (req, res) => {
      await domains().DeleteDomain({ id: String(req.params.id) });
      res.status(204).end();
    }),
  ];
}
