/**
 * The CSV content rules: what a CSV import makes of a header and of each row. Pure rules; the
 * bytes, the parsing (fast-csv) and the writes are the import job's (app/import.ts). The rules, by
 * the numbers the tests name them with:
 * 1. The file has a header row; `email` is the only required column, every other one becomes
 *    `data.<column>`.
 * 2. A row with a missing or invalid email is reported in the job's `errors`; it fails no job.
 * 3. `id`, `subscribed`, `createdAt`, `updatedAt` and the generated URL variables are dropped.
 * 4. ISO 8601 dates are typed as dates.
 * 5. `true`, `false`, `yes` and `no` (any case) are booleans.
 * 6. Plain integers and decimals are numbers; leading zeros, a plus sign or an exponent stay strings.
 * 7. The encoding is UTF-8.
 * 8. Importing the same file again updates its contacts in place.
 *
 * Decisions beyond these rules (docs/decisions/README.md, "Import and bulk jobs"):
 * - Column names are trimmed. The `email` column is found case-insensitively (`Email` is what
 *   spreadsheets write); other names are kept as written (`Plan` → `data.Plan`).
 * - Dropped silently, case-insensitively (rule 3, and data rule 7 of domain/data.ts): `id`,
 *   `subscribed`, `createdAt`, `updatedAt`, the generated URL variables and every other reserved
 *   key; columns without a name.
 * - A header naming a data column twice, or `email` twice, is refused (which one would win?).
 * - Values are trimmed; an empty value is ignored (data rule 5: it never overwrites data).
 * - `true`/`false`/`yes`/`no` (any case) are booleans (rule 5).
 * - A plain number — optional `-`, digits without a leading zero (but `0` and `0.5`), an optional
 *   fraction — is a number, if it has at most 15 significant digits (a double holds those exactly;
 *   card, phone and account numbers stay strings). `+1`, `007`, `1e5`, `.5`, `1.` stay strings
 *   (rule 6). `-5` is a number: a negative number is a plain number, not a formula.
 * - A spreadsheet formula (`=SUM(A1)`, `+1`, `-A1`, `@cmd`) is stored as the text it is and never
 *   evaluated; only `-` followed by a plain number is a number.
 * - Dates stay strings; type inference (data rule 9) types `YYYY-MM-DD` and
 *   `YYYY-MM-DDTHH:MM:SS[.sss]Z` as dates (rule 4).
 */
import { isReservedKey, type JsonObject } from './data';
import { isValidEmail, normalizeEmail } from './email';

/** Column names dropped silently, lower-cased (rule 3, plus data rule 7's reserved keys). */
const DROPPED = new Set(['id', 'subscribed', 'createdat', 'updatedat', 'unsubscribeurl', 'subscribeurl', 'manageurl', '__proto__']);

const isDropped = (name: string) => DROPPED.has(name.toLowerCase()) || isReservedKey(name) || isReservedKey(name.toLowerCase());

export interface ImportColumns {
  /** The position of the `email` column. */
  email: number;
  /** The columns that become `data.<key>`, by position. */
  data: Array<{ index: number; key: string }>;
  /** Column names dropped by rule 3 (for messages only). */
  dropped: string[];
}

export interface HeaderProblem {
  message: string;
  suggestion: string;
}

/** The import's columns from the header's cells, or why the header cannot be imported. */
export function columnsOf(header: string[]): ImportColumns | HeaderProblem {
  const names = header.map((h, i) => (i === 0 ? h.replace(/^\uFEFF/, '') : h).trim());
  const emails = names.flatMap((n, i) => (n.toLowerCase() === 'email' ? [i] : []));
  if (emails.length === 0) {
    const joined = names.join(',');
    const other = /[;\t|]/.test(joined) ? ' It looks separated by another character than a comma: save it as comma-separated values.' : '';
    return {
      message: `The CSV header has no email column (found: ${names.filter(Boolean).slice(0, 10).join(', ') || 'nothing'})`,
      suggestion: `The first row must name the columns, one of them "email"; every other column becomes data.<column>.${other}`,
    };
  }
  if (emails.length > 1) return { message: 'The CSV header names the email column twice', suggestion: 'Keep one column named email.' };
  const data: ImportColumns['data'] = [];
  const dropped: string[] = [];
  const seen = new Set<string>();
  for (const [index, name] of names.entries()) {
    if (index === emails[0] || name === '') continue;
    if (isDropped(name)) {
      dropped.push(name);
      continue;
    }
    if (seen.has(name)) return { message: `The CSV header names the column "${name}" twice`, suggestion: 'Give every column its own name.' };
    seen.add(name);
    data.push({ index, key: name });
  }
  return { email: emails[0], data, dropped };
}

export const isHeaderProblem = (c: ImportColumns | HeaderProblem): c is HeaderProblem => 'message' in c;

const PLAIN_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
const MAX_SIGNIFICANT = 15;

/** A cell's stored value (rules 4–6), or undefined for an empty cell (ignored). */
export function cellValue(raw: string): string | number | boolean | undefined {
  const v = raw.trim();
  if (v === '') return undefined;
  const lower = v.toLowerCase();
  if (lower === 'true' || lower === 'yes') return true;
  if (lower === 'false' || lower === 'no') return false;
  if (PLAIN_NUMBER.test(v) && significantDigits(v) <= MAX_SIGNIFICANT) return Number(v);
  return v;
}

function significantDigits(v: string): number {
  const digits = v.replace(/[-.]/g, '').replace(/^0+/, '');
  return digits.length;
}

export type RowOutcome = { ok: true; email: string; set: JsonObject } | { ok: false; email: string; reason: 'missing_email' | 'invalid_email' };

/** A data row: its normalized email and the data it sets, or why it cannot be imported (rule 2). */
export function rowOf(cells: string[], columns: ImportColumns): RowOutcome {
  const rawEmail = (cells[columns.email] ?? '').trim();
  if (rawEmail === '') return { ok: false, email: '', reason: 'missing_email' };
  const email = normalizeEmail(rawEmail);
  if (!isValidEmail(email)) return { ok: false, email: rawEmail, reason: 'invalid_email' };
  const set: JsonObject = {};
  for (const { index, key } of columns.data) {
    const value = cellValue(cells[index] ?? '');
    if (value !== undefined) set[key] = value;
  }
  return { ok: true, email, set };
}

/**
 * The cells of one CSV record (RFC 4180 quoting: `"a,b"`, `""` for a quote), for the header the
 * edge checks before a job exists. The rows of a job go through fast-csv.
 */
export function splitRecord(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c !== '\r' && c !== '\n') cell += c;
  }
  cells.push(cell);
  return cells;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;

/**
 * Where the first record of `bytes` ends: the index of the line feed that closes it (outside
 * quotes), or -1 if it has not ended yet. Bytes, not characters: `"`, `,`, CR and LF never occur
 * inside a multi-byte UTF-8 sequence.
 */
export function firstRecordEnd(bytes: Uint8Array): number {
  let quoted = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === QUOTE) quoted = !quoted;
    else if (b === LF && !quoted) return i;
  }
  return -1;
}

/**
 * Counts the records of a CSV file fed in pieces, as the import's fast-csv parser will see them
 * (blank records — every cell empty or spaces — are not rows), and finds what would stop the
 * parser: a quote that is never closed, or text after a closing quote. Runs over bytes (see
 * firstRecordEnd), so it needs no decoding; the count is the job's `totalRows` while it runs.
 */
export class RecordCounter {
  records = 0;
  /** The first malformed record (1-based, the header is 1), if any. */
  malformedAt?: number;
  private quoted = false;
  private afterQuote = false;
  private fieldStart = true;
  private hasContent = false;

  feed(bytes: Uint8Array) {
    for (let i = 0; i < bytes.length; i++) {
      const b = bytes[i];
      if (this.quoted) {
        if (b === QUOTE) {
          this.quoted = false;
          this.afterQuote = true;
        } else this.hasContent = true;
        continue;
      }
      if (this.afterQuote) {
        if (b === QUOTE) {
          // An escaped quote: back inside the quoted cell.
          this.quoted = true;
          this.afterQuote = false;
          this.hasContent = true;
          continue;
        }
        if (b !== COMMA && b !== LF && b !== CR && b !== SPACE && b !== TAB) this.malformed();
        if (b === SPACE || b === TAB) continue;
        this.afterQuote = false;
      }
      if (b === LF) {
        this.endRecord();
      } else if (b === COMMA) {
        this.fieldStart = true;
      } else if (b === QUOTE && this.fieldStart) {
        this.quoted = true;
        this.fieldStart = false;
      } else if (b !== SPACE && b !== TAB && b !== CR) {
        this.hasContent = true;
        this.fieldStart = false;
      }
    }
  }

  /** After the last piece: the record count (the header included). */
  end(): number {
    if (this.quoted) this.malformed();
    this.endRecord();
    return this.records;
  }

  private malformed() {
    this.malformedAt ??= this.records + 1;
  }

  private endRecord() {
    if (this.quoted) return; // a line break inside a quoted cell
    if (this.hasContent) this.records++;
    this.hasContent = false;
    this.fieldStart = true;
    this.afterQuote = false;
  }
}
