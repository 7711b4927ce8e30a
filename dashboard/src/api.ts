/**
 * The dashboard's only way to Herald: the same HTTP API integrations use, authenticated by the
 * session cookie (HttpOnly, set by /auth/login; the dashboard never sees it) plus `X-Project-Id`
 * on project-scoped routes. Every error comes back as an {@link ApiError} carrying the error
 * envelope, so a form can show each message next to the field it names.
 */

import type { Answer } from './api-types';

declare const __HERALD_API_URL__: string;
const API_URL = typeof __HERALD_API_URL__ === 'string' ? __HERALD_API_URL__.replace(/\/$/, '') : '';

export interface FieldError {
  field: string;
  message: string;
  code?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly suggestion?: string,
    readonly errors: FieldError[] = [],
    readonly requestId?: string,
  ) {
    super(message);
  }

  /**
   * The message for one field (dotted path, as the API names it), if the API named it, or else
   * the messages of what the API named inside it (`data.plan` inside `data`), each after its path.
   */
  fieldMessage(field: string): string | undefined {
    const exact = this.errors.find((e) => e.field === field);
    if (exact) return exact.message;
    const inside = this.errorsUnder(field);
    return inside.length ? inside.map((e) => `${e.field.slice(field.length).replace(/^\./, '')}: ${e.message}`).join('; ') : undefined;
  }

  /** The errors the API named inside a field: `data.plan` and `data[0]` are inside `data`. */
  errorsUnder(field: string): FieldError[] {
    return this.errors.filter((e) => e.field.startsWith(`${field}.`) || e.field.startsWith(`${field}[`));
  }
}

let projectId: string | undefined;
/** The project every project-scoped request is about (`X-Project-Id`). */
export function setProjectId(id: string | undefined) {
  projectId = id;
}
export function currentProjectId() {
  return projectId;
}

/** Called when the session is gone (401 on a session route): the app goes back to the login page. */
let onUnauthorized: () => void = () => undefined;
export function whenUnauthorized(f: () => void) {
  onUnauthorized = f;
}

type Body = unknown;

async function request<T>(method: string, path: string, body?: Body, opts: { signal?: AbortSignal; quiet401?: boolean } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (projectId) headers['x-project-id'] = projectId;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(`${API_URL}${path}`, { method, headers, body: payload, credentials: 'include', signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'NETWORK_ERROR', 'Herald could not be reached', 'Check your connection, then try again.');
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const e = json?.error;
    const err = new ApiError(
      res.status,
      e?.code ?? `HTTP_${res.status}`,
      e?.message ?? (text.slice(0, 200) || res.statusText),
      e?.suggestion,
      e?.errors ?? [],
      e?.requestId ?? res.headers.get('x-request-id') ?? undefined,
    );
    if (res.status === 401 && !opts.quiet401) onUnauthorized();
    throw err;
  }
  return json as T;
}

export const api = {
  get: <T>(path: string, opts?: { signal?: AbortSignal; quiet401?: boolean }) => request<T>('GET', path, undefined, opts),
  post: <T>(path: string, body?: Body) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: Body) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: Body) => request<T>('PATCH', path, body ?? {}),
  del: <T>(path: string, body?: Body) => request<T>('DELETE', path, body),
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, form),
};

/** A query string from the set values of `params` (undefined, null and '' are left out). */
export function qs(params: Record<string, string | number | boolean | undefined | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

// ---- The shapes the dashboard reads (Plunk's, docs/compatibility.md) ---------------------

export type User = Answer<'/users/@me', 'get'>;
export type Project = Answer<'/users/@me/projects/{id}', 'patch'>;
export type Role = Project['role'];

export type Contact = Answer<'/contacts/{id}', 'get'>;

export interface CursorPage<T> {
  data: T[];
  cursor: string | null;
  hasMore: boolean;
  total: number;
}

export interface NumberedPage<T> {
  data: T[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

export type HeraldConfig = Answer<'/config', 'get'>;

/** Where the dashboard's own API lives (for links such as the OAuth login, which are navigations). */
export const apiUrl = (path: string) => `${API_URL}${path}`;
