/** A member's role in a project, from least to most rights. */
export const ROLES = ['MEMBER', 'ADMIN', 'OWNER'] as const;
export type Role = (typeof ROLES)[number];

export interface KeyAuth {
  kind: 'key';
  projectId: string;
  scope: 'public' | 'secret';
  disabled: boolean;
}

export interface SessionAuth {
  kind: 'session';
  userId: string;
  /** Set on project-scoped routes from X-Project-Id. */
  projectId?: string;
  role?: Role;
  disabled?: boolean;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      requestId: string;
      auth?: KeyAuth | SessionAuth;
      projectId?: string;
      /** The project's tracking setting (ENABLED | DISABLED | MARKETING_ONLY). */
      tracking?: string;
      /** The request's server span, when traces are recorded (libs/kit tracing.ts). */
      span?: import('@opentelemetry/api').Span;
      /** Set by the JSON parser: true when the raw body cannot hold what the gateway's rejectUnsafeJson refuses. */
      plainJson?: boolean;
    }
  }
}
