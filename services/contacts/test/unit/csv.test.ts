/** The CSV content rules (numbered in domain/csv.ts), and the byte-level record counter against fast-csv. */
import { parseString } from 'fast-csv';
import { cellValue, columnsOf, firstRecordEnd, isHeaderProblem, RecordCounter, rowOf, splitRecord, type ImportColumns } from '../../src/domain/csv';

describe('cellValue (rules 4–6, data rule 5)', () => {
  it.each<[string, unknown]>([
    ['42', 42],
    ['0', 0],
    ['0.5', 0.5],
    ['19.90', 19.9],
    ['-5', -5],
    ['-0.25', -0.25],
    ['123456789012345', 123456789012345],
    ['1234567890123456', '1234567890123456'], // 16 significant digits: no exact double
    ['007', '007'],
    ['00.5', '00.5'],
    ['+1', '+1'],
    ['1e5', '1e5'],
    ['1E5', '1E5'],
    ['.5', '.5'],
    ['5.', '5.'],
    ['1,000', '1,000'],
    ['true', true],
    ['TRUE', true],
    ['Yes', true],
    ['no', false],
    ['False', false],
    ['y', 'y'],
    ['=SUM(A1)', '=SUM(A1)'],
    ['@cmd', '@cmd'],
    ['-A1', '-A1'],
    ['--5', '--5'],
    ['2024-01-05', '2024-01-05'],
    ['  42  ', 42],
    ['  spaced out ', 'spaced out'],
    ['', undefined],
    ['   ', undefined],
  ])('%j → %j', (raw, expected) => {
    expect(cellValue(raw)).toEqual(expected);
  });
});

describe('columnsOf (rules 1, 3)', () => {
  it('finds email whatever its case, keeps other names as written, drops built-ins, URL variables, reserved keys and unnamed columns', () => {
    const c = columnsOf([
      '\uFEFF Email ',
      'Plan',
      'id',
      'Subscribed',
      'createdAt',
      'UPDATEDAT',
      'unsubscribeUrl',
      'subscribeUrl',
      'manageUrl',
      'svc_id',
      'herald_email',
      '__proto__',
      '',
      'profile.tier',
    ]);
    expect(isHeaderProblem(c)).toBe(false);
    expect(c).toEqual({
      email: 0,
      data: [
        { index: 1, key: 'Plan' },
        { index: 13, key: 'profile.tier' },
      ],
      dropped: ['id', 'Subscribed', 'createdAt', 'UPDATEDAT', 'unsubscribeUrl', 'subscribeUrl', 'manageUrl', 'svc_id', 'herald_email', '__proto__'],
    });
  });

  it.each([
    [['name', 'plan'], /no email column/],
    [['email;name'], /no email column/],
    [['email', 'EMAIL'], /email column twice/],
    [['email', 'plan', ' plan'], /"plan" twice/],
  ])('refuses %j', (header, message) => {
    const c = columnsOf(header);
    expect(isHeaderProblem(c) && c.message).toMatch(message);
  });

  it('suggests commas when the header looks separated by something else', () => {
    const c = columnsOf(['email;name']);
    expect(isHeaderProblem(c) && c.suggestion).toMatch(/comma/);
  });
});

describe('rowOf (rule 2)', () => {
  const columns = columnsOf(['email', 'age', 'plan']) as ImportColumns;
  it('normalizes the email and types the values; empty cells set nothing', () => {
    expect(rowOf([' Jane@Example.COM ', '42', ''], columns)).toEqual({ ok: true, email: 'jane@example.com', set: { age: 42 } });
  });
  it('reports a missing or invalid email with what the row had', () => {
    expect(rowOf(['', '1', 'x'], columns)).toEqual({ ok: false, email: '', reason: 'missing_email' });
    expect(rowOf(['  '], columns)).toEqual({ ok: false, email: '', reason: 'missing_email' });
    expect(rowOf(['not-an-email', '1'], columns)).toEqual({ ok: false, email: 'not-an-email', reason: 'invalid_email' });
  });
  it('takes short rows (missing cells are empty) and ignores extra cells', () => {
    expect(rowOf(['a@b.test'], columns)).toEqual({ ok: true, email: 'a@b.test', set: {} });
    expect(rowOf(['a@b.test', '1', 'pro', 'extra'], columns)).toEqual({ ok: true, email: 'a@b.test', set: { age: 1, plan: 'pro' } });
  });
});

describe('header record at the edge', () => {
  it('splitRecord reads RFC 4180 quoting', () => {
    expect(splitRecord('email,"a, b","say ""hi""", plain\r')).toEqual(['email', 'a, b', 'say "hi"', ' plain']);
  });
  it('firstRecordEnd skips line breaks inside quotes', () => {
    expect(firstRecordEnd(Buffer.from('email,"multi\nline"\nrow'))).toBe(18);
    expect(firstRecordEnd(Buffer.from('email,name'))).toBe(-1);
  });
});

describe('RecordCounter agrees with fast-csv', () => {
  const parsed = (text: string) =>
    new Promise<number>((resolve, reject) => {
      let n = 0;
      parseString(text, { headers: false, ignoreEmpty: true })
        .on('data', () => n++)
        .on('error', reject)
        .on('end', () => resolve(n));
    });
  const counted = (text: string, pieces = 3) => {
    const c = new RecordCounter();
    const bytes = Buffer.from(text);
    const size = Math.ceil(bytes.length / pieces) || 1;
    for (let i = 0; i < bytes.length; i += size) c.feed(bytes.subarray(i, i + size));
    return { records: c.end(), malformedAt: c.malformedAt };
  };

  it.each([
    'email,a\nx@y.z,1\n',
    'email,a\r\nx@y.z,1\r\n\r\n,,\n  ,\n"",""\ny@y.z,2',
    'email,a\nx,"multi\nline, with ""quotes"""\ny,2\n',
    'email,a\nx,"q" \ny,2',
    'email\n\n\n',
    'email,a\nx,ab"c\n',
    'email,a\nzoë@x.test,ü\n',
  ])('%j', async (text) => {
    expect(counted(text)).toEqual({ records: await parsed(text), malformedAt: undefined });
  });

  it('finds what stops fast-csv: an unclosed quote, text after a closing quote', async () => {
    expect(counted('email,a\nx,"never closed\n').malformedAt).toBe(2);
    expect(counted('email,a\nx,1\n"y"z,2\n').malformedAt).toBe(3);
    await expect(parsed('email,a\nx,"never closed\n')).rejects.toThrow(/Parse Error/);
    await expect(parsed('email,a\nx,1\n"y"z,2\n')).rejects.toThrow(/Parse Error/);
  });
});
