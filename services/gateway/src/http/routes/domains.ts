import { Router } from 'express';
import { z } from 'zod';
import type { DomainMsg, DomainsApi } from '../../../../../libs/contracts/src';
import { forbidden } from '../../../../../libs/kit/src';
import { parse, route } from '../errors';

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

/** SPEC §4.8. The project is the key's (or X-Project-Id's); a different projectId is 403. */
export function domainsRouter(domains: () => DomainsApi): Router {
  const r = Router();

  r.get('/domains/project/:projectId', route(async (req, res) => {
    if (req.params.projectId !== req.projectId) throw otherProject();
    const out = await domains().ListDomains({ project_id: req.projectId! });
    res.json(out.domains.map((d) => domainView(d, true)));
  }));

  r.post('/domains', route(async (req, res) => {
    const body = parse(addBody, req.body);
    if (body.projectId !== undefined && body.projectId !== req.projectId) throw otherProject();
    const out = await domains().AddDomain({ project_id: req.projectId!, domain: body.domain });
    res.status(201).json(domainView(out.domain!, false));
  }));

  r.get('/domains/:id/verify', route(async (req, res) => {
    const out = await domains().VerifyDomain({ project_id: req.projectId!, id: String(req.params.id) });
    res.json(domainView(out.domain!, true));
  }));

  r.delete('/domains/:id', route(async (req, res) => {
    await domains().DeleteDomain({ project_id: req.projectId!, id: String(req.params.id) });
    res.status(204).end();
  }));

  return r;
}
