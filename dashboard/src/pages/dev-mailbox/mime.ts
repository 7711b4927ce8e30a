/**
 * Just enough MIME to show a message the dev mailbox kept: its headers, and the HTML and text
 * parts of a (nested) multipart body, decoded from base64 or quoted-printable in their charset.
 * Attachments are named, not decoded.
 */
export interface Parsed {
  headers: Array<[string, string]>;
  html?: string;
  text?: string;
  attachments: string[];
}

interface Part {
  headers: Array<[string, string]>;
  body: string;
}

function split(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end < 0 ? normalized : normalized.slice(0, end);
  const body = end < 0 ? '' : normalized.slice(end + 2);
  const headers: Array<[string, string]> = [];
  for (const line of head.split('\n')) {
    if (/^[ \t]/.test(line) && headers.length) headers[headers.length - 1][1] += ' ' + line.trim();
    else {
      const colon = line.indexOf(':');
      if (colon > 0) headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
    }
  }
  return { headers, body };
}

const header = (p: Part, name: string) => p.headers.find(([k]) => k.toLowerCase() === name)?.[1] ?? '';
const param = (value: string, name: string) => new RegExp(`${name}\\*?=(?:"([^"]*)"|([^;\\s]*))`, 'i').exec(value)?.slice(1).find(Boolean);

function bytesOf(body: string, encoding: string): Uint8Array {
  if (encoding === 'base64') {
    const bin = atob(body.replace(/\s+/g, ''));
    return Uint8Array.from(bin, (c) => c.charCodeAt(0));
  }
  const text = encoding === 'quoted-printable' ? body.replace(/=\n/g, '') : body;
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (encoding === 'quoted-printable' && text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      out.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      const code = text.charCodeAt(i);
      if (code < 0x80) out.push(code);
      else out.push(...new TextEncoder().encode(text[i]));
    }
  }
  return Uint8Array.from(out);
}

function decode(p: Part): string {
  const charset = param(header(p, 'content-type'), 'charset') ?? 'utf-8';
  const bytes = bytesOf(p.body, header(p, 'content-transfer-encoding').toLowerCase());
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

/** Encoded words in a header (`=?utf-8?B?…?=`, `=?utf-8?Q?…?=`) as text. */
export function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_m, charset: string, kind: string, data: string) => {
    const bytes = kind.toUpperCase() === 'B' ? bytesOf(data, 'base64') : bytesOf(data.replace(/_/g, ' '), 'quoted-printable');
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      return new TextDecoder().decode(bytes);
    }
  });
}

function walk(p: Part, out: Parsed, depth: number) {
  const type = header(p, 'content-type').toLowerCase() || 'text/plain';
  const disposition = header(p, 'content-disposition').toLowerCase();
  if (type.startsWith('multipart/') && depth < 10) {
    const boundary = param(header(p, 'content-type'), 'boundary');
    if (!boundary) return;
    const pieces = p.body.split(`--${boundary}`);
    // The preamble before the first boundary and the epilogue after the closing one are no parts.
    for (const piece of pieces.slice(1)) {
      if (piece.startsWith('--')) break;
      walk(split(piece.replace(/^\n/, '')), out, depth + 1);
    }
  } else if (disposition.startsWith('attachment') || (!type.startsWith('text/') && !type.startsWith('multipart/'))) {
    out.attachments.push(param(header(p, 'content-disposition'), 'filename') ?? param(header(p, 'content-type'), 'name') ?? type.split(';')[0]);
  } else if (type.startsWith('text/html') && out.html === undefined) out.html = decode(p);
  else if (type.startsWith('text/plain') && out.text === undefined) out.text = decode(p);
}

export function parseMime(raw: string): Parsed {
  const top = split(raw);
  const out: Parsed = { headers: top.headers.map(([k, v]) => [k, decodeHeader(v)]), attachments: [] };
  walk(top, out, 0);
  return out;
}
