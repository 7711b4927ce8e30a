import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
/** The dashboard's API types: generated from GET /openapi.json (scripts/api-types.js), never written by hand. */
export const API_TYPES_FILE = path.join(ROOT, 'dashboard/src/generated/api.ts');

/**
 * The types of this document (scripts/api-types.js) and those committed; under `npm run
 * gen:api-types` (HERALD_WRITE_API_TYPES) written first.
 */
export function committedApiTypes(document: unknown): { want: string; have: string } {
  const want = execFileSync(process.execPath, [path.join(ROOT, 'scripts/api-types.js')], { input: JSON.stringify(document), encoding: 'utf8' });
  if (process.env.HERALD_WRITE_API_TYPES) {
    fs.mkdirSync(path.dirname(API_TYPES_FILE), { recursive: true });
    fs.writeFileSync(API_TYPES_FILE, want);
  }
  return { want, have: fs.existsSync(API_TYPES_FILE) ? fs.readFileSync(API_TYPES_FILE, 'utf8') : '' };
}
