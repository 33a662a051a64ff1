import type { ParseErrorCode } from '../errors.ts';
import { rateFactor } from '../units.ts';
import type { DdLanguage, DdTransfer } from './schema.ts';
import { _transferLanguage } from './words.ts';

/**
 * Reads one transfer statement of dd, by its pieces, at an index of a line:
 *
 *   <bytes> <bytes-word>[ (<size>[, <size>])] <copied-word>, <seconds> <s|second|seconds>, <rate> <unit>/s
 *
 * which covers every layout print_xfer_stats has had (coreutils src/dd.c):
 *   5.3 to 6.0   `%ju bytes (%s) copied, %g seconds, %s/s` (ngettext "second" for exactly 1)
 *   6.1 to 8.24  `%ju bytes (%s) copied, %g s, %s/s`; 8.24 prints status=progress with `%.6f s`
 *   8.25 on      `%jd bytes (%s, %s) copied, %s, %s`: SI and IEC sizes, only SI under 1024
 *                bytes, none under 1000 (`1 byte copied`, `0 bytes copied`); status=progress
 *                prints `%g s` until 8.27, then whole seconds (`%.0f s`)
 * and BusyBox (coreutils/dd.c dd_output_status): `%llu bytes (%sB) copied, %f seconds, %sB/s`,
 * whose sizes have no space before the unit and count in powers of 1024 (libbb
 * make_human_readable_str: "16.0M" is 16 MiB).
 *
 * Sizes and rates come from gnulib's human_readable with human_autoscale | human_SI | human_B |
 * human_space_before_unit: the SI size and the rate count in powers of 1000 ("kB", "MB"), the IEC
 * size in powers of 1024 ("KiB", "MiB"). The rate is always SI. "Infinity B/s" (translated in de
 * and fr) is printed when no time passed. Numbers use the locale's decimal separator.
 *
 * The two steps are kept apart (STYLE.md): the pieces are cut out as strings with their index,
 * then normalized to numbers.
 */

export interface _TransferFailure {
  /** 0-based index in the line where the statement stops matching. */
  index: number;
  code: ParseErrorCode;
  message: string;
}

export interface _ParsedTransfer {
  transfer: Omit<DdTransfer, 'line'>;
  language: DdLanguage | null;
  /** Index in the line just after the statement. */
  end: number;
}

const DIGITS = /\d+/y;
// The space after the byte count: French puts a no-break space there (words.ts).
const COUNT_SPACE_CHARS = [' ', '\u00a0', '\u202f'];
const WORD = /\p{L}+/uy;
const SIZES = / \(([^()\n]*)\)/y;
const SEPARATOR = /, /y;
const DECIMAL = /\d+(?:[.,]\d+)?(?:[eE][-+]?\d+)?/y;
const TIME_UNIT = / (seconds|second|s)(?=,)/y;
const RATE = /(\d+(?:[.,]\d+)?|\p{L}+)( ?)((?:[kKMGTPE]i?)?B\/s)/uy;
const SIZE = /^(\d+(?:[.,]\d+)?)( ?)((?:[kKMGTPE]i?)?B)$/;

/** The largest count dd prints: its counters are intmax_t (2^63 - 1). */
export const _MAX_COUNT = 2 ** 63;

/** Matches a sticky pattern at `index`; null when it does not match there. */
function matchAt(pattern: RegExp, text: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index;
  return pattern.exec(text);
}

/** A number as dd printed it, with the locale's decimal separator (`2,34`, `1.1`, `4.1979e-05`). */
export function _decimal(text: string): number {
  return Number(text.replace(',', '.'));
}

/**
 * A printed number times a unit factor. Powers of 1000 shift the decimal exponent instead of
 * multiplying, so that "8.4 MB/s" is exactly 8400000 (8.4 * 1e6 is 8400000.000000001).
 */
function scaled(text: string, factor: number): number {
  const exponent = Math.log10(factor);
  return Number.isInteger(exponent) ? Number(`${text.replace(',', '.')}e${exponent}`) : _decimal(text) * factor;
}

function fail(index: number, code: ParseErrorCode, message: string): _TransferFailure {
  return { index, code, message };
}

/** Text stuck to a number (`0.0161144x s`, `8388608x bytes`): BAD_NUMBER where the text starts. */
function junkAfterNumber(text: string, index: number): _TransferFailure {
  const junk = /\S+/.exec(text.slice(index))?.[0] ?? '';
  return fail(index, 'BAD_NUMBER', `expected a number, found "${junk}" stuck to it`);
}

/** The sizes in parentheses after the byte count (`(1.1 GB, 1.0 GiB)`), if any, at `index`. */
function readSizes(
  text: string,
  index: number,
): { sizeSi: string | null; sizeIec: string | null; isSizeSpaced: boolean | null; end: number } | _TransferFailure {
  const sizes = matchAt(SIZES, text, index);
  if (sizes === null) return { sizeSi: null, sizeIec: null, isSizeSpaced: null, end: index };
  const inner = sizes[1] as string;
  const parts = inner.split(', ');
  let partIndex = index + 2;
  if (parts.length > 2) {
    return fail(partIndex, 'BAD_NUMBER', `expected one or two sizes in parentheses, found "${inner}"`);
  }
  let isSizeSpaced: boolean | null = null;
  for (const part of parts) {
    const size = SIZE.exec(part);
    if (size === null) {
      return fail(partIndex, 'BAD_NUMBER', `expected a size such as "1.1 GB" or "1.0 GiB", found "${part}"`);
    }
    isSizeSpaced = (isSizeSpaced ?? true) && size[2] === ' ';
    partIndex += part.length + 2;
  }
  return { sizeSi: parts[0] ?? null, sizeIec: parts[1] ?? null, isSizeSpaced, end: index + sizes[0].length };
}

/** `, <seconds> <s|second|seconds>` at `index`. */
function readElapsed(
  text: string,
  start: number,
): { elapsedText: string; elapsedSeconds: number; timeUnit: DdTransfer['timeUnit']; end: number } | _TransferFailure {
  let index = start;
  if (matchAt(SEPARATOR, text, index) === null) return fail(index, 'UNEXPECTED_LINE', 'expected ", " before the time');
  index += 2;
  const seconds = matchAt(DECIMAL, text, index);
  if (seconds === null) return fail(index, 'BAD_NUMBER', 'expected the elapsed seconds, such as "2.34"');
  const elapsedText = seconds[0];
  const elapsedSeconds = _decimal(elapsedText);
  if (!Number.isFinite(elapsedSeconds * 1e9)) {
    return fail(index, 'BAD_NUMBER', `"${elapsedText}" seconds is more than a number can hold in ns`);
  }
  index += elapsedText.length;
  if (/[^\s,]/.test(text[index] ?? ' ')) return junkAfterNumber(text, index);
  const unit = matchAt(TIME_UNIT, text, index);
  if (unit === null) {
    return fail(index, 'UNKNOWN_UNIT', 'expected the time unit " s" (or " seconds" of coreutils 5.x and BusyBox)');
  }
  return { elapsedText, elapsedSeconds, timeUnit: unit[1] as DdTransfer['timeUnit'], end: index + unit[0].length };
}

type Rate = Pick<DdTransfer, 'printedRate' | 'isRateInfinite' | 'style' | 'printedBytesPerSec' | 'bytesPerSec'>;

/**
 * `, <rate> <unit>/s` at `index`, checked against the bytes and seconds read before it; whether
 * the sizes had a space before their unit tells BusyBox (none) from coreutils.
 */
function readRate(
  text: string,
  start: number,
  read: { bytesCopied: number; elapsedSeconds: number; isSizeSpaced: boolean | null },
): (Rate & { end: number }) | _TransferFailure {
  let index = start;
  if (matchAt(SEPARATOR, text, index) === null) return fail(index, 'UNEXPECTED_LINE', 'expected ", " before the rate');
  index += 2;
  const rate = matchAt(RATE, text, index);
  if (rate === null) return fail(index, 'BAD_NUMBER', 'expected the rate, such as "459 MB/s"');
  const [printedRate, rateNumber = '', rateSpace = '', rateUnit = ''] = rate;
  const isRateInfinite = !/^\d/.test(rateNumber);
  if (isRateInfinite && read.elapsedSeconds !== 0) {
    return fail(
      index,
      'BAD_NUMBER',
      `expected a number for the rate, found "${rateNumber}" after a time that is not 0`,
    );
  }
  // BusyBox writes no space before a unit, and counts in powers of 1024.
  const style = rateSpace === '' || read.isSizeSpaced === false ? 'busybox' : 'coreutils';
  // The pattern only lets through units rateFactor knows; an "i" counts in powers of 1024 there.
  const factor = rateFactor(rateUnit, { kbBase: style === 'busybox' ? 1024 : 1000 }) as number;
  const printedBytesPerSec = isRateInfinite ? null : scaled(rateNumber, factor);
  const bytesPerSec = read.elapsedSeconds > 0 ? read.bytesCopied / read.elapsedSeconds : null;
  if (!Number.isFinite(printedBytesPerSec ?? 0) || !Number.isFinite(bytesPerSec ?? 0)) {
    return fail(index, 'BAD_NUMBER', 'the rate is more than a number can hold');
  }
  return { printedRate, isRateInfinite, style, printedBytesPerSec, bytesPerSec, end: index + printedRate.length };
}

/**
 * The transfer statement at `start` of `text`, or the place and reason it stops matching.
 * Nothing is thrown here: the caller decides whether a line that does not match is an error.
 */
export function _readTransfer(text: string, start: number): _ParsedTransfer | _TransferFailure {
  let index = start;
  const bytesMatch = matchAt(DIGITS, text, index);
  if (bytesMatch === null) return fail(index, 'BAD_NUMBER', 'expected the number of bytes copied');
  const bytesCopied = Number(bytesMatch[0]);
  if (bytesCopied > _MAX_COUNT) return fail(index, 'BAD_NUMBER', `${bytesMatch[0]} bytes is more than dd can count`);
  index += bytesMatch[0].length;

  if (/[^\s,]/.test(text[index] ?? ' ')) return junkAfterNumber(text, index);
  const bytesWord = COUNT_SPACE_CHARS.includes(text[index] ?? '') ? matchAt(WORD, text, index + 1) : null;
  if (bytesWord === null) return fail(index, 'UNEXPECTED_LINE', 'expected a word for "bytes" after the byte count');
  index += 1 + bytesWord[0].length;

  const sizes = readSizes(text, index);
  if (_isTransferFailure(sizes)) return sizes;
  const { sizeSi, sizeIec, isSizeSpaced } = sizes;
  index = sizes.end;

  const copiedWord = text[index] === ' ' ? matchAt(WORD, text, index + 1) : null;
  if (copiedWord === null) return fail(index, 'UNEXPECTED_LINE', 'expected a word for "copied" after the size');
  index += 1 + copiedWord[0].length;

  const elapsed = readElapsed(text, index);
  if (_isTransferFailure(elapsed)) return elapsed;
  const { elapsedText, elapsedSeconds, timeUnit } = elapsed;

  const rate = readRate(text, elapsed.end, { bytesCopied, elapsedSeconds, isSizeSpaced });
  if (_isTransferFailure(rate)) return rate;
  const { printedRate, isRateInfinite, style, printedBytesPerSec, bytesPerSec } = rate;

  return {
    transfer: {
      bytesCopied,
      elapsedNs: Math.round(elapsedSeconds * 1e9),
      elapsedText,
      timeUnit,
      bytesPerSec,
      printedBytesPerSec,
      printedRate,
      isRateInfinite,
      sizeSi,
      sizeIec,
      style,
    },
    language: _transferLanguage(bytesWord[0], copiedWord[0]),
    end: rate.end,
  };
}

/** Whether a step of reading a statement failed (`_readTransfer`'s result, or one of its steps'). */
export function _isTransferFailure<T extends object>(value: T | _TransferFailure): value is _TransferFailure {
  return 'code' in value;
}
