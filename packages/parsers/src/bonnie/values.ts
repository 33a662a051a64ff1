import { _UnitError, isNotMeasured, parseDuration, parseNumber, parseSize, parseSuffixedNumber } from '../units.ts';
import { type _BonnieContext, _bonnieError } from './context.ts';
import type { BonnieTestStatus } from './schema.ts';

/**
 * Reading one cell of a bonnie++ output (a CSV field or a table cell) into a base unit. Each
 * reader gets the cell text and its offset in the normalized text, so that a bad value is
 * reported at its own column.
 */

/** How a rate cell is spelled, which decides its unit. */
export type RateSpelling =
  /** An integer in K/sec: the CSV line, and the 1.x table (`Machine  Size K/sec`). KiB/s. */
  | 'kib'
  /** bonnie++ 1.98/2.x table (`Name:Size etc  /sec`): `1757k`, `328m`, `15.8m`, `1.1g` are KiB/s, MiB/s, GiB/s. */
  | 'suffixed'
  /** Seeks and the file tests: operations per second, a plain number. */
  | 'ops';

export interface RateCell {
  status: BonnieTestStatus;
  /** B/s for `kib`/`suffixed`, op/s for `ops`; null unless measured. */
  value: number | null;
  /**
   * How far the printed figure may be from the exact one, in the same unit: what the table's
   * rounding hides, used to tell whether a table and a CSV line show the same run.
   */
  tolerance: number;
}

const KIB = 1024;
const DIGITS = /^\d+$/;

/** Runs a units.ts reader and turns its _UnitError into a ParseError at the cell. */
function guarded<T>(context: _BonnieContext, offset: number, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof _UnitError) throw _bonnieError(context, offset + error.index, error.code, error.message);
    throw error;
  }
}

/** A finite number, or a BAD_NUMBER error: "1e309" must not become Infinity. */
function finite(context: _BonnieContext, offset: number, text: string, value: number): number {
  if (!Number.isFinite(value)) {
    throw _bonnieError(context, offset, 'BAD_NUMBER', `"${text}" is not a finite number`);
  }
  return value;
}

/** A plain non-negative decimal, as the CSV and table print rates, counts and seeks. */
export function _readNumber(context: _BonnieContext, text: string, offset: number): number {
  if (text.startsWith('-')) {
    throw _bonnieError(context, offset, 'BAD_NUMBER', `expected a number of zero or more, found "${text}"`);
  }
  return finite(
    context,
    offset,
    text,
    guarded(context, offset, () => parseNumber(text)),
  );
}

/** A whole number (concurrency, file count, seek count). */
export function _readInteger(context: _BonnieContext, text: string, offset: number): number {
  if (!DIGITS.test(text)) {
    throw _bonnieError(context, offset, 'BAD_NUMBER', `expected a whole number, found "${text}"`);
  }
  return finite(context, offset, text, Number(text));
}

/** Decimals printed after the point: "15.8" has 1. */
function decimalsOf(text: string): number {
  const point = text.indexOf('.');
  if (point === -1) return 0;
  let end = point + 1;
  while (end < text.length && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++;
  return end - point - 1;
}

/**
 * A rate cell: empty (test not run), `+++++` (too fast to time) or a number. bonnie++'s K/sec
 * is KiB/s (bon_time.cpp divides bytes by elapsed/1024); the 2.x table's k/m/g suffixes are
 * KiB/s, MiB/s, GiB/s (its CSV line holds the same rate in KiB/s).
 */
export function _readRate(context: _BonnieContext, text: string, offset: number, spelling: RateSpelling): RateCell {
  if (text === '') return { status: 'not_run', value: null, tolerance: 0 };
  if (isNotMeasured(text)) return { status: 'too_fast', value: null, tolerance: 0 };
  const decimals = decimalsOf(text);
  if (spelling === 'ops') {
    const value = _readNumber(context, text, offset);
    return { status: 'measured', value, tolerance: 0.5 * 10 ** -decimals };
  }
  if (spelling === 'kib') {
    const value = _readNumber(context, text, offset) * KIB;
    // bonnie++ truncates to whole KiB/s: one KiB/s is the width of a printed step.
    return { status: 'measured', value, tolerance: KIB };
  }
  const suffix = text.at(-1)?.toLowerCase() ?? '';
  if (suffix !== 'k' && suffix !== 'm' && suffix !== 'g') {
    throw _bonnieError(
      context,
      offset + text.length - 1,
      'UNKNOWN_UNIT',
      `expected a rate with a k, m or g suffix (KiB/s, MiB/s, GiB/s) as bonnie++ 2.x prints it, found "${text}"`,
    );
  }
  if (text.startsWith('-')) {
    throw _bonnieError(context, offset, 'BAD_NUMBER', `expected a rate of zero or more, found "${text}"`);
  }
  // "328m" is 328 MiB/s: the suffix's factor in bytes, and half of the last printed digit of it
  // is what rounding may hide (bon_csv2txt prints "%4.1fm" or "%4dm").
  const value = finite(
    context,
    offset,
    text,
    guarded(context, offset, () => parseSuffixedNumber(text, KIB)),
  );
  const factor = parseSuffixedNumber(`1${suffix}`, KIB);
  return { status: 'measured', value, tolerance: 0.5 * factor * 10 ** -decimals + KIB };
}

/** A `%CP` cell: empty, `+++` (too fast) or a whole percentage. */
export function _readCpu(context: _BonnieContext, text: string, offset: number): number | null {
  if (text === '' || isNotMeasured(text)) return null;
  return _readNumber(context, text, offset);
}

/** A latency cell, `24224us`, `471ms` or `123s` (bon_time.cpp print_latency), in ns; empty is null. */
export function _readLatency(context: _BonnieContext, text: string, offset: number): number | null {
  if (text === '' || isNotMeasured(text)) return null;
  if (text.startsWith('-')) {
    throw _bonnieError(context, offset, 'BAD_NUMBER', `expected a latency of zero or more, found "${text}"`);
  }
  return finite(
    context,
    offset,
    text,
    guarded(context, offset, () => parseDuration(text)),
  );
}

/**
 * A size as bonnie++'s print_size writes it: the I/O file size in `M`/`G` (MiB, GiB: `300M`,
 * `8G`), a chunk size in bytes with an optional `k`/`m` (KiB, MiB: `4k`, `512`).
 */
export function _readSize(context: _BonnieContext, text: string, offset: number): number {
  if (text.startsWith('-')) {
    throw _bonnieError(context, offset, 'BAD_NUMBER', `expected a size of zero or more, found "${text}"`);
  }
  return finite(
    context,
    offset,
    text,
    guarded(context, offset, () => parseSize(text, { kbBase: KIB })),
  );
}
