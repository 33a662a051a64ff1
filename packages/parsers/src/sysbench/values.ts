import { _errorAt, type ParseError, type ParseErrorCode } from '../errors.ts';
import type { TextSource } from '../text.ts';
import { _UnitError, durationFactor, parseRate, parseSize } from '../units.ts';

/** The one text format sysbench prints (its JSON/CSV report hooks are Lua user code, not a format). */
export const SYSBENCH_FORMAT = 'text';

/** One line of the normalized text, with the offset where it starts, for errors that point into it. */
export interface SourceLine {
  source: TextSource;
  /** Offset of the line's first character in `source.text`. */
  start: number;
  /** The line without its line end, as printed (indentation kept). */
  text: string;
}

/** A ParseError at a column (0-based index) of the line. */
export function _failAt(line: SourceLine, index: number, code: ParseErrorCode, message: string): ParseError {
  return _errorAt(line.source, line.start + Math.max(0, index), {
    tool: 'sysbench',
    format: SYSBENCH_FORMAT,
    code,
    message,
  });
}

/** A key and its value: `    total time:     10.0007s` gives "total time" and "10.0007s" with its index. */
export interface KeyValue {
  key: string;
  value: string;
  /** Index of `value` in the line. */
  valueIndex: number;
}

export function _splitKeyValue(text: string): KeyValue | null {
  const colon = text.indexOf(':');
  if (colon === -1) return null;
  const key = text.slice(0, colon).trim();
  let valueIndex = colon + 1;
  while (valueIndex < text.length && (text[valueIndex] === ' ' || text[valueIndex] === '\t')) valueIndex++;
  return { key, value: text.slice(valueIndex).trimEnd(), valueIndex };
}

// A plain decimal as sysbench prints it with printf %f, %d or %llu: no hex, and no sign: every
// figure it prints (counts, rates, times, latencies, sizes, thread counts) is zero or more.
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * A number token at `index` of the line; BAD_NUMBER when it is not one (trailing junk, `12.5x`,
 * included), negative, or not finite.
 */
export function _number(line: SourceLine, token: string, index: number): number {
  const value = DECIMAL.test(token) ? Number(token) : Number.NaN;
  if (!Number.isFinite(value)) {
    const what = token.startsWith('-') ? 'a number sysbench prints (it prints none below zero)' : 'a number';
    throw _failAt(line, index, 'BAD_NUMBER', `expected ${what}, found "${token}"`);
  }
  return value;
}

/**
 * A number sysbench prints with a fixed count of decimals (`%.4f`, `%3.2f`): a token with another
 * count is BAD_NUMBER. The lines that end a run are read so, so that a copy cut inside their last
 * number (`9.9921/0.0` for `9.9921/0.01`) is an error, not a smaller figure.
 */
export function _fixedNumber(line: SourceLine, token: string, index: number, decimals: number): number {
  const value = _number(line, token, index);
  const point = token.indexOf('.');
  const found = point === -1 ? 0 : token.length - point - 1;
  if (found !== decimals) {
    throw _failAt(
      line,
      index,
      'BAD_NUMBER',
      `sysbench prints this number with ${decimals} decimals, found "${token}" (a copy cut inside it?)`,
    );
  }
  return value;
}

/** Splits "17.52ms" into "17.52" and "ms" (the unit may be empty). */
function splitUnit(token: string): { digits: string; unit: string } {
  let end = 0;
  while (end < token.length && /[-+0-9.eE]/.test(token[end] as string)) end++;
  // An exponent letter with no digits after it belongs to the unit, not the number.
  while (end > 0 && /[eE+-]/.test(token[end - 1] as string)) end--;
  return { digits: token.slice(0, end), unit: token.slice(end).trim() };
}

/**
 * A duration in ns: "1.3136s", "0.13ms", or a bare number in `bareUnit` (1.x prints latencies
 * under "Latency (ms):" without a unit; 0.4 prints "total time taken by event execution: 39.1644"
 * in seconds).
 */
export function _durationNs(line: SourceLine, token: string, index: number, bareUnit: 'ms' | 's'): number {
  const { digits, unit } = splitUnit(token);
  const value = _number(line, digits, index);
  const factor = durationFactor(unit === '' ? bareUnit : unit);
  if (factor === undefined) {
    throw _failAt(line, index + digits.length, 'UNKNOWN_UNIT', `unknown time unit "${unit}" in "${token}"`);
  }
  // Rounded to a thousandth of a ns: "0.13ms" is 130000 ns, not 130000.00000000001.
  return Math.round(value * factor * 1000) / 1000;
}

/**
 * A size in bytes. sysbench's K, M, G are always powers of 1024: 0.4 prints "64Mb", "8Gb", "4Kb"
 * (lowercase b for bytes), "1K", "102400M"; 1.x prints "2MiB", "16KiB" (sb_print_value_size).
 */
export function _sizeBytes(line: SourceLine, token: string, index: number): number {
  return withUnitError(line, index, () => parseSize(token, { kbBase: 1024 }));
}

/**
 * A rate in B/s: "9372.49 MiB/sec", "49.954Mb/sec" (0.4: Mb is MiB), "1279.17 MB/sec" (0.4/0.5
 * memory: MB is MiB, sb_memory.c divides by 1024 * 1024).
 */
export function _rateBytesPerSec(line: SourceLine, token: string, index: number): number {
  return withUnitError(line, index, () => parseRate(token, { kbBase: 1024 }));
}

/** A rate printed with powers of 1000 (1.1 fileio "(4.42 MB/s)": sb_fileio.c `megabyte`). */
export function _decimalRateBytesPerSec(line: SourceLine, token: string, index: number): number {
  return withUnitError(line, index, () => parseRate(token, { kbBase: 1000 }));
}

function withUnitError(line: SourceLine, index: number, read: () => number): number {
  let value: number;
  try {
    value = read();
  } catch (error) {
    if (error instanceof _UnitError) throw _failAt(line, index + error.index, error.code, error.message);
    throw error;
  }
  if (!Number.isFinite(value)) throw _failAt(line, index, 'BAD_NUMBER', 'the number is too large');
  if (value < 0) throw _failAt(line, index, 'BAD_NUMBER', 'a size or rate below zero, which sysbench never prints');
  return value;
}

/** "N (x per sec.)" / "N (x per second)" / "N (x ops/sec)": the count and the rate. */
export function _countAndRate(
  line: SourceLine,
  value: string,
  index: number,
): { count: number; perSec: number | null } {
  const open = value.indexOf('(');
  const countText = (open === -1 ? value : value.slice(0, open)).trim();
  const count = _number(line, countText, index);
  if (open === -1) return { count, perSec: null };
  const inner = value.slice(open + 1);
  const rateStart = inner.length - inner.trimStart().length;
  const rateText = inner.trimStart().split(/[\s)]/, 1)[0] ?? '';
  const close = value.indexOf(')', open);
  const unit = value.slice(open + 1 + rateStart + rateText.length, close === -1 ? undefined : close).trim();
  if (close === -1 || !/^(?:per sec\.|per second|ops\/sec)$/.test(unit)) {
    throw _failAt(
      line,
      index + open,
      'UNEXPECTED_LINE',
      `expected "(x per sec.)" after the count, found "${value.slice(open)}"`,
    );
  }
  return { count, perSec: _number(line, rateText, index + open + 1 + rateStart) };
}
