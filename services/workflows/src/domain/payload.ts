/**
 * What a WEBHOOK step sends: the configured body — each string in it may
 * name the variables `{{contact.email}}`, `{{contact.data.plan}}`, `{{workflow.name}}`,
 * `{{execution.id}}`, `{{event.name}}`, `{{context.<key>}}` — or, without one, Plunk's default JSON
 * `{ contact: { email, subscribed, data }, workflow: { id, name }, execution: { id, startedAt }, event }`.
 */
import { defaultWebhookBody } from './webhook';

export interface WebhookVariables {
  contact: { id: string; email: string; subscribed: boolean; data: Record<string, unknown> };
  workflow: { id: string; name: string };
  execution: { id: string; startedAt: string };
  event: unknown;
  context: Record<string, unknown>;
}

const VARIABLE = /\{\{\s*([A-Za-z_][\w-]*(?:\.[\w-]+)*)\s*\}\}/g;

function lookup(vars: WebhookVariables, path: string): unknown {
  let v: unknown = vars;
  for (const key of path.split('.')) {
    if (v === null || typeof v !== 'object' || !Object.prototype.hasOwnProperty.call(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/**
 * A string with its variables filled in. A string that is exactly one variable takes the value
 * itself in a JSON body (a number stays a number, an object an object); inside text, objects
 * are written as JSON and missing values as nothing.
 */
export function fill(text: string, vars: WebhookVariables, whole = false): unknown {
  const only = whole ? /^\{\{\s*([A-Za-z_][\w-]*(?:\.[\w-]+)*)\s*\}\}$/.exec(text) : null;
  if (only) return lookup(vars, only[1]) ?? null;
  return text.replace(VARIABLE, (_m, path: string) => {
    const v = lookup(vars, path);
    if (v === undefined || v === null) return '';
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  });
}

function fillDeep(value: unknown, vars: WebhookVariables): unknown {
  if (typeof value === 'string') return fill(value, vars, true);
  if (Array.isArray(value)) return value.map((v) => fillDeep(v, vars));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, vars)]));
  return value;
}

/** The request body: none for GET, else the configured body filled in, else the default JSON. */
export function webhookBody(method: string, body: string | Record<string, unknown> | null | undefined, vars: WebhookVariables): string | undefined {
  if (method === 'GET') return undefined;
  if (typeof body === 'string') return String(fill(body, vars));
  if (body) return JSON.stringify(fillDeep(body, vars));
  return JSON.stringify(defaultWebhookBody(vars));
}

/** Header values and the URL may name variables too (text only). */
export const fillText = (text: string, vars: WebhookVariables) => String(fill(text, vars));
