import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import { AppError } from '../../kit/src';
import type { RouteDoc } from './route';

/**
 * Whether the gateway checks every JSON answer against the schema its route declares for that
 * status (RouteDoc.responses[status].schema). On under NODE_ENV=test, so every test that calls a
 * route checks its answer too; off otherwise (the check costs a parse per answer, and a user gets
 * the answer as it is).
 */
export const checksAnswers = (nodeEnv: string) => nodeEnv === 'test';

/**
 * Throws a 500 RESPONSE_SCHEMA naming each mismatch when the body does not match the schema its
 * route declares for this status, so a test that calls the route fails on it.
 */
export function checkAnswer(doc: RouteDoc, status: number, body: unknown) {
  const schema = doc.responses[status]?.schema;
  if (!schema) return;
  const parsed = schema.safeParse(body);
  if (parsed.success) return;
  throw new AppError({
    status: 500,
    code: 'RESPONSE_SCHEMA',
    message: `the answer does not match the schema its route declares for ${status}:\n${z.prettifyError(parsed.error)}`,
    details: { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
  });
}

/** Makes `res.json` (Express) check what it sends (checkAnswer). */
export function checkJsonAnswers(doc: RouteDoc, res: ServerResponse & { json(body: unknown): unknown }) {
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    checkAnswer(doc, res.statusCode, body);
    return json(body);
  };
}
