import crypto from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { IMAGES } from '../../../../libs/testing/src/images';
import { checkImage, displayFilename, IMAGE_TYPES, imageKey, MAX_IMAGE_BYTES, parseImageKey, sniffImage, SNIFF_BYTES } from '../../src/domain/images';

const PROJECT = '01970a3c-1b2c-7d3e-8f40-5a6b7c8d9e0f';
const type = (ext: string) => IMAGE_TYPES.find((t) => t.ext === ext)!;
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    const e = err as { status: number; code: string; message: string; errors: Array<{ field: string }> };
    return { status: e.status, code: e.code, fields: e.errors.map((x) => x.field), message: e.message };
  }
  throw new Error('not refused');
};

describe('sniffImage', () => {
  it.each(Object.entries(IMAGES))('recognises a real %s by its first bytes', (ext, img) => {
    expect(sniffImage(img.data.subarray(0, SNIFF_BYTES))).toEqual({ contentType: img.contentType, ext });
    expect(sniffImage(img.data)).toEqual({ contentType: img.contentType, ext });
  });

  it('recognises both GIF versions, and WebP only with its RIFF form type', () => {
    expect(sniffImage(Buffer.from('GIF87a\x01\x00\x01\x00\x00\x00', 'latin1'))?.ext).toBe('gif');
    expect(sniffImage(Buffer.from('RIFF\x1a\x00\x00\x00WAVE', 'latin1'))).toBeUndefined(); // a WAV file is RIFF too
    expect(sniffImage(Buffer.from('RIFF\x1a\x00\x00\x00AVI ', 'latin1'))).toBeUndefined();
  });

  it('refuses what only claims to be an image: HTML, SVG, text, other formats, truncated signatures', () => {
    const no = [
      '<!DOCTYPE html><html><script>alert(1)</script></html>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<?xml version="1.0"?><svg/>',
      'just some text',
      '%PDF-1.7\n',
      'BM6\x00\x00\x00\x00\x00\x00\x006\x00',
      'II*\x00\x08\x00\x00\x00',
      '\x00\x00\x00\x1cftypheic',
      '\x89PNG\r\n\x1a', // 7 of PNG's 8 bytes
      'GIF89',
      'RIFF\x00\x00\x00\x00WEB',
      '',
    ];
    for (const s of no) expect([s, sniffImage(Buffer.from(s, 'latin1'))]).toEqual([s, undefined]);
  });
});

describe('checkImage', () => {
  it('answers the type of a whole image', () => {
    expect(checkImage(IMAGES.webp.data)).toEqual(type('webp'));
  });

  it('refuses a forged type with 415, saying what the content is', () => {
    const r = refusal(() => checkImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/png'));
    expect(r).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', fields: ['image'] });
    expect(r.message).toContain('declared image/png');
    expect(r.message).toContain('an SVG document');
    expect(refusal(() => checkImage(Buffer.from('<!doctype html><p>hi</p>'), 'image/jpeg')).message).toContain('an HTML document');
  });

  it('refuses an empty file (422) and one over 10 MB (413)', () => {
    expect(refusal(() => checkImage(Buffer.alloc(0)))).toMatchObject({ status: 422, code: 'VALIDATION_ERROR', fields: ['image'] });
    const big = Buffer.concat([IMAGES.png.data, Buffer.alloc(MAX_IMAGE_BYTES)]);
    expect(refusal(() => checkImage(big))).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', fields: ['image'] });
    const exact = Buffer.concat([IMAGES.png.data, Buffer.alloc(MAX_IMAGE_BYTES - IMAGES.png.data.length)]);
    expect(checkImage(exact).ext).toBe('png');
  });
});

describe('image keys', () => {
  it("are the project id, 32 random characters and the type's extension, and parse back", () => {
    const key = imageKey(PROJECT, type('jpg'), crypto.randomBytes(24));
    expect(key).toMatch(new RegExp(`^${PROJECT}/[A-Za-z0-9_-]{32}\\.jpg$`));
    expect(parseImageKey(key)).toEqual({ projectId: PROJECT, type: type('jpg') });
    expect(imageKey(PROJECT, type('png'), crypto.randomBytes(24))).not.toBe(imageKey(PROJECT, type('png'), crypto.randomBytes(24)));
  });

  it('refuse a project id that is none, and random parts of another length', () => {
    expect(() => imageKey('../etc', type('png'), crypto.randomBytes(24))).toThrow();
    expect(() => imageKey(PROJECT, type('png'), crypto.randomBytes(8))).toThrow();
  });

  it('name nothing outside their shape: traversal, other extensions, other separators', () => {
    const token = 'q3V8mZ0bXcK1nTfP2yHsL7wRuA9eDgJ4';
    for (const key of [
      `${PROJECT}/../${token}.png`,
      `../${PROJECT}/${token}.png`,
      `${PROJECT}/${token}.svg`,
      `${PROJECT}/${token}.html`,
      `${PROJECT}/${token}.png/x`,
      `${PROJECT}\\${token}.png`,
      `${PROJECT}/${token.slice(1)}.png`,
      `${PROJECT}/${token}.PNG`,
      `not-a-project/${token}.png`,
      `${PROJECT}/${token}`,
      `/${PROJECT}/${token}.png`,
    ]) {
      expect([key, parseImageKey(key)]).toEqual([key, undefined]);
    }
  });
});

describe('displayFilename', () => {
  it('keeps the last path segment, without control characters, and falls back on the type', () => {
    expect(displayFilename('logo.png', type('png'))).toBe('logo.png');
    expect(displayFilename('C:\\Users\\me\\..\\logo.png', type('png'))).toBe('logo.png');
    expect(displayFilename('../../etc/passwd', type('png'))).toBe('passwd');
    expect(displayFilename('a\r\nb.gif', type('gif'))).toBe('ab.gif');
    expect(displayFilename('', type('webp'))).toBe('image.webp');
    expect(displayFilename(undefined, type('jpg'))).toBe('image.jpg');
    expect(displayFilename('x'.repeat(400), type('jpg'))).toHaveLength(255);
  });
});
