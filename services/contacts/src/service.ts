import { PROJECTION_RELAY_SPACING_MS } from '../../../libs/bus/src';
import { contracts } from '../../../libs/contracts/src';
import { logger, type Timer } from '../../../libs/kit/src';
import { defineService } from '../../../libs/runtime/src/service';
import { JobsRepo } from './adapters/jobs-repo';
import { ContactsRepo } from './adapters/repo';
import { SegmentsRepo } from './adapters/segments-repo';
import { conditionHandlers } from './app/conditions';
import { contactsHandlers } from './app/handlers';
import { jobsHandlers, MAX_ATTEMPTS, runJob, type JobsDeps } from './app/jobs';
import { recomputeDue, segmentsHandlers, type RecomputeSettings, type SegmentsDeps } from './app/segments';
import { contactsSettings } from './config';
import { migrations, SCHEMA } from './migrations';
import { contactsConsumer } from './ports/consumers';
import { contactsRoutes } from './ports/http';
import { jobsRoutes } from './ports/jobs-http';
import { segmentsRoutes } from './ports/segments-http';

/** Import and bulk jobs: their own work queue, so a backlog of them never waits behind anything else. */
const JOBS_QUEUE = 'contacts.jobs.bulk';
/** What one upload call carries (the edge sends the file in pieces of this size). */
const CHUNK_BYTES = 256 * 1024;
/** Rows per statement and transaction of an import. */
const IMPORT_BATCH_ROWS = 1000;

/** How long a replica holds a project whose tracked segments it recomputes (another takes it after, if it died). */
const RECOMPUTE_LEASE_MS = 5 * 60_000;

/** Contacts, their custom data and field types, the per-contact event facts segments read, segments, CSV import and bulk jobs. */
export const contacts = defineService({
  name: 'contacts',
  grpc: { contract: contracts.contacts, port: 50061 },
  httpPort: 8061,
  deploy: {
    about: 'contacts with their data and field types, segments, CSV import and bulk jobs (jobs are claimed with SKIP LOCKED, so replicas share them).',
    size: 'standard',
    scaling: 'cpu',
  },
  config: contactsSettings,
  // Its events feed the public contact.subscribed/unsubscribed records: no one waits on them.
  schema: { name: SCHEMA, migrations, relaySpacingMs: PROJECTION_RELAY_SPACING_MS },
  work: [{ queue: JOBS_QUEUE, type: 'contacts.job.queued.v1', lane: 'bulk' }],
  routes: (api) => [...contactsRoutes(api), ...jobsRoutes(api), ...segmentsRoutes(api)],
  async start(ctx) {
    const repo = new ContactsRepo(ctx.db);
    const jobs: JobsDeps = {
      jobs: new JobsRepo(ctx.db, repo.outbox),
      contacts: repo,
      maxBytes: ctx.config.IMPORT_MAX_BYTES,
      chunkBytes: CHUNK_BYTES,
      leaseMs: ctx.config.JOB_LEASE_SECONDS * 1000,
      batchRows: IMPORT_BATCH_ROWS,
    };
    // All-in-one keeps work items in memory: queued jobs lost theirs with the last process.
    if (ctx.transport === 'memory') {
      const n = await jobs.jobs.forgetEnqueued();
      if (n) logger.warn({ jobs: n }, 'queueing again the contacts jobs the last shutdown left queued');
    }
    const contactsApi = contactsHandlers(repo);
    const segments: SegmentsDeps = {
      segments: new SegmentsRepo(ctx.db),
      contacts: repo,
      upsert: contactsApi.UpsertContacts,
    };
    const recompute: RecomputeSettings = {
      debounceMs: ctx.config.SEGMENT_RECOMPUTE_DEBOUNCE_MS,
      intervalMs: ctx.config.SEGMENT_RECOMPUTE_INTERVAL_MINUTES * 60_000,
      leaseMs: RECOMPUTE_LEASE_MS,
    };
    return {
      grpc: { ...contactsApi, ...jobsHandlers(jobs), ...segmentsHandlers(segments), ...conditionHandlers(segments) },
      consumer: contactsConsumer(repo, segments.segments, recompute.debounceMs),
      work: {
        [JOBS_QUEUE]: {
          handler: (e, info) => runJob(jobs, e.projectId, (e.data as { jobId: string }).jobId, info.stopping),
          concurrency: ctx.config.JOB_CONCURRENCY,
        },
      },
      timers: [jobsSweep(jobs), { name: 'contacts.segments.recompute', everyMs: 1000, run: (stopped) => recomputeDue(segments, recompute, stopped) }],
    };
  },
});

/**
 * Every second: jobs whose worker died (lease expired) or whose work item went missing are queued
 * again; a job interrupted MAX_ATTEMPTS times fails; abandoned uploads go.
 */
function jobsSweep(d: JobsDeps): Timer {
  return {
    name: 'contacts.jobs.sweep',
    everyMs: 1000,
    async run() {
      const r = await d.jobs.sweep(d.leaseMs, MAX_ATTEMPTS);
      if (r.requeued || r.failed || r.abandoned) logger.info(r, 'contacts jobs swept');
    },
  };
}
