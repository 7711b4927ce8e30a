/**
 * Image storage on a real file system, and messaging's upload handlers over it: round trips, no
 * overwrite, no path outside the directory, a directory that cannot be written (503, storage
 * reported disabled), the settings that stop a start. (S3: e2e/uploads.test.ts, against s3rver.)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { IMAGES } from '../../../../libs/testing/src/images';
import { imageStorage, localImageStorage } from '../../src/adapters/storage';
import { uploadHandlers } from '../../src/app/uploads';

const PROJECT = '01970a3c-1b2c-7d3e-8f40-5a6b7c8d9e0f';
const PUBLIC = 'https://mail.example.com';
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const meta = { projectId: PROJECT, requestId: 'storage-test' };
const caught = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err: { status?: number; code?: string }) => ({ status: err.status, code: err.code }),
  );
const defaults = { S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false };

describe('local storage', () => {
  it('stores under <dir>/<project>/, serves the bytes back, and never replaces an object', async () => {
    const dir = path.join(root, 'a');
    const storage = localImageStorage(dir, PUBLIC);
    expect(storage.writable).toBe(true);
    const key = `${PROJECT}/${'k'.repeat(32)}.png`;
    await storage.put(key, IMAGES.png.data, 'image/png');
    expect(fs.readFileSync(path.join(dir, PROJECT, `${'k'.repeat(32)}.png`)).equals(IMAGES.png.data)).toBe(true);
    expect((await storage.get(key))!.equals(IMAGES.png.data)).toBe(true);
    await expect(storage.put(key, IMAGES.gif.data, 'image/gif')).rejects.toThrow(/EEXIST/);
    expect((await storage.get(key))!.equals(IMAGES.png.data)).toBe(true);
    expect(await storage.get(`${PROJECT}/${'x'.repeat(32)}.png`)).toBeUndefined();
    expect(storage.publicUrl(key)).toBe(`${PUBLIC}/uploads/${key}`);
  });

  it('reaches nothing outside its directory, whatever key it is handed', async () => {
    const dir = path.join(root, 'b');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(root, 'secret.png'), 'outside');
    const storage = localImageStorage(dir, PUBLIC);
    await expect(storage.get('../secret.png')).rejects.toThrow(/outside the upload directory/);
    await expect(storage.put('../../evil.png', IMAGES.png.data, 'image/png')).rejects.toThrow(/outside the upload directory/);
  });

  it('a directory that cannot be made: not writable, uploads 503, storage reported disabled', async () => {
    const file = path.join(root, 'a-file');
    fs.writeFileSync(file, '');
    const storage = localImageStorage(path.join(file, 'uploads'), PUBLIC);
    expect(storage.writable).toBe(false);
    const h = uploadHandlers(storage);
    expect(await caught(h.PutImage({ data: IMAGES.png.data, filename: 'a.png' }, meta))).toEqual({ status: 503, code: 'STORAGE_UNAVAILABLE' });
    expect(await h.StorageStatus({}, {})).toEqual({ enabled: false, kind: 'local' });
  });
});

describe('upload handlers over local storage', () => {
  const storage = localImageStorage(path.join(root, 'h'), PUBLIC);
  const h = uploadHandlers(storage);

  it("store a new key of the caller's project per upload, and read it back with the type of the key", async () => {
    const a = await h.PutImage({ data: IMAGES.webp.data, filename: '../x/logo.webp' }, meta);
    const b = await h.PutImage({ data: IMAGES.webp.data, filename: 'logo.webp' }, meta);
    expect(a).toEqual({
      key: expect.stringMatching(new RegExp(`^${PROJECT}/[A-Za-z0-9_-]{32}\\.webp$`)),
      url: `${PUBLIC}/uploads/${a.key}`,
      filename: 'logo.webp',
      content_type: 'image/webp',
      size: IMAGES.webp.data.length,
    });
    expect(b.key).not.toBe(a.key);
    const got = await h.GetImage({ key: a.key as string }, {});
    expect(Buffer.from(got.data as Uint8Array).equals(IMAGES.webp.data)).toBe(true);
    expect(got.content_type).toBe('image/webp');
    expect(await h.StorageStatus({}, {})).toEqual({ enabled: true, kind: 'local' });
  });

  it('check the content again (the edge is not taken at its word), and find nothing for keys of another shape', async () => {
    expect(await caught(h.PutImage({ data: Buffer.from('<svg/>'), filename: 'a.png' }, meta))).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await caught(h.PutImage({ data: Buffer.alloc(0), filename: 'a.png' }, meta))).toEqual({ status: 422, code: 'VALIDATION_ERROR' });
    for (const key of [
      '../../etc/passwd',
      `${PROJECT}/../${'k'.repeat(32)}.png`,
      `${PROJECT}/${crypto.randomBytes(24).toString('base64url')}.svg`,
      `${PROJECT}/${crypto.randomBytes(24).toString('base64url')}.png`,
    ]) {
      expect([key, await caught(h.GetImage({ key }, {}))]).toEqual([key, { status: 404, code: 'IMAGE_NOT_FOUND' }]);
    }
  });
});

describe('imageStorage settings', () => {
  it('defaults to uploads/ in the data directory, or UPLOADS_DIR', () => {
    const dataDir = path.join(root, 'data');
    expect(imageStorage(defaults, dataDir, PUBLIC).kind).toBe('local');
    expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(true);
    imageStorage({ ...defaults, UPLOADS_DIR: path.join(root, 'elsewhere') }, dataDir, PUBLIC);
    expect(fs.existsSync(path.join(root, 'elsewhere'))).toBe(true);
  });

  it('S3 settings without a bucket, or half a key pair, stop the start naming them', () => {
    expect(() => imageStorage({ ...defaults, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PUBLIC_URL: 'https://cdn.example.com' }, root, PUBLIC)).toThrow(
      /S3_ENDPOINT, S3_PUBLIC_URL set without S3_BUCKET/,
    );
    expect(() => imageStorage({ ...defaults, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' }, root, PUBLIC)).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
  });

  it("with a bucket: S3, answering the public bucket address when given, else Herald's", () => {
    const key = `${PROJECT}/${'k'.repeat(32)}.png`;
    const viaHerald = imageStorage({ ...defaults, S3_BUCKET: 'b' }, root, PUBLIC);
    const viaCdn = imageStorage({ ...defaults, S3_BUCKET: 'b', S3_PUBLIC_URL: 'https://cdn.example.com/images/' }, root, PUBLIC);
    expect([viaHerald.kind, viaHerald.publicUrl(key)]).toEqual(['s3', `${PUBLIC}/uploads/${key}`]);
    expect(viaCdn.publicUrl(key)).toBe(`https://cdn.example.com/images/${key}`);
    viaHerald.close();
    viaCdn.close();
  });
});
