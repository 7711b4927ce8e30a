import { TokenSigner } from '../../src/domain/tokens';

describe('signed tokens', () => {
  const signer = new TokenSigner('a-secret-of-some-length');
  const token = signer.sign({ k: 's', p: 'project', c: 'contact', e: 'a@b.test' });

  it('accept exactly their own format', () => {
    expect(signer.verify(token, 's')).toMatchObject({ p: 'project', c: 'contact' });
    expect(signer.verify(`${token}.extra`, 's')).toBeUndefined();
    expect(signer.verify(`x.${token}`, 's')).toBeUndefined();
    expect(signer.verify(token, 'o')).toBeUndefined();
    expect(signer.verify(token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A'), 's')).toBeUndefined();
    expect(new TokenSigner('another-secret-entirely').verify(token, 's')).toBeUndefined();
  });
});
