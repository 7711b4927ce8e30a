/**
 * Template rendering: variables by name in double braces, with a fallback.
 *
 * Syntax on top of plain Handlebars:
 * - `{{name}}`, `{{profile.tier}}` — a variable, HTML-escaped in bodies; unknown names render empty.
 * - `{{name ?? "default"}}`, `{{name ?? 'default'}}`, `{{name ?? default}}` — fallback when the value
 *   is missing, `null` or the empty string. (Plunk's fallback is for "missing or null"; the empty
 *   string is added because contact data ignores an empty string as "no value", so
 *   `Hi {{first ?? "there"}}` never renders `Hi `.) `0` and `false` are values and render as-is. A bare fallback is literal text
 *   (`default` is the string "default", not a variable) running up to the closing braces, trimmed.
 * - `{{{html}}}` and `{{{html ?? "<b>x</b>"}}}` — raw, not escaped.
 *
 * The fallback form is rewritten before Handlebars sees it into `{{__fallback name N}}`, where N
 * indexes a per-template table of fallback strings, so fallbacks may hold `}}`, quotes or anything
 * else without any escaping problem.
 *
 * Safety: a dedicated `Handlebars.create()` environment (no partials, no `log` helper), `strict:
 * false`, no prototype access, and the variables are deep-copied into plain data first (no
 * functions, getters, cycles or prototype chain), and loops have a work budget (`RENDER_BUDGET`).
 * `render` never throws: on any error it returns a best-effort rendering that substitutes plain
 * variables and drops every other tag, and reports the error through `opts.onError` (or use
 * `renderDetailed`).
 */
import Handlebars from 'handlebars';

export type CompileCheck = { ok: true } | { ok: false; line: number; column: number; message: string };

export interface RenderOptions {
  /** HTML-escape `{{…}}` output. Default `true` (bodies); pass `false` for subjects and plain text. */
  escape?: boolean;
  /** Told about an error that made `render` fall back to the best-effort output. */
  onError?: (error: Error) => void;
}

export interface RenderResult {
  output: string;
  /** Set when the template could not be rendered normally and `output` is the best-effort fallback. */
  error?: Error;
}

const FALLBACK_HELPER = '__fallback';
const FALLBACKS_DATA_KEY = '__fallbacks';

const env = Handlebars.create();
env.unregisterHelper('log'); // would write to the console
env.registerHelper(FALLBACK_HELPER, function (value: unknown, index: unknown, options: Handlebars.HelperOptions) {
  if (value !== undefined && value !== null && value !== '') return value;
  const table = options?.data?.[FALLBACKS_DATA_KEY] as string[] | undefined;
  return typeof index === 'number' && table ? (table[index] ?? '') : '';
});

/**
 * A rendering's work budget: the runs of every `#each` body together, and the characters they
 * produce. Nested loops over a few thousand items each would otherwise hold the thread for hours
 * (three levels over 30,000 items: 10^13 runs). Past the budget the rendering fails, and `render`
 * falls back to its best effort, which runs no block. Rendering is synchronous and never re-entered,
 * so one counter per thread, reset as each rendering starts, serves every rendering in turn.
 */
export const RENDER_BUDGET = { iterations: 100_000, chars: 20_000_000 };
let spent = { iterations: 0, chars: 0 };

export class RenderBudgetError extends Error {
  constructor(what: string) {
    super(
      `the template does too much work: ${what} (loops are limited to ${RENDER_BUDGET.iterations.toLocaleString('en')} runs and ${RENDER_BUDGET.chars.toLocaleString('en')} characters in all)`,
    );
  }
}

const builtinEach = env.helpers.each as Handlebars.HelperDelegate;
env.registerHelper('each', function (this: unknown, context: unknown, options: Handlebars.HelperOptions) {
  const fn = options.fn;
  const counted = (ctx: unknown, o?: Handlebars.RuntimeOptions) => {
    if (++spent.iterations > RENDER_BUDGET.iterations) throw new RenderBudgetError('too many loop runs');
    const out = fn(ctx, o);
    spent.chars += out.length;
    if (spent.chars > RENDER_BUDGET.chars) throw new RenderBudgetError('loops produce too much text');
    return out;
  };
  return builtinEach.call(this, context, { ...options, fn: counted });
});

/** Helpers a template may call with arguments; anything else would throw "Missing helper" at send time. */
const KNOWN_HELPERS = new Set(['if', 'unless', 'each', 'with', 'lookup', FALLBACK_HELPER]);
const BLOCK_HELPERS = new Set(['if', 'unless', 'each', 'with']);

// ---------------------------------------------------------------------------------------------
// `??` pre-processing
// ---------------------------------------------------------------------------------------------

/** A path as written in a mustache: anything up to whitespace or a delimiter (Handlebars validates it). */
const PATH = String.raw`[^\s{}()"'?~=|!#/^>&*][^\s{}()"'?~=|]*`;
const QUOTED = String.raw`"(?:[^"\\]|\\[\s\S])*"|'(?:[^'\\]|\\[\s\S])*'`;
/**
 * `{{~? path ?? fallback ~?}}` and the triple form `{{~?{ path ?? fallback }~?}}`. A bare fallback
 * starts with a non-space and never runs over a closing `}}` or into another `{{`.
 */
const fallbackRe = (triple: boolean) => {
  const close = triple ? String.raw`\}~?\}\}` : String.raw`~?\}\}`;
  const guard = String.raw`(?!${close}|\{\{)`;
  const bare = String.raw`${guard}\S(?:${guard}[\s\S])*?`;
  return new RegExp(
    String.raw`\{\{(~?)` +
      (triple ? String.raw`\{` : '') +
      String.raw`\s*(${PATH})\s*\?\?\s*(?:(${QUOTED})|(${bare}))\s*` +
      (triple ? String.raw`\}(~?)\}\}` : String.raw`(~?)\}\}`),
    'y',
  );
};
const FALLBACK_DOUBLE = fallbackRe(false);
const FALLBACK_TRIPLE = fallbackRe(true);

interface Replacement {
  /** Offsets in the original source. */
  oStart: number;
  oEnd: number;
  /** Offsets in the rewritten source. */
  tStart: number;
  tEnd: number;
}

export interface Preprocessed {
  source: string;
  fallbacks: string[];
  replacements: Replacement[];
}

function unquote(literal: string): string {
  return literal.slice(1, -1).replace(/\\([\s\S])/g, '$1');
}

/** Index just past the mustache opened at `start` (which points at `{{`), honouring string literals. */
function skipMustache(src: string, start: number): number {
  const comment = /^\{\{~?!(--)?/.exec(src.slice(start, start + 6));
  if (comment) {
    const end = comment[1] ? src.indexOf('--', start + comment[0].length) : -1;
    const close = src.indexOf('}}', end >= 0 ? end : start + comment[0].length);
    return close < 0 ? src.length : close + 2;
  }
  let i = start + 2;
  while (i < src.length) {
    const c = src[i];
    if (c === '"' || c === "'") {
      i++;
      while (i < src.length && src[i] !== c) i += src[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '}' && src[i + 1] === '}') {
      i += 2;
      while (src[i] === '}') i++; // `}}}` and `}}}}` closers
      return i;
    } else {
      i++;
    }
  }
  return src.length;
}

/** Rewrites every `{{path ?? fallback}}` / `{{{path ?? fallback}}}` into a `__fallback` helper call. */
export function preprocess(src: string): Preprocessed {
  const fallbacks: string[] = [];
  const replacements: Replacement[] = [];
  let out = '';
  let copied = 0;
  let i = src.indexOf('{{');
  while (i >= 0) {
    // `\{{` is an escaped (literal) mustache in Handlebars; `\\{{` is a backslash then a real one.
    if (i > 0 && src[i - 1] === '\\' && !(i > 1 && src[i - 2] === '\\')) {
      i = src.indexOf('{{', i + 2);
      continue;
    }
    if (src.startsWith('{{{{', i)) {
      // Raw block: copy it untouched up to its closing `{{{{/name}}}}`.
      const close = src.indexOf('{{{{/', i + 4);
      const end = close < 0 ? -1 : src.indexOf('}}}}', close);
      i = end < 0 ? -1 : src.indexOf('{{', end + 4);
      continue;
    }
    if (/^\{\{~?!/.test(src.slice(i, i + 4))) {
      i = src.indexOf('{{', skipMustache(src, i));
      continue;
    }
    const triple = src.startsWith('{{{', i) || src.startsWith('{{~{', i);
    const re = triple ? FALLBACK_TRIPLE : FALLBACK_DOUBLE;
    re.lastIndex = i;
    const m = re.exec(src);
    if (m) {
      const [whole, openStrip, path, quoted, bare, closeStrip] = m;
      const value = quoted !== undefined ? unquote(quoted) : bare.trim();
      const index = fallbacks.push(value) - 1;
      const call = triple
        ? `{{${openStrip}{${FALLBACK_HELPER} ${path} ${index}}${closeStrip}}}`
        : `{{${openStrip}${FALLBACK_HELPER} ${path} ${index}${closeStrip}}}`;
      out += src.slice(copied, i);
      replacements.push({ oStart: i, oEnd: i + whole.length, tStart: out.length, tEnd: out.length + call.length });
      out += call;
      copied = i + whole.length;
      i = src.indexOf('{{', copied);
      continue;
    }
    i = src.indexOf('{{', skipMustache(src, i));
  }
  out += src.slice(copied);
  return { source: out, fallbacks, replacements };
}

/** Maps an offset in the rewritten source back to the original source. */
function toOriginalOffset(p: Preprocessed, t: number): number {
  let delta = 0;
  for (const r of p.replacements) {
    if (t < r.tStart) break;
    if (t < r.tEnd) return r.oStart + Math.min(t - r.tStart, r.oEnd - r.oStart - 1);
    delta = r.oEnd - r.tEnd;
  }
  return t + delta;
}

/** Line starts, with `\r\n`, `\r` and `\n` all ending a line (as the Handlebars lexer counts them). */
function lineStarts(s: string): number[] {
  const starts = [0];
  for (const m of s.matchAll(/\r\n?|\n/g)) starts.push(m.index + m[0].length);
  return starts;
}

/** 1-based line, 0-based column → offset. */
function offsetOf(s: string, line: number, column: number): number {
  const starts = lineStarts(s);
  const l = Math.min(Math.max(line, 1), starts.length);
  return Math.min(starts[l - 1] + Math.max(column, 0), s.length);
}

/** Offset → 1-based line and 1-based column. */
function positionOf(s: string, offset: number): { line: number; column: number } {
  const starts = lineStarts(s);
  let line = 1;
  while (line < starts.length && starts[line] <= offset) line++;
  return { line, column: offset - starts[line - 1] + 1 };
}

// ---------------------------------------------------------------------------------------------
// Write-time check
// ---------------------------------------------------------------------------------------------

type Loc = { start: { line: number; column: number } } | undefined;

class TemplateError extends Error {
  constructor(
    message: string,
    readonly loc: Loc,
  ) {
    super(message);
  }
}

/** Things that parse but would fail at send time: unknown helpers, partials, decorators. */
function checkAst(program: hbs.AST.Program): void {
  const visit = (node: any): void => {
    if (!node || typeof node !== 'object') return;
    switch (node.type) {
      case 'PartialStatement':
      case 'PartialBlockStatement':
        throw new TemplateError('partials are not supported', node.loc);
      case 'Decorator':
      case 'DecoratorBlock':
        throw new TemplateError('decorators are not supported', node.loc);
      case 'MustacheStatement':
      case 'SubExpression':
      case 'BlockStatement': {
        const params: any[] = node.params ?? [];
        if (params.some((p) => p?.type === 'PathExpression' && String(p.original).startsWith('??'))) {
          throw new TemplateError('a fallback needs a value, e.g. {{name ?? "default"}}', node.loc);
        }
        const hasArgs = params.length > 0 || (node.hash?.pairs?.length ?? 0) > 0;
        const path = node.path;
        if (node.type === 'BlockStatement' && BLOCK_HELPERS.has(path?.original) && params.length !== 1) {
          throw new TemplateError(`#${path.original} needs exactly one argument`, node.loc);
        }
        if ((hasArgs || node.type === 'SubExpression') && path?.type === 'PathExpression') {
          const name = path.original;
          if (!KNOWN_HELPERS.has(name))
            throw new TemplateError(`unknown helper "${name}": use if, unless, each, with or lookup, or write a variable on its own`, node.loc);
        }
        break;
      }
    }
    for (const key of ['path', 'params', 'hash', 'pairs', 'value', 'program', 'inverse', 'body']) {
      const child = node[key];
      if (Array.isArray(child)) child.forEach(visit);
      else visit(child);
    }
  };
  visit(program);
}

function parse(p: Preprocessed): hbs.AST.Program {
  try {
    return env.parse(p.source);
  } catch (err) {
    const e = err as Error & { lineNumber?: number; column?: number };
    if (typeof e.lineNumber === 'number') {
      // Handlebars.Exception raised on a node (e.g. "if doesn't match unless").
      const message = e.message.replace(/ - \d+:\d+$/, '');
      const mismatch = /^(\S+) doesn't match (\S+)$/.exec(message);
      throw new TemplateError(mismatch ? `{{#${mismatch[1]}}} is closed by {{/${mismatch[2]}}}: close it with {{/${mismatch[1]}}}` : message, {
        start: { line: e.lineNumber, column: e.column ?? 0 },
      });
    }
    // A jison parse/lexical error: the (synchronous, shared) lexer still points at the bad token.
    const lexer = (env as unknown as { Parser?: { lexer?: { yylloc?: { first_line: number; first_column: number } } } }).Parser?.lexer;
    const yylloc = lexer?.yylloc;
    const lines = String(e.message).split('\n');
    const lineFromMessage = /line (\d+)/.exec(lines[0])?.[1];
    const loc = yylloc ? { start: { line: yylloc.first_line, column: yylloc.first_column } } : { start: { line: Number(lineFromMessage ?? 1), column: 0 } };
    if (lines[0].startsWith('Lexical error')) throw new TemplateError('a comment or a quoted text is never closed', loc);
    const plain = plainParseError(p.source, lines.find((l) => l.startsWith('Expecting')) ?? '', offsetOf(p.source, loc.start.line, loc.start.column));
    throw new TemplateError(plain.message.replace(/__fallback/g, '??'), plain.at === undefined ? loc : locOf(p.source, plain.at));
  }
}

/** The Handlebars loc (1-based line, 0-based column) of an offset. */
function locOf(s: string, offset: number): Loc {
  const { line, column } = positionOf(s, offset);
  return { start: { line, column: column - 1 } };
}

/** The block tags (`{{#if`, `{{else`, `{{/if`) before `end`, with their offsets. */
function blockTags(s: string, end: number): Array<{ kind: '#' | '/' | 'else'; name: string; at: number }> {
  const tags: Array<{ kind: '#' | '/' | 'else'; name: string; at: number }> = [];
  for (const m of s.slice(0, end).matchAll(/\{\{~?\s*(?:([#^/])\s*([\w.@-]*)|(else)\b)/g)) {
    if (m[3]) tags.push({ kind: 'else', name: '', at: m.index });
    else tags.push({ kind: m[1] === '/' ? '/' : '#', name: m[2], at: m.index });
  }
  return tags;
}

/** The blocks still open at `end`, innermost last. */
function openBlocks(s: string, end: number) {
  const open: Array<{ name: string; at: number }> = [];
  for (const t of blockTags(s, end)) {
    if (t.kind === '#') open.push({ name: t.name, at: t.at });
    else if (t.kind === '/') open.pop();
  }
  return open;
}

/**
 * Handlebars' parser error ("Expecting 'OPEN_INVERSE_CHAIN', 'INVERSE', 'OPEN_ENDBLOCK', got 'EOF'")
 * in a person's words, for the common mistakes: a block never closed, a `{{` never closed, one brace
 * too many, an empty `{{ }}`, an `{{else}}` or `{{/…}}` outside a block. `at` moves the place
 * reported to where the mistake starts (the unclosed block's opening tag).
 */
export function plainParseError(source: string, expecting: string, offset: number): { message: string; at?: number } {
  const got = /got '(\w+)'/.exec(expecting)?.[1] ?? '';
  const expected = new Set([...expecting.replace(/got '\w+'/, '').matchAll(/'(\w+)'/g)].map((m) => m[1]));
  const before = source.slice(0, offset).trimEnd();
  if (got === 'EOF' && expected.has('OPEN_ENDBLOCK')) {
    const block = openBlocks(source, source.length).pop();
    if (block) return { message: `an opened {{#${block.name}}} is never closed: add {{/${block.name}}} where it ends`, at: block.at };
    return { message: 'a block is never closed: add its {{/…}}' };
  }
  if (got === 'OPEN_ENDBLOCK') {
    const name = /^\{\{~?\s*\/\s*([\w.@-]*)/.exec(source.slice(offset))?.[1] ?? '';
    return { message: `{{/${name}}} closes a block that was never opened: remove it or add {{#${name} …}} before it` };
  }
  if (got === 'INVERSE') {
    return openBlocks(source, offset).length
      ? { message: 'a block has a second {{else}}: keep one' }
      : { message: '{{else}} is outside any block: put it between {{#if …}} and {{/if}}' };
  }
  if (got === 'CLOSE_UNESCAPED') return { message: 'there is one } too many: close {{ with }} (or {{{ with }}})' };
  if (got === 'CLOSE' && expected.has('CLOSE_UNESCAPED')) return { message: '{{{ is closed with }}: close it with }}}' };
  if (got === 'INVALID' || got === 'EOF') {
    if (/["']/.test(source[offset] ?? '')) return { message: 'a quoted text is never closed: add the closing quote' };
    const open = source.lastIndexOf('{{', offset);
    return { message: 'a {{ is never closed: end it with }}', ...(open >= 0 ? { at: open } : {}) };
  }
  if (got === 'CLOSE' && /\{\{~?\s*[#^]?$/.test(before))
    return { message: 'there is nothing between {{ and }}: put a variable name inside, e.g. {{firstName}}' };
  if (got === 'CLOSE' && /=$/.test(before)) return { message: 'a value is missing after =' };
  return { message: 'this {{ … }} is not valid: check for a missing name, quote or brace' };
}

/**
 * Checks a template at write time. Errors carry a 1-based line and a 1-based column in `source`.
 * Besides syntax it refuses what would only fail at send time: partials, decorators and helpers
 * other than if/unless/each/with/lookup.
 */
export function compileCheck(source: string): CompileCheck {
  if (typeof source !== 'string') return { ok: false, line: 1, column: 1, message: 'template must be a string' };
  const p = preprocess(source);
  try {
    const ast = parse(p);
    checkAst(ast);
    // Catches the few errors only the compiler raises.
    env.precompile(ast, { strict: false });
    return { ok: true };
  } catch (err) {
    const loc = err instanceof TemplateError ? err.loc : undefined;
    const message = err instanceof Error ? err.message : String(err);
    if (!loc) return { ok: false, line: 1, column: 1, message };
    const t = offsetOf(p.source, loc.start.line, loc.start.column);
    const { line, column } = positionOf(source, toOriginalOffset(p, t));
    return { ok: false, line, column, message };
  }
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

interface Compiled {
  template: Handlebars.TemplateDelegate;
  fallbacks: string[];
}

const CACHE_MAX_ENTRIES = 256;
/** Larger sources are compiled each time rather than pinned in memory. */
const CACHE_MAX_SOURCE_CHARS = 256 * 1024;
const cache = new Map<string, Compiled>();

function compiled(source: string, escape: boolean, keep = true): Compiled {
  const key = (escape ? 'h:' : 't:') + source;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key); // refresh recency
    cache.set(key, hit);
    return hit;
  }
  const p = preprocess(source);
  const ast = env.parse(p.source);
  checkAst(ast);
  const entry: Compiled = {
    template: env.compile(ast, { strict: false, noEscape: !escape, knownHelpersOnly: false, preventIndent: true }),
    fallbacks: p.fallbacks,
  };
  if (keep && source.length <= CACHE_MAX_SOURCE_CHARS) {
    cache.set(key, entry);
    if (cache.size > CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  }
  return entry;
}

/** Number of compiled templates held (for tests and metrics). */
export function renderCacheSize(): number {
  return cache.size;
}

export function clearRenderCache(): void {
  cache.clear();
}

/**
 * Objects handed to templates get this prototype: nothing inherited to reach (no `constructor`,
 * no `__proto__` getter) and `{{someObject}}` renders empty instead of "[object Object]".
 */
const DATA_PROTO: object = Object.freeze(Object.create(null, { toString: { value: () => '', enumerable: false } }));
const MAX_DEPTH = 32;

/** Deep copy into inert template data: strings, numbers, booleans, arrays and plain objects only. */
export function toTemplateData(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : undefined;
    case 'bigint':
      return value.toString();
    case 'object':
      break;
    default:
      return undefined; // functions, symbols, undefined
  }
  if (value === null) return null;
  if (depth >= MAX_DEPTH || seen.has(value)) return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((v) => toTemplateData(v, depth + 1, seen));
    const out = Object.create(DATA_PROTO) as Record<string, unknown>;
    for (const key of Object.keys(value)) {
      let v: unknown;
      try {
        v = (value as Record<string, unknown>)[key];
      } catch {
        continue; // a throwing getter
      }
      Object.defineProperty(out, key, { value: toTemplateData(v, depth + 1, seen), enumerable: true, writable: false });
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

const RUNTIME_OPTIONS = {
  allowProtoPropertiesByDefault: false,
  allowProtoMethodsByDefault: false,
  allowCallsToHelperMissing: false,
} as const;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"'`=]/g, (c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`);
}

function lookupPath(vars: Record<string, unknown>, path: string): unknown {
  let cur: unknown = vars;
  for (const seg of path.replace(/^this\./, '').split(/[./]/)) {
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, seg)) return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

/**
 * Last resort when Handlebars fails: replace `{{path}}`, `{{path ?? x}}` and their triple-brace
 * forms from `vars`, and drop every other tag (blocks, comments, helpers) so no raw syntax leaks.
 */
function bestEffort(source: string, vars: Record<string, unknown>, escape: boolean): string {
  const re = new RegExp(
    String.raw`\{\{(\{)?~?\s*(${PATH})\s*(?:\?\?\s*(?:(${QUOTED})|([^}]*?)))?\s*~?\}?\}\}|\{\{!--[\s\S]*?--\}\}|\{\{[\s\S]*?\}\}+|\{\{[\s\S]*$`,
    'g',
  );
  return source.replace(re, (whole, triple: string | undefined, path: string | undefined, quoted?: string, bare?: string) => {
    if (!path || whole.startsWith('{{!')) return '';
    if (/^[#/^>*!&]|^else$/.test(path)) return '';
    let value = lookupPath(vars, path);
    if (value === undefined || value === null || value === '') {
      value = quoted !== undefined ? unquote(quoted) : bare !== undefined ? bare.trim() : '';
    }
    const text = typeof value === 'object' ? '' : String(value);
    return escape && !triple ? escapeHtml(text) : text;
  });
}

/**
 * Renders and says whether the normal path failed. Never throws. `cache: false` compiles without
 * keeping the result: a preview rendered at every keystroke must not push the templates being sent
 * out of the cache.
 */
export function renderDetailed(source: string, vars: Record<string, unknown>, opts: { escape?: boolean; cache?: boolean } = {}): RenderResult {
  const escape = opts.escape !== false;
  if (typeof source !== 'string') return { output: '', error: new Error('template source is not a string') };
  let data: Record<string, unknown>;
  try {
    data = (toTemplateData(vars ?? {}) as Record<string, unknown> | null) ?? Object.create(DATA_PROTO);
  } catch (err) {
    data = Object.create(DATA_PROTO);
  }
  try {
    const { template, fallbacks } = compiled(source, escape, opts.cache !== false);
    spent = { iterations: 0, chars: 0 };
    return { output: template(data, { ...RUNTIME_OPTIONS, data: { [FALLBACKS_DATA_KEY]: fallbacks } }) };
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    try {
      return { output: bestEffort(source, data, escape), error };
    } catch {
      return { output: '', error };
    }
  }
}

/**
 * Renders a template. `escape` defaults to `true` (HTML bodies); pass `false` for subjects and
 * plain text, where entities would show literally. Never throws; see `renderDetailed`.
 */
export function render(source: string, vars: Record<string, unknown>, opts: RenderOptions = {}): string {
  const { output, error } = renderDetailed(source, vars, opts);
  if (error && opts.onError) {
    try {
      opts.onError(error);
    } catch {
      /* a reporting hook must not break sending */
    }
  }
  return output;
}
