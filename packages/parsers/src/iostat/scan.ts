import type { ColumnSpec } from './columns.ts';

/**
 * Number scanning straight from the character codes of a line, without cutting tokens out of
 * it: the per-line work of a log of hundreds of megabytes. A token is a run of characters
 * other than space and tab.
 */

const SPACE = 32;
const TAB = 9;
const LINE_END = 10;
const DOT = 46;
const MINUS = 45;
const PERCENT = 37;
const ZERO = 48;
const NINE = 57;

/** Powers of ten up to 10^22: each is exact as a double, so `mantissa / 10^k` rounds once. */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

/** Bytes per sysstat unit letter (common.c `units[]`: sectors, bytes, then powers of 1024). */
export function unitLetterBytes(code: number): number {
  switch (code) {
    case 115: // s: a 512-byte sector
      return 512;
    case 66: // B
      return 1;
    case 107: // k
      return 1024;
    case 77: // M
      return 1024 ** 2;
    case 71: // G
      return 1024 ** 3;
    case 84: // T
      return 1024 ** 4;
    case 80: // P
      return 1024 ** 5;
    default:
      return 0;
  }
}

export function isBlank(code: number): boolean {
  return code === SPACE || code === TAB;
}

/** Index of the first non-blank character at or after `from`, or `line.length`. */
export function skipBlanks(line: string, from: number): number {
  let i = from;
  while (i < line.length) {
    const code = line.charCodeAt(i);
    if (code !== SPACE && code !== TAB) break;
    i++;
  }
  return i;
}

/** Index just after the token that starts at `from`. */
export function tokenEnd(line: string, from: number): number {
  let i = from;
  while (i < line.length) {
    const code = line.charCodeAt(i);
    if (code === SPACE || code === TAB) break;
    i++;
  }
  return i;
}

/**
 * The value of `line[start, end)` under a column, in base units; NaN when it is no number
 * (the caller reports BAD_NUMBER). `222.14` under kB/s is 222.14 KiB/s; under `--human`,
 * `222.1k` is 222.1 KiB/s and `1.5G` 1.5 GiB whatever the column says, and `56.0%` is 56.
 */
export function scanValue(line: string, start: number, end: number, spec: ColumnSpec, mark = DOT): number {
  let last = end;
  let suffixBytes = 0;
  const lastCode = line.charCodeAt(end - 1);
  if (lastCode < ZERO || lastCode > NINE) {
    if (spec.suffix === 'bytes') {
      suffixBytes = unitLetterBytes(lastCode);
      if (suffixBytes === 0) return Number.NaN;
      last--;
    } else if (spec.suffix === 'percent' && lastCode === PERCENT) {
      last--;
    } else {
      return Number.NaN;
    }
  }
  return scanDecimal(line, start, last, suffixBytes === 0 ? spec.factor : suffixBytes, mark);
}

/**
 * A plain decimal `-?digits(.digits)?` in `line[start, end)` times `factor` (the digits times
 * the factor, divided once, as scanRowFast does), or NaN. `mark`: the output's decimal mark
 * (locale.ts), the code of `.` or `,`; the other one makes NaN.
 */
export function scanDecimal(line: string, start: number, end: number, factor = 1, mark = DOT): number {
  // iostat prints no value below zero (rates, sizes, times, percentages): a sign is damage.
  if (line.charCodeAt(start) === MINUS) return Number.NaN;
  let i = start;
  let mantissa = 0;
  let digits = 0;
  let decimals = 0;
  let hasDot = false;
  for (; i < end; i++) {
    const code = line.charCodeAt(i);
    if (code >= ZERO && code <= NINE) {
      mantissa = mantissa * 10 + (code - ZERO);
      digits++;
      if (hasDot) decimals++;
    } else if (code === mark && !hasDot) {
      hasDot = true;
    } else {
      return Number.NaN;
    }
  }
  if (digits === 0) return Number.NaN;
  // Up to 15 digits the mantissa is an exact integer and one division rounds correctly, as
  // Number() would; longer numbers take the slow path.
  if (digits > 15) {
    const slow = Number(line.slice(start, end).replace(',', '.')) * factor;
    return Number.isFinite(slow) ? slow : Number.NaN;
  }
  return (mantissa * factor) / (POW10[decimals] as number);
}

/**
 * The fast path of a row: reads `values.length` plain decimals (with `mark`, the code of the
 * output's decimal mark, `.` unless locale.ts found `,`) (`-?digits(.digits)?`, at most 15
 * digits) separated by blanks, from `from` on, in one pass over the characters, each times its
 * column's factor. Returns the index just after the last value, or -1 when anything is unusual
 * (a `--human` suffix, a bad or missing number, a long number): the caller then reads the row
 * again the careful way (scanValue), which finds the right value or the right error. The hot
 * loop of a long log: one character read once, no token cut out, no call per value.
 */
export function scanRowFast(
  line: string,
  from: number,
  factors: Float64Array,
  values: number[],
  mark: number = DOT,
): number {
  const length = line.length;
  let i = from;
  for (let k = 0; k < factors.length; k++) {
    let code = 0;
    while (i < length) {
      code = line.charCodeAt(i);
      if (code !== SPACE && code !== TAB) break;
      i++;
    }
    // A sign is left to the careful reading, which refuses it.
    if (i >= length || code === MINUS) return -1;
    let mantissa = 0;
    let digits = 0;
    let decimals = 0;
    while (i < length) {
      code = line.charCodeAt(i);
      if (code < ZERO || code > NINE) break;
      mantissa = mantissa * 10 + (code - ZERO);
      digits++;
      i++;
    }
    if (i < length && code === mark) {
      i++;
      while (i < length) {
        code = line.charCodeAt(i);
        if (code < ZERO || code > NINE) break;
        mantissa = mantissa * 10 + (code - ZERO);
        digits++;
        decimals++;
        i++;
      }
    }
    // The token must end here, at a blank or the end of the line.
    if (i < length && code !== SPACE && code !== TAB) return -1;
    if (digits === 0 || digits > 15) return -1;
    // The digits times the factor, then one division: an exact product (a kB/s or ms value is
    // far below 2^53) rounded once, so that 0.07 ms is 70000 ns, not 70000.00000000001.
    values[k] = (mantissa * (factors[k] as number)) / (POW10[decimals] as number);
  }
  return i;
}

/**
 * scanRowFast over the bytes of the text the line was cut from (`bytes[from, end)` is the rest of
 * the line, and `bytes[end]` must be a line end, 10: the caller puts one after the text's last
 * line): the same reading, a byte read where a character was. Reading a typed array costs less
 * than charCodeAt on a line, which is a slice of the chunk's string, and the line end stops every
 * loop, so that no byte is also compared with `end`.
 */
export function scanRowFastBytes(
  bytes: Uint8Array,
  from: number,
  end: number,
  factors: Float64Array,
  values: number[],
  mark: number = DOT,
): number {
  let i = from;
  let code = bytes[i] as number;
  for (let k = 0; k < factors.length; k++) {
    while (code === SPACE || code === TAB) code = bytes[++i] as number;
    if (code === MINUS) return -1;
    let mantissa = 0;
    const digitsStart = i;
    while (code >= ZERO && code <= NINE) {
      mantissa = mantissa * 10 + (code - ZERO);
      code = bytes[++i] as number;
    }
    let digits = i - digitsStart;
    let decimals = 0;
    if (code === mark) {
      code = bytes[++i] as number;
      const decimalsStart = i;
      while (code >= ZERO && code <= NINE) {
        mantissa = mantissa * 10 + (code - ZERO);
        code = bytes[++i] as number;
      }
      decimals = i - decimalsStart;
      digits += decimals;
    }
    // The token must end here, at a blank or the line end; a row too short has no digits here.
    if (code !== SPACE && code !== TAB && code !== LINE_END) return -1;
    if (digits === 0 || digits > 15 || i > end) return -1;
    values[k] = (mantissa * (factors[k] as number)) / (POW10[decimals] as number);
  }
  return i;
}

/** skipBlanks over bytes: the index of the first non-blank byte in `bytes[from, end)`, or `end`. */
export function skipBlankBytes(bytes: Uint8Array, from: number, end: number): number {
  let i = from;
  while (i < end) {
    const code = bytes[i] as number;
    if (code !== SPACE && code !== TAB) break;
    i++;
  }
  return i;
}

/** tokenEnd over bytes: the index just after the token that starts at `from`, at most `end`. */
export function tokenEndBytes(bytes: Uint8Array, from: number, end: number): number {
  let i = from;
  while (i < end) {
    const code = bytes[i] as number;
    if (code === SPACE || code === TAB) break;
    i++;
  }
  return i;
}

const NAME_SLOTS = 1024;

/**
 * Device names read from ASCII bytes, each made a string once: a log names the same few devices
 * in every report, so a row's name is found by a hash of its bytes and checked byte by byte,
 * and only a name not seen (or pushed out of its slot) is cut. A name made here is a string of
 * its own, not a slice keeping a whole chunk of the log alive.
 */
export class DeviceNames {
  private readonly slots: (string | undefined)[] = new Array(NAME_SLOTS).fill(undefined);

  /** The name in `bytes[start, end)` (ASCII). */
  at(bytes: Uint8Array, start: number, end: number): string {
    let hash = end - start;
    for (let i = start; i < end; i++) hash = (hash * 31 + (bytes[i] as number)) & (NAME_SLOTS - 1);
    const cached = this.slots[hash];
    if (cached !== undefined && cached.length === end - start) {
      let k = 0;
      while (k < cached.length && cached.charCodeAt(k) === bytes[start + k]) k++;
      if (k === cached.length) return cached;
    }
    const name = String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[]);
    this.slots[hash] = name;
    return name;
  }
}
