import client from 'prom-client';

/** One registry per process; every module registers its metrics here and /metrics serves it. */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

export const httpDuration = new client.Histogram({
  name: 'herald_http_request_duration_seconds',
  help: 'HTTP request duration',
  labelNames: ['method', 'route', 'status'],
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [registry],
});

export const fastLane = new client.Counter({
  name: 'herald_http_fast_lane_total',
  help: 'Requests the gateway answered on its fast lane, without Express (by path; the rest of those routes take Express)',
  labelNames: ['route'],
  registers: [registry],
});

export const grpcDuration = new client.Histogram({
  name: 'herald_grpc_call_duration_seconds',
  help: 'Outbound gRPC call duration',
  labelNames: ['service', 'method', 'code'],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

export const grpcRefused = new client.Counter({
  name: 'herald_grpc_refused_total',
  help: 'Inbound gRPC calls refused for a missing or wrong internal token (INTERNAL_TOKEN)',
  labelNames: ['service', 'reason'],
  registers: [registry],
});

export const busPublished = new client.Counter({
  name: 'herald_bus_published_total',
  help: 'Domain events published from an outbox',
  labelNames: ['schema'],
  registers: [registry],
});

export const busConsumed = new client.Counter({
  name: 'herald_bus_consumed_total',
  help: 'Domain events handled by a consumer',
  labelNames: ['consumer', 'outcome'],
  registers: [registry],
});

export const busDeadLetters = new client.Counter({
  name: 'herald_bus_dead_letters_total',
  help: 'Domain events a consumer failed on DELIVERY_LIMIT times, now dead letters in its schema (listed and replayed by hand)',
  labelNames: ['consumer'],
  registers: [registry],
});

// ---- what an operator asks (docs/operations.md lists every metric) --------------------------------
// Labels stay bounded: a lane, a service, a schema, an outcome — never a project id or an address.

export const emails = new client.Counter({
  name: 'herald_emails_total',
  help: 'Emails by lane and outcome: accepted (stored for sending), sent (SMTP accepted), delivered, bounced, complained, failed (for good), retried (a temporary failure, tried again later), held (held back by a guardrail, a warm-up cap or the pace to its provider, no attempt spent)',
  labelNames: ['lane', 'outcome'],
  registers: [registry],
});

export const emailHandoff = new client.Histogram({
  name: 'herald_email_handoff_seconds',
  help: "From an email's acceptance (its row stored) to the SMTP server's answer to its handoff",
  labelNames: ['lane'],
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600],
  registers: [registry],
});

export const smtpResponses = new client.Counter({
  name: 'herald_smtp_responses_total',
  help: 'Answers of the SMTP server to a handoff, by class: 2xx, 4xx, 5xx, or error (no answer: connection, TLS, timeout)',
  labelNames: ['lane', 'class'],
  registers: [registry],
});

export const deliverabilityChanges = new client.Counter({
  name: 'herald_deliverability_changes_total',
  help: "Changes of a sending domain's pace to a mailbox provider: throttled (a reply rule of the catalogue, or deferrals) and resumed, by provider and reason",
  labelNames: ['provider', 'action', 'reason'],
  registers: [registry],
});

export const inbound = new client.Counter({
  name: 'herald_inbound_total',
  help: 'Inbound messages by way in (ses, smtp) and outcome: recorded (an email.received event per project), duplicate (a replay), refused (unknown domain or too large), dropped (no sender address), unsubscribed (mail to UNSUBSCRIBE_MAILTO applied)',
  labelNames: ['via', 'outcome'],
  registers: [registry],
});

export const rateLimited = new client.Counter({
  name: 'herald_rate_limited_total',
  help: "Refusals of a rate limit: api (a project's requests, 429), auth (password routes, 429), send (a sender worker held back by the project's sending rate)",
  labelNames: ['scope'],
  registers: [registry],
});

export const tracks = new client.Counter({
  name: 'herald_tracks_total',
  help: 'Events tracked through /v1/track and its batch form: recorded, or refused (invalid, or the contact unsubscribed from tracking)',
  labelNames: ['outcome'],
  registers: [registry],
});

export const busEventAge = new client.Histogram({
  name: 'herald_bus_event_age_seconds',
  help: 'Age of a domain event (now − occurredAt) when a consumer handles it: the consumer lag',
  labelNames: ['consumer'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [registry],
});

export const workflowTimerLateness = new client.Histogram({
  name: 'herald_workflow_timer_lateness_seconds',
  help: 'How late the workflow engine took up a timer it claimed (walk time − due_at)',
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [registry],
});

// Gauges read from the database when /metrics is scraped (see `onScrape`). Registered only by the
// process that runs their owner, so each process exports what it owns; all-in-one's threads
// aggregate them by max (both threads read the same database).

const SCRAPE_TIMEOUT_MS = 2000;
/** Two scrapes closer than this share one round of queries. */
const SCRAPE_REUSE_MS = 1000;
const hooks = new Set<() => Promise<void>>();
let round: Promise<void> | undefined;
let roundAt = 0;

/** Runs every scrape hook once (shared by all the gauges of one scrape); a slow or failing hook keeps its last values. */
function sampleAll(): Promise<void> {
  if (round) return round;
  if (Date.now() - roundAt < SCRAPE_REUSE_MS) return Promise.resolve();
  round = Promise.all(
    [...hooks].map((h) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, SCRAPE_TIMEOUT_MS)));
      return Promise.race([h().catch(() => undefined), timeout]).finally(() => clearTimeout(timer));
    }),
  ).then(() => {
    roundAt = Date.now();
    round = undefined;
  });
  return round;
}

function sampledGauge(name: string, help: string, labelNames: string[]) {
  return new client.Gauge({ name, help, labelNames, aggregator: 'max', registers: [], collect: sampleAll });
}

export const sendQueueDepth = sampledGauge(
  'herald_send_queue_depth',
  'Emails queued and not yet handed to a sender worker (retries waiting for their turn included)',
  ['lane'],
);
export const sendQueueOldest = sampledGauge(
  'herald_send_queue_oldest_seconds',
  'Age of the oldest queued email (since its acceptance); 0 when none is queued',
  ['lane'],
);
export const outboxBacklog = sampledGauge('herald_outbox_backlog', "Domain events in a service schema's outbox not yet relayed to the bus", ['schema']);
export const outboxOldest = sampledGauge('herald_outbox_oldest_seconds', "Age of the oldest event in a service schema's outbox; 0 when it is empty", [
  'schema',
]);
export const busDeadLetterCount = sampledGauge('herald_bus_dead_letters', "Dead letters present now in a consumer's schema (until replayed or discarded)", [
  'consumer',
]);
export const campaignRecipientsPending = sampledGauge(
  'herald_campaign_recipients_pending',
  'Recipients frozen for SENDING campaigns and not yet dispatched or settled',
  [],
);
export const workflowTimersDue = sampledGauge('herald_workflow_timers_due', 'Workflow executions waiting on a timer that is due (due_at ≤ now)', []);

/**
 * Registers gauges in this process's registry and a hook that sets them, run when /metrics is
 * scraped (at most once a second, SCRAPE_TIMEOUT_MS at most). The hook should be one cheap query
 * (never one per project). Returns the function that removes the hook (the gauges stay, as last set).
 */
export function onScrape(gauges: client.Gauge[], hook: () => Promise<void>): () => void {
  for (const g of gauges) if (!registry.getSingleMetric((g as unknown as { name: string }).name)) registry.registerMetric(g);
  hooks.add(hook);
  return () => void hooks.delete(hook);
}
