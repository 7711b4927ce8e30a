/**
 * POST /uploads/image (Plunk's) and GET /config's storage flag, end to end in both topologies:
 * each accepted type stored and served back byte for byte with its type, forged types, sizes and
 * missing parts refused in the error envelope, authentication, tenant-prefixed keys that name
 * nothing else; then the same uploads into an S3-compatible server (s3rver, from npm).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Api, ApiResponse, eventually, IMAGES, OWNER, pngOfSize, session, Topology, TopologyKind } from '../libs/testing/src';
import { sharedHerald, startHerald } from './support/herald';
import { S3RVER_CREDENTIALS, startS3 } from './support/s3';

jest.setTimeout(240_000);

const MAX = 10 * 1024 * 1024;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const TYPES = Object.entries(IMAGES) as Array<[keyof typeof IMAGES, (typeof IMAGES)[keyof typeof IMAGES]]>;

function expectError(res: ApiResponse, status: number, code: string, field?: string) {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(res.body).toMatchObject({
    success: false,
    error: { statusCode: status, requestId: expect.any(String), suggestion: expect.any(String), message: expect.any(String) },
    timestamp: expect.stringMatching(ISO),
  });
  if (field) expect(res.body.error.errors.map((e: any) => e.field)).toContain(field);
}

interface Part {
  name?: string;
  data: Buffer | string;
  type?: string;
  filename?: string;
}

/** POST /uploads/image with these multipart parts, as `api` authenticates (its key or its session headers). */
async function upload(api: Api, ...parts: Part[]): Promise<ApiResponse> {
  const form = new FormData();
  for (const p of parts) form.append(p.name ?? 'image', new Blob([p.data], { type: p.type ?? '' }), p.filename ?? 'file');
  return send(api, form);
}

async function send(
  api: Api,
  body: FormData | string | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
  extra: RequestInit = {},
): Promise<ApiResponse> {
  const res = await fetch(`${api.baseUrl}/uploads/image`, {
    method: 'POST',
    headers: { ...api.defaultHeaders, ...(api.key ? { authorization: `Bearer ${api.key}` } : {}), ...headers },
    body,
    ...extra,
  } as RequestInit);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** A multipart body sent chunked, without Content-Length: the edge can only count as it reads. */
function uploadChunked(api: Api, content: Buffer, type = 'image/png') {
  const boundary = 'herald-upload-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const parts = [head, ...Array.from({ length: Math.ceil(content.length / 65536) }, (_, i) => content.subarray(i * 65536, (i + 1) * 65536)), tail];
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = parts.shift();
      if (next) controller.enqueue(new Uint8Array(next));
      else controller.close();
    },
  });
  return send(api, body, { 'content-type': `multipart/form-data; boundary=${boundary}` }, { duplex: 'half' } as RequestInit);
}

async function fetchImage(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { status: res.status, headers: res.headers, data: Buffer.from(await res.arrayBuffer()) };
}

const keyPattern = (projectId: string, ext: string) => new RegExp(`^${projectId}/[A-Za-z0-9_-]{32}\\.${ext}$`);

describe.each<TopologyKind>(['all'])('image uploads, local storage (%s)', (kind) => {
  let t: Topology;
  let api: Api;
  let owner: Api;
  let other: Api;
  let otherId: string;
  /** The files stored for a project (UPLOADS_DIR defaults to uploads/ in the data directory). */
  const stored = (projectId: string) => {
    const dir = path.join(t.dataDir, 'uploads', projectId);
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  };

  beforeAll(async () => {
    t = await sharedHerald(kind);
    api = new Api(t.baseUrl, t.keys.secret);
    owner = await t.owner();
    const created = await owner.post('/users/@me/projects', { name: 'Uploads other tenant' });
    expect(created.status).toBe(201);
    other = new Api(t.baseUrl, created.body.secret);
    otherId = created.body.id;
  }, 120_000);
  afterAll(async () => {
    if (t) fs.writeFileSync(path.join(os.tmpdir(), `herald-uploads-${kind}.log`), t.output());
    await t?.stop();
  });

  it.each(TYPES)('stores a %s judged by its content, and serves it back byte for byte, publicly and cacheable', async (ext, img) => {
    // A generic declared type and a wrong extension: the content decides.
    const res = await upload(api, { data: img.data, type: 'application/octet-stream', filename: `photo.${ext === 'png' ? 'gif' : 'png'}` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      url: `${t.baseUrl}/uploads/${res.body.key}`,
      key: expect.stringMatching(keyPattern(t.projectId, ext)),
      filename: `photo.${ext === 'png' ? 'gif' : 'png'}`,
      contentType: img.contentType,
      size: img.data.length,
    });
    expect(stored(t.projectId)).toContain(res.body.key.split('/')[1]);

    const got = await fetchImage(res.body.url); // no authentication
    expect(got.status).toBe(200);
    expect(got.data.equals(img.data)).toBe(true);
    expect(got.headers.get('content-type')).toBe(img.contentType);
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(got.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(got.headers.get('content-security-policy')).toContain("default-src 'none'");
    const etag = got.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await fetchImage(res.body.url, { 'if-none-match': etag! })).status).toBe(304);
  });

  it('takes 10 MB exactly, byte for byte, and refuses a byte more with 413 — by Content-Length, or as it arrives without one', async () => {
    const exact = pngOfSize(MAX);
    const ok = await upload(api, { data: exact, type: 'image/png', filename: 'big.png' });
    expect(ok.status).toBe(200);
    expect(ok.body.size).toBe(MAX);
    const got = await fetchImage(ok.body.url);
    expect(got.data.equals(exact)).toBe(true);

    const before = stored(t.projectId);
    expectError(await upload(api, { data: pngOfSize(MAX + 1), type: 'image/png', filename: 'big.png' }), 413, 'PAYLOAD_TOO_LARGE', 'image');
    expectError(await upload(api, { data: pngOfSize(MAX + 100 * 1024), type: 'image/png' }), 413, 'PAYLOAD_TOO_LARGE', 'image');
    expectError(await uploadChunked(api, pngOfSize(MAX + 1)), 413, 'PAYLOAD_TOO_LARGE', 'image');
    expectError(await uploadChunked(api, pngOfSize(3 * MAX)), 413, 'PAYLOAD_TOO_LARGE', 'image');
    expect(stored(t.projectId)).toEqual(before);
    // A chunked upload within the limit goes through.
    const chunked = pngOfSize(3 * 1024 * 1024 + 7);
    const res = await uploadChunked(api, chunked, 'text/plain');
    expect(res.status).toBe(200);
    expect((await fetchImage(res.body.url)).data.equals(chunked)).toBe(true);
  });

  it('refuses a forged type (HTML or SVG declared image/png) with 415, saying why, and stores nothing', async () => {
    const before = stored(t.projectId);
    const html = await upload(api, {
      data: '<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>',
      type: 'image/png',
      filename: 'cat.png',
    });
    expectError(html, 415, 'UNSUPPORTED_MEDIA_TYPE', 'image');
    expect(html.body.error.message).toMatch(/not a JPEG, PNG, GIF or WebP image: its content is an HTML document/);
    const svg = await upload(api, {
      data: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
      type: 'image/png',
      filename: 'logo.png',
    });
    expectError(svg, 415, 'UNSUPPORTED_MEDIA_TYPE', 'image');
    expect(svg.body.error.message).toContain('an SVG document');
    expectError(
      await upload(api, { data: '<svg xmlns="http://www.w3.org/2000/svg"/>', type: 'image/svg+xml', filename: 'logo.svg' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'image',
    );
    // Big enough to be refused at its first bytes, before the rest arrives.
    expectError(await uploadChunked(api, Buffer.concat([Buffer.from('<html>'), Buffer.alloc(5 * 1024 * 1024, 'a')])), 415, 'UNSUPPORTED_MEDIA_TYPE', 'image');
    expectError(await upload(api, { data: 'GIF8', type: 'image/gif' }), 415, 'UNSUPPORTED_MEDIA_TYPE', 'image');
    expect(stored(t.projectId)).toEqual(before);
  });

  it('refuses a request without an image part, or an empty one, with 422 naming image', async () => {
    expectError(await upload(api, { name: 'file', data: IMAGES.png.data, type: 'image/png' }), 422, 'VALIDATION_ERROR', 'image');
    expectError(await api.post('/uploads/image', { image: IMAGES.png.data.toString('base64') }), 422, 'VALIDATION_ERROR', 'image');
    expectError(await upload(api, { data: Buffer.alloc(0), type: 'image/png' }), 422, 'VALIDATION_ERROR', 'image');
    const broken = await send(api, 'no boundary here', { 'content-type': 'multipart/form-data' });
    expect(broken.status).toBe(400);
    expectError(broken, 400, 'BAD_REQUEST');
    // Other parts beside it are ignored; the image part is taken.
    const ok = await upload(api, { name: 'note', data: 'hello', type: 'text/plain' }, { data: IMAGES.gif.data, type: 'image/gif', filename: 'a.gif' });
    expect(ok.status).toBe(200);
    expect(ok.body.contentType).toBe('image/gif');
  });

  it('needs a secret key or a member session: no authentication or a public key is 401', async () => {
    expectError(await upload(api.withKey(undefined), { data: IMAGES.png.data, type: 'image/png' }), 401, 'MISSING_AUTH');
    expectError(await upload(api.withKey(t.keys.public), { data: IMAGES.png.data, type: 'image/png' }), 401, 'INVALID_API_KEY');
    expectError(await upload(api.withKey(`sk_${'0'.repeat(64)}`), { data: IMAGES.png.data, type: 'image/png' }), 401, 'INVALID_API_KEY');
    const member = await session(t.baseUrl, OWNER.email, OWNER.password, otherId);
    const res = await upload(member, { data: IMAGES.jpg.data, type: 'image/jpeg', filename: 'me.jpg' });
    expect(res.status).toBe(200);
    expect(res.body.key).toMatch(keyPattern(otherId, 'jpg'));
  });

  it('keeps every key under its project: new keys only, nothing listed, nothing outside the key shape served', async () => {
    const mine = await upload(api, { data: IMAGES.png.data, type: 'image/png', filename: 'logo.png' });
    const theirs = await upload(other, { data: IMAGES.webp.data, type: 'image/webp', filename: 'logo.png' });
    expect(mine.body.key).toMatch(keyPattern(t.projectId, 'png'));
    expect(theirs.body.key).toMatch(keyPattern(otherId, 'webp'));
    expect(stored(otherId)).toContain(theirs.body.key.split('/')[1]);
    expect(stored(t.projectId)).not.toContain(theirs.body.key.split('/')[1]);

    // The same file again, by the other project: a new key of its own; the first is unchanged.
    const again = await upload(other, { data: IMAGES.png.data, type: 'image/png', filename: 'logo.png' });
    expect(again.body.key).toMatch(keyPattern(otherId, 'png'));
    expect(again.body.key).not.toBe(mine.body.key);
    expect((await fetchImage(mine.body.url)).data.equals(IMAGES.png.data)).toBe(true);

    const file = mine.body.key.split('/')[1];
    const token = file.split('.')[0];
    for (const p of [
      `/uploads/${otherId}/${file}`, // my file under their prefix
      `/uploads/${t.projectId}`, // a listing
      `/uploads/${t.projectId}/`,
      '/uploads',
      `/uploads/${t.projectId}/${token}.svg`,
      `/uploads/${t.projectId}/${token}.webp`, // my token with another type
      `/uploads/${t.projectId}/..%2F..%2Finternal-token`,
      `/uploads/${t.projectId}/%2e%2e%2f%2e%2e%2ffirst-run.txt`,
      `/uploads/..%2F..%2F/internal-token`,
    ]) {
      const res = await fetch(`${t.baseUrl}${p}`);
      expect([p, res.status]).toEqual([p, 404]);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
    // A NUL anywhere in a request is refused by the gateway before any route.
    expect((await fetch(`${t.baseUrl}/uploads/${t.projectId}/${file}%00.png`)).status).toBe(400);
  });

  it('GET /config reports storage enabled (local disk)', async () => {
    const res = await api.withKey(undefined).get('/config');
    expect(res.status).toBe(200);
    expect(res.body.features.storage).toEqual({ enabled: true });
  });
});

describe.each<TopologyKind>(['all'])('image uploads into S3-compatible storage (s3rver, %s)', (kind) => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let t: Topology;
  let api: Api;
  const bucket = 'herald-images';

  beforeAll(async () => {
    s3 = await startS3(bucket);
    t = await startHerald(kind, {
      env: {
        S3_BUCKET: bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: `${s3.endpoint}/${bucket}`,
      },
    });
    api = new Api(t.baseUrl, t.keys.secret);
  }, 120_000);
  afterAll(async () => {
    if (t) fs.writeFileSync(path.join(os.tmpdir(), `herald-uploads-s3-${kind}.log`), t.output());
    await t?.stop();
    await s3?.close();
  });

  it.each(TYPES)('stores a %s in the bucket with its type, answers its public bucket address, and serves it too', async (ext, img) => {
    const res = await upload(api, { data: img.data, type: 'image/png', filename: `x.${ext}` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      url: `${s3.endpoint}/${bucket}/${res.body.key}`,
      key: expect.stringMatching(keyPattern(t.projectId, ext)),
      filename: `x.${ext}`,
      contentType: img.contentType,
      size: img.data.length,
    });

    const object = await s3.object(res.body.key);
    expect(object.data.equals(img.data)).toBe(true);
    expect(object).toMatchObject({ contentType: img.contentType, cacheControl: 'public, max-age=31536000, immutable' });

    const direct = await fetchImage(res.body.url); // from the bucket's public address
    expect(direct.status).toBe(200);
    expect(direct.data.equals(img.data)).toBe(true);
    expect(direct.headers.get('content-type')).toBe(img.contentType);

    const proxied = await fetchImage(`${t.baseUrl}/uploads/${res.body.key}`); // Herald reads it from the bucket
    expect(proxied.status).toBe(200);
    expect(proxied.data.equals(img.data)).toBe(true);
    expect(proxied.headers.get('content-type')).toBe(img.contentType);
    expect(proxied.headers.get('x-content-type-options')).toBe('nosniff');

    expect(fs.existsSync(path.join(t.dataDir, 'uploads'))).toBe(false); // nothing on local disk
  });

  it('stores 10 MB byte for byte, refuses forged types and larger files before anything reaches the bucket', async () => {
    const big = pngOfSize(MAX);
    const ok = await upload(api, { data: big, type: 'image/png' });
    expect(ok.status).toBe(200);
    expect((await s3.object(ok.body.key)).data.equals(big)).toBe(true);
    expectError(await upload(api, { data: '<svg xmlns="http://www.w3.org/2000/svg"/>', type: 'image/png' }), 415, 'UNSUPPORTED_MEDIA_TYPE', 'image');
    expectError(await upload(api, { data: pngOfSize(MAX + 1), type: 'image/png' }), 413, 'PAYLOAD_TOO_LARGE', 'image');
  });

  it('answers 404 for a key the bucket does not have, and reports storage enabled', async () => {
    const res = await fetch(`${t.baseUrl}/uploads/${t.projectId}/${'A'.repeat(32)}.png`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).error.code).toBe('IMAGE_NOT_FOUND');
    expect((await api.withKey(undefined).get('/config')).body.features.storage).toEqual({ enabled: true });
  });

  if (kind === 'all') {
    // s3rver knows one access key id and refuses others (InvalidAccessKeyId, 403); it does not check SigV4 signatures.
    it('a bucket refusing the credentials: 503 STORAGE_UNAVAILABLE in the envelope, not a 500', async () => {
      const wrong = await startHerald('all', {
        env: {
          S3_BUCKET: bucket,
          S3_ENDPOINT: s3.endpoint,
          S3_ACCESS_KEY_ID: 'NOT-AN-ACCOUNT',
          S3_SECRET_ACCESS_KEY: 'not-the-secret',
          S3_FORCE_PATH_STYLE: 'true',
        },
      });
      try {
        const res = await upload(new Api(wrong.baseUrl, wrong.keys.secret), { data: IMAGES.png.data, type: 'image/png' });
        expectError(res, 503, 'STORAGE_UNAVAILABLE');
        // The log line is written asynchronously: it may come just after the answer.
        await eventually(async () => /could not store an uploaded image/.test(wrong.output()), 5_000);
      } finally {
        await wrong.stop();
      }
    });
  }
});
