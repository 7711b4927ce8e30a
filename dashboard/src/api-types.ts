import type { paths } from './generated/api';

/**
 * The API's shapes as its reference declares them: generated/api.ts is generated from GET
 * /openapi.json (`npm run gen:api-types`), and test/edge/openapi.test.ts fails when it is stale,
 * so a type here cannot drift from what the API answers (every answer is checked against the
 * same schemas in the tests).
 */
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : never;

/** The body `method path` answers with `status` (200 unless given): `Answer<'/users/@me', 'get'>`. */
export type Answer<P extends keyof paths, M extends Method & keyof paths[P], S extends number = 200> = paths[P][M] extends {
  responses: infer R;
}
  ? S extends keyof R
    ? JsonOf<R[S]>
    : never
  : never;
