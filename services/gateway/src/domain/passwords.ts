/**
 * Password hashes. bcrypt reads at most 72 bytes of what it is given, so a password is first
 * reduced to its SHA-256 digest (base64: 44 bytes, no NUL), which every byte of it changes; the
 * digest is what bcrypt hashes. Such hashes are stored as `v2$<bcrypt hash>`.
 *
 * Hashes of plain bcrypt (no prefix, from before) still verify. A login that proves such a
 * password in full (72 bytes or fewer: bcrypt read all of it) upgrades its hash; a longer one can
 * only ever be checked on its first 72 bytes, as it was hashed, and keeps its hash until the
 * password is changed.
 */
import crypto from 'node:crypto';
import bcrypt from 'bcryptjs';

const ROUNDS = 10;
const V2 = 'v2$';
/** What bcrypt reads of its input. */
export const BCRYPT_MAX_BYTES = 72;

const digest = (password: string) => crypto.createHash('sha256').update(password, 'utf8').digest('base64');

export async function hashPassword(password: string): Promise<string> {
  return V2 + (await bcrypt.hash(digest(password), ROUNDS));
}

/** Whether the password matches, and whether its stored hash should be replaced by `hashPassword`'s. */
export async function verifyPassword(password: string, stored: string): Promise<{ ok: boolean; upgrade: boolean }> {
  if (stored.startsWith(V2)) return { ok: await bcrypt.compare(digest(password), stored.slice(V2.length)), upgrade: false };
  const ok = await bcrypt.compare(password, stored);
  return { ok, upgrade: ok && Buffer.byteLength(password, 'utf8') <= BCRYPT_MAX_BYTES };
}
