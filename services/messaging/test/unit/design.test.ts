import { describe, expect, it } from '@jest/globals';
import { cleanRichText, compileDesign, designSchema, designToMjml, type Design } from '../../src/domain/design';
import { render } from '../../src/domain/render';
import { textOf } from '../../src/domain/mail-format';

/** A design with every kind of block, as the editor saves it. */
const sample = (): Design =>
  designSchema.parse({
    blocks: [
      { type: 'image', id: 'logo', src: 'https://cdn.example.org/logo.png', alt: 'Acme', width: 120, href: 'https://acme.example' },
      {
        type: 'section',
        id: 's1',
        background: '#fafafa',
        columns: [
          {
            blocks: [
              { type: 'text', id: 't1', html: '<p>Hi <b>{{firstName ?? "friend"}}</b>, <i>welcome</i> to <a href="https://acme.example/start">Acme</a>.</p>' },
            ],
          },
          { blocks: [{ type: 'image', id: 'i2', src: 'https://cdn.example.org/hero.jpg', alt: 'Hero' }] },
          { blocks: [{ type: 'button', id: 'b1', label: 'Get started', href: 'https://acme.example/go?a=1&b=2', color: '#dc2626' }] },
        ],
      },
      { type: 'divider', id: 'd1', color: '#cccccc' },
      { type: 'spacer', id: 'sp', height: 32 },
      {
        type: 'social',
        id: 'so',
        links: [
          { network: 'x', href: 'https://x.com/acme' },
          { network: 'github', href: 'https://github.com/acme' },
          { network: 'tiktok', href: 'https://tiktok.com/@acme' },
        ],
      },
      { type: 'button', id: 'b2', label: 'Your plan: {{plan ?? "free"}}', href: '{{manageUrl}}' },
      { type: 'footer', id: 'f', text: 'Acme Inc.\n1 Main Street' },
    ],
  });

describe('design → MJML → HTML', () => {
  it('compiles a sample of every block with MJML strict validation and no issue', async () => {
    const r = await compileDesign(sample());
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    expect(r.mjml).toContain('<mj-social-element name="x"');
    expect(r.html).toMatch(/^<!doctype html>/i);
    expect(r.html).toContain('https://cdn.example.org/logo.png');
    expect(r.html).toContain('Get started');
    expect(r.html).toContain('href="https://acme.example/go?a=1&amp;b=2"');
  });

  it('is responsive: three columns side by side from 480px, stacked under it', async () => {
    const r = await compileDesign(sample());
    if (!r.ok) throw new Error('not compiled');
    expect(r.html).toMatch(/@media only screen and \(min-width:480px\)/);
    expect(r.html).toMatch(/\.mj-column-per-33-\d+\s*\{\s*width:33\.3+\d*% !important/);
    expect(r.html).toContain('width="600"');
  });

  it('keeps the unsubscribe link and the variables for the send to render', async () => {
    const r = await compileDesign(sample());
    if (!r.ok) throw new Error('not compiled');
    expect(r.html).toContain('href="{{unsubscribeUrl}}"');
    expect(r.html).toContain('href="{{manageUrl}}"');
    const sent = render(r.html, { firstName: 'Ada', unsubscribeUrl: 'https://h.example/u/1', manageUrl: 'https://h.example/m/1' });
    expect(sent).toContain('<b>Ada</b>');
    expect(sent).toContain('href="https://h.example/u/1"');
    expect(sent).toContain('Your plan: free');
    expect(render(r.html, {})).toContain('<b>friend</b>');
    const text = textOf(sent);
    expect(text).toContain('Hi Ada, welcome to Acme [https://acme.example/start].');
    expect(text).toContain('Unsubscribe [https://h.example/u/1]');
  });

  it('escapes values, so a label or alt cannot break out of its element', () => {
    const d = designSchema.parse({
      blocks: [
        { type: 'button', id: 'b', label: '</mj-button><mj-raw><script>x</script>', href: 'https://a.example/?q="x"' },
        { type: 'image', id: 'i', src: 'https://a.example/i.png', alt: '" onerror="x' },
      ],
    });
    const m = designToMjml(d);
    expect(m).not.toContain('<mj-raw>');
    expect(m).toContain('&lt;/mj-button&gt;');
    expect(m).toContain('alt="&quot; onerror=&quot;x"');
  });

  it('keeps only simple rich text: bold, italic, links, paragraphs', () => {
    expect(
      cleanRichText(
        '<p style="x" onclick="y">a<script>z</script><b class="c">b</b><img src=x><a href="javascript:alert(1)">j</a><a href="https://ok.example">k</a></p>',
      ),
    ).toBe('<p>a<b>b</b><a>j</a><a href="https://ok.example">k</a></p>');
    expect(cleanRichText('1 < 2 <br>')).toBe('1 &lt; 2 <br />');
  });

  it('refuses a design that is not valid with the path of the field', () => {
    const r = designSchema.safeParse({
      blocks: [{ type: 'section', id: 's', columns: [{ blocks: [{ type: 'button', id: 'b', label: 'Go', href: 'javascript:x', color: 'red' }] }] }],
    });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['blocks.0.columns.0.blocks.0.href', 'blocks.0.columns.0.blocks.0.color']));
    expect(
      designSchema.safeParse({ blocks: [{ type: 'section', id: 's', columns: [{ blocks: [] }, { blocks: [] }, { blocks: [] }, { blocks: [] }] }] }).success,
    ).toBe(false);
    expect(designSchema.safeParse({ blocks: [] }).success).toBe(false);
  });
});
