import { complianceChecks, GMAIL_BULK_PER_DAY, type ComplianceFacts } from '../../src/domain/compliance';
import {
  hasUnsubscribeLink,
  IMAGE_ONLY_TEXT_BYTES,
  listHeaders,
  mailtoUnsubscribeToken,
  pixelFits,
  textOf,
  withUnsubscribeFooter,
} from '../../src/domain/mail-format';
import { trackingOf } from '../../src/app/send';

describe('the text part', () => {
  it('keeps the text and its paragraphs, writes links out, drops images', () => {
    const text = textOf('<h1>Welcome</h1><p>Hi <b>Ada</b>,</p><p>Start <a href="https://example.com/start?a=1&amp;b=2">here</a>.</p><img src="x.png" alt="x">');
    expect(text).toBe('Welcome\n\nHi Ada,\n\nStart here [https://example.com/start?a=1&b=2].\n');
  });

  it('writes a link whose text is its address once', () => {
    expect(textOf('<a href="https://example.com/">https://example.com/</a>')).toBe('https://example.com/\n');
  });

  it('lays a table out as lines', () => {
    expect(textOf('<table><tr><td>Total</td></tr><tr><td>€ 12</td></tr></table>')).toBe('Total\n€ 12\n');
  });
});

describe('the unsubscribe footer', () => {
  const url = 'https://h.example/unsubscribe/tok';
  it('finds a link to the hosted pages, or one that says unsubscribe', () => {
    expect(hasUnsubscribeLink(`<a href="${url}">bye</a>`, [url])).toBe(true);
    expect(hasUnsubscribeLink('<a href="https://shop.example/prefs">Unsubscribe</a>', [url])).toBe(true);
    expect(hasUnsubscribeLink('<a href="https://shop.example/unsubscribe?u=1">leave</a>', [url])).toBe(true);
    expect(hasUnsubscribeLink('<p>News</p><a href="https://shop.example/">Shop</a>', [url])).toBe(false);
  });

  it('goes before </body>, or at the end', () => {
    expect(withUnsubscribeFooter('<html><body><p>x</p></body></html>', url)).toMatch(
      new RegExp(`<p>x</p><p [^>]+>.*<a href="${url}"[^>]*>Unsubscribe</a></p></body></html>$`),
    );
    expect(withUnsubscribeFooter('<p>x</p>', `${url}?a=1&b="2"`)).toContain('href="https://h.example/unsubscribe/tok?a=1&amp;b=&quot;2&quot;"');
  });
});

describe('the open pixel', () => {
  it('fits a body with images of its own, or with enough text; not a short image-less one', () => {
    expect(pixelFits('<p>Your code is 4711</p>')).toBe(false);
    expect(pixelFits('<IMG src="logo.png"><p>Hi</p>')).toBe(true);
    const words = 'word '.repeat(IMAGE_ONLY_TEXT_BYTES / 5 + 10);
    expect(pixelFits(`<p>${words}</p>`)).toBe(true);
    // Markup and styles are not text.
    expect(pixelFits(`<style>${words}</style><p>Hi</p>`)).toBe(false);
    expect(pixelFits(`<p title="${words}">Hi</p>`)).toBe(false);
  });
});

describe('list headers', () => {
  const base = { projectId: '01970a3b-4d5e-7f6a-8b7c-9d0e1f2a3b4c', domain: 'news.example.com', unsubscribeUrl: 'https://h.example/unsubscribe/t0k' };

  it('one-click List-Unsubscribe, List-Id under the sender domain, Feedback-ID of campaign, way and project', () => {
    expect(listHeaders({ ...base, campaignId: '01970a40-0000-7000-8000-000000000001', sourceType: 'campaign' })).toEqual({
      'List-Unsubscribe': '<https://h.example/unsubscribe/t0k>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': '<01970a3b-4d5e-7f6a-8b7c-9d0e1f2a3b4c.list-id.news.example.com>',
      'Feedback-ID': '01970a40000070008000000000000001:campaign:01970a3b4d5e7f6a8b7c9d0e1f2a3b4c:herald',
    });
    expect(listHeaders({ ...base, sourceType: 'transactional' })['Feedback-ID']).toBe('none:send:01970a3b4d5e7f6a8b7c9d0e1f2a3b4c:herald');
  });

  it('a mailto alternative whose subject carries the token, read back from what a client sends', () => {
    const h = listHeaders({ ...base, sourceType: 'workflow', mailto: { address: 'unsub@h.example', token: 'eyJrIjoicyJ9.abcdefghijklmnopqrstuvwxyz012345' } });
    expect(h['List-Unsubscribe']).toBe(
      '<https://h.example/unsubscribe/t0k>, <mailto:unsub@h.example?subject=unsubscribe%20eyJrIjoicyJ9.abcdefghijklmnopqrstuvwxyz012345>',
    );
    const subject = decodeURIComponent(/subject=([^>]+)>/.exec(h['List-Unsubscribe'])![1]);
    expect(mailtoUnsubscribeToken(subject)).toBe('eyJrIjoicyJ9.abcdefghijklmnopqrstuvwxyz012345');
    expect(mailtoUnsubscribeToken(`Re: ${subject}`)).toBe('eyJrIjoicyJ9.abcdefghijklmnopqrstuvwxyz012345');
    expect(mailtoUnsubscribeToken('unsubscribe me please')).toBeUndefined();
    expect(mailtoUnsubscribeToken('Hello')).toBeUndefined();
  });
});

describe('tracking by policy and type', () => {
  it.each([
    ['ENABLED', 'TRANSACTIONAL', true, true],
    ['ENABLED', 'MARKETING', true, true],
    ['ENABLED_EXCEPT_TRANSACTIONAL_OPENS', 'TRANSACTIONAL', true, false],
    ['ENABLED_EXCEPT_TRANSACTIONAL_OPENS', 'MARKETING', true, true],
    ['MARKETING_ONLY', 'TRANSACTIONAL', false, false],
    ['MARKETING_ONLY', 'MARKETING', true, true],
    ['DISABLED', 'MARKETING', false, false],
  ] as const)('%s, %s: clicks %s, opens %s', (policy, type, clicks, opens) => {
    expect(trackingOf(policy, type)).toEqual({ tracking: clicks, trackOpens: opens });
  });
});

describe('the compliance checks', () => {
  const facts: ComplianceFacts = {
    domain: 'news.example.com',
    found: { dkim: true, spf: true, mx: true, dmarc: true },
    checked: true,
    dmarcReportEmail: 'dmarc@example.com',
    mailto: true,
    sent24h: 10,
    marketing24h: 4,
  };
  const statuses = (f: ComplianceFacts) => Object.fromEntries(complianceChecks(f).map((c) => [c.id, c.status]));

  it('all pass for a published domain with reports, the mailto and a small volume; a passing check has no fix', () => {
    expect(new Set(Object.values(statuses(facts)))).toEqual(new Set(['pass']));
    expect(complianceChecks(facts).every((c) => c.fix === '')).toBe(true);
  });

  it('a missing record fails, an unchecked domain fails its DNS checks, and the optional parts are advice', () => {
    expect(statuses({ ...facts, found: { ...facts.found, dmarc: false } })).toMatchObject({ dmarc: 'fail', spf: 'pass' });
    expect(statuses({ ...facts, checked: false })).toMatchObject({ spf: 'fail', dkim: 'fail', dmarc: 'fail' });
    expect(statuses({ ...facts, dmarcReportEmail: null, mailto: false })).toMatchObject({ dmarc_reports: 'warn', mailto_unsubscribe: 'warn' });
    const bulk = complianceChecks({ ...facts, sent24h: GMAIL_BULK_PER_DAY }).find((c) => c.id === 'bulk_volume')!;
    expect([bulk.status, bulk.detail]).toEqual(['warn', expect.stringContaining('5000 mails sent from news.example.com')]);
  });
});
