/**
 * The first start hands the owner's password and the API keys over once: in a file of the data
 * directory that only its owner can read, and on the screen when stdout is an interactive
 * terminal (never into a log stream). Herald in process, real PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { FIRST_RUN_FILE } from '../../libs/kit/src';
import { startInProcess, type InProcessHerald } from './in-process';

const started: InProcessHerald[] = [];
afterAll(() => Promise.all(started.map((h) => h.stop())));

async function firstStart(tty: boolean) {
  const shown: string[] = [];
  const write = process.stdout.write;
  const wasTty = process.stdout.isTTY;
  process.stdout.isTTY = tty;
  process.stdout.write = ((chunk: string) => (shown.push(String(chunk)), true)) as typeof process.stdout.write;
  try {
    const herald = await startInProcess({}, { quiet: false });
    started.push(herald);
    const file = path.join(herald.dataDir, FIRST_RUN_FILE);
    return { shown: shown.join(''), file, saved: fs.readFileSync(file, 'utf8'), mode: fs.statSync(file).mode & 0o777 };
  } finally {
    process.stdout.write = write;
    process.stdout.isTTY = wasTty;
  }
}

const keysIn = (text: string) => [/Password:\s+(\S{8,})/, /Public key:\s+(pk_[0-9a-f]{64})/, /Secret key:\s+(sk_[0-9a-f]{64})/].map((re) => re.exec(text)?.[1]);

it('on a terminal: shown once, and saved in a file only its owner can read', async () => {
  const { shown, file, saved, mode } = await firstStart(true);
  expect(mode).toBe(0o600);
  const keys = keysIn(saved);
  expect(keys.every(Boolean)).toBe(true);
  expect(keysIn(shown)).toEqual(keys);
  expect(shown).toContain(file);
});

it('without a terminal: only the file has them', async () => {
  const { shown, saved, mode } = await firstStart(false);
  expect(mode).toBe(0o600);
  const keys = keysIn(saved);
  expect(keys.every(Boolean)).toBe(true);
  for (const k of keys) expect(shown).not.toContain(k);
});
