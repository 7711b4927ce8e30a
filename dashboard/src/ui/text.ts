/**
 * A template's text (a campaign's subject, an activity's subject) as a person reads it where no
 * contact is at hand: each `{{name ?? "fallback"}}` shows its fallback, any other variable a
 * readable placeholder («name»), block helpers and comments nothing. With `data` (a contact's
 * data) a variable shows its value. Only for labels: what a contact receives is rendered by
 * Herald (POST /templates/preview, a send), never by this.
 */
export function readable(source: string | null | undefined, data?: Record<string, unknown>): string {
  if (!source) return '';
  return source
    .replace(/\{\{\{?~?\s*([\s\S]*?)\s*~?\}?\}\}/g, (_m, inner: string) => expression(inner.trim(), data))
    .replace(/\s+/g, ' ')
    .trim();
}

/** One `{{…}}`'s reading. */
function expression(inner: string, data: Record<string, unknown> | undefined): string {
  // Blocks (#if, /if, ^, else), comments and partials have no text of their own.
  if (/^[#/^!>]/.test(inner) || inner === 'else' || inner.startsWith('else ')) return '';
  const [head, ...fallbacks] = inner.split('??').map((s) => s.trim());
  for (const part of [head, ...fallbacks]) {
    const literal = /^(["'])([\s\S]*)\1$/.exec(part);
    if (literal) return literal[2];
    const value = valueOf(lastPath(part), data);
    if (value !== undefined) return value;
  }
  return `«${nameOf(lastPath(head))}»`;
}

/** The variable of `helper a b`: its last argument (`{{upper data.name}}` → data.name). */
const lastPath = (part: string) => part.split(/\s+/).at(-1) ?? part;

/** `data.firstName` → firstName; `this.plan` → plan. */
const nameOf = (path: string) => path.replace(/^(data|this|@root)\./, '').replace(/^@root\.data\./, '') || path;

function valueOf(path: string, data: Record<string, unknown> | undefined): string | undefined {
  if (!data || !/^[\w@.-]+$/.test(path)) return undefined;
  let v: unknown = data;
  for (const key of nameOf(path).split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  if (v === undefined || v === null || v === '') return undefined;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** An object's string values read as above (an event's data on a timeline: its subject, say). */
export function readableValues(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, typeof v === 'string' && v.includes('{{') ? readable(v) : v]));
}
