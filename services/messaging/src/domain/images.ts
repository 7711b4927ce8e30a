import { AppError, validationError } from '../../../../libs/kit/src/errors';

/**
 * Image uploads (POST /uploads/image, as Plunk has it): what an image is, by its content alone,
 * and what its storage key looks like. No I/O. The declared content type and the file name's
 * extension are never trusted: a file is an image when its first bytes are a JPEG, PNG, GIF or WebP
 * signature, and it is stored and served as that type only.
 */

export interface ImageType {
  contentType: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
  /** The extension its key ends with (and the only one a key may end with). */
  ext: 'jpg' | 'png' | 'gif' | 'webp';
}

/** The largest image accepted (10 MB, as on Plunk). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Keys are never reused (a new random one per upload), so what is served under one never changes. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** How many first bytes `sniffImage` needs to decide (WebP's signature ends at byte 12). */
export const SNIFF_BYTES = 12;

export const IMAGE_TYPES: readonly ImageType[] = [
  { contentType: 'image/jpeg', ext: 'jpg' },
  { contentType: 'image/png', ext: 'png' },
  { contentType: 'image/gif', ext: 'gif' },
  { contentType: 'image/webp', ext: 'webp' },
];

const byExt = new Map(IMAGE_TYPES.map((t) => [t.ext, t]));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

/**
 * The image type of a file from its first bytes (at least SNIFF_BYTES of them to recognise every
 * type), or undefined when they are no JPEG, PNG, GIF or WebP signature.
 */
export function sniffImage(head: Uint8Array): ImageType | undefined {
  if (startsWith(head, PNG)) return byExt.get('png');
  if (startsWith(head, JPEG)) return byExt.get('jpg');
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return byExt.get('gif');
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return byExt.get('webp');
  return undefined;
}

/** What the bytes look like instead, for the refusal's message: a few well-known kinds, else nothing. */
export function describeContent(head: Uint8Array): string | undefined {
  const text = Buffer.from(head.subarray(0, 256))
    .toString('latin1')
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
    .trimStart()
    .toLowerCase();
  if (text.startsWith('<svg') || (text.startsWith('<?xml') && text.includes('<svg'))) return 'an SVG document';
  if (text.startsWith('<!doctype html') || text.startsWith('<html') || text.startsWith('<script') || text.startsWith('<head') || text.startsWith('<body'))
    return 'an HTML document';
  if (text.startsWith('<?xml')) return 'an XML document';
  if (text.startsWith('%pdf')) return 'a PDF document';
  if (startsWith(head, ascii('BM'))) return 'a BMP image (not accepted)';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'a TIFF image (not accepted)';
  if (startsWith(head, ascii('ftyp'), 4)) return 'an ISO media file such as HEIC or AVIF (not accepted)';
  return undefined;
}

/** Unguessable part of a key: 24 random bytes, base64url (32 characters). */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A new storage key: `<projectId>/<32 random base64url characters>.<ext>`. The project prefix
 * scopes every object to its tenant; the random part (24 bytes from the caller, who draws them
 * from a CSPRNG) makes the URL unguessable and every upload a new object — nothing is ever
 * overwritten.
 */
export function imageKey(projectId: string, type: ImageType, random: Uint8Array): string {
  if (!UUID.test(projectId)) throw new Error(`not a project id: ${projectId}`);
  if (random.length !== 24) throw new Error('an image key takes 24 random bytes');
  return `${projectId}/${Buffer.from(random).toString('base64url')}.${type.ext}`;
}

/**
 * The key's project and image type when it is one `imageKey` could have made, else undefined:
 * anything else (`..`, another separator, an extension of no image type, a different shape) names
 * no image, so it never reaches a file system or a bucket.
 */
export function parseImageKey(key: string): { projectId: string; type: ImageType } | undefined {
  const m = /^([^/]+)\/([^/.]+)\.([a-z]+)$/.exec(key);
  if (!m || !UUID.test(m[1]) || !TOKEN.test(m[2])) return undefined;
  const type = byExt.get(m[3] as ImageType['ext']);
  return type && { projectId: m[1], type };
}

/**
 * The uploaded file's name as the answer gives it back: its last path segment, without control
 * characters, at most 255 characters; `image.<ext>` when nothing is left. It is only echoed,
 * never used to store or serve anything.
 */
export function displayFilename(name: string | undefined, type: ImageType): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex -- the control characters are what it removes
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return clean || `image.${type.ext}`;
}

// ---- the refusals (the error envelope; field `image`, the multipart part) ---------------------------

export const IMAGE_FIELD = 'image';
const SEND_AN_IMAGE = 'Send a JPEG, PNG, GIF or WebP file of at most 10 MB as multipart/form-data in a part named image, e.g. curl -F image=@logo.png …';

/** No image part, or an empty one: 422 VALIDATION_ERROR naming `image`. */
export const imageMissing = (message: string) => validationError([{ field: IMAGE_FIELD, message, code: 'invalid_file' }], SEND_AN_IMAGE);

/** Over MAX_IMAGE_BYTES: 413 PAYLOAD_TOO_LARGE. */
export const imageTooLarge = () =>
  new AppError({
    code: 'PAYLOAD_TOO_LARGE',
    status: 413,
    message: `The image is larger than ${MAX_IMAGE_BYTES} bytes (10 MB)`,
    errors: [{ field: IMAGE_FIELD, message: `must be at most ${MAX_IMAGE_BYTES} bytes`, code: 'too_big' }],
    suggestion: 'Resize or compress the image to at most 10 MB and upload it again.',
  });

/**
 * Content that is no JPEG, PNG, GIF or WebP, whatever its declared type or name: 415
 * UNSUPPORTED_MEDIA_TYPE, saying what the content looks like when it is a well-known kind (an
 * HTML or SVG file declared image/png is refused so, and never stored).
 */
export function notAnImage(head: Uint8Array, declared?: string) {
  const actually = describeContent(head);
  const claim = declared ? ` (declared ${declared.slice(0, 100)})` : '';
  return new AppError({
    code: 'UNSUPPORTED_MEDIA_TYPE',
    status: 415,
    message: `The file${claim} is not a JPEG, PNG, GIF or WebP image${actually ? `: its content is ${actually}` : ''}. The type is judged by the content, not the declared type or file name.`,
    errors: [{ field: IMAGE_FIELD, message: 'must be a JPEG, PNG, GIF or WebP image (judged by its content)', code: 'invalid_type' }],
    suggestion: 'Convert the file to JPEG, PNG, GIF or WebP and upload it again; SVG and HTML are not accepted.',
  });
}

/** The image type of a whole file, or the refusal: empty (422), too large (413), not an image (415). */
export function checkImage(data: Uint8Array, declared?: string): ImageType {
  if (data.length === 0) throw imageMissing('is empty');
  if (data.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  const type = sniffImage(data.subarray(0, SNIFF_BYTES));
  if (!type) throw notAnImage(data.subarray(0, 256), declared);
  return type;
}
