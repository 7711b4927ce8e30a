import { z } from 'zod';
import { on, policy, type Route } from '../../../../../libs/edge/src';

/** The reference, rendered once at start: the OpenAPI document as JSON, and its HTML page. */
export interface Reference {
  json: string;
  html: string;
}

/**
 * GET /openapi.json and GET /docs, for anyone. `reference` gives them once the document exists: it
 * is generated from every route, these two included.
 */
export function referenceRoutes(reference: () => Reference): Route[] {
  return [
    on.get(
      '/openapi.json',
      policy.public,
      {
        tag: 'Reference',
        summary: 'This API as an OpenAPI 3.1 document',
        description: 'Generated from the routes themselves: the schemas are the ones requests are validated with.',
        responses: {
          200: {
            description: 'The document.',
            example: { openapi: '3.1.0', info: { title: 'Herald API', version: '1' }, paths: { '/v1/track': { post: { operationId: 'postV1Track' } } } },
            schema: z
              .looseObject({
                openapi: z.literal('3.1.0'),
                info: z.looseObject({ title: z.string(), version: z.string() }),
                paths: z.record(z.string(), z.unknown()),
              })
              .describe('An OpenAPI 3.1 document (its own schema: https://spec.openapis.org/oas/3.1/schema).'),
          },
        },
      },
      async (_req, res) => {
        // Public and static: any origin may read it (API tools, editors).
        res.set('Access-Control-Allow-Origin', '*').type('application/json').send(reference().json);
      },
    ),
    on.get(
      '/docs',
      policy.public,
      {
        tag: 'Reference',
        summary: 'The API reference page',
        description: 'Rendered from /openapi.json on the server; it loads nothing from anywhere (no script, no stylesheet or font from elsewhere).',
        responses: { 200: { description: 'One self-contained HTML page.', type: 'text/html', example: '<!doctype html><html lang="en">…</html>' } },
      },
      async (_req, res) => {
        res.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'").type('html').send(reference().html);
      },
    ),
  ];
}
