/**
 * No secret Herald's own files publish works in production: docker-compose.yml gives the secrets
 * no value of its own (Herald, in production there, refuses to start without them), and every
 * literal secret in deploy/ (the dev overlay's) is one that a process with NODE_ENV=production
 * refuses (PUBLISHED_SECRETS).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PUBLISHED_SECRETS } from '../../libs/kit/src';
import { ROOT, readText } from './helpers';

const SECRETS = ['JWT_SECRET', 'TRACKING_SECRET', 'ENCRYPTION_KEY', 'INTERNAL_TOKEN'];

function yamlFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    return e.isDirectory() ? yamlFiles(rel) : /\.ya?ml$/.test(e.name) ? [rel] : [];
  });
}

test('docker compose takes every secret from the operator, with no default value', () => {
  const compose = readText('docker-compose.yml');
  for (const name of SECRETS) {
    const lines = compose.split('\n').filter((l) => !l.trimStart().startsWith('#') && new RegExp(`\\b${name}\\b`).test(l));
    expect(lines).toEqual([`  ${name}: \${${name}:-}`]);
  }
});

test('every literal secret in deploy/ is refused in production', () => {
  const found: string[] = [];
  for (const file of yamlFiles('deploy')) {
    const text = readText(file);
    // NAME=value (generators), NAME: value (maps), and `- name: NAME` with `value: …` (container env).
    for (const m of text.matchAll(new RegExp(`\\b(${SECRETS.join('|')})[=:]\\s*"?([^"\\s]+)`, 'g'))) found.push(`${file}: ${m[1]}=${m[2]}`);
    for (const m of text.matchAll(new RegExp(`name:\\s*"?(${SECRETS.join('|')})"?\\s*\\n\\s*value:\\s*"?([^"\\s]+)`, 'g')))
      found.push(`${file}: ${m[1]}=${m[2]}`);
  }
  expect(found.length).toBeGreaterThan(0);
  expect(found.filter((f) => !PUBLISHED_SECRETS.has(f.split('=').slice(1).join('=')))).toEqual([]);
});
