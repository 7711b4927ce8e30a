/**
 * Unit test: where a process's INTERNAL_TOKEN comes from (libs/runtime/src/internal-token.ts) —
 * set, generated once into the data directory and shared by the processes using it (real
 * processes racing for the file, from the built dist/), or refused in production.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../kit/src';
import { internalToken, INTERNAL_TOKEN_FILE } from '../src/internal-token';

const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-token-'));
  dirs.push(dir);
  return path.join(dir, 'data'); // not there yet: the token makes it
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const config = (env: NodeJS.ProcessEnv) => loadConfig({ TARGET: 'contacts', ...env });
const TOKEN = 'a-token-of-at-least-thirty-two-characters';

describe('INTERNAL_TOKEN', () => {
  it('is used as set, in any environment, and no file is written', () => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      const dir = dataDir();
      expect(internalToken(config({ NODE_ENV, INTERNAL_TOKEN: TOKEN, HERALD_DATA_DIR: dir }), true)).toBe(TOKEN);
      expect(fs.existsSync(dir)).toBe(false);
    }
  });

  it('must be at least 32 characters; empty is unset', () => {
    expect(() => config({ INTERNAL_TOKEN: 'x'.repeat(31) })).toThrow(/INTERNAL_TOKEN: must be at least 32 characters/);
    expect(config({ INTERNAL_TOKEN: '' }).INTERNAL_TOKEN).toBeUndefined();
  });

  it('production: a process that serves or calls gRPC refuses to start without it, naming it; all-in-one needs none and writes none', () => {
    const dir = dataDir();
    expect(() => internalToken(config({ NODE_ENV: 'production', HERALD_DATA_DIR: dir }), true)).toThrow(/INTERNAL_TOKEN must be set when NODE_ENV=production/);
    expect(internalToken(config({ NODE_ENV: 'production', TARGET: 'all', HERALD_DATA_DIR: dir }), false)).toBeUndefined();
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('outside production: generated once into <HERALD_DATA_DIR>/internal-token (mode 0600), then read from there', () => {
    const dir = dataDir();
    const first = internalToken(config({ HERALD_DATA_DIR: dir }), true)!;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, INTERNAL_TOKEN_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(first);
    // Another process of the same data directory (all-in-one too: it writes the file for the targets beside it).
    expect(internalToken(config({ HERALD_DATA_DIR: dir, TARGET: 'all' }), false)).toBe(first);
    expect(internalToken(config({ HERALD_DATA_DIR: dataDir() }), true)).not.toBe(first);
  });

  it('a file one wrote by hand is read (trimmed); one too short is an error naming the file', () => {
    const dir = dataDir();
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, INTERNAL_TOKEN_FILE), `${TOKEN}\n`, { mode: 0o600 });
    expect(internalToken(config({ HERALD_DATA_DIR: dir }), true)).toBe(TOKEN);
    const short = dataDir();
    fs.mkdirSync(short);
    fs.writeFileSync(path.join(short, INTERNAL_TOKEN_FILE), 'short', { mode: 0o600 });
    expect(() => internalToken(config({ HERALD_DATA_DIR: short }), true)).toThrow(
      new RegExp(`${path.join(short, INTERNAL_TOKEN_FILE)} holds no internal token`),
    );
    // All-in-one does not need one: it starts without.
    expect(internalToken(config({ HERALD_DATA_DIR: short, TARGET: 'all' }), false)).toBeUndefined();
  });

  it('processes starting together on one data directory (npm run start:split) agree on one token', async () => {
    const dir = dataDir();
    const module = path.resolve(__dirname, '../../../dist/libs/runtime/src/internal-token.js');
    const script = `process.stdout.write(require(${JSON.stringify(module)}).internalToken({ NODE_ENV: 'development', dataDir: ${JSON.stringify(dir)} }, true))`;
    const run = promisify(execFile);
    const tokens = await Promise.all(
      Array.from({ length: 6 }, () => run(process.execPath, ['-e', script], { env: { PATH: process.env.PATH, LOG_LEVEL: 'silent' } }).then((r) => r.stdout)),
    );
    expect(tokens[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(tokens).size).toBe(1);
    expect(fs.readFileSync(path.join(dir, INTERNAL_TOKEN_FILE), 'utf8').trim()).toBe(tokens[0]);
  }, 30_000);
});
