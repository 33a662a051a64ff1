import type { ParseErrorCode } from '../../errors.ts';

/**
 * The field scanner of fio's logs: a line is integers separated by commas (fio prints `, `),
 * decimal, or hex with `0x` (log_prio=1's priority). Read by hand from the text's character
 * codes, with no regex, split or substring per line: a per-I/O log is tens of millions of lines.
 */

/** A problem on a line of a log: where (0-based column in the line) and what. */
export class LogLineError extends Error {
  readonly code: ParseErrorCode;
  /** Offset of the problem in the text scanned. */
  readonly offset: number;

  constructor(code: ParseErrorCode, offset: number, message: string) {
    super(message);
    this.code = code;
    this.offset = offset;
  }
}

const COMMA = 44;
const SPACE = 32;
const TAB = 9;
const ZERO = 48;
const NINE = 57;
const LOWER_X = 120;

/** Fields a line may have: a histogram log line of full resolution has 1859. */
export const MAX_FIELDS = 4096;

export class FieldScanner {
  /** The fields of the last line scanned. */
  readonly fields = new Float64Array(MAX_FIELDS);
  /** Bit i: field i (i < 31) was printed in hex. */
  hexBits = 0;
  /** Where each field starts, for the first FIELD_STARTS fields (errors point at them). */
  readonly starts = new Int32Array(16);

  /**
   * Reads the fields of the line text[start, end) (no line end inside) into `fields`; returns
   * their count, 0 for a blank line. Throws a LogLineError for anything but integers and commas.
   */
  scan(text: string, start: number, end: number): number {
    const fields = this.fields;
    const starts = this.starts;
    let hexBits = 0;
    let at = skipBlanks(text, start, end);
    if (at === end) return 0;
    let count = 0;
    for (;;) {
      // One field: digits, or 0x and hex digits.
      if (count === MAX_FIELDS) throw new LogLineError('COLUMN_COUNT', at, `more than ${MAX_FIELDS} fields on a line`);
      if (count < 16) starts[count] = at;
      const fieldStart = at;
      let value = 0;
      for (; at < end; at++) {
        const code = text.charCodeAt(at);
        if (code < ZERO || code > NINE) break;
        value = value * 10 + (code - ZERO);
      }
      if (at === fieldStart) throw badNumber(text, at, end);
      if (at - fieldStart === 1 && value === 0 && at < end && (text.charCodeAt(at) | 32) === LOWER_X) {
        at++;
        const digitsStart = at;
        for (; at < end; at++) {
          const digit = hexDigit(text.charCodeAt(at));
          if (digit < 0) break;
          value = value * 16 + digit;
        }
        if (at === digitsStart) throw badNumber(text, fieldStart, end);
        if (count < 31) hexBits |= 1 << count;
      }
      // fio prints 64-bit integers; past 2^53 a double no longer holds them exactly.
      if (value > Number.MAX_SAFE_INTEGER) {
        throw new LogLineError(
          'BAD_NUMBER',
          fieldStart,
          `the number at this place is larger than ${Number.MAX_SAFE_INTEGER}`,
        );
      }
      fields[count++] = value;
      at = skipBlanks(text, at, end);
      if (at === end) break;
      if (text.charCodeAt(at) !== COMMA) throw badNumber(text, at, end);
      at = skipBlanks(text, at + 1, end);
      if (at === end) throw new LogLineError('BAD_NUMBER', at, 'expected a number after the last comma');
    }
    this.hexBits = hexBits;
    return count;
  }
}

/** The first offset from `at` that is not a space or tab (or `end`). */
function skipBlanks(text: string, at: number, end: number): number {
  let offset = at;
  while (offset < end) {
    const code = text.charCodeAt(offset);
    if (code !== SPACE && code !== TAB) break;
    offset++;
  }
  return offset;
}

function hexDigit(code: number): number {
  if (code >= ZERO && code <= NINE) return code - ZERO;
  const lower = code | 32;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

function badNumber(text: string, at: number, end: number): LogLineError {
  const found = at < end ? JSON.stringify(text.slice(at, Math.min(end, at + 12))) : 'the end of the line';
  return new LogLineError(
    'BAD_NUMBER',
    at,
    `expected an unsigned integer (fio's logs hold integers separated by commas), found ${found}`,
  );
}
