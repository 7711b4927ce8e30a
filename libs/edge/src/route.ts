import type { Request, Response } from 'express';
import type { z } from 'zod';
import { parse, parseQuery } from './errors';
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
  { kind: 'public' } | { kind: 'user' } | { kind: 'project'; keys: 'public' | 'secret'; role: Role } | { kind: 'member'; role: Role; param: string };

export const policy = {
  public: { kind: 'public' } as Policy,
  user: { kind: 'user' } as Policy,
  /** Any key of the project, public ones too (tracking), or a member's session. */
  tracking: { kind: 'project', keys: 'public', role: 'MEMBER' } as Policy,
  /** A secret key of the project, or a member's session. */
  secret: { kind: 'project', keys: 'secret', role: 'MEMBER' } as Policy,
  /** A secret key of the project, or the session of an ADMIN or the OWNER (what changes how the project sends, or shows account mail). */
  admin: { kind: 'project', keys: 'secret', role: 'ADMIN' } as Policy,
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
  /** The body, validated by the route's `doc.body` when it declares one (see `bodyOf`). */
  input: T;
  /** The body as received ('{}' when empty). */
  text: string;
}

export type Schema = z.ZodType;

/** A success answer of a route, as the API reference shows it. */
export interface ResponseDoc {
  description: string;
  /** An example of the body (Plunk's shapes, where Plunk has the route); none for a 204 or a redirect. */
  example?: unknown;
  /** The body's schema, where one exists. */
  schema?: Schema;
  /** The media type when the body is not JSON (`text/html`, `image/gif`). */
  type?: string;
}

/**
 * What the API reference (GET /openapi.json, GET /docs) says of a route, and what the route takes
 * in: every route has one (the gateway's reference is generated from them, and test/edge checks
 * that it covers every route mounted). `body` and `query` are not only documented: the gateway
 * validates the request with these very schemas before the handler runs, and the handler gets
 * the result (`input`), never the raw request — so the reference cannot drift from what is
 * validated.
 */
export interface RouteDoc<B extends Schema | undefined = Schema | undefined, Q extends Schema | undefined = Schema | undefined> {
  /** Groups routes in the reference: `Contacts`, `Events`… */
  tag: string;
  /** One line: what the route does. */
  summary: string;
  description?: string;
  /** The body (JSON, or the form of a `form` route): a failure is a 422 naming each bad field. */
  body?: B;
  /** The query string: a failure is a 400 naming each bad parameter. Documented in its input form (strings). */
  query?: Q;
  /**
   * A body the gateway passes on as it came (the handler gets it unvalidated) for the handler or
   * the service behind to validate with this schema — the service's own, exported for this
   * (`/v1/send`; a replace whose unknown id is a 404 before a bad body's 422).
   */
  forwardedBody?: Schema;
  /** A request body example; the tests check it against `body` or `forwardedBody`. */
  example?: unknown;
  /** What each path parameter (`:name`) is. */
  params?: Record<string, string>;
  /** Success answers by status. */
  responses: Record<number, ResponseDoc>;
  /**
   * Errors of the route itself by status (an unknown id, a conflict); those of its policy (401,
   * 403, 429) and of its input (400, 413, 422) the reference adds by itself. A status with
   * several causes of different codes lists each.
   */
  errors?: Record<number, ErrorDoc | ErrorDoc[]>;
}

export interface ErrorDoc {
  code: string;
  description: string;
}

interface RouteBase {
  method: Method;
  path: string;
  auth: Policy;
  doc: RouteDoc;
  /**
   * Counted per client address and per account name (the `email` of the body) as well, for the
   * routes that take a password or send mail to an address (login, signup, password reset).
   */
  authLimit?: boolean;
}

/** What a handler sees of the request: not its body nor its query, which come validated as `input`. */
export type RouteRequest = Omit<Request, 'body' | 'query'>;

/** A handler's input: the body and query its route's doc declares, validated; undefined where none is declared. */
export interface Input<B = unknown, Q = unknown> {
  body: B;
  query: Q;
}

type Parsed<S> = S extends Schema ? z.output<S> : unknown;

/** A route answering through Express's request and response. */
export interface HandlerRoute extends RouteBase {
  handle(req: RouteRequest, res: Response, input: Input): Promise<unknown>;
  /**
   * A body other than JSON: a form (urlencoded, 10 kB), raw text (1 MB, any type), or multipart
   * (`multipart/form-data`, left unread for the handler to stream; its `doc.forwardedBody`
   * describes the parts).
   */
  body?: 'form' | 'text' | 'multipart';
}

/**
 * A project route answering JSON from its (validated) body. Such a route can honour
 * Idempotency-Key (`idempotent`), and can be served on the gateway's fast lane (`fast`). Its body
 * is validated before anything else (a 422 is not remembered under an Idempotency-Key); it takes
 * no query string (the fast lane does not read one).
 */
export interface ReplyRoute<T = any> extends RouteBase {
  doc: Omit<RouteDoc, 'query'>;
  reply(call: Call<T>): Promise<Reply>;
  idempotent?: boolean;
  fast?: boolean;
}

export type Route = HandlerRoute | ReplyRoute;

export const isReplyRoute = (r: Route): r is ReplyRoute => 'reply' in r;

/**
 * The body a route's handler gets: validated by `doc.body` (422), as received when the route
 * forwards it (`doc.forwardedBody`), else nothing.
 */
export function bodyOf(doc: RouteDoc, raw: unknown): unknown {
  if (doc.body) return parse(doc.body, raw);
  return doc.forwardedBody ? raw : undefined;
}

/** The query a route's handler gets: validated by `doc.query` (400), else nothing. */
export function queryOf(doc: RouteDoc, raw: unknown): unknown {
  return doc.query ? parseQuery(doc.query, raw) : undefined;
}

const handler =
  (method: Method) =>
  <B extends Schema | undefined = undefined, Q extends Schema | undefined = undefined>(
    path: string,
    auth: Policy,
    doc: RouteDoc<B, Q>,
    handle: (req: RouteRequest, res: Response, input: Input<Parsed<B>, Parsed<Q>>) => Promise<unknown>,
    opts: Pick<HandlerRoute, 'body' | 'authLimit'> = {},
  ): HandlerRoute => ({ method, path, auth, doc, handle: handle as HandlerRoute['handle'], ...opts });

/** Handler routes, read as "on GET /contacts, for a secret key, documented so: …". */
export const on = { get: handler('get'), post: handler('post'), put: handler('put'), patch: handler('patch'), delete: handler('delete') };
