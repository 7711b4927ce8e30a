import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Config, createPrivateFile, logger } from '../../kit/src';

/** The file, in HERALD_DATA_DIR, of the token generated outside production. */
export const INTERNAL_TOKEN_FILE = 'internal-token';
const MIN_LENGTH = 32;

/**
 * The token of Herald's internal gRPC calls (INTERNAL_TOKEN; see grpcImplementation):
 * - set: used as it is (split and Kubernetes set it, from a Secret);
 * - else, outside production: the one in <HERALD_DATA_DIR>/internal-token, generated there once
 *   (mode 0600), so the processes of one machine sharing a data directory agree (`npm run
 *   start:split`, a `TARGET=contacts npm start` beside an all-in-one);
 * - else (production): a process that serves or calls gRPC (`needed`) refuses to start; one that
 *   does not (all-in-one) has none and needs none.
 * All-in-one calls no gRPC (`needed` false): it still generates the file outside production, for
 * the targets started beside it, and only warns when it cannot.
 */
export function internalToken(config: Pick<Config, 'INTERNAL_TOKEN' | 'NODE_ENV' | 'dataDir'>, needed: boolean): string | undefined {
  if (config.INTERNAL_TOKEN) return config.INTERNAL_TOKEN;
  if (config.NODE_ENV === 'production') {
    if (!needed) return undefined;
    throw new Error(
      'INTERNAL_TOKEN must be set when NODE_ENV=production: every internal gRPC call carries it and every service refuses calls without it. ' +
        'Give every Herald process the same value of at least 32 characters (for example: openssl rand -hex 32).',
    );
  }
  try {
    return tokenFile(path.join(config.dataDir, INTERNAL_TOKEN_FILE));
  } catch (err) {
    if (needed) throw err;
    logger.warn({ err: (err as Error).message }, 'could not keep an internal token in the data directory (all-in-one does not need one)');
    return undefined;
  }
}

/**
 * The token in `file`, written there first when there is none. Processes starting together race
 * for it: the one that creates the file (O_EXCL) writes the token, the others read it, waiting
 * (up to a second) while it is still empty.
 */
function tokenFile(file: string): string {
  const generated = crypto.randomBytes(32).toString('hex');
  try {
    createPrivateFile(file, `${generated}\n`);
    logger.info({ file }, 'generated the internal token (INTERNAL_TOKEN) of this data directory');
    return generated;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw new Error(`could not write the internal token to ${file}: ${(err as Error).message}`);
  }
  for (let waited = 0; ; waited += 20) {
    const text = fs.readFileSync(file, 'utf8');
    const token = text.trim();
    if (token.length >= MIN_LENGTH) {
      if ((fs.statSync(file).mode & 0o077) !== 0) logger.warn({ file }, 'the internal token file is readable by other users: chmod 600 it');
      return token;
    }
    if (text.length > 0 || waited >= 1000)
      throw new Error(`${file} holds no internal token of at least ${MIN_LENGTH} characters: delete it to have one generated, or set INTERNAL_TOKEN`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
}
