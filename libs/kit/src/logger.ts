import pino from 'pino';
import { currentContext } from './context';

/** JSON logs with the request and project ids of the current request, when there is one. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  base: { pid: process.pid, target: process.env.TARGET ?? 'all' },
  redact: { paths: ['password', '*.password', 'authorization', '*.authorization', 'secret', '*.secret', 'key', '*.key'], censor: '[redacted]' },
  mixin() {
    const ctx = currentContext();
    return ctx ? { requestId: ctx.requestId, projectId: ctx.projectId } : {};
  },
});
export type Logger = typeof logger;
