import bcrypt from 'bcryptjs';
import { BCRYPT_MAX_BYTES, hashPassword, verifyPassword } from '../../src/domain/passwords';

describe('password hashes', () => {
  const long = 'x'.repeat(BCRYPT_MAX_BYTES);

  it('checks every byte: a password past 72 bytes with another suffix is refused', async () => {
    const hash = await hashPassword(`${long}-the-real-suffix`);
    expect(await verifyPassword(`${long}-the-real-suffix`, hash)).toEqual({ ok: true, upgrade: false });
    expect((await verifyPassword(`${long}-another-suffix`, hash)).ok).toBe(false);
    expect((await verifyPassword(long, hash)).ok).toBe(false);
  });

  it('multi-byte characters count in full too', async () => {
    const hash = await hashPassword('é'.repeat(40) + 'a');
    expect((await verifyPassword('é'.repeat(40) + 'b', hash)).ok).toBe(false);
  });

  it('verifies hashes of plain bcrypt, and upgrades those it could check in full', async () => {
    const legacy = await bcrypt.hash('owner-password-1', 4);
    expect(await verifyPassword('owner-password-1', legacy)).toEqual({ ok: true, upgrade: true });
    expect(await verifyPassword('wrong-password-1', legacy)).toEqual({ ok: false, upgrade: false });
    // Longer than bcrypt reads: checked as it was hashed (72 bytes), never upgraded from a guess.
    const longLegacy = await bcrypt.hash(`${long}-suffix`, 4);
    expect(await verifyPassword(`${long}-suffix`, longLegacy)).toEqual({ ok: true, upgrade: false });
  });
});
