import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { logger } from '../../../../libs/kit/src';
import type { ImageStorage } from '../app/ports';
import type { messagingSettings } from '../config';
import { IMAGE_CACHE_CONTROL } from '../domain/images';

type StorageSettings = Pick<
  z.infer<typeof messagingSettings>,
  'UPLOADS_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_PUBLIC_URL' | 'S3_FORCE_PATH_STYLE'
>;

/**
 * Where uploaded images go: the S3 bucket when S3_BUCKET is set, else UPLOADS_DIR (by default
 * `uploads` in the data directory); docs/configuration.md, "Image uploads". S3 settings without a
 * bucket, or half a key pair, stop the start with a message naming them.
 */
export function imageStorage(config: StorageSettings, dataDir: string, publicUrl: string): ImageStorage & { close(): void } {
  const s3Only = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const).filter((k) => config[k]);
  if (!config.S3_BUCKET) {
    if (s3Only.length)
      throw new Error(`${s3Only.join(', ')} set without S3_BUCKET: set S3_BUCKET to store images in S3, or unset them to keep them in UPLOADS_DIR`);
    return { ...localImageStorage(config.UPLOADS_DIR ?? path.join(dataDir, 'uploads'), publicUrl), close() {} };
  }
  if (!config.S3_ACCESS_KEY_ID !== !config.S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither (the default AWS credential chain: environment, instance or pod role)',
    );
  }
  return s3ImageStorage(
    {
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      publicBaseUrl: config.S3_PUBLIC_URL,
    },
    publicUrl,
  );
}

const uploadsUrl = (publicUrl: string, key: string) => `${publicUrl.replace(/\/$/, '')}/uploads/${key}`;

/**
 * Images in a local directory (`UPLOADS_DIR`), one folder per project: `<dir>/<projectId>/<random>.<ext>`,
 * served by messaging at `<PUBLIC_URL>/uploads/<key>`. Every process that serves `/uploads/…` must
 * see the directory the uploads were written to: in split deployments a shared volume, else S3.
 * A directory that cannot be made writable does not stop the service (sending goes on): uploads
 * are then refused (503) and GET /config reports storage disabled.
 */
export function localImageStorage(dir: string, publicUrl: string): ImageStorage {
  const root = path.resolve(dir);
  let writable = false;
  try {
    fs.mkdirSync(root, { recursive: true });
    fs.accessSync(root, fs.constants.W_OK);
    writable = true;
  } catch (err) {
    logger.warn(
      { dir: root, err: (err as Error).message },
      'UPLOADS_DIR is not writable: image uploads are refused (503) until it is; mount a writable (in split deployments, shared) volume there or configure S3_BUCKET',
    );
  }
  /** The file of a key, never outside the directory (the use case only passes keys it parsed; this holds anyway). */
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error(`key outside the upload directory: ${key}`);
    return file;
  };
  return {
    kind: 'local',
    writable,
    async put(key, data) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // 'wx': never replaces a file (the key is new; a clash would be a bug, not an overwrite).
      await fs.promises.writeFile(file, data, { flag: 'wx', mode: 0o644 });
    },
    async get(key) {
      try {
        return await fs.promises.readFile(fileOf(key));
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
        throw err;
      }
    },
    publicUrl: (key) => uploadsUrl(publicUrl, key),
  };
}

export interface S3Settings {
  bucket: string;
  /** An S3-compatible endpoint (MinIO, R2, …); unset: AWS S3 of `region`. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's default credential chain (environment, instance or pod role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Where the bucket is publicly readable (a CDN, a public bucket domain); unset: messaging serves the objects at PUBLIC_URL/uploads/. */
  publicBaseUrl?: string;
}

/**
 * Images in an S3-compatible bucket, key as is. Objects are written with their content type and
 * a long cache lifetime, without ACL (many buckets refuse ACLs): making them public is the
 * bucket's or the CDN's business, and S3_PUBLIC_URL says where; without it, messaging serves them
 * itself (GetObject) at `<PUBLIC_URL>/uploads/<key>`.
 */
export function s3ImageStorage(s: S3Settings, publicUrl: string): ImageStorage & { close(): void } {
  // Loaded here, where a bucket is configured: the SDK is large and most installations keep images on disk.
  const { GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } = require('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
    // Checksums only where the API requires them: S3-compatible servers do not all take the SDK's
    // newer default (CRC32 headers and trailers).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 25_000 },
  });
  const base = s.publicBaseUrl?.replace(/\/$/, '');
  return {
    kind: 's3',
    writable: true,
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: s.bucket,
          Key: key,
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
          CacheControl: IMAGE_CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: key }));
        return Buffer.from(await out.Body!.transformToByteArray());
      } catch (err) {
        if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata?.httpStatusCode === 404)) return undefined;
        throw err;
      }
    },
    publicUrl: (key) => (base ? `${base}/${key}` : uploadsUrl(publicUrl, key)),
    close: () => client.destroy(),
  };
}
