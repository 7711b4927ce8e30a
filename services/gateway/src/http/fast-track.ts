import type { IncomingMessage, ServerResponse } from 'node:http';
import { finished } from 'node:stream';
import getRawBody from 'raw-body';
import { metrics, runWithContext } from '../../../../libs/kit/src';
import type { HttpFront } from '../../../../libs/runtime/src/module';
import { AuthDeps, keyProject } from './auth';
import { asAppError, sendError, writeJson } from './errors';
import { nulError, nulFree } from './nul';
import type { RateLimit } from './ratelimit';
import { requestIdOf } from './request-id';
import { parseTrack, tracker } from './routes/events';

/** The track routes: the lane takes these exact paths, Express serves them for everything else. */
export const TRACK_PATHS = ['/v1/track', '/events/track'];
const PATHS = new Set(TRACK_PATHS);
const JSON_UTF8 = /^application\/json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/**
 * POST /v1/track and /events/track with an API key, without Express: the hottest route, where
 * Express's router, body parser and response helpers cost as much CPU as the track itself.
 *
 * It takes only the requests it answers exactly as the Express route does — the exact path, an
 * `Authorization` header, a JSON body in UTF-8 without Content-Encoding, no Idempotency-Key —
 * and leaves every other (dashboard session, query string, gzip, idempotent retry…) to Express.
 * It goes through the same steps in the same order with the same functions: request id, body
 * (400/413), NUL check (422), key (401/403), rate limit (429 and the RateLimit headers),
 * validation (422), then the same batched `tracker`; every error is the same envelope.
 */
export function trackFastLane(opts: { auth: AuthDeps; limit: RateLimit; track: ReturnType<typeof tracker>; bodyLimit: string }): HttpFront {
  return (req, res) => {
    const h = req.headers;
    if (req.method !== 'POST' || !PATHS.has(req.url!) || !h.authorization || h['idempotency-key'] !== undefined) return false;
    if (!JSON_UTF8.test(h['content-type'] ?? '') || (h['content-encoding'] ?? 'identity').toLowerCase() !== 'identity') return false;

    metrics.trackFastLane.inc();
    const requestId = requestIdOf(h['x-request-id']);
    res.setHeader('X-Request-ID', requestId);
    void handle(req, res, requestId, metrics.httpDuration.startTimer({ method: 'POST' }));
    return true;
  };

  async function handle(req: IncomingMessage, res: ServerResponse, requestId: string, timer: (labels: { route: string; status: string }) => void) {
    // As in Express: a request whose body fails to parse never reaches the route ("unmatched").
    let route = 'unmatched';
    res.on('finish', () => timer({ route, status: String(res.statusCode) }));
    let projectId: string | undefined;
    try {
      const body = await readJson(req, opts.bodyLimit);
      route = req.url!;
      // Defined: the lane only takes requests with an Authorization header.
      const key = (await keyProject(opts.auth, req.headers.authorization, true))!;
      projectId = key.projectId;
      await runWithContext({ requestId, projectId }, async () => {
        await opts.limit.admit(key.projectId, res);
        const reply = await opts.track(key.projectId, parseTrack(body));
        writeJson(res, reply.status, reply.body);
      });
    } catch (err) {
      if (res.headersSent) return;
      // In the request's context, so a logged 500 carries its request and project id.
      const answer = runWithContext({ requestId, projectId }, () => asAppError(err));
      // As body-parser does: read off the rest of the request before answering.
      req.resume();
      finished(req, () => sendError(requestId, res, answer));
    }
  }
}

/** The body as express.json({ strict: true }) parses it: {} when empty, only an object or array, no NUL. */
async function readJson(req: IncomingMessage, limit: string): Promise<unknown> {
  const length = req.headers['content-length'];
  if (req.headers['transfer-encoding'] === undefined && (length === undefined || Number.isNaN(Number(length)))) return undefined;
  const raw = await getRawBody(req, { length, limit });
  let text = raw.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // body-parser's decoder drops a BOM
  if (text.length === 0) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (body === null || typeof body !== 'object') throw Object.assign(new Error('malformed JSON'), { type: 'entity.parse.failed' });
  const nul = nulFree(raw) ? undefined : nulError(body);
  if (nul) throw nul;
  return body;
}
