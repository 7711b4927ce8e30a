import { contracts } from '../../../libs/contracts/src';
import { defineService } from '../../../libs/runtime/src/service';
import { WorkflowsRepo } from './adapters/repo';
import { dnsResolver, metrics } from '../../../libs/kit/src';
import { resolverLookup, systemLookup, webhookSender } from './adapters/webhook';
import { GraphCache, runEngine, type EngineDeps } from './app/engine';
import { workflowsHandlers } from './app/workflows';
import { workflowsSettings } from './config';
import { migrations, SCHEMA } from './migrations';
import { workflowsConsumer } from './ports/consumers';
import { workflowsRoutes } from './ports/http';

/** How often the engine looks for due executions: a due timer fires within this (and a batch's time). */
const ENGINE_EVERY_MS = 200;
/** The WEBHOOK step's timeout (10 s, as on Plunk). */
const WEBHOOK_TIMEOUT_MS = 10_000;

/** Workflows: graphs of steps, the executions that walk them, and the engine that runs their steps durably. */
export const workflows = defineService({
  name: 'workflows',
  grpc: { contract: contracts.workflows, port: 50066 },
  httpPort: 8066,
  deploy: {
    about:
      'workflows, their executions and the engine that runs their steps (due executions are claimed with FOR UPDATE SKIP LOCKED, so replicas share the timers). Egress: contacts, messaging, and the URLs of WEBHOOK steps (public addresses only, unless WORKFLOW_WEBHOOK_ALLOW_PRIVATE).',
    size: 'small',
    scaling: 'cpu',
  },
  calls: { contacts: contracts.contacts, messaging: contracts.messaging },
  config: workflowsSettings,
  schema: { name: SCHEMA, migrations },
  routes: workflowsRoutes,
  async start(ctx) {
    const store = new WorkflowsRepo(ctx.db);
    const c = ctx.config;
    const deps: EngineDeps = {
      store,
      contacts: ctx.clients.contacts,
      messaging: ctx.clients.messaging,
      // Names resolve where the domains service resolves them (DNS_SERVERS), else as the system does.
      webhooks: webhookSender({
        allowPrivate: c.WORKFLOW_WEBHOOK_ALLOW_PRIVATE,
        timeoutMs: WEBHOOK_TIMEOUT_MS,
        lookup: c.DNS_SERVERS ? resolverLookup(dnsResolver(c.DNS_SERVERS)) : systemLookup,
      }),
      settings: {
        batch: c.WORKFLOW_BATCH,
        leaseMs: c.WORKFLOW_LEASE_MS,
        concurrency: c.WORKFLOW_CONCURRENCY,
        timeScale: c.WORKFLOW_TIME_SCALE,
        retryBaseMs: c.WORKFLOW_RETRY_BASE_MS,
      },
    };
    const cache = new GraphCache(store);
    // herald_workflow_timers_due: executions whose timer is due (the executions_due index).
    const unsample = metrics.onScrape([metrics.workflowTimersDue], async () => {
      const [r] = await ctx.db.query<{ n: number }>(`SELECT count(*)::float8 AS n FROM workflows.executions WHERE due_at <= now()`);
      metrics.workflowTimersDue.set(r.n);
    });
    return {
      async stop() {
        unsample();
      },
      grpc: workflowsHandlers({
        store,
        contacts: ctx.clients.contacts,
        messaging: ctx.clients.messaging,
        allowPrivateWebhooks: c.WORKFLOW_WEBHOOK_ALLOW_PRIVATE,
      }),
      consumer: workflowsConsumer(store),
      timers: [{ name: 'workflows.engine', everyMs: ENGINE_EVERY_MS, run: (stopped) => runEngine(deps, cache, stopped) }],
    };
  },
});
