/**
 * docs/configuration.md states the settings as they are: every variable a schema declares is
 * documented (the process's in its own sections, a service's in the section named after it), and
 * nothing is documented that no schema declares. A registered service appears in the Targets table
 * (written by `npm run gen`) with its ports and variables, and its settings, if it has any, in a
 * section of its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { processSettings } from '../libs/kit/src';
import { grpcPortVariable, portVariable } from '../libs/runtime/src';
import { registry } from '../services/all/src/registry';

/** Rows naming a family of variables, one per service, derived from the registry. */
const PATTERNS = ['<SERVICE>_ADDR', '<SERVICE>_DATABASE_URL', '<SERVICE>_PORT', '<SERVICE>_GRPC_PORT'];

interface Section {
  heading: string;
  owner: string;
  rows: Map<string, string>;
}

function sections(): Section[] {
  const text = fs.readFileSync(path.join(__dirname, '../docs/configuration.md'), 'utf8');
  return text
    .split(/^## /m)
    .slice(1)
    .map((chunk) => {
      const heading = chunk.split('\n')[0];
      const owner = /\(`([a-z0-9]+)`\)$/.exec(heading)?.[1] ?? 'the process';
      const rows = new Map([...chunk.matchAll(/^\| `([A-Z0-9_<>]+)` \|(.*)$/gm)].map((m) => [m[1], m[2]]));
      return { heading, owner, rows };
    });
}

const declared = new Map<string, string>([
  ...Object.keys(processSettings.shape).map((k) => [k, 'the process'] as [string, string]),
  ...registry.services.flatMap((s) => Object.keys(s.config?.shape ?? {}).map((k) => [k, s.name] as [string, string])),
]);

test('every variable is documented where it belongs, and nothing else is', () => {
  const documented = new Map<string, string>();
  const problems: string[] = [];
  for (const s of sections()) {
    if (s.owner !== 'the process' && !registry.has(s.owner)) problems.push(`section "${s.heading}" names no registered service`);
    for (const name of s.rows.keys()) {
      if (documented.has(name)) problems.push(`${name} is documented twice`);
      documented.set(name, s.owner);
    }
  }
  for (const [name, owner] of declared) {
    if (!documented.has(name)) problems.push(`${name} (${owner}) is not documented`);
    else if (documented.get(name) !== owner) problems.push(`${name} belongs to ${owner} but is documented under ${documented.get(name)}`);
  }
  for (const [name, owner] of documented) {
    if (!declared.has(name) && !PATTERNS.includes(name)) problems.push(`${name} is documented (under ${owner}) but no schema declares it`);
  }
  expect(problems).toEqual([]);
});

test('every registered service is named with its ports, and has a section for its settings', () => {
  const text = fs.readFileSync(path.join(__dirname, '../docs/configuration.md'), 'utf8');
  const targets = new Map([...text.matchAll(/^\| `([a-z0-9]+)` \|(.*)$/gm)].map((m) => [m[1], m[2].split('|').map((c) => c.trim())]));
  const problems: string[] = [];
  for (const s of registry.services) {
    const row = targets.get(s.name);
    if (!row) {
      problems.push(`the Targets table does not list ${s.name}`);
      continue;
    }
    const [http, grpc, address, launcher] = row;
    if (http !== String(s.httpPort)) problems.push(`Targets gives ${s.name} the HTTP port ${http}, not ${s.httpPort}`);
    if (grpc !== (s.grpc ? String(s.grpc.port) : '—')) problems.push(`Targets gives ${s.name} the gRPC port ${grpc}`);
    if (s.grpc && address !== `\`${s.name.toUpperCase()}_ADDR\``) problems.push(`Targets does not name ${s.name.toUpperCase()}_ADDR`);
    // The split launcher's per-service ports (libs/runtime/src/split.ts): the edge's is PORT.
    if (s.placement !== 'edge' && !launcher.includes(`\`${portVariable(s.name)}\``)) problems.push(`Targets does not name ${portVariable(s.name)}`);
    if (s.grpc && !launcher.includes(`\`${grpcPortVariable(s.name)}\``)) problems.push(`Targets does not name ${grpcPortVariable(s.name)}`);
    if (s.config && !sections().some((x) => x.owner === s.name)) problems.push(`${s.name} has settings but no section`);
  }
  expect(problems).toEqual([]);
});
