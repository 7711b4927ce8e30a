import { AsyncLocalStorage } from 'node:async_hooks';
import type { Span } from '@opentelemetry/api';

/**
 * What the request being handled is on behalf of: set once by the gateway's guard (the project it
 * authenticated, and the dashboard user and their role in that project for a session) and carried
 * by every internal call the request makes (see `metaFromContext` in libs/contracts).
 */
export interface RequestContext {
  requestId: string;
  projectId?: string;
  /** A dashboard session's user (absent for API keys). */
  userId?: string;
  /** That user's role in `projectId` (MEMBER, ADMIN, OWNER). */
  role?: string;
  /** The current span, when traces are recorded (see tracing.ts). */
  span?: Span;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const runWithContext = <T>(ctx: RequestContext, fn: () => T): T => storage.run(ctx, fn);
export const currentContext = (): RequestContext | undefined => storage.getStore();
