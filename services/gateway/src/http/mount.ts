import express, { type Express, type RequestHandler } from 'express';
import type { Db } from '../../../../libs/db/src';
import { bodyOf, checkAnswer, checkJsonAnswers, describePolicy, isReplyRoute, queryOf, writeJson, type Route } from '../../../../libs/edge/src';
import { guard, type AuthDeps } from './auth';
import { idempotent } from './idempotency';
import type { RateLimit } from './ratelimit';

export interface MountDeps {
  auth: AuthDeps;
  /** Per project (every project route). */
  limit: RateLimit;
  /** Per client address and per account (routes marked `authLimit`). */
  authLimit: RequestHandler;
  /** The gateway's database (Idempotency-Key records). */
  db: Db;
  /** Every JSON answer checked against its route's declared schema (checksAnswers: in tests). */
  checkAnswers: boolean;
}

const bodyParsers = {
  form: express.urlencoded({ extended: false, limit: '10kb' }),
  text: express.text({ type: '*/*', limit: '1mb' }),
};

/**
 * Mounts routes on the app, each behind the guard of its own policy: the only way the gateway
 * serves an API route, so none goes out without one. The guard is the first handler of every
 * route (test/edge walks the app to check it). A project route is then rate limited per project.
 * The handler gets the body and query its doc declares, validated (see RouteDoc), never the raw
 * request's.
 */
export function mountRoutes(app: Express, routes: Route[], deps: MountDeps) {
  const seen = new Map<string, Route>();
  for (const r of routes) {
    const key = `${r.method.toUpperCase()} ${r.path}`;
    if (seen.has(key)) throw new Error(`${key} is declared twice (${describePolicy(seen.get(key)!.auth)} and ${describePolicy(r.auth)})`);
    seen.set(key, r);
    if (isReplyRoute(r) && (r.fast || r.idempotent) && r.auth.kind !== 'project') throw new Error(`${key}: only project routes can be idempotent or fast`);
    if (isReplyRoute(r) && r.fast && (r.method !== 'post' || r.path.includes(':'))) throw new Error(`${key}: a fast route is a POST to a fixed path`);
    if (r.doc.body && r.doc.forwardedBody) throw new Error(`${key}: a body is validated here (doc.body) or forwarded (doc.forwardedBody), not both`);

    const chain: RequestHandler[] = [guard(deps.auth, r.auth)];
    if (r.auth.kind === 'project') chain.push(deps.limit.middleware);
    if (r.authLimit) chain.push(deps.authLimit);
    if (!isReplyRoute(r) && r.body && r.body !== 'multipart') chain.push(bodyParsers[r.body]);
    const handle: RequestHandler = isReplyRoute(r)
      ? replyHandler(r, deps)
      : (req, res, next) => {
          if (deps.checkAnswers) checkJsonAnswers(r.doc, res);
          void (async () => r.handle(req, res, { body: bodyOf(r.doc, req.body), query: queryOf(r.doc, req.query) }))().catch(next);
        };
    // The route rides on its last handler, so what is mounted can be checked against the reference (test/edge).
    chain.push(Object.assign(handle, { route: r }));
    app[r.method](r.path, ...chain);
  }
}

/** A reply route through Express: the body validated (a 422 first), then the reply, under its Idempotency-Key when it honours one. */
function replyHandler(r: Extract<Route, { reply: unknown }>, { db, checkAnswers }: MountDeps): RequestHandler {
  return (req, res, next) => {
    (async () => {
      const input = bodyOf(r.doc, req.body);
      const call = async () => {
        const reply = await r.reply({
          projectId: req.projectId!,
          tracking: req.tracking ?? 'ENABLED',
          requestId: req.requestId,
          input,
          text: JSON.stringify(req.body ?? {}),
        });
        if (checkAnswers) checkAnswer(r.doc, reply.status, reply.body);
        return reply;
      };
      if (r.idempotent) return idempotent(db, req, res, call);
      const reply = await call();
      writeJson(res, reply.status, reply.body);
    })().catch(next);
  };
}
