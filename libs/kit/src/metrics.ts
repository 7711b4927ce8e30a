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
