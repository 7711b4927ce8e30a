import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import type { Db } from '../../../../libs/db/src';
import { writeJson, type Reply } from '../../../../libs/edge/src';
import { AppError, badRequest, isAppError } from '../../../../libs/kit/src';

const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
const WINDOW = "interval '24 hours'";

/**
 * The Idempotency-Key header (/v1/send, /v1/track, /events/track): the first request with a key
 * runs; a repeat within 24 h gets the first response again (Idempotent-Replayed: true) and does
 * nothing. Without the header, fn just runs. Server errors are not remembered, so a retry after
 * one runs again.
 */
export async function idempotent(db: Db, req: Request, res: Response, fn: () => Promise<Reply>): Promise<void> {
  const key = req.header('idempotency-key');
  if (key === undefined) return send(res, await fn());
  if (!KEY_FORMAT.test(key)) throw badRequest('Idempotency-Key must be 1 to 255 printable ASCII characters', 'Use a UUID per logical request.');
  const projectId = req.projectId!;
  const route = `${req.method} ${req.baseUrl}${req.path}`;
  const hash = crypto
    .createHash('sha256')
    .update(JSON.stringify(req.body ?? null))
    .digest('hex');

  await db.query(`DELETE FROM gateway.idempotency WHERE project_id = $1 AND key = $2 AND created_at < now() - ${WINDOW}`, [projectId, key]);
  const claimed = await db.query(
    `INSERT INTO gateway.idempotency (project_id, key, route, request_hash) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING key`,
    [projectId, key, route, hash],
  );
  if (claimed.length === 0) {
    const prior = (
      await db.query(`SELECT route, request_hash, status_code, response FROM gateway.idempotency WHERE project_id = $1 AND key = $2`, [projectId, key])
    )[0];
    if (!prior || prior.route !== route || prior.request_hash !== hash) {
      throw new AppError({
        code: 'CONFLICT',
        status: 409,
        message: 'This Idempotency-Key was used for a different request',
        suggestion: 'Use a new key for every distinct request.',
      });
    }
    if (prior.status_code === null) {
      throw new AppError({
        code: 'CONFLICT',
        status: 409,
        message: 'A request with this Idempotency-Key is still being processed',
        suggestion: 'Retry in a moment to receive its response.',
      });
    }
    res.set('Idempotent-Replayed', 'true');
    return send(res, { status: prior.status_code, body: prior.response });
  }

  let reply: Reply;
  try {
    reply = await fn();
  } catch (err) {
    if (isAppError(err) && err.status < 500) {
      await remember(db, projectId, key, { status: err.status, body: null }, err);
    } else {
      await db.query(`DELETE FROM gateway.idempotency WHERE project_id = $1 AND key = $2`, [projectId, key]);
    }
    throw err;
  }
  await remember(db, projectId, key, reply);
  send(res, reply);
}

async function remember(db: Db, projectId: string, key: string, reply: Reply, err?: AppError) {
  const body = err ? { __error: err.toJSON() } : reply.body;
  await db.query(`UPDATE gateway.idempotency SET status_code = $3, response = $4 WHERE project_id = $1 AND key = $2`, [
    projectId,
    key,
    reply.status,
    JSON.stringify(body),
  ]);
}

function send(res: Response, reply: Reply) {
  const body = reply.body as any;
  if (body && typeof body === 'object' && body.__error) throw new AppError(body.__error);
  writeJson(res, reply.status, reply.body);
}
