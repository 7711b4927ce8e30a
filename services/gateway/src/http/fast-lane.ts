import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished } from 'node:stream';
import getRawBody from 'raw-body';
import { asAppError, bodyOf, checkAnswer, sendError, writeJson, type ReplyRoute } from '../../../../libs/edge/src';
import { metrics, runWithContext } from '../../../../libs/kit/src';
import type { HttpFront } from '../../../../libs/runtime/src/service';
import { AuthDeps, keyProject } from './auth';
import { parseNoting, plainJson, unsafeJsonError } from './json-guard';
import type { RateLimit } from './ratelimit';
import { requestIdOf } from './request-id';
import { requestSpan } from './trace';

const JSON_UTF8 = /^application\/json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/**
 * The hottest API routes (`/v1/track`, `/events/track`, `/v1/send`) with an API key, without
 * Express: there, Express's router, body parser and response helpers cost as much CPU as the
 * gateway's own work.
 *
 * It serves the reply routes marked `fast` (POST, a fixed path, API keys), and takes only the
 * requests it answers exactly as their Express route does — the exact path, an `Authorization`
 * header, a JSON body in UTF-8 without Content-Encoding, no Idempotency-Key — and leaves every
 * other (dashboard session, query string, gzip, idempotent retry…) to Express. It goes through the
 * same steps in the same order with the same functions: request id, body (400/413), NUL check
 * (422), key (401/403), rate limit (429 and the RateLimit headers), then the route's body
 * validation (`bodyOf`) and `reply` (the batched call); every error is the same envelope.
 */
export function fastLane(opts: { auth: AuthDeps; limit: RateLimit; bodyLimit: string; checkAnswers: boolean; routes: ReplyRoute[] }): HttpFront {
  const routes = new Map(opts.routes.map((r) => [r.path, r]));
  return (req, res) => {
    const h = req.headers;
    const lane = req.method === 'POST' ? routes.get(req.url!) : undefined;
    if (!lane || !h.authorization || h['idempotency-key'] !== undefined) return false;
    if (!JSON_UTF8.test(h['content-type'] ?? '') || (h['content-encoding'] ?? 'identity').toLowerCase() !== 'identity') return false;

    metrics.fastLane.inc({ route: req.url! });
    const requestId = requestIdOf(h['x-request-id']);
    res.setHeader('X-Request-ID', requestId);
    void handle(lane, req, res, requestId, metrics.httpDuration.startTimer({ method: 'POST' }));
    return true;
  };

  async function handle(
    lane: ReplyRoute,
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    timer: (labels: { route: string; status: string }) => void,
  ) {
    // As in Express: a request whose body fails to parse never reaches the route ("unmatched").
    let route = 'unmatched';
    res.on('finish', () => timer({ route, status: String(res.statusCode) }));
    const span = requestSpan(req, res, () => route);
    let projectId: string | undefined;
    try {
      const { body, text } = await readJson(req, opts.bodyLimit);
      route = req.url!;
      // Defined: the lane only takes requests with an Authorization header.
      const allowPublic = lane.auth.kind === 'project' && lane.auth.keys === 'public';
      const key = (await keyProject(opts.auth, req.headers.authorization, allowPublic))!;
      projectId = key.projectId;
      await runWithContext({ requestId, projectId, span }, async () => {
        await opts.limit.admit(key.projectId, res);
        const input = bodyOf(lane.doc, body);
        const reply = await lane.reply({ projectId: key.projectId, tracking: key.tracking ?? 'ENABLED', requestId, input, text });
        if (opts.checkAnswers) checkAnswer(lane.doc, reply.status, reply.body);
        writeJson(res, reply.status, reply.body);
      });
    } catch (err) {
      if (res.headersSent) return;
      // In the request's context, so a logged 500 carries its request and project id.
      const answer = runWithContext({ requestId, projectId, span }, () => asAppError(err));
      // As body-parser does: read off the rest of the request before answering.
      req.resume();
      finished(req, () => sendError(requestId, res, answer));
    }
  }
}

/** The body as express.json({ strict: true }) parses it: {} when empty, only an object or array, no NUL. */
async function readJson(req: IncomingMessage, limit: string): Promise<{ body: unknown; text: string }> {
  const length = req.headers['content-length'];
  if (req.headers['transfer-encoding'] === undefined && (length === undefined || Number.isNaN(Number(length)))) return { body: undefined, text: '{}' };
  const raw = await getRawBody(req, { length, limit });
  let text = raw.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // body-parser's decoder drops a BOM
  if (text.length === 0) return { body: {}, text: '{}' };
  let body: unknown;
  let nonFinite = false;
  try {
    ({ body, nonFinite } = parseNoting(text));
  } catch {
    body = undefined;
  }
  if (body === null || typeof body !== 'object') throw Object.assign(new Error('malformed JSON'), { type: 'entity.parse.failed' });
  const unsafe = plainJson(raw) && !nonFinite ? undefined : unsafeJsonError(body);
  if (unsafe) throw unsafe;
  return { body, text };
}
