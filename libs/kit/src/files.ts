import fs from 'node:fs';
import path from 'node:path';

/**
 * Creates `file` with `content`, readable and writable by this user only (its directory made
 * private too if missing). Exclusive: throws EEXIST when the file is there already, so processes
 * racing to create it agree on the one that did.
 */
export function createPrivateFile(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
}
