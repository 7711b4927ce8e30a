import { Router } from 'express';
import type { DomainsApi } from '../../../../../libs/contracts/src';

/** SPEC §4.8 — placeholder until the domains service lands. */
export function domainsRouter(_domains: () => DomainsApi): Router {
  return Router();
}
