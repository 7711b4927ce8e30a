import { z } from 'zod';

/** The contacts service's settings (docs/configuration.md, "Contacts"). */
export const contactsSettings = z.object({
  /** The largest CSV file `POST /contacts/import` takes (5 MB by default). */
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(5 * 1024 * 1024),
  /** Import and bulk jobs a contacts process runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** How long a job stays a dead worker's before the sweep hands it to another. */
  JOB_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** After contacts or events of a project change, how long its tracked segments wait for more changes before they are recomputed. */
  SEGMENT_RECOMPUTE_DEBOUNCE_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  /** Tracked segments are recomputed at least this often, changes or not (conditions such as "within 7 days" move with time). */
  SEGMENT_RECOMPUTE_INTERVAL_MINUTES: z.coerce.number().min(1).max(10_080).default(60),
});
