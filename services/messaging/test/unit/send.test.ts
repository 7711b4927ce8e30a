import { describe, expect, it } from '@jest/globals';
import {
  attachmentBytes,
  base64DecodedLength,
  createSendRequestSchema,
  MAX_MESSAGE_BYTES,
  normalizeRecipients,
  parseAddress,
  sendRequestSchema,
  tryParseAddress,
} from '../../src/domain/send';

const ok = { to: 'jane@example.com', subject: 'Hello', body: '<p>Hi</p>', from: 'news@herald.dev' };
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
const file = (over: Record<string, unknown> = {}) => ({ filename: 'a.txt', content: b64('hello'), contentType: 'text/plain', ...over });

function issues(body: unknown, schema = sendRequestSchema) {
  const r = schema.safeParse(body);
  if (r.success) return [];
  return r.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message, code: i.code }));
}
const paths = (body: unknown, schema = sendRequestSchema) => issues(body, schema).map((i) => i.path);

describe('sendRequestSchema: content', () => {
  it('accepts subject + body', () => {
    expect(issues(ok)).toEqual([]);
  });

  it('accepts a template alone, and a template with overrides', () => {
    expect(issues({ to: 'a@b.co', template: 'tpl-1' })).toEqual([]);
    expect(issues({ to: 'a@b.co', template: 'tpl-1', subject: 'Override' })).toEqual([]);
  });

  it('needs template or both subject and body, reported on `template`', () => {
    expect(paths({ to: 'a@b.co' })).toEqual(['template']);
    expect(paths({ to: 'a@b.co', subject: 'only subject' })).toEqual(['template']);
    expect(paths({ to: 'a@b.co', body: 'only body' })).toEqual(['template']);
    expect(paths({ to: 'a@b.co', template: '  ', subject: 's', body: 'b' })).toEqual(['template']);
  });

  it('limits the subject to 1–998 characters', () => {
    expect(paths({ ...ok, subject: 'x'.repeat(998) })).toEqual([]);
    expect(paths({ ...ok, subject: 'x'.repeat(999) })).toEqual(['subject']);
    expect(paths({ ...ok, subject: '' })).toEqual(expect.arrayContaining(['subject']));
  });

  it('refuses line breaks in the subject', () => {
    expect(paths({ ...ok, subject: 'Hi\nBcc: x@evil.com' })).toEqual(['subject']);
    expect(paths({ ...ok, subject: 'Hi\rthere' })).toEqual(['subject']);
  });

  it('refuses an empty body', () => {
    expect(paths({ ...ok, body: '' })).toEqual(expect.arrayContaining(['body']));
  });

  it('type-checks subscribed, data and reply', () => {
    expect(paths({ ...ok, subscribed: 'yes' })).toEqual(['subscribed']);
    expect(paths({ ...ok, data: [1, 2] })).toEqual(['data']);
    expect(paths({ ...ok, data: { plan: 'pro', n: { value: 1, persistent: false } }, subscribed: true })).toEqual([]);
    expect(paths({ ...ok, reply: 'not-an-email' })).toEqual(['reply']);
    expect(sendRequestSchema.parse({ ...ok, reply: ' help@herald.dev ' }).reply).toBe('help@herald.dev');
  });

  it('ignores unknown top-level keys', () => {
    const r = sendRequestSchema.safeParse({ ...ok, extra: 1 });
    expect(r.success).toBe(true);
    expect(r.success && 'extra' in r.data).toBe(false);
  });
});

describe('sendRequestSchema: recipients and sender', () => {
  it('accepts to as a string, "Name <email>", an object and a mixed array', () => {
    expect(paths({ ...ok, to: 'jane@example.com' })).toEqual([]);
    expect(paths({ ...ok, to: 'Jane Doe <jane@example.com>' })).toEqual([]);
    expect(paths({ ...ok, to: { name: 'Jane', email: 'jane@example.com' } })).toEqual([]);
    expect(paths({ ...ok, to: { email: 'jane@example.com' } })).toEqual([]);
    expect(paths({ ...ok, to: ['a@example.com', { name: 'B', email: 'b@example.com' }] })).toEqual([]);
  });

  it('refuses a bad address with the index in the path', () => {
    expect(paths({ ...ok, to: ['a@example.com', 'nope'] })).toEqual(['to.1']);
    expect(paths({ ...ok, to: ['a@example.com', { email: 'nope' }] })).toEqual(['to.1.email']);
    expect(paths({ ...ok, to: { email: 'nope' } })).toEqual(['to.email']);
    expect(paths({ ...ok, to: 'nope' })).toEqual(['to']);
    expect(issues({ ...ok, to: undefined })).toEqual([expect.objectContaining({ path: 'to', message: 'to is required' })]);
    expect(paths({ ...ok, to: 42 })).toEqual(['to']);
  });

  it('refuses an empty array and more than 100 recipients', () => {
    expect(paths({ ...ok, to: [] })).toEqual(['to']);
    const many = Array.from({ length: 101 }, (_, i) => `u${i}@example.com`);
    expect(paths({ ...ok, to: many })).toEqual(['to']);
    expect(paths({ ...ok, to: many.slice(0, 100) })).toEqual([]);
    expect(paths({ ...ok, to: many }, createSendRequestSchema({ maxRecipients: 200 }))).toEqual([]);
  });

  it('refuses header injection through display names', () => {
    expect(paths({ ...ok, to: { name: 'Jane\r\nBcc: x@evil.com', email: 'jane@example.com' } })).toEqual(['to.name']);
    expect(paths({ ...ok, to: ['Jane\r\nBcc: x@evil.com <jane@example.com>'] })).toEqual(['to.0']);
    expect(paths({ ...ok, from: 'Evil\nBcc: x@evil.com <news@herald.dev>' })).toEqual(['from']);
    expect(paths({ ...ok, name: 'Herald\r\nBcc: x@evil.com' })).toEqual(['name']);
  });

  it('accepts from in every form and refuses a bad one', () => {
    expect(paths({ ...ok, from: 'News <news@herald.dev>' })).toEqual([]);
    expect(paths({ ...ok, from: { name: 'News', email: 'news@herald.dev' } })).toEqual([]);
    expect(paths({ ...ok, from: 'news' })).toEqual(['from']);
    expect(paths({ ...ok, from: { name: 'News' } })).toEqual(['from']);
  });

  it('does not require from (the template may carry one)', () => {
    const { from: _f, ...noFrom } = ok;
    expect(paths(noFrom)).toEqual([]);
  });
});

describe('sendRequestSchema: headers', () => {
  it('accepts ordinary custom headers and stringifies numbers', () => {
    const r = sendRequestSchema.parse({ ...ok, headers: { 'X-Campaign': 'spring', 'X-Priority': 1 } });
    expect(r.headers).toEqual({ 'X-Campaign': 'spring', 'X-Priority': '1' });
  });

  it('refuses CR/LF in a value (header injection) on the header path', () => {
    const r = issues({ ...ok, headers: { 'X-A': 'b\r\nBcc: x@evil.com' } });
    expect(r).toEqual([expect.objectContaining({ path: 'headers.X-A', message: expect.stringMatching(/injection/) })]);
    expect(paths({ ...ok, headers: { 'X-A': 'b\nBcc: x' } })).toEqual(['headers.X-A']);
  });

  it('refuses CR/LF, spaces, colons and non-ASCII in a name', () => {
    expect(paths({ ...ok, headers: { 'X-A\r\nBcc': 'x' } })).toEqual(['headers.X-A\r\nBcc']);
    expect(paths({ ...ok, headers: { 'X A': 'x' } })).toEqual(['headers.X A']);
    expect(paths({ ...ok, headers: { 'X:A': 'x' } })).toEqual(['headers.X:A']);
    expect(paths({ ...ok, headers: { 'X-Ä': 'x' } })).toEqual(['headers.X-Ä']);
    expect(paths({ ...ok, headers: { '': 'x' } })).toEqual(['headers.']);
  });

  it('limits values to 998 characters', () => {
    expect(paths({ ...ok, headers: { 'X-Long': 'v'.repeat(998) } })).toEqual([]);
    expect(paths({ ...ok, headers: { 'X-Long': 'v'.repeat(999) } })).toEqual(['headers.X-Long']);
  });

  it('refuses headers the service owns, case-insensitively', () => {
    for (const name of ['From', 'to', 'BCC', 'Subject', 'Content-Type', 'MIME-Version', 'DKIM-Signature', 'Message-ID', 'Reply-To']) {
      const r = issues({ ...ok, headers: { [name]: 'x' } });
      expect(r).toEqual([expect.objectContaining({ path: `headers.${name}`, message: expect.stringContaining('cannot be set') })]);
    }
  });

  it('refuses the same header twice in different case, and non-string values', () => {
    expect(paths({ ...ok, headers: { 'X-A': '1', 'x-a': '2' } })).toEqual(['headers.x-a']);
    expect(paths({ ...ok, headers: { 'X-A': { nested: true } } })).toEqual(['headers.X-A']);
    expect(paths({ ...ok, headers: 'X-A: 1' })).toEqual(['headers']);
  });
});

describe('sendRequestSchema: attachments', () => {
  it('accepts a valid attachment and tolerates line-wrapped base64', () => {
    const content = b64(Buffer.alloc(200, 7)).replace(/(.{76})/g, '$1\r\n');
    const r = sendRequestSchema.parse({ ...ok, attachments: [file({ content, contentType: 'text/csv; charset=utf-8' })] });
    expect(r.attachments![0].content).not.toMatch(/\s/);
    expect(Buffer.from(r.attachments![0].content, 'base64')).toEqual(Buffer.alloc(200, 7));
  });

  it('accepts 10 attachments and refuses 11', () => {
    expect(paths({ ...ok, attachments: Array.from({ length: 10 }, () => file()) })).toEqual([]);
    expect(paths({ ...ok, attachments: Array.from({ length: 11 }, () => file()) })).toEqual(['attachments']);
  });

  it('refuses bad base64 on the item content path', () => {
    expect(paths({ ...ok, attachments: [file(), file(), file({ content: 'not base64!' })] })).toEqual(['attachments.2.content']);
    expect(paths({ ...ok, attachments: [file({ content: 'abc' })] })).toEqual(['attachments.0.content']);
    expect(paths({ ...ok, attachments: [file({ content: 'data:text/plain;base64,aGVsbG8=' })] })).toEqual(['attachments.0.content']);
    expect(paths({ ...ok, attachments: [file({ content: '' })] })).toEqual(['attachments.0.content']);
  });

  it('validates filename, contentType, disposition and contentId', () => {
    expect(paths({ ...ok, attachments: [file({ filename: '../etc/passwd' })] })).toEqual(['attachments.0.filename']);
    expect(paths({ ...ok, attachments: [file({ filename: 'a\\b.txt' })] })).toEqual(['attachments.0.filename']);
    expect(paths({ ...ok, attachments: [file({ filename: 'a\r\n.txt' })] })).toEqual(['attachments.0.filename']);
    expect(paths({ ...ok, attachments: [file({ filename: '' })] })).toEqual(['attachments.0.filename']);
    expect(paths({ ...ok, attachments: [file({ filename: 'x'.repeat(256) })] })).toEqual(['attachments.0.filename']);
    expect(paths({ ...ok, attachments: [file({ contentType: 'pdf' })] })).toEqual(['attachments.0.contentType']);
    expect(paths({ ...ok, attachments: [file({ contentType: 'text/plain\r\nBcc: x' })] })).toEqual(['attachments.0.contentType']);
    expect(paths({ ...ok, attachments: [file({ disposition: 'hidden' })] })).toEqual(['attachments.0.disposition']);
  });

  it('needs a contentId for inline attachments, and strips <>', () => {
    expect(paths({ ...ok, attachments: [file({ disposition: 'inline' })] })).toEqual(['attachments.0.contentId']);
    const r = sendRequestSchema.parse({ ...ok, attachments: [file({ disposition: 'inline', contentId: '<logo@herald>' })] });
    expect(r.attachments![0].contentId).toBe('logo@herald');
    expect(paths({ ...ok, attachments: [file({ contentId: 'a b' })] })).toEqual(['attachments.0.contentId']);
  });

  it('limits the decoded total (10 MiB by default, configurable)', () => {
    const five = b64(Buffer.alloc(5 * 1024 * 1024));
    const justOver = b64(Buffer.alloc(5 * 1024 * 1024 + 1));
    expect(paths({ ...ok, attachments: [file({ content: five }), file({ content: five })] })).toEqual([]);
    expect(paths({ ...ok, attachments: [file({ content: five }), file({ content: justOver })] })).toEqual(['attachments']);
    const small = createSendRequestSchema({ maxAttachmentBytes: 4 });
    expect(paths({ ...ok, attachments: [file({ content: b64('abcd') })] }, small)).toEqual([]);
    expect(paths({ ...ok, attachments: [file({ content: b64('abcde') })] }, small)).toEqual(['attachments']);
  });

  it('limits the whole message to 40 MiB', () => {
    expect(paths({ ...ok, body: 'x'.repeat(MAX_MESSAGE_BYTES - 100) })).toEqual([]);
    expect(paths({ ...ok, body: 'x'.repeat(MAX_MESSAGE_BYTES + 1) })).toEqual(['']);
  });
});

describe('address helpers', () => {
  it('normalizeRecipients handles every form, trims and lower-cases, keeps duplicates and order', () => {
    expect(normalizeRecipients(' Jane@Example.COM ')).toEqual([{ email: 'jane@example.com' }]);
    expect(normalizeRecipients({ name: ' Jane ', email: 'JANE@example.com' })).toEqual([{ email: 'jane@example.com', name: 'Jane' }]);
    expect(normalizeRecipients(['b@x.io', 'Bee <B@x.io>', { email: 'a@x.io', name: '' }])).toEqual([
      { email: 'b@x.io' },
      { email: 'b@x.io', name: 'Bee' },
      { email: 'a@x.io' },
    ]);
  });

  it('normalizeRecipients accepts parsed schema output', () => {
    const r = sendRequestSchema.parse({ ...ok, to: [{ name: 'A', email: 'A@x.io' }, 'c@x.io'] });
    expect(normalizeRecipients(r.to)).toEqual([{ email: 'a@x.io', name: 'A' }, { email: 'c@x.io' }]);
  });

  it('parseAddress parses "Name <email>", quoted names and objects', () => {
    expect(parseAddress('Herald News <News@Herald.dev>')).toEqual({ email: 'news@herald.dev', name: 'Herald News' });
    expect(parseAddress('"Doe, Jane \\"JD\\"" <jane@x.io>')).toEqual({ email: 'jane@x.io', name: 'Doe, Jane "JD"' });
    expect(parseAddress('<jane@x.io>')).toEqual({ email: 'jane@x.io' });
    expect(parseAddress({ email: 'jane@x.io', name: 'Jane' })).toEqual({ email: 'jane@x.io', name: 'Jane' });
  });

  it('parseAddress uses the fallback name only when the address has none', () => {
    expect(parseAddress('news@herald.dev', 'Herald')).toEqual({ email: 'news@herald.dev', name: 'Herald' });
    expect(parseAddress('News <news@herald.dev>', 'Herald')).toEqual({ email: 'news@herald.dev', name: 'News' });
    expect(parseAddress({ email: 'news@herald.dev' }, 'Herald')).toEqual({ email: 'news@herald.dev', name: 'Herald' });
    expect(parseAddress({ email: 'news@herald.dev', name: 'N' }, 'Herald')).toEqual({ email: 'news@herald.dev', name: 'N' });
  });

  it('parseAddress throws on an invalid address; tryParseAddress returns null', () => {
    expect(() => parseAddress('nope')).toThrow(TypeError);
    expect(tryParseAddress('Name <nope>')).toBeNull();
    expect(tryParseAddress(42)).toBeNull();
  });

  it('attachmentBytes sums decoded sizes without decoding', () => {
    expect(base64DecodedLength(b64('a'))).toBe(1);
    expect(base64DecodedLength(b64('ab'))).toBe(2);
    expect(base64DecodedLength(b64('abc'))).toBe(3);
    expect(base64DecodedLength('YWJj\r\nZA==')).toBe(4);
    expect(attachmentBytes([{ content: b64('hello') }, { content: b64(Buffer.alloc(1000)) }])).toBe(1005);
    expect(attachmentBytes(undefined)).toBe(0);
  });
});
