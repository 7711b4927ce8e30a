/** A small HTTP client for e2e tests: JSON in, { status, body, headers } out. */
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export class Api {
  constructor(
    readonly baseUrl: string,
    readonly key?: string,
    readonly defaultHeaders: Record<string, string> = {},
  ) {}

  withKey(key: string | undefined) {
    return new Api(this.baseUrl, key, this.defaultHeaders);
  }

  withHeaders(headers: Record<string, string>) {
    return new Api(this.baseUrl, this.key, { ...this.defaultHeaders, ...headers });
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const h: Record<string, string> = { ...this.defaultHeaders, ...headers };
    if (this.key) h.authorization = `Bearer ${this.key}`;
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.baseUrl + path, { method, headers: h, body: payload });
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    // An answer that broke its route's declared schema (libs/edge/src/answers.ts): say which, beside the failing assertion.
    if (res.status === 500 && parsed?.error?.code === 'RESPONSE_SCHEMA') console.error(`${method} ${path}: ${parsed.error.message}`);
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body ?? {}, headers);
  }
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, body ?? {}, headers);
  }
  delete<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, body, headers);
  }
}

/** Logs in and returns an Api that carries the session cookie (and X-Project-Id when given). */
export async function session(baseUrl: string, email: string, password: string, projectId?: string): Promise<Api> {
  const res = await fetch(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')!.split(';')[0];
  return new Api(baseUrl, undefined, { cookie, ...(projectId ? { 'x-project-id': projectId } : {}) });
}
