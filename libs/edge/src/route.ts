import type { Request, Response } from 'express';
import type { Role } from './types';
import './types';

/**
 * Who may call a route. There is no default: every route names its policy where it is defined,
 * and the gateway mounts nothing without one (deny by default).
 * - `public`: anyone (signed links, hosted pages, signed webhooks, login and signup).
 * - `user`: a logged-in dashboard user (session cookie), whatever the project.
 * - `project`: the project's data — an API key of the project, or a session of one of its
 *   members naming the project in X-Project-Id. `keys` is the weakest key accepted — `public`
 *   (pk_ or sk_) or `secret` (sk_ only) — and `role` the least role a session needs. Rate
 *   limited per project; a disabled project takes no writes.
 * - `member`: a project's own settings (`/users/@me/projects/:id`…) — a session of a member with at
 *   least `role` in the project the path parameter `param` names, disabled or not.
 */
export type Policy =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'project'; keys: 'public' | 'secret'; role: Role }
  | { kind: 'member'; role: Role; param: string };

export const policy = {
  public: { kind: 'public' } as Policy,
  user: { kind: 'user' } as Policy,
  /** Any key of the project, public ones too (tracking), or a member's session. */
  tracking: { kind: 'project', keys: 'public', role: 'MEMBER' } as Policy,
  /** A secret key of the project, or a member's session. */
  secret: { kind: 'project', keys: 'secret', role: 'MEMBER' } as Policy,
  /** A session of a member with at least `role` in the project named by the path's `:id`. */
  member: (role: Role, param = 'id'): Policy => ({ kind: 'member', role, param }),
};

export function describePolicy(p: Policy): string {
  if (p.kind === 'project') return `project(keys: ${p.keys}, role: ${p.role})`;
  if (p.kind === 'member') return `member(role: ${p.role}, project: :${p.param})`;
  return p.kind;
}

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A JSON answer: its status and body. */
export interface Reply {
  status: number;
  body: unknown;
}

/** What a reply route works from, however the request came in (Express or the gateway's fast lane). */
export interface Call<T = unknown> {
  projectId: string;
  /** The project's tracking setting (ENABLED | DISABLED | MARKETING_ONLY). */
  tracking: string;
  requestId: string;
  /** The body, parsed by the route's `parse` when it has one. */
  input: T;
  /** The body as received ('{}' when empty). */
  text: string;
}

interface RouteBase {
  method: Method;
  path: string;
  auth: Policy;
  /**
   * Counted per client address and per account name (the `email` of the body) as well, for the
   * routes that take a password or send mail to an address (login, signup, password reset).
   */
  authLimit?: boolean;
}

/** A route answering through Express's request and response. */
export interface HandlerRoute extends RouteBase {
  handle(req: Request, res: Response): Promise<unknown>;
  /** A body other than JSON: a form (urlencoded, 10 kB) or raw text (1 MB, any type). */
  body?: 'form' | 'text';
}

/**
 * A project route answering JSON from its (validated) body. Such a route can honour
 * Idempotency-Key (`idempotent`), and can be served on the gateway's fast lane (`fast`).
 */
export interface ReplyRoute<T = any> extends RouteBase {
  /** Validates the body before anything else (a 422 is not remembered under an Idempotency-Key). */
  parse?: (body: unknown) => T;
  reply(call: Call<T>): Promise<Reply>;
  idempotent?: boolean;
  fast?: boolean;
}

export type Route = HandlerRoute | ReplyRoute;

export const isReplyRoute = (r: Route): r is ReplyRoute => 'reply' in r;

type Handle = HandlerRoute['handle'];
const handler =
  (method: Method) =>
  (path: string, auth: Policy, handle: Handle, opts: Pick<HandlerRoute, 'body' | 'authLimit'> = {}): HandlerRoute => ({ method, path, auth, handle, ...opts });

/** Handler routes, read as "on GET /contacts, for a secret key: …". */
export const on = { get: handler('get'), post: handler('post'), put: handler('put'), patch: handler('patch'), delete: handler('delete') };
