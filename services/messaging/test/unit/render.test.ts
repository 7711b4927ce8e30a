import { describe, expect, it, jest } from '@jest/globals';
import { clearRenderCache, compileCheck, preprocess, render, RENDER_BUDGET, RenderBudgetError, renderCacheSize, renderDetailed } from '../../src/domain/render';

const vars = {
  name: 'Ann',
  html: '<b>bold</b>',
  evil: '<script>alert("x")</script> & \'q\'',
  nothing: null,
  empty: '',
  zero: 0,
  no: false,
  profile: { tier: 'gold', address: { city: 'Oslo' } },
  items: ['a', 'b'],
};

describe('render: variables', () => {
  it('substitutes a variable', () => {
    expect(render('Hi {{name}}!', vars)).toBe('Hi Ann!');
  });

  it('allows whitespace inside the braces', () => {
    expect(render('Hi {{ name }}!', vars)).toBe('Hi Ann!');
  });

  it('HTML-escapes double-brace output by default', () => {
    expect(render('{{evil}}', vars)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;q&#x27;');
  });

  it('does not escape when escape is false (subjects, plain text)', () => {
    expect(render('Re: {{evil}}', vars, { escape: false })).toBe('Re: <script>alert("x")</script> & \'q\'');
  });

  it('renders triple braces raw', () => {
    expect(render('{{{html}}}', vars)).toBe('<b>bold</b>');
  });

  it('reaches nested data by dotted name', () => {
    expect(render('{{profile.tier}} in {{profile.address.city}}', vars)).toBe('gold in Oslo');
  });

  it('renders unknown variables, unknown nested paths and paths through primitives as empty', () => {
    expect(render('[{{missing}}][{{profile.none.deeper}}][{{name.first}}][{{nothing}}]', vars)).toBe('[][][][]');
  });

  it('renders 0 and false as values', () => {
    expect(render('{{zero}}/{{no}}', vars)).toBe('0/false');
  });

  it('renders an object as empty instead of [object Object]', () => {
    expect(render('[{{profile}}][{{{profile}}}]', vars)).toBe('[][]');
  });

  it('supports if/each blocks', () => {
    expect(render('{{#if name}}yes{{else}}no{{/if}} {{#each items}}<i>{{this}}</i>{{/each}}', vars)).toBe('yes <i>a</i><i>b</i>');
    expect(render('{{#if missing}}yes{{else}}no{{/if}}', vars)).toBe('no');
    expect(render('{{#each tags}}[{{this}}]{{/each}}', { tags: ['<x>'] })).toBe('[&lt;x&gt;]');
  });

  it('does not expose prototype members', () => {
    expect(render('[{{constructor}}][{{__proto__}}][{{profile.constructor}}][{{items.constructor}}][{{name.constructor}}]', vars)).toBe('[][][][][]');
  });

  it('does not call functions passed in vars', () => {
    const fn = jest.fn(() => 'called');
    expect(render('[{{fn}}]', { fn })).toBe('[]');
    expect(fn).not.toHaveBeenCalled();
  });

  it('keeps the escaped mustache syntax literal', () => {
    expect(render('\\{{name}}', vars)).toBe('{{name}}');
  });
});

describe('render: fallbacks', () => {
  it('uses a double-quoted fallback when the value is missing', () => {
    expect(render('Hi {{first ?? "there"}}', vars)).toBe('Hi there');
  });

  it('uses a single-quoted fallback', () => {
    expect(render("Hi {{first ?? 'friend'}}", vars)).toBe('Hi friend');
  });

  it('uses a bare fallback as literal text (not a variable), trimmed, spaces allowed', () => {
    expect(render('Hi {{first ?? name}}', vars)).toBe('Hi name');
    expect(render('Hi {{first ?? dear friend }}!', vars)).toBe('Hi dear friend!');
    expect(render('{{count ?? 0}}', vars)).toBe('0');
  });

  it('uses the fallback for null and empty string', () => {
    expect(render('{{nothing ?? "N"}}|{{empty ?? "E"}}', vars)).toBe('N|E');
  });

  it('keeps present values, including 0 and false', () => {
    expect(render('{{name ?? "x"}}|{{zero ?? 5}}|{{no ?? yes}}', vars)).toBe('Ann|0|false');
  });

  it('works without spaces around ??', () => {
    expect(render('{{first??"x"}}', vars)).toBe('x');
  });

  it('works with dotted names', () => {
    expect(render('{{profile.tier ?? "basic"}} {{profile.plan ?? "basic"}} {{nope.deep ?? "d"}}', vars)).toBe('gold basic d');
  });

  it('escapes fallbacks in double braces', () => {
    expect(render('{{first ?? "<b>&</b>"}}', vars)).toBe('&lt;b&gt;&amp;&lt;/b&gt;');
  });

  it('keeps fallbacks raw in triple braces', () => {
    expect(render('{{{first ?? "<b>hi</b>"}}}', vars)).toBe('<b>hi</b>');
    expect(render('{{{html ?? "<i>x</i>"}}}', vars)).toBe('<b>bold</b>');
  });

  it('handles }} and quotes inside a quoted fallback', () => {
    expect(render('{{first ?? "a}}b"}}!', vars, { escape: false })).toBe('a}}b!');
    expect(render(`{{first ?? "it's \\"quoted\\""}}`, vars, { escape: false })).toBe('it\'s "quoted"');
    expect(render(`{{first ?? 'it\\'s'}}`, vars, { escape: false })).toBe("it's");
  });

  it('handles several fallbacks in one template, each with its own default', () => {
    expect(render('{{a ?? "1"}}-{{b ?? "2"}}-{{name ?? "3"}}-{{c ?? 4}}', vars)).toBe('1-2-Ann-4');
  });

  it('honours whitespace control', () => {
    expect(render('x  {{~first ?? "y"~}}  z', vars)).toBe('xyz');
    expect(render('x  {{~{first ?? "<y>"}~}}  z', vars)).toBe('x<y>z');
  });

  it('works inside blocks', () => {
    expect(render('{{#each items}}{{this}}{{nick ?? "-"}}{{/each}}', vars)).toBe('a-b-');
  });

  it('does not rewrite ?? inside comments', () => {
    expect(render('{{!-- {{a ?? b}} --}}ok{{! a ?? b }}', vars)).toBe('ok');
  });

  it('rewrites into a helper call', () => {
    const p = preprocess('{{a ?? "x}}"}} {{{b ?? y}}}');
    expect(p.source).toBe('{{__fallback a 0}} {{{__fallback b 1}}}');
    expect(p.fallbacks).toEqual(['x}}', 'y']);
  });
});

describe('render: never throws', () => {
  it.each([
    ['unclosed mustache', 'Hi {{name'],
    ['unclosed block', '{{#if name}}open'],
    ['mismatched block', '{{#if name}}x{{/each}}'],
    ['unknown helper', '{{shout name}}'],
    ['partial', '{{> footer}}'],
    ['if without argument', '{{#if}}x{{/if}}'],
    ['empty fallback', '{{name ??}}'],
  ])('%s: returns a string and reports the error', (_label, source) => {
    const onError = jest.fn();
    let out: string | undefined;
    expect(() => {
      out = render(source, vars, { onError });
    }).not.toThrow();
    expect(typeof out).toBe('string');
    expect(out).not.toContain('{{');
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('best-effort output still substitutes plain variables and fallbacks, escaped', () => {
    const r = renderDetailed('Hi {{name}} {{evil}} {{x ?? "there"}} {{{html}}} {{#if}}', vars);
    expect(r.error).toBeInstanceOf(Error);
    expect(r.output).toBe('Hi Ann &#x3C;script&#x3E;alert(&#x22;x&#x22;)&#x3C;/script&#x3E; &#x26; &#x27;q&#x27; there <b>bold</b> ');
  });

  it('survives hostile vars: cycles, throwing getters, odd types', () => {
    const cyclic: Record<string, unknown> = { name: 'C' };
    cyclic.self = cyclic;
    const hostile = Object.defineProperty({ ok: 'yes' }, 'boom', {
      enumerable: true,
      get() {
        throw new Error('getter');
      },
    });
    const out = render('{{c.name}} {{c.self.name}} {{h.ok}}[{{h.boom}}] {{big}} {{when}}', {
      c: cyclic,
      h: hostile,
      big: 10n,
      when: new Date('2026-01-02T03:04:05.000Z'),
    });
    // c.self is the cycle: cut, so it renders empty.
    expect(out).toBe('C  yes[] 10 2026-01-02T03:04:05.000Z');
  });

  it('does not throw when an onError hook throws', () => {
    expect(() =>
      render('{{#if}}', vars, {
        onError: () => {
          throw new Error('hook');
        },
      }),
    ).not.toThrow();
  });

  it('does not report an error for a good template', () => {
    const onError = jest.fn();
    render('{{name}}', vars, { onError });
    expect(onError).not.toHaveBeenCalled();
    expect(renderDetailed('{{name}}', vars).error).toBeUndefined();
  });
});

describe("render: the loops' work budget", () => {
  it('ends nested loops over a large list with an error, instead of running 10^9 times', () => {
    const a = Array.from({ length: 1000 }, (_, i) => i);
    const r = renderDetailed('<p>{{name}}</p>{{#each a}}{{#each ../a}}{{#each ../../a}}x{{/each}}{{/each}}{{/each}}', { name: 'Ann', a });
    expect(r.error).toBeInstanceOf(RenderBudgetError);
    expect(r.error!.message).toMatch(/too many loop runs/);
    // The best effort runs no block.
    expect(r.output.startsWith('<p>Ann</p>')).toBe(true);
  });

  it('ends loops that produce too much text', () => {
    const r = renderDetailed('{{#each a}}{{../s}}{{/each}}', { s: 'y'.repeat(30_000), a: Array.from({ length: 1000 }, () => 1) });
    expect(r.error).toBeInstanceOf(RenderBudgetError);
    expect(r.error!.message).toMatch(/too much text/);
  });

  it('leaves loops within it as they are: @index, ../, else, objects', () => {
    expect(render('{{#each items}}{{@index}}:{{this}}/{{../name}} {{/each}}', vars)).toBe('0:a/Ann 1:b/Ann ');
    expect(render('{{#each none}}x{{else}}empty{{/each}}', vars)).toBe('empty');
    expect(render('{{#each profile.address}}{{@key}}={{this}}{{/each}}', vars)).toBe('city=Oslo');
  });

  it('is counted per rendering: two renderings just under it both complete', () => {
    const a = Array.from({ length: RENDER_BUDGET.iterations - 1 }, () => 0);
    for (let i = 0; i < 2; i++) {
      const r = renderDetailed('{{#each a}}.{{/each}}', { a });
      expect(r.error).toBeUndefined();
      expect(r.output).toHaveLength(a.length);
    }
  });
});

describe('render: cache', () => {
  it('is bounded and keys on escaping mode', () => {
    clearRenderCache();
    render('{{evil}}', vars);
    render('{{evil}}', vars, { escape: false });
    expect(renderCacheSize()).toBe(2);
    expect(render('{{evil}}', vars)).toContain('&lt;');
    expect(render('{{evil}}', vars, { escape: false })).toContain('<script>');
    for (let i = 0; i < 400; i++) render(`t${i} {{name}}`, vars);
    expect(renderCacheSize()).toBeLessThanOrEqual(256);
    expect(render('t399 {{name}}', vars)).toBe('t399 Ann');
  });

  it('keeps nothing for a rendering with cache: false (previews), and renders it all the same', () => {
    clearRenderCache();
    render('{{name}}', vars);
    for (let i = 0; i < 300; i++) expect(renderDetailed(`p${i} {{name}}`, vars, { cache: false }).output).toBe(`p${i} Ann`);
    expect(renderCacheSize()).toBe(1);
  });
});

describe('compileCheck: plain words for the common mistakes', () => {
  it.each([
    ['{{#if a}}{{#each items}}x{{/each}}', 1, 1, 'an opened {{#if}} is never closed: add {{/if}} where it ends'],
    ['<p>\n{{#each items}}{{#if a}}x{{/if}}\n</p>', 2, 1, 'an opened {{#each}} is never closed: add {{/each}} where it ends'],
    ['Hi {{name', 1, 4, 'a {{ is never closed: end it with }}'],
    ['Hi {{name}}}', 1, 10, 'there is one } too many: close {{ with }} (or {{{ with }}})'],
    ['Hi {{{name}}', 1, 11, '{{{ is closed with }}: close it with }}}'],
    ['Hi {{}}', 1, 6, 'there is nothing between {{ and }}: put a variable name inside, e.g. {{firstName}}'],
    ['a\n  {{/if}}', 2, 3, '{{/if}} closes a block that was never opened: remove it or add {{#if …}} before it'],
    ['{{else}}', 1, 1, '{{else}} is outside any block: put it between {{#if …}} and {{/if}}'],
    ['{{ "a }}', 1, 4, 'a quoted text is never closed: add the closing quote'],
    ['{{!-- a comment', 1, 1, 'a comment or a quoted text is never closed'],
  ])('%j → line %d, column %d: %s', (source, line, column, message) => {
    expect(compileCheck(source)).toEqual({ ok: false, line, column, message });
  });

  it("never shows the parser's token names", () => {
    for (const s of ['{{#if a}}', '{{a', '{{a}}}', '{{}}', '{{/if}}', '{{else}}', '{{a b=}}', '{{#if a}}x{{else}}y{{else}}z{{/if}}', 'x {{name}']) {
      const r = compileCheck(s);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).not.toMatch(/Expecting|OPEN_|CLOSE|EOF|INVALID|parse error/);
    }
  });
});

describe('compileCheck', () => {
  it.each([
    'Hi {{name}}',
    '{{name ?? "there"}} {{{html ?? "<b>x</b>"}}} {{profile.tier ?? gold}}',
    '{{#if a}}x{{else}}y{{/if}}{{#each items}}{{this}}{{/each}}{{#with profile}}{{tier}}{{/with}}',
    '{{!-- a comment with {{ braces }} --}}',
    '{{lookup profile "tier"}}',
  ])('accepts %s', (source) => {
    expect(compileCheck(source)).toEqual({ ok: true });
  });

  it('reports an unclosed mustache with line and column', () => {
    // The place reported is the `{{` that is never closed (column 9 of line 2).
    expect(compileCheck('Hello\n  there {{name')).toMatchObject({ ok: false, line: 2, column: 9 });
  });

  it('reports an unclosed block at its opening tag, in plain words', () => {
    const r = compileCheck('a\n{{#if x}}\nbody');
    expect(r).toEqual({ ok: false, line: 2, column: 1, message: 'an opened {{#if}} is never closed: add {{/if}} where it ends' });
  });

  it('reports a mismatched block', () => {
    const r = compileCheck('x\n {{#if a}}\nq{{/unless}}');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.line).toBe(2);
      expect(r.message).toBe('{{#if}} is closed by {{/unless}}: close it with {{/if}}');
    }
  });

  it('maps columns back to the original source after ?? rewriting', () => {
    // `{{x ?? "a long fallback"}} ` is 27 characters (the rewritten form is shorter); the bad mustache starts at column 28.
    expect(compileCheck('{{x ?? "a long fallback"}} {{foo bar}}')).toMatchObject({
      ok: false,
      line: 1,
      column: 28,
      message: expect.stringMatching(/^unknown helper "foo": use if, unless, each, with or lookup/),
    });
    expect(compileCheck('{{x ?? "a long fallback"}} {{y')).toMatchObject({ ok: false, line: 1, column: 28 });
    expect(compileCheck('{{x ?? "a long fallback"}}\n{{a ?? b}}  {{#if}}{{/if}}')).toMatchObject({ ok: false, line: 2, column: 13 });
  });

  it('counts CRLF line endings', () => {
    expect(compileCheck('a\r\nb\r\n  {{#if}}{{/if}}')).toMatchObject({ ok: false, line: 3, column: 3 });
    expect(compileCheck('a\r\nb\r\n{{#if x}}')).toMatchObject({ ok: false, line: 3, column: 1 });
  });

  it('refuses partials, unknown helpers, argument-less #if and empty fallbacks', () => {
    expect(compileCheck('{{> footer}}')).toMatchObject({ ok: false, message: 'partials are not supported' });
    expect(compileCheck('{{upper name}}')).toMatchObject({ ok: false, message: expect.stringMatching(/^unknown helper "upper"/) });
    expect(compileCheck('{{#if}}x{{/if}}')).toMatchObject({ ok: false, message: '#if needs exactly one argument' });
    expect(compileCheck('{{name ??}}')).toMatchObject({ ok: false, line: 1, column: 1 });
  });

  it('reports an unterminated comment as a lexical error', () => {
    expect(compileCheck('a\nbc{{!-- never closed')).toMatchObject({ ok: false, line: 2, column: 3 });
  });

  it('never mentions the internal helper name', () => {
    const r = compileCheck('{{a ?? "x"}} {{#if}}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).not.toContain('__fallback');
  });
});
