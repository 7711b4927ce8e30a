import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseSesNotification, parseSnsEnvelope, SnsEnvelopeError, SnsMessage, stringToSign, stripAngleBrackets, verifySignature } from '../../src/domain/sns';
import {
  compileUrlPattern,
  confirmSubscription,
  DEFAULT_SNS_CERT_URL_PATTERN,
  DEFAULT_SNS_SUBSCRIBE_URL_PATTERN,
  isAllowedUrl,
  SnsCertificateError,
  SnsCertificateFetcher,
} from '../../src/adapters/sns-certs';
import { SnsSimulator } from '../../../../libs/testing/src/sns';

let sns: SnsSimulator;
let other: SnsSimulator;

beforeAll(async () => {
  [sns, other] = await Promise.all([SnsSimulator.start(), SnsSimulator.start()]);
});

afterAll(async () => {
  await Promise.all([sns?.close(), other?.close()]);
});

const MID = '0100018f-abc1-4d2e-9f00-123456789abc-000000@herald.test';

describe('parseSnsEnvelope', () => {
  it('parses a signed notification and keeps only the known fields', () => {
    const msg = parseSnsEnvelope(sns.sign('Notification', { Message: { hello: 'world' }, Subject: 'Amazon SES Email Event Notification' }));
    expect(msg.Type).toBe('Notification');
    expect(msg.Message).toBe('{"hello":"world"}');
    expect(msg.Subject).toBe('Amazon SES Email Event Notification');
    expect(msg.SignatureVersion).toBe('1');
    expect(msg.SigningCertURL).toBe(sns.certUrl);
    expect(msg.Token).toBeUndefined();
  });

  it('treats a null Subject as absent', () => {
    const env = { ...sns.envelope('Notification', { Message: 'x' }), Subject: null };
    expect('Subject' in parseSnsEnvelope(JSON.stringify(env))).toBe(false);
  });

  it.each([
    ['not JSON', 'nope{'],
    ['an array', '[]'],
    ['an unknown Type', JSON.stringify({ ...baseEnvelope(), Type: 'Bogus' })],
    ['SignatureVersion 3', JSON.stringify({ ...baseEnvelope(), SignatureVersion: '3' })],
    ['a numeric SignatureVersion', JSON.stringify({ ...baseEnvelope(), SignatureVersion: 1 })],
    ['no Signature', JSON.stringify({ ...baseEnvelope(), Signature: undefined })],
    ['no SigningCertURL', JSON.stringify({ ...baseEnvelope(), SigningCertURL: '' })],
    ['a bad Timestamp', JSON.stringify({ ...baseEnvelope(), Timestamp: 'yesterday' })],
    ['a confirmation without Token', JSON.stringify({ ...baseEnvelope(), Type: 'SubscriptionConfirmation', SubscribeURL: 'https://x/' })],
  ])('refuses %s with a 400 SnsEnvelopeError', (_label, body) => {
    let err: unknown;
    try {
      parseSnsEnvelope(body);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SnsEnvelopeError);
    expect((err as SnsEnvelopeError).status).toBe(400);
    expect((err as SnsEnvelopeError).code).toBe('BAD_REQUEST');
  });
});

function baseEnvelope(): Record<string, unknown> {
  return {
    Type: 'Notification',
    MessageId: 'm-1',
    TopicArn: 'arn:aws:sns:us-east-1:123456789012:t',
    Message: '{}',
    Timestamp: '2024-05-01T12:00:00.000Z',
    SignatureVersion: '1',
    Signature: 'c2ln',
    SigningCertURL: 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem',
  };
}

describe('stringToSign', () => {
  const common = {
    MessageId: '165545c9-2a5c-472c-8df2-7ff2be2b3b1b',
    TopicArn: 'arn:aws:sns:us-west-2:123456789012:MyTopic',
    Timestamp: '2012-04-26T20:45:04.751Z',
    SignatureVersion: '1' as const,
    Signature: 'x',
    SigningCertURL: 'https://sns.us-west-2.amazonaws.com/SimpleNotificationService-f3ecfb7224c7233fe7bb5f59f96de52f.pem',
  };

  it('builds the confirmation string in AWS order', () => {
    const msg: SnsMessage = {
      ...common,
      Type: 'SubscriptionConfirmation',
      Token: 'tok123',
      Message: 'You have chosen to subscribe to the topic arn:aws:sns:us-west-2:123456789012:MyTopic.',
      SubscribeURL: 'https://sns.us-west-2.amazonaws.com/?Action=ConfirmSubscription&TopicArn=arn:aws:sns:us-west-2:123456789012:MyTopic&Token=tok123',
    };
    expect(stringToSign(msg)).toBe(
      'Message\nYou have chosen to subscribe to the topic arn:aws:sns:us-west-2:123456789012:MyTopic.\n' +
        'MessageId\n165545c9-2a5c-472c-8df2-7ff2be2b3b1b\n' +
        'SubscribeURL\nhttps://sns.us-west-2.amazonaws.com/?Action=ConfirmSubscription&TopicArn=arn:aws:sns:us-west-2:123456789012:MyTopic&Token=tok123\n' +
        'Timestamp\n2012-04-26T20:45:04.751Z\n' +
        'Token\ntok123\n' +
        'TopicArn\narn:aws:sns:us-west-2:123456789012:MyTopic\n' +
        'Type\nSubscriptionConfirmation\n',
    );
    expect(stringToSign({ ...msg, Type: 'UnsubscribeConfirmation' })).toBe(stringToSign(msg).replace('SubscriptionConfirmation', 'UnsubscribeConfirmation'));
  });

  it('builds the notification string, with Subject only when present, ignoring Token/SubscribeURL', () => {
    const msg: SnsMessage = { ...common, Type: 'Notification', Message: 'hello\nworld', Token: 'ignored', SubscribeURL: 'ignored' };
    expect(stringToSign(msg)).toBe(
      'Message\nhello\nworld\nMessageId\n165545c9-2a5c-472c-8df2-7ff2be2b3b1b\nTimestamp\n2012-04-26T20:45:04.751Z\n' +
        'TopicArn\narn:aws:sns:us-west-2:123456789012:MyTopic\nType\nNotification\n',
    );
    expect(stringToSign({ ...msg, Subject: 'Subj' })).toContain('MessageId\n165545c9-2a5c-472c-8df2-7ff2be2b3b1b\nSubject\nSubj\nTimestamp\n');
  });
});

describe('verifySignature', () => {
  it.each(['1', '2'] as const)('accepts a SignatureVersion %s notification signed with the served certificate', (v) => {
    const msg = parseSnsEnvelope(sns.sign('Notification', { Message: sns.sesDelivery(MID, 'a@b.co'), Subject: 'ses' }, v));
    expect(msg.SignatureVersion).toBe(v);
    expect(verifySignature(msg, sns.certPem)).toBe(true);
  });

  it.each(['1', '2'] as const)('accepts a SignatureVersion %s subscription confirmation', (v) => {
    const msg = parseSnsEnvelope(sns.sign('SubscriptionConfirmation', {}, v));
    expect(verifySignature(msg, sns.certPem)).toBe(true);
  });

  it('refuses a tampered Message, MessageId, Subject, TopicArn or Type', () => {
    const msg = parseSnsEnvelope(sns.sign('Notification', { Message: sns.sesBounce(MID, 'a@b.co', 'Transient'), Subject: 's' }, '2'));
    expect(verifySignature({ ...msg, Message: sns.sesBounce(MID, 'a@b.co', 'Permanent') }, sns.certPem)).toBe(false);
    expect(verifySignature({ ...msg, MessageId: 'other' }, sns.certPem)).toBe(false);
    expect(verifySignature({ ...msg, Subject: 't' }, sns.certPem)).toBe(false);
    expect(verifySignature({ ...msg, Subject: undefined }, sns.certPem)).toBe(false);
    expect(verifySignature({ ...msg, TopicArn: msg.TopicArn + 'x' }, sns.certPem)).toBe(false);
    expect(verifySignature({ ...msg, Type: 'SubscriptionConfirmation' }, sns.certPem)).toBe(false);
  });

  it('refuses a tampered SubscribeURL on a confirmation', () => {
    const msg = parseSnsEnvelope(sns.sign('SubscriptionConfirmation', {}, '1'));
    expect(verifySignature({ ...msg, SubscribeURL: 'https://evil.example/' }, sns.certPem)).toBe(false);
  });

  it('refuses a signature checked under the other version', () => {
    const v1 = parseSnsEnvelope(sns.sign('Notification', { Message: 'm' }, '1'));
    const v2 = parseSnsEnvelope(sns.sign('Notification', { Message: 'm' }, '2'));
    expect(verifySignature({ ...v1, SignatureVersion: '2' }, sns.certPem)).toBe(false);
    expect(verifySignature({ ...v2, SignatureVersion: '1' }, sns.certPem)).toBe(false);
    expect(verifySignature({ ...v1, SignatureVersion: '3' as never }, sns.certPem)).toBe(false);
  });

  it('refuses a message checked against another certificate', () => {
    const msg = parseSnsEnvelope(sns.sign('Notification', { Message: 'm' }, '2'));
    expect(verifySignature(msg, other.certPem)).toBe(false);
    expect(verifySignature(msg, 'not a certificate')).toBe(false);
    expect(verifySignature({ ...msg, Signature: '!!!' }, sns.certPem)).toBe(false);
  });
});

describe('SnsCertificateFetcher', () => {
  function countingFetch() {
    const calls: string[] = [];
    const impl = (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push(String(url));
      return fetch(url, init);
    }) as typeof fetch;
    return { calls, impl };
  }

  it('fetches the certificate from an allowed URL, caches it, and the fetched PEM verifies the message', async () => {
    const { calls, impl } = countingFetch();
    const fetcher = new SnsCertificateFetcher(compileUrlPattern(sns.certUrlPattern, DEFAULT_SNS_CERT_URL_PATTERN), impl);
    const msg = parseSnsEnvelope(sns.sign('Notification', { Message: 'm' }, '2'));
    const pem = await fetcher.get(msg.SigningCertURL);
    expect(pem).toBe(sns.certPem);
    expect(verifySignature(msg, pem)).toBe(true);
    await fetcher.get(msg.SigningCertURL);
    expect(calls).toEqual([sns.certUrl]);
    expect(fetcher.size).toBe(1);
  });

  it('refuses the loopback certificate under the default pattern without fetching', async () => {
    const { calls, impl } = countingFetch();
    const fetcher = new SnsCertificateFetcher(DEFAULT_SNS_CERT_URL_PATTERN, impl);
    await expect(fetcher.get(sns.certUrl)).rejects.toMatchObject({ reason: 'disallowed_url', status: 403 });
    expect(calls).toEqual([]);
  });

  it('refuses a URL another simulator signs with when the pattern names only ours', async () => {
    const fetcher = new SnsCertificateFetcher(new RegExp(sns.certUrlPattern));
    const msg = parseSnsEnvelope(other.sign('Notification', { Message: 'm' }));
    await expect(fetcher.get(msg.SigningCertURL)).rejects.toBeInstanceOf(SnsCertificateError);
  });

  it('refuses http when the pattern asks for https', async () => {
    const httpsOnly = new RegExp(sns.certUrlPattern.replace('^http:', '^https:'));
    const fetcher = new SnsCertificateFetcher(httpsOnly);
    await expect(fetcher.get(sns.certUrl)).rejects.toMatchObject({ reason: 'disallowed_url' });
    expect(isAllowedUrl(sns.certUrl.replace('http:', 'https:'), httpsOnly)).toBe(true);
  });

  it('default pattern: Amazon hosts only, https only, exact path', () => {
    const ok = [
      'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-9c6465fa7f48f5cacd23014631ec1136.pem',
      'https://sns.cn-north-1.amazonaws.com.cn/SimpleNotificationService-abc123.pem',
    ];
    const bad = [
      'http://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem',
      'https://sns.us-east-1.amazonaws.com.evil.com/SimpleNotificationService-abc.pem',
      'https://evil.com/sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem',
      'https://sns.us-east-1.amazonaws.com@evil.com/SimpleNotificationService-abc.pem',
      'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem?x=1',
      'https://sns.us-east-1.amazonaws.com/other/SimpleNotificationService-abc.pem',
      'https://s3.amazonaws.com/SimpleNotificationService-abc.pem',
      'not a url',
    ];
    for (const u of ok) expect(isAllowedUrl(u, DEFAULT_SNS_CERT_URL_PATTERN)).toBe(true);
    for (const u of bad) expect(isAllowedUrl(u, DEFAULT_SNS_CERT_URL_PATTERN)).toBe(false);
  });

  it('reports a non-certificate answer and does not cache failures', async () => {
    let n = 0;
    const impl = (async () => {
      n++;
      return new Response(n === 1 ? 'hello' : sns.certPem);
    }) as typeof fetch;
    const url = 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem';
    const fetcher = new SnsCertificateFetcher(DEFAULT_SNS_CERT_URL_PATTERN, impl);
    await expect(fetcher.get(url)).rejects.toMatchObject({ reason: 'invalid_certificate' });
    await expect(fetcher.get(url)).resolves.toBe(sns.certPem);
    expect(n).toBe(2);
  });

  it('times out a slow certificate host (fetch_failed, 503)', async () => {
    const impl = ((_url: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))) as typeof fetch;
    const fetcher = new SnsCertificateFetcher(DEFAULT_SNS_CERT_URL_PATTERN, impl, { timeoutMs: 50 });
    await expect(fetcher.get('https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem')).rejects.toMatchObject({
      reason: 'fetch_failed',
      status: 503,
    });
  });

  it('evicts the least recently used certificate past maxEntries', async () => {
    const impl = (async () => new Response(sns.certPem)) as typeof fetch;
    const fetcher = new SnsCertificateFetcher(DEFAULT_SNS_CERT_URL_PATTERN, impl, { maxEntries: 2 });
    for (const id of ['a', 'b', 'c']) await fetcher.get(`https://sns.us-east-1.amazonaws.com/SimpleNotificationService-${id}.pem`);
    expect(fetcher.size).toBe(2);
  });

  it('compileUrlPattern falls back on empty and names the setting on a bad regex', () => {
    expect(compileUrlPattern(undefined, DEFAULT_SNS_CERT_URL_PATTERN)).toBe(DEFAULT_SNS_CERT_URL_PATTERN);
    expect(compileUrlPattern('  ', DEFAULT_SNS_CERT_URL_PATTERN)).toBe(DEFAULT_SNS_CERT_URL_PATTERN);
    expect(() => compileUrlPattern('(', DEFAULT_SNS_CERT_URL_PATTERN)).toThrow(/SNS_CERT_URL_PATTERN/);
  });
});

describe('confirmSubscription', () => {
  it('GETs the SubscribeURL on an allowed host and returns the subscription ARN', async () => {
    const msg = parseSnsEnvelope(sns.sign('SubscriptionConfirmation', { Token: 'tok-confirm-1' }, '2'));
    expect(verifySignature(msg, sns.certPem)).toBe(true);
    const r = await confirmSubscription(msg, new RegExp(sns.subscribeUrlPattern));
    expect(sns.confirmations).toContain('tok-confirm-1');
    expect(r.subscriptionArn).toMatch(/^arn:aws:sns:/);
  });

  it('refuses a SubscribeURL outside the provider hosts by default', async () => {
    const msg = parseSnsEnvelope(sns.sign('SubscriptionConfirmation', { Token: 'tok-refused' }));
    await expect(confirmSubscription(msg)).rejects.toMatchObject({ reason: 'disallowed_url' });
    expect(sns.confirmations).not.toContain('tok-refused');
    expect(isAllowedUrl('https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=x', DEFAULT_SNS_SUBSCRIBE_URL_PATTERN)).toBe(true);
    expect(isAllowedUrl('https://sns.eu-west-1.amazonaws.com.evil.io/?Action=ConfirmSubscription', DEFAULT_SNS_SUBSCRIBE_URL_PATTERN)).toBe(false);
  });

  it('refuses to confirm a notification or an unsubscribe confirmation', async () => {
    const pattern = new RegExp(sns.subscribeUrlPattern);
    const unsub = parseSnsEnvelope(sns.sign('UnsubscribeConfirmation', { Token: 'tok-unsub' }));
    await expect(confirmSubscription(unsub, pattern)).rejects.toBeInstanceOf(SnsCertificateError);
    expect(sns.confirmations).not.toContain('tok-unsub');
  });
});

describe('parseSesNotification', () => {
  it.each([MID, `<${MID}>`])('permanent bounce (messageId %s)', (id) => {
    const n = parseSesNotification(sns.sesBounce(id, 'Jane.Doe@Example.COM', 'Permanent'));
    expect(n.kind).toBe('bounce');
    expect(n.sesType).toBe('Bounce');
    expect(n.messageId).toBe(MID);
    expect(n.messageIds).toEqual([MID]);
    expect(n.bounceType).toBe('Permanent');
    expect(n.bounceSubType).toBe('General');
    expect(n.recipients).toEqual(['jane.doe@example.com']);
    expect(n.timestamp).toEqual(expect.any(String));
    expect(n.details).toMatchObject({ bounceType: 'Permanent', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' });
  });

  it('transient bounce', () => {
    const n = parseSesNotification(sns.sesBounce(MID, 'a@b.co', 'Transient'));
    expect(n).toMatchObject({ kind: 'bounce', bounceType: 'Transient', bounceSubType: 'MailboxFull', recipients: ['a@b.co'] });
  });

  it('an unknown bounceType is Undetermined', () => {
    const raw = JSON.parse(sns.sesBounce(MID, 'a@b.co', 'Permanent'));
    raw.bounce.bounceType = 'Weird';
    expect(parseSesNotification(JSON.stringify(raw)).bounceType).toBe('Undetermined');
  });

  it('complaint', () => {
    const n = parseSesNotification(sns.sesComplaint(`<${MID}>`, 'A@B.co'));
    expect(n).toMatchObject({ kind: 'complaint', messageId: MID, recipients: ['a@b.co'], userAgent: 'Yahoo!-Mail-Feedback/2.0' });
    expect(n.details).toMatchObject({ complaintFeedbackType: 'abuse' });
    expect(n.bounceType).toBeUndefined();
  });

  it('delivery', () => {
    const n = parseSesNotification(sns.sesDelivery(MID, 'a@b.co', { timestamp: '2024-05-01T12:00:00.000Z' }));
    expect(n).toMatchObject({ kind: 'delivery', messageId: MID, recipients: ['a@b.co'], timestamp: '2024-05-01T12:00:00.000Z' });
    expect(n.details).toMatchObject({ smtpResponse: expect.stringContaining('250'), processingTimeMillis: 546 });
  });

  it('open (event publishing shape)', () => {
    const n = parseSesNotification(sns.sesOpen(`<${MID}>`, 'a@b.co'));
    expect(n).toMatchObject({ kind: 'open', sesType: 'Open', messageId: MID, recipients: ['a@b.co'] });
    expect(n.userAgent).toContain('Mozilla');
  });

  it('click with link (event publishing shape)', () => {
    const n = parseSesNotification(sns.sesClick(MID, 'a@b.co', 'https://example.com/pricing?x=1'));
    expect(n).toMatchObject({ kind: 'click', link: 'https://example.com/pricing?x=1', recipients: ['a@b.co'] });
    expect(n.details).toMatchObject({ link: 'https://example.com/pricing?x=1', linkTags: { campaign: ['welcome'] } });
  });

  it('event publishing bounce (eventType instead of notificationType)', () => {
    const raw = JSON.parse(sns.sesBounce(MID, 'a@b.co', 'Permanent'));
    delete raw.notificationType;
    raw.eventType = 'Bounce';
    expect(parseSesNotification(JSON.stringify(raw))).toMatchObject({ kind: 'bounce', bounceType: 'Permanent', messageId: MID });
  });

  it('offers SES id and the Message-ID header as match candidates when they differ', () => {
    const raw = JSON.parse(sns.sesDelivery('0100018f-ses-id-000000', 'a@b.co'));
    raw.mail.commonHeaders.messageId = `<${MID}>`;
    raw.mail.headers = [{ name: 'message-id', value: '<other@herald.test>' }];
    const n = parseSesNotification(JSON.stringify(raw));
    expect(n.messageId).toBe('0100018f-ses-id-000000');
    expect(n.messageIds).toEqual(['0100018f-ses-id-000000', MID, 'other@herald.test']);
  });

  it('received (inbound), base64 content decoded', () => {
    const mime = 'From: x@y.z\r\nTo: in@herald.test\r\nSubject: hi\r\n\r\nHéllo';
    const n = parseSesNotification(sns.sesReceived('In@Herald.test', mime, { encoding: 'BASE64' }));
    expect(n).toMatchObject({ kind: 'received', recipients: ['in@herald.test'] });
    expect(n.content?.toString('utf8')).toBe(mime);
    expect(n.details).toMatchObject({ spamVerdict: 'PASS', actionType: 'SNS' });
  });

  it('received without content (S3 action): the header section rebuilt from mail.headers, hostile names left out', () => {
    const note = JSON.parse(sns.sesReceived('in@herald.test', '', { from: 'x@y.z', subject: 'hi' }));
    delete note.content;
    note.mail.headers.push({ name: 'In-Reply-To', value: '<a@b>\r\nBcc: evil@x' }, { name: 'Bad Name', value: 'v' }, { name: 'X-Num', value: 7 });
    const n = parseSesNotification(JSON.stringify(note));
    expect(n.content).toBeUndefined();
    const section = n.headerSection!.toString('utf8');
    expect(section).toContain('From: x@y.z\r\nTo: in@herald.test\r\nSubject: hi\r\n');
    expect(section).toContain('In-Reply-To: <a@b> Bcc: evil@x\r\n');
    expect(section).not.toContain('Bad Name');
    expect(section).not.toContain('X-Num');
    expect(section.endsWith('\r\n\r\n')).toBe(true);
  });

  it('anything else is unknown, never a throw', () => {
    expect(parseSesNotification('not json').kind).toBe('unknown');
    expect(parseSesNotification('{"notificationType":"AmazonSnsSubscriptionSucceeded","message":"ok"}')).toMatchObject({
      kind: 'unknown',
      sesType: 'AmazonSnsSubscriptionSucceeded',
      messageId: '',
      messageIds: [],
      recipients: [],
    });
    const raw = JSON.parse(sns.sesDelivery(MID, 'a@b.co'));
    delete raw.notificationType;
    raw.eventType = 'Rendering Failure';
    expect(parseSesNotification(JSON.stringify(raw))).toMatchObject({ kind: 'unknown', messageId: MID, recipients: ['a@b.co'] });
  });

  it('stripAngleBrackets', () => {
    expect(stripAngleBrackets(' <a@b> ')).toBe('a@b');
    expect(stripAngleBrackets('a@b')).toBe('a@b');
    expect(stripAngleBrackets('<a@b')).toBe('<a@b');
  });
});
