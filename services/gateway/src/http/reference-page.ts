import type { OpenApiDocument } from './openapi';

/**
 * GET /docs: the OpenAPI document as one self-contained HTML page — routes grouped by tag, each
 * with its method and path, who may call it, its parameters, body schema, responses and
 * examples. Rendered once, on the server, from the document alone: no script, no stylesheet or
 * font from anywhere else.
 */

type Json = Record<string, any>;

const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The little Markdown the document's descriptions use: `code`, **bold**, and paragraphs (`md`). */
const inline = (s: string) =>
  esc(s)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
const md = (s: string | undefined) =>
  (s ?? '')
    .split(/\n{2,}/)
    .filter(Boolean)
    .map((p) => `<p>${inline(p)}</p>`)
    .join('');

const pre = (value: unknown) => `<pre>${esc(typeof value === 'string' ? value : JSON.stringify(value, null, 2))}</pre>`;

export function referencePage(doc: OpenApiDocument): string {
  const resolve = (node: Json): Json => {
    if (typeof node?.$ref !== 'string') return node;
    return resolve(
      node.$ref
        .slice(2)
        .split('/')
        .reduce((n: Json, k: string) => n?.[k], doc as Json),
    );
  };
  const refName = (ref: string) => ref.split('/').pop()!;

  /** A schema's type in a few words: `string`, `integer`, `Contact[]`, `"A" | "B"`. */
  const typeOf = (s: Json | undefined): string => {
    if (!s || Object.keys(s).length === 0) return 'any';
    if (s.$ref) return refName(s.$ref);
    if (s.anyOf || s.oneOf) return [...new Set<string>((s.anyOf ?? s.oneOf).map(typeOf))].join(' | ');
    if (s.const !== undefined) return JSON.stringify(s.const);
    if (s.enum) return s.enum.map((v: unknown) => JSON.stringify(v)).join(' | ');
    if (s.type === 'array') {
      const item = typeOf(s.items);
      return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
    }
    if (Array.isArray(s.type)) return s.type.join(' | ');
    if (s.type === 'object' && !s.properties && s.additionalProperties) return 'object (any keys)';
    return s.format ? `${s.type} (${s.format})` : (s.type ?? 'any');
  };
  /** Its limits in words: `1–255 characters`, `default 20`. */
  const limitsOf = (s: Json): string => {
    const out: string[] = [];
    const range = (lo: number | undefined, hi: number | undefined, unit: string) => {
      // zod's integers carry the safe-integer bounds: no limit worth saying.
      const [min, max] = [lo, hi].map((n) => (n === undefined || Math.abs(n) >= Number.MAX_SAFE_INTEGER ? undefined : n));
      const units = (n: number) => (unit ? ` ${unit}${n === 1 ? '' : 's'}` : '');
      if (min !== undefined && max !== undefined) out.push(`${min}–${max}${units(max)}`);
      else if (min !== undefined) out.push(`at least ${min}${units(min)}`);
      else if (max !== undefined) out.push(`at most ${max}${units(max)}`);
    };
    range(s.minLength, s.maxLength, 'character');
    range(s.minimum, s.maximum, '');
    range(s.minItems, s.maxItems, 'item');
    if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
    return out.join(', ');
  };
  /** A field's description, then its limits: `The page size. 1–100, default 20`. */
  const notes = (description: string | undefined, s: Json) => {
    const limits = limitsOf(s);
    const text =
      description && limits
        ? `${/[.!?)]$/.test(description) ? description : `${description}.`} ${limits[0].toUpperCase()}${limits.slice(1)}`
        : (description ?? limits);
    return inline(text);
  };

  const fieldsTable = (schema: Json) => {
    const s = resolve(schema);
    if (s.type !== 'object' || !s.properties) return `<p>Type: <code>${esc(typeOf(s))}</code></p>`;
    const required: string[] = s.required ?? [];
    const rows = Object.entries(s.properties as Json).map(
      ([name, p]) =>
        `<tr><td><code>${esc(name)}</code>${required.includes(name) ? ' <span class="req">required</span>' : ''}</td><td><code>${esc(typeOf(p))}</code></td><td>${notes(p.description, p)}</td></tr>`,
    );
    return `<table><tr><th>Field</th><th>Type</th><th>Notes</th></tr>${rows.join('')}</table>`;
  };

  const parametersOf = (op: Json) => {
    if (!op.parameters?.length) return '';
    const rows = (op.parameters as Json[]).map(
      (p) =>
        `<tr><td><code>${esc(p.name)}</code>${p.required ? ' <span class="req">required</span>' : ''}</td><td>${esc(p.in)}</td><td><code>${esc(typeOf(p.schema))}</code></td><td>${notes(p.description, p.schema ?? {})}</td></tr>`,
    );
    return `<h4>Parameters</h4><table><tr><th>Name</th><th>In</th><th>Type</th><th>Notes</th></tr>${rows.join('')}</table>`;
  };

  const bodyOf = (op: Json) => {
    if (!op.requestBody) return '';
    const [media, content] = Object.entries(op.requestBody.content as Json)[0];
    return `<h4>Body <small>${esc(Object.keys(op.requestBody.content).join(', '))}${op.requestBody.required ? '' : ', optional'}</small></h4>
${fieldsTable(content.schema)}
<details><summary>JSON Schema</summary>${pre(content.schema)}</details>
${content.example !== undefined ? `<p class="label">Example (${esc(media)})</p>${pre(content.example)}` : ''}`;
  };

  const responsesOf = (op: Json) => {
    const items = Object.entries(op.responses as Json).map(([status, r]) => {
      const shared = r.$ref ? refName(r.$ref) : undefined;
      const res = resolve(r);
      const [media, content] = Object.entries((res.content ?? {}) as Json)[0] ?? [];
      let body = '';
      if (content?.examples && shared) {
        const codes = [...new Set(Object.values(content.examples as Json).map((e: Json) => e.value?.error?.code))];
        body = `<p>Codes: ${codes.map((c) => `<code>${esc(c)}</code>`).join(', ')} (see <a href="#error-${esc(shared)}">${esc(shared)}</a>)</p>`;
      } else if (content?.examples) {
        // The route's own causes, one by one, and their envelopes.
        const examples = Object.values(content.examples as Json);
        const causes = examples.map((e: Json) => `<li><code>${esc(e.value.error.code)}</code> ${md(e.summary)}</li>`);
        return `<div class="response"><span class="status err">${esc(status)}</span><ul>${causes.join('')}</ul><details><summary>Examples</summary>${examples.map((e: Json) => pre(e.value)).join('')}</details></div>`;
      } else if (content?.example !== undefined) {
        body = `${media !== 'application/json' ? `<p class="label">${esc(media)}</p>` : ''}${pre(content.example)}`;
      } else if (media) {
        body = `<p class="label">${esc(media)}</p>`;
      }
      const cls = Number(status) < 400 ? 'ok' : 'err';
      return `<div class="response"><span class="status ${cls}">${esc(status)}</span> ${md(res.description)}${body}</div>`;
    });
    return `<h4>Responses</h4>${items.join('')}`;
  };

  const operations = Object.entries(doc.paths as Json).flatMap(([path, methods]) =>
    Object.entries(methods as Json).map(([method, op]) => ({ path, method, op: op as Json })),
  );
  const sections = doc.tags.map((tag: Json) => {
    const ops = operations.filter((o) => o.op.tags[0] === tag.name);
    const articles = ops.map(
      ({ path, method, op }) => `<article id="${esc(op.operationId)}">
<h3><span class="method ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
<p class="summary">${esc(op.summary)}</p>
${md(op.description)}${op['x-public-key'] ? '<p><span class="pk">accepts a public key (pk_)</span></p>' : ''}
${parametersOf(op)}${bodyOf(op)}${responsesOf(op)}
</article>`,
    );
    return `<section id="tag-${esc(slug(tag.name))}"><h2>${esc(tag.name)}</h2>${md(tag.description)}${articles.join('\n')}</section>`;
  });
  const nav = doc.tags
    .map((tag: Json) => {
      const links = operations
        .filter((o) => o.op.tags[0] === tag.name)
        .map((o) => `<li><a href="#${esc(o.op.operationId)}"><span class="m">${esc(o.method.toUpperCase())}</span> ${esc(o.path)}</a></li>`);
      return `<li><a href="#tag-${esc(slug(tag.name))}">${esc(tag.name)}</a><ul>${links.join('')}</ul></li>`;
    })
    .join('');

  const schemes = Object.entries(doc.components.securitySchemes as Json).map(
    ([name, s]) =>
      `<tr><td><code>${esc(name)}</code></td><td>${esc(s.type === 'http' ? `Authorization: Bearer (${s.bearerFormat})` : `${s.in} ${s.name}`)}</td><td>${md(s.description)}</td></tr>`,
  );
  const errors = Object.entries(doc.components.responses as Json).map(
    ([name, r]) =>
      `<div class="response" id="error-${esc(name)}"><strong>${esc(name)}</strong> ${md(r.description)}<details><summary>Examples</summary>${Object.values(
        r.content['application/json'].examples as Json,
      )
        .map((e: Json) => pre(e.value))
        .join('')}</details></div>`,
  );

  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(doc.info.title)} reference</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;color:#1d2330;line-height:1.45;display:flex}
nav{width:19rem;flex:none;height:100vh;overflow:auto;position:sticky;top:0;background:#f5f6f8;border-right:1px solid #dde;padding:1rem;box-sizing:border-box;font-size:.85rem}
nav ul{list-style:none;padding-left:.6rem;margin:.2rem 0 .6rem}nav>ul{padding:0}nav a{color:#1d2330;text-decoration:none}nav a:hover{text-decoration:underline}
main{flex:1;min-width:0;padding:1rem 2rem;max-width:62rem}
h2{border-bottom:2px solid #dde;padding-bottom:.3rem;margin-top:2.5rem}h4{margin:1rem 0 .3rem}
article{border:1px solid #dde;border-radius:6px;padding:.2rem 1rem 1rem;margin:1rem 0}
.method,.m{font-weight:700;font-family:ui-monospace,monospace}.method{padding:.1rem .4rem;border-radius:4px;color:#fff;background:#555}
.get{background:#2f6fdb}.post{background:#1b8a4b}.patch,.put{background:#b7791f}.delete{background:#c53030}
.summary{font-weight:600}.req{color:#c53030;font-size:.75rem}.pk{background:#e6f4ea;color:#1b6b3a;border-radius:4px;padding:0 .3rem;font-size:.8rem}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{border:1px solid #dde;padding:.3rem .5rem;text-align:left;vertical-align:top}th{background:#f5f6f8}
pre{background:#f5f6f8;border:1px solid #dde;border-radius:4px;padding:.6rem;overflow:auto;font-size:.8rem}
code{font-family:ui-monospace,monospace;font-size:.9em}.status{font-weight:700;font-family:ui-monospace,monospace}.ok{color:#1b8a4b}.err{color:#c53030}
.response{margin:.5rem 0}.response p{display:inline}.response ul{margin:.2rem 0}.response li p{display:inline}.response pre,.response details{margin-top:.3rem}.label{color:#667;font-size:.8rem;margin:.4rem 0 0}
</style></head><body>
<nav><p><strong>${esc(doc.info.title)}</strong></p><ul><li><a href="#auth">Authentication</a></li><li><a href="#errors">Errors</a></li>${nav}</ul></nav>
<main>
<h1>${esc(doc.info.title)}</h1>
${md(doc.info.description)}
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI ${esc(doc.openapi)}). Base URL: <code>${esc(doc.servers[0]?.url ?? '')}</code>.</p>
<section id="auth"><h2>Authentication</h2><table><tr><th>Scheme</th><th>Sent as</th><th>Use</th></tr>${schemes.join('')}</table></section>
<section id="errors"><h2>Errors</h2>${md('Every error is this envelope (`ErrorEnvelope`):')}${fieldsTable(doc.components.schemas.ErrorEnvelope)}${fieldsTable(doc.components.schemas.ErrorEnvelope.properties.error)}
<p>The errors most routes share:</p>${errors.join('')}</section>
${sections.join('\n')}
</main></body></html>`;
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');
