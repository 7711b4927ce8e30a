/** Names the platform emits itself (reserved); /v1/track refuses them. */
const RESERVED = [/^email\./, /^contact\.subscribed$/, /^contact\.unsubscribed$/, /^segment\.[^.]+\.(entry|exit)$/];

export const isReservedEventName = (name: string) => RESERVED.some((r) => r.test(name));

export const MAX_EVENT_NAME = 255;

/** Event data as recorded: `{ value, persistent }` wrappers unwrapped; null and '' entries dropped. */
export function eventData(data: unknown): Record<string, unknown> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    if (k === '__proto__') continue;
    const value = isWrapper(v) ? v.value : v;
    if (value === null || value === undefined || value === '') continue;
    out[k] = value;
  }
  return out;
}

function isWrapper(v: unknown): v is { value: unknown; persistent: boolean } {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  return keys.length === 2 && keys.includes('value') && typeof (v as any).persistent === 'boolean';
}
