import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import { AppError } from '../../../../libs/kit/src';

/**
 * The dashboard's production build (dashboard/ → dist/dashboard), served at `/` by every gateway:
 * `index.html` at `/`, never cached (it names the current assets), and the content-hashed files
 * under `/assets/`, cached for good. The dashboard's routes live in the URL's hash, so no other
 * path is needed and none can shadow an API route.
 */
export function dashboardFiles(dir: string, opts: { apiOrigins: string[] }): express.RequestHandler {
  const index = path.join(dir, 'index.html');
  const assets = express.static(path.join(dir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false });
  // The dashboard runs no inline script and talks to its own origin (or the API it was built for).
  const csp = [
    "default-src 'self'",
    `connect-src 'self' ${opts.apiOrigins.join(' ')}`.trim(),
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // Template previews render an email's own images, from wherever they are hosted.
    "img-src 'self' data: https: http:",
    "frame-src 'self' about:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
  const router = express.Router();
  router.use('/assets', (req, res, next) => (req.method === 'GET' || req.method === 'HEAD' ? assets(req, res, next) : next()));
  router.get(['/', '/index.html'], (_req, res, next) => {
    if (!fs.existsSync(index)) {
      return next(
        new AppError({
          code: 'DASHBOARD_NOT_BUILT',
          status: 404,
          message: 'The dashboard is not built',
          suggestion: 'Run `npm run build` (npm start does it), or set DASHBOARD_DIR to a built dashboard.',
        }),
      );
    }
    res.set({
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': csp,
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'same-origin',
      'X-Content-Type-Options': 'nosniff',
    });
    res.sendFile(index);
  });
  // Named, so the gateway's middleware list says what it is (test/edge/routes.test.ts).
  return function dashboardFiles(req, res, next) {
    router(req, res, next);
  };
}

/** Where the build is: DASHBOARD_DIR, else dist/dashboard beside the compiled gateway. */
export function dashboardDir(configured: string | undefined): string {
  if (configured) return path.resolve(configured);
  // dist/services/gateway/src/http → dist/dashboard (from source, under jest: the repository's dist/dashboard).
  const up = path.resolve(__dirname, '../../../..');
  return path.basename(up) === 'dist' ? path.join(up, 'dashboard') : path.join(up, 'dist', 'dashboard');
}
