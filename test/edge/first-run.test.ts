/**
 * The first start hands the owner's password and the API keys over once: in a file of the data
 * directory that only its owner can read, and on the screen when stdout is an interactive
 * terminal (never into a log stream). Herald in process, real PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIRST_RUN_FILE } from '../../libs/kit/src';
import { saveFirstRun } from '../../services/gateway/src/service';
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

it('is saved in the first directory that takes it; where none does, nothing is saved and the start fails saying why', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-first-run-'));
  try {
    // A path under a regular file cannot be made a directory, even by root.
    expect(saveFirstRun(['/etc/hostname/data', dir], 'secrets')).toBe(path.join(dir, FIRST_RUN_FILE));
    expect(fs.readFileSync(path.join(dir, FIRST_RUN_FILE), 'utf8')).toBe('secrets\n');
    expect(fs.statSync(path.join(dir, FIRST_RUN_FILE)).mode & 0o777).toBe(0o600);
    expect(() => saveFirstRun(['/etc/hostname/data', '/etc/hostname/tmp'], 'secrets')).toThrow(
      /could not write the first-run credentials .*make HERALD_DATA_DIR writable/,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
