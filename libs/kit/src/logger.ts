import pino from 'pino';
import { currentContext } from './context';

/** What every log line carries: the request and project ids of the current request, and its trace and span ids when traced. */
export function logContext(): Record<string, string | undefined> {
  const ctx = currentContext();
  if (!ctx) return {};
  if (!ctx.span) return { requestId: ctx.requestId, projectId: ctx.projectId };
  const { traceId, spanId } = ctx.span.spanContext();
  return { requestId: ctx.requestId, projectId: ctx.projectId, trace_id: traceId, span_id: spanId };
}

/** JSON logs, each line with its logContext(), on stdout or appended to LOG_FILE. */
export const logger = pino(
  {
    level: process.env.LOG_LEVEL ?? 'info',
    base: { pid: process.pid, target: process.env.TARGET ?? 'all' },
    redact: { paths: ['password', '*.password', 'authorization', '*.authorization', 'secret', '*.secret', 'key', '*.key'], censor: '[redacted]' },
    mixin: logContext,
  },
  process.env.LOG_FILE ? pino.destination({ dest: process.env.LOG_FILE, append: true, mkdir: true, sync: true }) : undefined,
);
export type Logger = typeof logger;
