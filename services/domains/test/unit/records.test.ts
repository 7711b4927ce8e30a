import crypto from 'node:crypto';
import { newDkimKey } from '../../src/domain/keys';
import { inboundRecord, joinTxt, matchMx, matchTxt, nextVerified, parseTags, recordsFor, RecordSpec, returnPathOf } from '../../src/domain/records';

const input = {
  domain: 'example.com',
  selector: 'herald0a1b2c3d',
  publicKey: 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA',
  spfInclude: 'spf.relay.test',
  returnPathMx: 'bounce.relay.test',
};
const records = recordsFor(input);
const by = (p: string) => records.find((r) => r.purpose === p) as RecordSpec;

describe('recordsFor', () => {
  it('DKIM TXT, SPF TXT and MX on the return path, and a DMARC suggestion', () => {
    expect(records).toEqual([
      { type: 'TXT', name: 'herald0a1b2c3d._domainkey.example.com', value: `v=DKIM1; k=rsa; p=${input.publicKey}`, purpose: 'dkim' },
      { type: 'TXT', name: 'hm.example.com', value: 'v=spf1 include:spf.relay.test ~all', purpose: 'spf' },
      { type: 'MX', name: 'hm.example.com', value: 'bounce.relay.test', priority: 10, purpose: 'mx' },
      { type: 'TXT', name: '_dmarc.example.com', value: 'v=DMARC1; p=none;', purpose: 'dmarc' },
    ]);
    expect(returnPathOf('example.com')).toBe('hm.example.com');
  });
});

describe('DKIM keys', () => {
  it('are RSA-2048: p= is the base64 SPKI DER of the private key, the PEM is PKCS#8', async () => {
    const k = await newDkimKey();
    expect(k.selector).toMatch(/^herald[0-9a-f]{8}$/);
    expect(k.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const priv = crypto.createPrivateKey(k.privateKeyPem);
    expect(priv.asymmetricKeyDetails?.modulusLength).toBe(2048);
    const pub = crypto.createPublicKey(priv).export({ type: 'spki', format: 'der' }).toString('base64');
    expect(pub).toBe(k.publicKey);
    // The published record round-trips: a signature verifies with the key in p=.
    const sig = crypto.sign('sha256', Buffer.from('hello'), priv);
    const fromRecord = crypto.createPublicKey({ key: Buffer.from(k.publicKey, 'base64'), format: 'der', type: 'spki' });
    expect(crypto.verify('sha256', Buffer.from('hello'), fromRecord, sig)).toBe(true);
    expect((await newDkimKey()).selector).not.toBe(k.selector);
  });
});

describe('TXT joining and tags', () => {
  it('joins the character-strings of one record without separators', () => {
    expect(joinTxt(['v=DKIM1; k=rsa; p=AAA', 'BBB', 'CCC'])).toBe('v=DKIM1; k=rsa; p=AAABBBCCC');
    expect(joinTxt('single')).toBe('single');
    expect(joinTxt([])).toBe('');
  });
  it('parses tag lists', () => {
    const t = parseTags(' v=DKIM1 ;K=rsa; p = abc ;; junk ; p=second');
    expect(t.get('v')).toBe('DKIM1');
    expect(t.get('k')).toBe('rsa');
    expect(t.get('p')).toBe('abc');
  });
});

const txt = (...records: string[][]) => ({ status: 'ok' as const, records });

describe('matchTxt', () => {
  const dkim = by('dkim');
  const p = input.publicKey;
  it('DKIM: found only with the exact p=, split or not', () => {
    expect(matchTxt(dkim, txt([dkim.value]))).toBe('found');
    expect(matchTxt(dkim, txt([`v=DKIM1; k=rsa; p=${p.slice(0, 10)}`, p.slice(10)]))).toBe('found');
    expect(matchTxt(dkim, txt([`v=DKIM1;k=rsa;p=${p.slice(0, 10)} ${p.slice(10)}`]))).toBe('found'); // folded whitespace
    expect(matchTxt(dkim, txt([`k=rsa; p=${p}`]))).toBe('found');
    expect(matchTxt(dkim, txt(['unrelated'], [dkim.value]))).toBe('found');
    expect(matchTxt(dkim, txt([`v=DKIM1; k=rsa; p=${p}X`]))).toBe('missing');
    expect(matchTxt(dkim, txt([`v=DKIM1; k=rsa; p=${p.slice(1)}`]))).toBe('missing');
    expect(matchTxt(dkim, txt([`v=DKIM1; k=rsa; p=`]))).toBe('missing');
    expect(matchTxt(dkim, txt([`v=DKIM2; k=rsa; p=${p}`]))).toBe('missing');
    // Two chunks as two separate records are not one record.
    expect(matchTxt(dkim, txt([`v=DKIM1; k=rsa; p=${p.slice(0, 10)}`], [p.slice(10)]))).toBe('missing');
    expect(matchTxt(dkim, { status: 'none' })).toBe('missing');
    expect(matchTxt(dkim, { status: 'error', error: 'ETIMEOUT' })).toBe('unknown');
  });
  it('SPF: a v=spf1 record that includes ours (other mechanisms allowed)', () => {
    const spf = by('spf');
    expect(matchTxt(spf, txt([spf.value]))).toBe('found');
    expect(matchTxt(spf, txt(['v=spf1 ip4:1.2.3.4 ', 'include:SPF.relay.test -all']))).toBe('found');
    expect(matchTxt(spf, txt(['v=spf1 +include:spf.relay.test ~all']))).toBe('found');
    expect(matchTxt(spf, txt(['v=spf1 include:other.test ~all']))).toBe('missing');
    expect(matchTxt(spf, txt(['include:spf.relay.test']))).toBe('missing');
    expect(matchTxt(spf, txt(['v=spf1 include:spf.relay.test.evil ~all']))).toBe('missing');
  });
  it('DMARC: any v=DMARC1 record', () => {
    const dmarc = by('dmarc');
    expect(matchTxt(dmarc, txt(['v=DMARC1; p=reject; rua=mailto:x@example.com']))).toBe('found');
    expect(matchTxt(dmarc, txt(['v=DMARC1']))).toBe('found');
    expect(matchTxt(dmarc, txt(['v=spf1 -all']))).toBe('missing');
  });
});

describe('matchMx', () => {
  const mx = by('mx');
  it('matches the exchange case-insensitively, with or without the root dot, any priority', () => {
    expect(matchMx(mx, { status: 'ok', records: [{ exchange: 'Bounce.Relay.Test.', priority: 20 }] })).toBe('found');
    expect(
      matchMx(mx, {
        status: 'ok',
        records: [
          { exchange: 'other.test', priority: 10 },
          { exchange: 'bounce.relay.test', priority: 10 },
        ],
      }),
    ).toBe('found');
    expect(matchMx(mx, { status: 'ok', records: [{ exchange: 'other.test', priority: 10 }] })).toBe('missing');
    expect(matchMx(mx, { status: 'none' })).toBe('missing');
    expect(matchMx(mx, { status: 'error', error: 'ESERVFAIL' })).toBe('unknown');
  });
});

describe('nextVerified', () => {
  it('verified when every required record is found; DMARC does not count', () => {
    expect(nextVerified(false, { dkim: 'found', spf: 'found', mx: 'found', dmarc: 'missing' })).toBe(true);
    expect(nextVerified(false, { dkim: 'found', spf: 'found', mx: 'missing', dmarc: 'found' })).toBe(false);
  });
  it('a definitive miss unverifies; failed lookups keep the previous state', () => {
    expect(nextVerified(true, { dkim: 'missing', spf: 'found', mx: 'found' })).toBe(false);
    expect(nextVerified(true, { dkim: 'unknown', spf: 'found', mx: 'found' })).toBe(true);
    expect(nextVerified(false, { dkim: 'unknown', spf: 'found', mx: 'found' })).toBe(false);
    expect(nextVerified(true, { dkim: 'unknown', spf: 'missing', mx: 'found' })).toBe(false);
    expect(nextVerified(true, {})).toBe(true);
  });
});

describe('the inbound MX row', () => {
  it('is an MX at the domain itself naming INBOUND_MX_HOST, matched like the others', () => {
    const spec = inboundRecord('example.com', 'mx.herald.example');
    expect(spec).toEqual({ type: 'MX', name: 'example.com', value: 'mx.herald.example', priority: 10, purpose: 'inbound' });
    expect(matchMx(spec, { status: 'ok', records: [{ exchange: 'MX.Herald.Example.', priority: 5 }] })).toBe('found');
    expect(matchMx(spec, { status: 'ok', records: [{ exchange: 'aspmx.l.google.com', priority: 1 }] })).toBe('missing');
  });

  it('never decides verification', () => {
    expect(nextVerified(false, { dkim: 'found', spf: 'found', mx: 'found', inbound: 'missing' })).toBe(true);
    expect(nextVerified(true, { dkim: 'found', spf: 'found', mx: 'missing', inbound: 'found' })).toBe(false);
  });
});
