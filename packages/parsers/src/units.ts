/**
 * Every unit spelling fio, bonnie++, sysbench and sysstat print, converted to the base units
 * of the measurement vocabulary: bytes, bytes per second, nanoseconds, operations per second,
 * percent.
 *
 * The tools disagree on what "K" means, so sizes take the base of the spellings without an
 * "i" from the caller, who knows the tool and version:
 * - fio 1.x/2.x print "KB", "MB" for powers of 1024 unless the job sets `kb_base=1000`
 *   (fio HOWTO, `kb_base`; lib/num2str.c picks 1024 when `pow2` is set).
 * - fio 3.x prints both: "KiB"/"MiB" for powers of 1024 and "kB"/"MB" for powers of 1000
 *   (`BW=144MiB/s (151MB/s)`, fio HOWTO "Interpreting the output").
 * - bonnie++ "K/sec" is KiB/s, and the 2.x table's suffixes "787k", "198m", "1.1g" are
 *   KiB/s, MiB/s, GiB/s (its CSV line of the same run holds the KiB/s figures).
 * - iostat "kB" is KiB: sysstat divides 512-byte sector counts by 2; "MB" is MiB.
 * - sysbench 0.4 prints bytes with a lowercase b ("3.9062Gb", "66.607Mb/sec"), powers of 1024;
 *   1.x prints "MiB/sec".
 * IEC spellings (KiB, MiB, ...) are always powers of 1024.
 */

/** The units a measurement may carry (DESIGN.md). No other unit appears. */
export const UNITS = ['B', 'B/s', 'ns', 's', 'op/s', '%', 'count'] as const;
export type Unit = (typeof UNITS)[number];

export type KbBase = 1000 | 1024;

export interface SizeOptions {
  /** What K, M, G (without "i") multiply by: 1024 for fio 1.x/2.x, bonnie++, iostat; 1000 for fio 3.x. */
  kbBase: KbBase;
}

/** A value that could not be read. The parsers turn it into a ParseError at the token. */
export class _UnitError extends Error {
  readonly code: 'BAD_NUMBER' | 'UNKNOWN_UNIT';
  /** 0-based index into the token where the problem starts. */
  readonly index: number;
  constructor(code: 'BAD_NUMBER' | 'UNKNOWN_UNIT', message: string, index: number) {
    super(message);
    this.code = code;
    this.index = index;
  }
}

const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?/;
// What prints for a test too fast to time: bonnie++ "+++++" for the rate and "+++" for %CP.
const NOT_MEASURED = /^\+{3,5}$/;

/** The exponent of each SI letter: K = base^1, M = base^2, ... */
const PREFIX_POWER: Record<string, number> = { '': 0, k: 1, m: 2, g: 3, t: 4, p: 5, e: 6 };

/** Splits a token into its number and the text after it (spaces between are allowed). */
function splitNumber(token: string): { value: number; rest: string; restIndex: number } {
  const trimmed = token.trimStart();
  const lead = token.length - trimmed.length;
  const match = NUMBER.exec(trimmed);
  if (match === null) {
    throw new _UnitError('BAD_NUMBER', `expected a number, found "${token.trim()}"`, lead);
  }
  const afterNumber = trimmed.slice(match[0].length);
  const rest = afterNumber.trim();
  const restIndex = rest === '' ? token.length : token.indexOf(rest, lead + match[0].length);
  return { value: Number(match[0]), rest, restIndex };
}

/** A plain decimal number, as every tool prints counts and fractions: "7118", "57.33", "1e3". */
export function parseNumber(token: string): number {
  const { value, rest, restIndex } = splitNumber(token);
  if (rest !== '') {
    throw new _UnitError('BAD_NUMBER', `expected a number, found "${token.trim()}"`, restIndex);
  }
  return value;
}

/**
 * A number with an optional one-letter multiplier, as fio's num2str and bonnie++ 2.x print
 * them: fio IOPS "36.9k" (base 1000), "4490.8K" inside a `clat (usec)` line (base 1000: fio
 * 2.x lib/num2str.c with pow2 unset), bonnie++ 2.x rates "787k", "198m", "1.1g" (base 1024).
 */
export function parseSuffixedNumber(token: string, base: KbBase): number {
  const { value, rest, restIndex } = splitNumber(token);
  const power = PREFIX_POWER[rest.toLowerCase()];
  if (power === undefined || rest.length > 1) {
    throw new _UnitError('UNKNOWN_UNIT', `unknown multiplier "${rest}" in "${token.trim()}"`, restIndex);
  }
  return value * base ** power;
}

/**
 * The byte factor of a size spelling: "B", "KB", "kB", "KiB", "K", "MB", "Mb" (sysbench 0.4,
 * bytes), "Kbit" (fio --unit_base=1), ... undefined when the spelling is not a size.
 */
export function sizeFactor(spelling: string, options: SizeOptions): number | undefined {
  const match = /^([kKmMgGtTpPeE]?)(i?)(B|b|bit|byte|bytes)?$/.exec(spelling);
  if (match === null || spelling === '') return undefined;
  const [, prefix = '', iec, unit] = match;
  // A bare multiplier ("K" in bonnie++'s "K/sec") means that many bytes; "i" needs a prefix.
  if (iec === 'i' && prefix === '') return undefined;
  const power = PREFIX_POWER[prefix.toLowerCase()] ?? 0;
  const base = iec === 'i' ? 1024 : options.kbBase;
  // fio with --unit_base=1 reports bits: 8 of them make a byte.
  const bits = unit === 'bit' ? 1 / 8 : 1;
  return base ** power * bits;
}

/** Sizes: fio "6377.3MB", "2832.0KB", "433MiB"; sysbench 0.4 "3.9062Gb"; iostat "kB". */
export function parseSize(token: string, options: SizeOptions): number {
  const { value, rest, restIndex } = splitNumber(token);
  const factor = sizeFactor(rest === '' ? 'B' : rest, options);
  if (factor === undefined) {
    throw new _UnitError('UNKNOWN_UNIT', `unknown size unit "${rest}" in "${token.trim()}"`, restIndex);
  }
  return value * factor;
}

/**
 * The bytes-per-second factor of a rate spelling: "KB/s", "kB/s", "MiB/s", "B/s", "MiB/sec",
 * "Mb/sec", "K/sec", "Kbit/s", "KiB/s"; undefined when the spelling is not a rate.
 */
export function rateFactor(spelling: string, options: SizeOptions): number | undefined {
  const match = /^(.*?)\/(?:s|sec)$/.exec(spelling.trim());
  if (match === null) return undefined;
  return sizeFactor(match[1] === '' ? 'B' : (match[1] ?? ''), options);
}

/** Rates: fio "56946KB/s", "144MiB/s", "151MB/s"; "286105 B/s"; sysbench "647.78 MiB/sec". */
export function parseRate(token: string, options: SizeOptions): number {
  const { value, rest, restIndex } = splitNumber(token);
  const factor = rateFactor(rest, options);
  if (factor === undefined) {
    throw new _UnitError('UNKNOWN_UNIT', `unknown rate unit "${rest}" in "${token.trim()}"`, restIndex);
  }
  return value * factor;
}

/**
 * fio 3.x prints every bandwidth twice, `144MiB/s (151MB/s)`: powers of 1024 first, powers of
 * 1000 in parentheses. Both are rounded to about three digits; they are returned separately so
 * the caller can keep the one it trusts (and check that they agree).
 */
export function parseDualRate(token: string): { iec: number; si: number } {
  const match = /^\s*(\S+)\s*\((\S+)\)\s*$/.exec(token);
  if (match === null || match[1] === undefined || match[2] === undefined) {
    throw new _UnitError('BAD_NUMBER', `expected "RATE (RATE)", found "${token.trim()}"`, 0);
  }
  const second = token.indexOf('(') + 1;
  return {
    iec: parseRate(match[1], { kbBase: 1024 }),
    si: withOffset(second, () => parseRate(match[2] as string, { kbBase: 1000 })),
  };
}

/** Nanoseconds in one of each time unit spelling the tools print. */
const DURATION_NS: Record<string, number> = {
  ns: 1,
  nsec: 1,
  us: 1e3,
  usec: 1e3,
  µs: 1e3, // U+00B5 MICRO SIGN
  μs: 1e3, // U+03BC GREEK SMALL LETTER MU
  ms: 1e6,
  msec: 1e6,
  s: 1e9,
  sec: 1e9,
  min: 60e9,
  h: 3600e9,
};

/** Nanoseconds per unit for a time unit spelling ("usec", "ms", ...), undefined if unknown. */
export function durationFactor(spelling: string): number | undefined {
  return Object.hasOwn(DURATION_NS, spelling) ? DURATION_NS[spelling] : undefined;
}

/** Durations to nanoseconds: bonnie++ "24224us", "471ms", "5s"; fio "runt= 10481msec". */
export function parseDuration(token: string): number {
  const { value, rest, restIndex } = splitNumber(token);
  const factor = durationFactor(rest);
  if (factor === undefined) {
    throw new _UnitError('UNKNOWN_UNIT', `unknown time unit "${rest}" in "${token.trim()}"`, restIndex);
  }
  return value * factor;
}

/** A percentage as printed, "56.0%" or "99.91%", in percent (0–100). */
export function parsePercent(token: string): number {
  const { value, rest, restIndex } = splitNumber(token);
  if (rest !== '%' && rest !== '') {
    throw new _UnitError('UNKNOWN_UNIT', `expected a percentage, found "${token.trim()}"`, restIndex);
  }
  return value;
}

/** True for bonnie++'s "+++++" / "+++": the test ran too fast to give a meaningful figure. */
export function isNotMeasured(token: string): boolean {
  return NOT_MEASURED.test(token.trim());
}

/** Reads a value with `read`, or null where the tool printed "+++++" (never zero). */
export function parseMeasured<T>(token: string, read: (token: string) => T): T | null {
  return isNotMeasured(token) ? null : read(token);
}

/** Runs a read of a sub-token and moves a _UnitError's index to the start of that sub-token. */
function withOffset<T>(offset: number, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof _UnitError) {
      throw new _UnitError(error.code, error.message, error.index + offset);
    }
    throw error;
  }
}
