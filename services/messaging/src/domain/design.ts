/**
 * A template's design: the blocks of the dashboard's email editor, kept beside the body they
 * compile to. The body stays what a send renders; the design is how the editor shows it again.
 *
 * design (JSON, `designSchema`) → MJML (`designToMjml`, every value escaped) → responsive email
 * HTML (`compileDesign`, MJML's own compiler with its strict validator). Text may hold Herald's
 * variables (`{{firstName ?? "friend"}}`): MJML passes them through, and a send renders them.
 */
import { z } from 'zod';

const id = z.string().min(1).max(64).describe("The block's id in the editor (any string unique in the design).");
const color = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a colour as #rgb or #rrggbb')
  .describe('A colour, #rgb or #rrggbb.');
/** A link: http(s), mailto or tel, or a variable (`{{manageUrl}}`, `{{data.link}}`). */
const href = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (s) => /^(https?:\/\/|mailto:|tel:)\S+$/i.test(s) || /^\{\{\{?[^{}]+\}?\}\}\S*$/.test(s),
    'must be an http(s), mailto or tel link, or a variable such as {{manageUrl}}',
  );
const imageSrc = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => /^https?:\/\/\S+$/i.test(s), 'must be an http(s) URL (upload an image to get one)');

export const SOCIAL_NETWORKS = ['facebook', 'x', 'instagram', 'linkedin', 'youtube', 'github', 'pinterest', 'tiktok', 'web'] as const;

const text = z.strictObject({
  type: z.literal('text'),
  id,
  html: z.string().max(100_000).describe('Rich text: paragraphs, <b>, <i>, <a href> and variables.'),
  align: z.enum(['left', 'center', 'right']).optional(),
});
const image = z.strictObject({
  type: z.literal('image'),
  id,
  src: imageSrc.describe('The image URL (POST /uploads/image stores one).'),
  alt: z.string().max(500).default(''),
  href: href.optional().describe('Where a click on the image goes.'),
  width: z.number().int().min(20).max(600).optional().describe('In pixels; default the column width.'),
});
const button = z.strictObject({
  type: z.literal('button'),
  id,
  label: z.string().trim().min(1).max(200),
  href,
  color: color.default('#4f46e5').describe("The button's colour."),
  textColor: color.default('#ffffff'),
  align: z.enum(['left', 'center', 'right']).optional(),
});
const divider = z.strictObject({ type: z.literal('divider'), id, color: color.default('#e5e7eb') });
const spacer = z.strictObject({ type: z.literal('spacer'), id, height: z.number().int().min(4).max(200).default(24).describe('In pixels.') });
const social = z.strictObject({
  type: z.literal('social'),
  id,
  links: z
    .array(z.strictObject({ network: z.enum(SOCIAL_NETWORKS), href }))
    .min(1)
    .max(10),
});
const footer = z.strictObject({
  type: z.literal('footer'),
  id,
  text: z.string().max(2000).default('').describe('Plain text above the unsubscribe link, e.g. the postal address.'),
  unsubscribeLabel: z.string().trim().min(1).max(100).default('Unsubscribe').describe('The text of the link to {{unsubscribeUrl}}.'),
});

/** What a column holds (everything but a section). */
export const contentBlock = z.discriminatedUnion('type', [text, image, button, divider, spacer, social, footer]);
const section = z.strictObject({
  type: z.literal('section'),
  id,
  background: color.optional(),
  columns: z
    .array(z.strictObject({ blocks: z.array(contentBlock).max(50) }))
    .min(1)
    .max(3)
    .describe('One to three columns, side by side on a wide screen and stacked on a phone.'),
});

export const designBlock = z.discriminatedUnion('type', [section, text, image, button, divider, spacer, social, footer]);

/** A template's design (POST/PATCH /templates `design`). */
export const designSchema = z
  .strictObject({
    version: z.literal(1).default(1),
    background: color.default('#f4f4f5').describe("The page's colour around the email."),
    contentBackground: color.default('#ffffff').describe("The email's own colour."),
    blocks: z.array(designBlock).min(1).max(100).describe('Top to bottom: sections (with columns) and blocks, each a full-width row.'),
  })
  .describe(
    "The email as the dashboard's block editor builds it. Given, it is compiled to responsive HTML (with MJML) that becomes the `body`; a body written without a design drops the design.",
  );
export type Design = z.infer<typeof designSchema>;
export type DesignBlock = z.infer<typeof designBlock>;
export type ContentBlock = z.infer<typeof contentBlock>;

const escAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** An attribute keeps a variable's braces as they are (MJML does not touch them; a send renders them). */
const attr = (s: string) => escAttr(s).replace(/\{\{(.*?)\}\}/g, (_m, inner: string) => `{{${inner.replace(/&quot;/g, "'")}}}`);

const ALLOWED_TAGS = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'a', 'div', 'span', 'ul', 'ol', 'li', 'h1', 'h2', 'h3']);
/**
 * Rich text as the editor's contenteditable writes it, kept to a small set of tags: a link keeps
 * its href (when it is a link `href` accepts), every other attribute goes, other tags are dropped
 * with their text kept, and script/style with their content.
 */
export function cleanRichText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>/g, (tag, name: string, rest: string) => {
      const n = name.toLowerCase();
      if (!ALLOWED_TAGS.has(n)) return '';
      if (tag.startsWith('</')) return n === 'br' ? '' : `</${n}>`;
      if (n === 'a') {
        const m = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(rest);
        const url = (m?.[1] ?? m?.[2] ?? m?.[3] ?? '').replace(/&amp;/g, '&');
        return href.safeParse(url).success ? `<a href="${attr(url)}">` : '<a>';
      }
      return n === 'br' ? '<br />' : `<${n}>`;
    })
    .replace(/<(?![a-zA-Z/])/g, '&lt;');
}

const FONT = 'Helvetica, Arial, sans-serif';

function content(b: ContentBlock): string {
  switch (b.type) {
    case 'text':
      return `<mj-text${b.align ? ` align="${b.align}"` : ''}>${cleanRichText(b.html)}</mj-text>`;
    case 'image':
      return `<mj-image src="${attr(b.src)}" alt="${attr(b.alt)}"${b.href ? ` href="${attr(b.href)}"` : ''}${b.width ? ` width="${b.width}px"` : ''} />`;
    case 'button':
      return `<mj-button href="${attr(b.href)}" background-color="${b.color}" color="${b.textColor}"${b.align ? ` align="${b.align}"` : ''}>${escText(b.label)}</mj-button>`;
    case 'divider':
      return `<mj-divider border-color="${b.color}" border-width="1px" />`;
    case 'spacer':
      return `<mj-spacer height="${b.height}px" />`;
    case 'social':
      return `<mj-social mode="horizontal" icon-size="24px">${b.links
        .map(
          (l) =>
            `<mj-social-element name="${l.network === 'tiktok' ? 'web' : l.network}" href="${attr(l.href)}">${escText(socialLabel(l.network))}</mj-social-element>`,
        )
        .join('')}</mj-social>`;
    case 'footer':
      return `<mj-text align="center" font-size="12px" color="#6b7280">${b.text ? `${escText(b.text).replace(/\n/g, '<br />')}<br />` : ''}<a href="{{unsubscribeUrl}}" style="color:#6b7280">${escText(b.unsubscribeLabel)}</a></mj-text>`;
  }
}

const socialLabel = (n: (typeof SOCIAL_NETWORKS)[number]) =>
  ({
    facebook: 'Facebook',
    x: 'X',
    instagram: 'Instagram',
    linkedin: 'LinkedIn',
    youtube: 'YouTube',
    github: 'GitHub',
    pinterest: 'Pinterest',
    tiktok: 'TikTok',
    web: 'Website',
  })[n];

function row(b: DesignBlock, contentBackground: string): string {
  if (b.type !== 'section') return `<mj-section background-color="${contentBackground}"><mj-column>${content(b)}</mj-column></mj-section>`;
  const bg = b.background ?? contentBackground;
  return `<mj-section background-color="${bg}">${b.columns.map((c) => `<mj-column>${c.blocks.map(content).join('')}</mj-column>`).join('')}</mj-section>`;
}

/** The MJML of a design (parsed by `designSchema`): every value escaped, rich text cleaned. */
export function designToMjml(d: Design): string {
  return [
    '<mjml>',
    `<mj-head><mj-attributes><mj-all font-family="${FONT}" /><mj-text font-size="16px" line-height="1.5" color="#111827" /></mj-attributes></mj-head>`,
    `<mj-body background-color="${d.background}" width="600px">`,
    ...d.blocks.map((b) => row(b, d.contentBackground)),
    '</mj-body>',
    '</mjml>',
  ].join('\n');
}

export interface DesignIssue {
  /** The MJML element and line the validator names. */
  message: string;
}
export type Compiled = { ok: true; html: string; mjml: string } | { ok: false; issues: DesignIssue[] };

type Mjml = (source: string, opts: Record<string, unknown>) => Promise<{ html: string; errors: Array<{ formattedMessage?: string; message: string }> }>;
let mjmlModule: Promise<Mjml> | undefined;
/** MJML is loaded on the first compilation, not when the service starts. */
const loadMjml = () => (mjmlModule ??= import('mjml').then((m) => ((m as { default?: Mjml }).default ?? (m as unknown as Mjml)) as Mjml));

/**
 * A design's email HTML, compiled by MJML with its strict validator: what it refuses comes back as
 * issues (never thrown), so a design is either compiled whole or refused whole.
 */
export async function compileDesign(d: Design): Promise<Compiled> {
  const mjml = designToMjml(d);
  const compile = await loadMjml();
  try {
    const out = await compile(mjml, { validationLevel: 'strict', keepComments: false });
    if (out.errors?.length) return { ok: false, issues: out.errors.map((e) => ({ message: e.formattedMessage ?? e.message })) };
    return { ok: true, html: out.html, mjml };
  } catch (err) {
    const e = err as { errors?: Array<{ formattedMessage?: string; message: string }>; message: string };
    return { ok: false, issues: e.errors?.length ? e.errors.map((x) => ({ message: x.formattedMessage ?? x.message })) : [{ message: e.message }] };
  }
}
