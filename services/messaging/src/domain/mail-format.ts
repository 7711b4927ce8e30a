/**
 * What makes a message one that filters trust, beyond its content: a text/plain alternative, the
 * list headers of marketing mail (RFC 2369 / 2919 / 8058, Gmail's Feedback-ID) and a visible way
 * to unsubscribe. Pure: no I/O (docs/decisions/0311-every-message-has-a-text-part.md,
 * 0312-marketing-mail-carries-list-headers-and-a-footer.md).
 */
import { convert, type HtmlToTextOptions } from 'html-to-text';

const TEXT_OPTIONS: HtmlToTextOptions = {
  wordwrap: 78,
  selectors: [
    // A link shows its address after its text, unless the text is the address.
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    // Tables in mail are layout: each cell its own line.
    ...['table', 'tr', 'td', 'th'].map((selector) => ({ selector, format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } })),
  ],
};

/** The text/plain part of an HTML body: its text with line breaks kept and links written out. */
export function textOf(html: string): string {
  return convert(html, TEXT_OPTIONS).trim() + '\n';
}

/** Spam filters score a message with an image and under this much text as image-only (SpamAssassin's HTML_IMAGE_ONLY_04…32). */
export const IMAGE_ONLY_TEXT_BYTES = 3200;

/**
 * Whether the open pixel may go into a body: when the body shows images of its own (the pixel
 * changes nothing) or has enough text. A short image-less body would become "image-only" through
 * the pixel alone; it goes without, and its opens are known from its clicks
 * (docs/decisions/0313-the-open-pixel-only-where-it-cannot-make-mail-image-only.md).
 */
export function pixelFits(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  const text = html
    .replace(/<(style|script|head)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ');
  return Buffer.byteLength(text) > IMAGE_ONLY_TEXT_BYTES;
}

/** Whether a body already offers a way out: a link to the hosted pages, or any link that says unsubscribe. */
export function hasUnsubscribeLink(html: string, hostedPages: string[]): boolean {
  if (hostedPages.some((url) => html.includes(url))) return true;
  return /<a\b[^>]*>[^<]*(unsubscribe|opt[ -]?out)[^<]*<\/a>/i.test(html) || /<a\b[^>]*\bhref\s*=\s*["'][^"']*unsubscribe/i.test(html);
}

/** The footer added to marketing mail whose body has no unsubscribe link (Gmail's bulk-sender guidelines ask for a visible one). */
export function withUnsubscribeFooter(html: string, unsubscribeUrl: string): string {
  const href = unsubscribeUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const footer =
    `<p style="margin:32px 0 0;font:12px/1.5 sans-serif;color:#6b7280;text-align:center">` +
    `You receive this email because you subscribed. <a href="${href}" style="color:#6b7280">Unsubscribe</a></p>`;
  return /<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${footer}</body>`) : html + footer;
}

export interface ListHeaderInput {
  projectId: string;
  /** The From domain: the namespace of the List-Id (the sender controls it). */
  domain: string;
  /** The campaign an email comes from, for Feedback-ID's campaign field. */
  campaignId?: string | null;
  sourceType: 'transactional' | 'campaign' | 'workflow';
  unsubscribeUrl: string;
  /** UNSUBSCRIBE_MAILTO: the address Herald receives unsubscribe mail at, with the token to put in its subject. */
  mailto?: { address: string; token: string };
}

/**
 * The headers every marketing mail carries: one-click List-Unsubscribe (with a mailto alternative
 * when Herald receives one), List-Id naming the project's list under the sender's domain, and
 * Feedback-ID so Gmail's feedback loop reports complaints per campaign, kind and project.
 */
export function listHeaders(i: ListHeaderInput): Record<string, string> {
  const unsubscribe = [`<${i.unsubscribeUrl}>`];
  if (i.mailto) unsubscribe.push(`<mailto:${i.mailto.address}?subject=${encodeURIComponent(`unsubscribe ${i.mailto.token}`)}>`);
  const source = i.campaignId ?? 'none';
  return {
    'List-Unsubscribe': unsubscribe.join(', '),
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    'List-Id': `<${i.projectId}.list-id.${i.domain}>`,
    // Gmail's format, at most four fields, the last one the sender's: campaign:way:project:herald.
    'Feedback-ID': `${source.replace(/-/g, '')}:${i.sourceType === 'transactional' ? 'send' : i.sourceType}:${i.projectId.replace(/-/g, '')}:herald`,
  };
}

/** The token of a mailto unsubscribe: the subject's "unsubscribe <token>" (as listHeaders writes it), whatever a client put before it (Re:, Fwd:). */
export function mailtoUnsubscribeToken(subject: string): string | undefined {
  return /\bunsubscribe\s+([A-Za-z0-9._~-]{16,})\s*$/i.exec(subject.trim())?.[1];
}
