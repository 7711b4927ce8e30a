import { z } from 'zod';

/** The campaigns service's settings (docs/configuration.md, "Campaigns"). */
export const campaignsSettings = z.object({
  /**
   * A project's campaign emails handed to messaging's bulk lane and not yet sent, at most: the
   * bulk queue holds a bounded share of each project, so projects' campaigns take turns.
   */
  CAMPAIGN_WINDOW: z.coerce.number().int().min(10).max(100_000).default(2000),
  /** Recipients a fan-out turn hands to messaging at most (one call). */
  CAMPAIGN_DISPATCH_PAGE: z.coerce.number().int().min(1).max(1000).default(500),
});
