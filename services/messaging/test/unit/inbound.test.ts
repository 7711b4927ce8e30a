import { cachedRoutes } from '../../src/app/inbound';
import { isAutoReply, messageIdsOf, snippetOf, summarize, threadCandidates, SNIPPET_CHARS } from '../../src/domain/inbound';

const EMAIL_A = '01970a3e-2f1a-7d3b-8e4c-5a6b7c8d9e0f';
const EMAIL_B = '01970a3e-2f1a-7d3b-8e4c-5a6b7c8d9e10';

const headers = (h: Record<string, string>) => (name: string) => h[name.toLowerCase()];

describe('auto-replies (RFC 3834 and out-of-office markers)', () => {
  it.each([
    [{ 'auto-submitted': 'auto-replied' }, true],
    [{ 'auto-submitted': 'auto-generated' }, true],
    [{ 'auto-submitted': 'Auto-Replied; owner-email="a@b.c"' }, true],
    [{ 'auto-submitted': 'no' }, false],
    [{ 'auto-submitted': ' No ' }, false],
    [{ 'x-autoreply': 'yes' }, true],
    [{ 'x-autorespond': 'Out of office' }, true],
    [{ 'x-autoreply': 'no' }, false],
    [{ precedence: 'auto_reply' }, true],
    [{ precedence: 'bulk' }, false],
    [{ 'x-auto-response-suppress': 'OOF, AutoReply' }, true],
    [{ 'x-auto-response-suppress': 'All' }, true],
    [{ 'x-auto-response-suppress': 'DR' }, false],
    [{}, false],
  ])('%j → %s', (h, expected) => {
    expect(isAutoReply(headers(h))).toBe(expected);
  });
});

describe('threading', () => {
  it('reads ids with and without brackets', () => {
    expect(messageIdsOf('<a@b> <c@d>')).toEqual(['a@b', 'c@d']);
    expect(messageIdsOf(['<a@b>', '<c@d>'])).toEqual(['a@b', 'c@d']);
    expect(messageIdsOf('a@b')).toEqual(['a@b']);
    expect(messageIdsOf(undefined)).toEqual([]);
  });

  it('In-Reply-To first, then References from the newest; only Herald-shaped ids, once each', () => {
    const t = threadCandidates(`<${EMAIL_B}@x.test>`, `<CAF123@mail.gmail.com> <${EMAIL_A}@x.test> <${EMAIL_B}@x.test>`);
    expect(t.emailIds).toEqual([EMAIL_B, EMAIL_A]);
    expect(t.messageIds).toEqual([`${EMAIL_B}@x.test`, `${EMAIL_A}@x.test`]);
    expect(threadCandidates('<not-a-uuid@x.test>', undefined).emailIds).toEqual([]);
    expect(threadCandidates(`<${EMAIL_A.toUpperCase()}@X.test>`, undefined).emailIds).toEqual([EMAIL_A]);
  });
});

describe('snippets', () => {
  it('drops quoted text and what follows the attribution, collapses whitespace', () => {
    const text = 'Thanks,   that works.\n\nSee you\n\nOn Mon, 1 Jun 2025 at 09:30, Herald <hello@x.test> wrote:\n> Welcome!\n> old';
    expect(snippetOf(text)).toBe('Thanks, that works. See you');
    expect(snippetOf('> only quoted')).toBe('');
  });

  it('cuts at SNIPPET_CHARS', () => {
    const s = snippetOf('word '.repeat(200));
    expect(s.length).toBeLessThanOrEqual(SNIPPET_CHARS);
    expect(s.endsWith('…')).toBe(true);
  });
});

describe('summarize', () => {
  it('sender, recipients, subject, id, snippet, attachment names, thread, auto-reply', async () => {
    const raw = Buffer.from(
      `From: "Jane Doe" <Jane@Example.ORG>\r\nTo: Support <support@acme.test>, other@elsewhere.test\r\nCc: cc@acme.test\r\nSubject: Re: Welcome\r\n` +
        `Message-ID: <reply-1@example.org>\r\nIn-Reply-To: <${EMAIL_A}@acme.test>\r\nAuto-Submitted: auto-replied\r\nMIME-Version: 1.0\r\n` +
        `Content-Type: multipart/mixed; boundary="b1"\r\n\r\n--b1\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nI am away until Monday.\r\n` +
        `--b1\r\nContent-Type: application/pdf; name="invoice.pdf"\r\nContent-Disposition: attachment; filename="invoice.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\n` +
        `${Buffer.from('%PDF-1.4').toString('base64')}\r\n--b1--\r\n`,
    );
    const s = await summarize(raw, 'bounce@example.org');
    expect(s).toEqual({
      from: 'jane@example.org',
      headerTo: ['support@acme.test', 'other@elsewhere.test', 'cc@acme.test'],
      subject: 'Re: Welcome',
      messageId: 'reply-1@example.org',
      snippet: 'I am away until Monday.',
      attachments: ['invoice.pdf'],
      autoReply: true,
      threadEmailIds: [EMAIL_A],
      threadMessageIds: [`${EMAIL_A}@acme.test`],
    });
  });

  it('falls back to the envelope sender without a From header', async () => {
    const s = await summarize(Buffer.from('Subject: hi\r\n\r\nbody\r\n'), '<Bob@Example.org>');
    expect(s).toMatchObject({ from: 'bob@example.org', subject: 'hi', snippet: 'body', autoReply: false, threadEmailIds: [] });
  });

  it('hostile input never throws', async () => {
    const hostile = [
      Buffer.alloc(0),
      Buffer.from('\x00\xff\xfe garbage without headers'),
      Buffer.from(`Content-Type: multipart/mixed; boundary="x"\r\n\r\n${'--x\r\nContent-Type: multipart/mixed; boundary="x"\r\n\r\n'.repeat(500)}`),
      Buffer.from(`From: ${'a'.repeat(100_000)}\r\nSubject: ${'=?utf-8?B?' + '!!!'.repeat(1000) + '?='}\r\n\r\n`),
      Buffer.from('From: <>\r\nIn-Reply-To: <<<>>> <@> <x@>\r\nReferences: ' + '<a@b> '.repeat(5000) + '\r\n\r\n'),
    ];
    for (const raw of hostile) {
      const s = await summarize(raw);
      expect(typeof s.subject).toBe('string');
      expect(s.threadEmailIds.length).toBeLessThanOrEqual(20);
    }
  });
});

describe('the listener remembers which projects a domain is for', () => {
  const counting = () => {
    const asked: string[] = [];
    let fail = false;
    const routes = async (domain: string) => {
      asked.push(domain);
      if (fail) throw new Error('domains unavailable');
      return [{ project_id: 'p1', mx_found: true }];
    };
    return { asked, routes, failNext: (v: boolean) => (fail = v) };
  };

  it('asks once per domain within the TTL, again with none', async () => {
    const c = counting();
    const cached = cachedRoutes(c.routes, 60_000);
    await cached('a.test');
    await cached('a.test');
    await cached('b.test');
    expect(c.asked).toEqual(['a.test', 'b.test']);
    const uncached = cachedRoutes(c.routes, 0);
    await uncached('a.test');
    await uncached('a.test');
    expect(c.asked).toEqual(['a.test', 'b.test', 'a.test', 'a.test']);
  });

  it('does not remember a failure', async () => {
    const c = counting();
    const cached = cachedRoutes(c.routes, 60_000);
    c.failNext(true);
    await expect(cached('a.test')).rejects.toThrow('domains unavailable');
    c.failNext(false);
    await expect(cached('a.test')).resolves.toEqual([{ project_id: 'p1', mx_found: true }]);
    expect(c.asked).toEqual(['a.test', 'a.test']);
  });
});
