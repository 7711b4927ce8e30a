import { z } from 'zod';
import { envBool } from '../../../libs/kit/src';

/** The workflows service's settings (docs/configuration.md, "Workflows"). */
export const workflowsSettings = z.object({
  /**
   * DELAY steps and WAIT_FOR_EVENT timeouts last this many times their configured length: 1 in
   * production; demos and tests shorten them (0.001 makes a minute 60 ms) instead of faking time.
   */
  WORKFLOW_TIME_SCALE: z.coerce.number().positive().max(1).default(1),
  /** WEBHOOK steps may call private, loopback and link-local addresses (a deployment's own services). */
  WORKFLOW_WEBHOOK_ALLOW_PRIVATE: envBool.default(false),
  /** How long a worker holds the executions it claimed: one that dies leaves them due again after this. */
  WORKFLOW_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** Executions a worker claims at a time. */
  WORKFLOW_BATCH: z.coerce.number().int().min(1).max(5000).default(500),
  /** Executions of a batch a worker walks at once (their steps wait on other services). */
  WORKFLOW_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(32),
  /** The first retry's delay of a step that failed for a reason that may pass; each next one is 4 × longer. */
  WORKFLOW_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
});
