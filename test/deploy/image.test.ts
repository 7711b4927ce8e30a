/**
 * Dockerfile and .dockerignore, checked by reading them (no Docker engine needed): a
 * multi-stage build on a pinned Node LTS image, production dependencies only, non-root, the
 * same entry point as `npm start`, and everything the runtime needs copied in.
 */
import { ROOT, readText } from './helpers';
import fs from 'node:fs';
import path from 'node:path';

interface Instr {
  op: string;
  args: string;
}
interface Stage {
  base: string;
  name?: string;
  instrs: Instr[];
}

/** Parses a Dockerfile into stages (joins line continuations, drops comments). */
function parseDockerfile(text: string): { args: Record<string, string>; stages: Stage[] } {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, op, rest] = /^(\S+)\s*(.*)$/.exec(line)!;
    const OP = op.toUpperCase();
    if (OP === 'FROM') {
      const m = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest)!;
      stages.push({ base: m[1], name: m[2], instrs: [] });
    } else if (stages.length === 0 && OP === 'ARG') {
      const [k, v] = rest.split('=');
      args[k] = v;
    } else if (stages.length) stages[stages.length - 1].instrs.push({ op: OP, args: rest });
  }
  return { args, stages };
}

const { args, stages } = parseDockerfile(readText('Dockerfile'));
const resolve = (s: string) => s.replace(/\$\{?(\w+)\}?/g, (_, k) => args[k] ?? `\${${k}}`);
const final = stages[stages.length - 1];
const finalOps = (op: string) => final.instrs.filter((i) => i.op === op);

test('is multi-stage, on a pinned Debian Node LTS image (never latest)', () => {
  expect(stages.length).toBeGreaterThanOrEqual(2);
  for (const s of stages) {
    const base = resolve(s.base);
    if (stages.some((o) => o.name === base)) continue; // FROM an earlier stage
    const m = /^node:(\d+)[.\w-]*$/.exec(base);
    expect({ base, ok: !!m }).toEqual({ base, ok: true });
    expect(Number(m![1]) % 2).toBe(0); // LTS lines are even-numbered
    expect(Number(m![1])).toBeGreaterThanOrEqual(24); // Node 20 is past its end of life; 24 is the current LTS
    expect(base).not.toMatch(/latest|alpine/); // embedded PostgreSQL binaries need glibc
  }
});

test('the runtime stage gets production dependencies only, from a stage that ran npm ci --omit=dev', () => {
  const copies = finalOps('COPY').map((i) => i.args);
  const nm = copies.find((c) => / \.?\/?(app\/)?node_modules\s*$|node_modules \.\/node_modules/.test(c))!;
  expect(nm).toBeDefined();
  const from = /--from=(\S+)/.exec(nm)![1];
  const stage = stages.find((s) => s.name === from)!;
  const runs = stage.instrs
    .filter((i) => i.op === 'RUN')
    .map((i) => i.args)
    .join(' ');
  expect(runs).toMatch(/npm ci\b[^&]*--omit=dev/);
  expect(
    finalOps('RUN')
      .map((i) => i.args)
      .join(' '),
  ).not.toMatch(/npm (ci|install)/);
});

test('the runtime stage has the built dist/, protos/ and package.json next to each other in WORKDIR', () => {
  const copies = finalOps('COPY').map((i) => i.args);
  expect(copies.some((c) => /--from=build\s+\S*dist\s+\.\/dist/.test(c))).toBe(true);
  expect(copies.some((c) => /^protos\s+\.\/protos$/.test(c))).toBe(true);
  expect(copies.some((c) => /package\.json/.test(c))).toBe(true);
  const build = stages.find((s) => s.name === 'build')!;
  expect(
    build.instrs
      .filter((i) => i.op === 'RUN')
      .map((i) => i.args)
      .join(' '),
  ).toMatch(/npm run build/);
  expect(fs.existsSync(path.join(ROOT, 'protos'))).toBe(true);
});

test('every npm ci sees the workspaces (the dashboard) it installs', () => {
  const workspaces: string[] = JSON.parse(readText('package.json')).workspaces;
  for (const stage of stages.filter((s) => s.instrs.some((i) => i.op === 'RUN' && /npm ci\b/.test(i.args)))) {
    const copies = stage.instrs.filter((i) => i.op === 'COPY').map((i) => i.args);
    for (const w of workspaces)
      expect({ stage: stage.name, copied: copies.some((c) => c.includes(`${w}/package.json`)) }).toEqual({ stage: stage.name, copied: true });
  }
});

test('runs as a non-root numeric user', () => {
  const users = finalOps('USER').map((i) => i.args);
  expect(users.length).toBeGreaterThan(0);
  const last = users[users.length - 1];
  expect(last).toMatch(/^\d+(:\d+)?$/);
  expect(Number(last.split(':')[0])).not.toBe(0);
});

test('the entry point is the command `npm start` runs after building', () => {
  const pkg = JSON.parse(readText('package.json'));
  const start: string = pkg.scripts.start;
  const runCmd = start
    .split('&&')
    .map((s) => s.trim())
    .pop()!;
  const cmd = finalOps('CMD').pop()!.args;
  expect(JSON.parse(cmd).join(' ')).toBe(runCmd);
  expect(finalOps('ENTRYPOINT')).toHaveLength(0);
});

test('TARGET defaults to all and the data directory is a declared volume (read-only root friendly)', () => {
  const env = finalOps('ENV')
    .map((i) => i.args)
    .join(' ');
  expect(env).toMatch(/\bTARGET=all\b/);
  expect(env).toMatch(/\bNODE_ENV=production\b/);
  const dataDir = /\bHERALD_DATA_DIR=(\S+)/.exec(env)![1];
  expect(
    finalOps('VOLUME')
      .map((i) => i.args)
      .join(' '),
  ).toContain(dataDir);
});

test('.dockerignore keeps local artefacts out and what the build needs in', () => {
  const lines = readText('.dockerignore')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  for (const p of ['node_modules', 'dist', '.git', '.herald']) expect(lines).toContain(p);
  for (const needed of ['package.json', 'package-lock.json', 'protos', 'libs', 'services', 'dashboard', 'tsconfig.build.json', 'tsconfig.base.json']) {
    const excluded = lines.some((l) => !l.startsWith('!') && (l === needed || l === `${needed}/` || l === '*' || l === `${needed}/**`));
    expect({ needed, excluded }).toEqual({ needed, excluded: false });
  }
});
