import crypto from 'node:crypto';

/**
 * Small real images, one of each type image uploads accept (each decodes as a 1×1 image), for
 * tests of uploads: Herald judges them by their first bytes (domain/images.ts in messaging).
 */
export const IMAGES = {
  png: {
    contentType: 'image/png',
    data: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
  },
  jpg: {
    contentType: 'image/jpeg',
    data: Buffer.from(
      '/9j/4AAQSkZJRgABAQEAYABgAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
      'base64',
    ),
  },
  gif: { contentType: 'image/gif', data: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64') },
  webp: { contentType: 'image/webp', data: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64') },
} as const;

/**
 * `bytes` bytes that pass as a PNG by their signature: the real 1×1 PNG's first 16 bytes, then
 * random ones (no decoder would show it; Herald checks signatures, not decodability). For sizes
 * and byte-for-byte round trips.
 */
export function pngOfSize(bytes: number): Buffer {
  const head = IMAGES.png.data.subarray(0, 16);
  return Buffer.concat([head, crypto.randomBytes(Math.max(0, bytes - head.length))]);
}
