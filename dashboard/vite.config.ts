import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The dashboard's production build: dist/dashboard, served by the gateway at `/` (all-in-one and
 * split), or by any static host. Asset paths are relative, so it works under any path, and routes
 * live in the URL's hash, so no host needs rewrite rules. `HERALD_API_URL` at build time points a
 * dashboard hosted apart at its API (default: the origin that serves it).
 */
export default defineConfig({
  base: './',
  plugins: [react()],
  define: { __HERALD_API_URL__: JSON.stringify(process.env.HERALD_API_URL ?? '') },
  build: { outDir: '../dist/dashboard', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 600 },
  server: {
    proxy: Object.fromEntries(
      [
        '/auth',
        '/users',
        '/projects',
        '/contacts',
        '/events',
        '/templates',
        '/campaigns',
        '/segments',
        '/workflows',
        '/domains',
        '/activity',
        '/analytics',
        '/uploads',
        '/config',
        '/v1',
        '/dev',
      ].map((p) => [p, process.env.HERALD_API_URL ?? 'http://localhost:8080']),
    ),
  },
});
