import { durationFactor, rateFactor, sizeFactor } from '../../units.ts';
import type { _LineCursor } from './cursor.ts';
import type { PrintedSize } from './io-rounding.ts';

/**
 * Unit spellings of fio's normal text, read at the cursor.
 *
 * What "K", "M" without an "i" mean depends on the fio generation, which the caller knows
 * from the line's layout:
 * - fio 1.x/2.x (`io=596856KB, bw=56946KB/s`) print powers of 1024 with "KB", "MB" unless the
 *   job sets kb_base=1000, which the text does not show (lib/num2str.c, `thousand[!!pow2]`):
 *   they are read as 1024 here;
 * - fio 3.x (`BW=144MiB/s (151MB/s)`) spells both: "KiB"/"MiB" for 1024, "kB"/"MB" for 1000.
 * A cache keeps the factor of each spelling seen, so a unit costs one short slice and a map
 * lookup per value.
 */
const SIZE_1024 = new Map<string, number | undefined>();
const SIZE_1000 = new Map<string, number | undefined>();
const RATE_1024 = new Map<string, number | undefined>();
const RATE_1000 = new Map<string, number | undefined>();

function cached(
  cache: Map<string, number | undefined>,
  spelling: string,
  compute: (spelling: string) => number | undefined,
): number | undefined {
  if (cache.has(spelling)) return cache.get(spelling);
  const factor = compute(spelling);
  cache.set(spelling, factor);
  return factor;
}

/** Bytes per unit of a size spelling ("KB", "MiB", "kB", "B", ""), or undefined. */
export function _sizeFactor(spelling: string, isModern: boolean): number | undefined {
  if (spelling === '') return 1;
  return isModern
    ? cached(SIZE_1000, spelling, (s) => sizeFactor(s, { kbBase: 1000 }))
    : cached(SIZE_1024, spelling, (s) => sizeFactor(s, { kbBase: 1024 }));
}

/** Bytes per second per unit of a rate spelling ("KB/s", "MiB/s", "Kbit/s"), or undefined. */
export function _rateFactor(spelling: string, isModern: boolean): number | undefined {
  return isModern
    ? cached(RATE_1000, spelling, (s) => rateFactor(s, { kbBase: 1000 }))
    : cached(RATE_1024, spelling, (s) => rateFactor(s, { kbBase: 1024 }));
}

/**
 * The factors of the last two unit spellings read at one kind of place, checked against the
 * text in place: a run prints the same units line after line (3.x alternates two: "MiB/s
 * (MB/s)"), so most values cost neither a slice nor a map lookup. Exact: a hit is the same
 * characters under the same kbBase.
 */
class SpellingCache {
  private readonly spellings = ['', ''];
  private readonly isModern = [false, false];
  private readonly factors: (number | undefined)[] = [undefined, undefined];
  // Both slots start unused: '' with kbBase unset never matches (see factorAt).
  private readonly isUsed = [false, false];
  private next = 0;

  private readonly compute: (spelling: string, isModern: boolean) => number | undefined;

  constructor(compute: (spelling: string, isModern: boolean) => number | undefined) {
    this.compute = compute;
  }

  /** The factor of the spelling text[start, end) under the kbBase of `isModern`. */
  factorAt(text: string, start: number, end: number, isModern: boolean): number | undefined {
    for (let i = 0; i < 2; i++) {
      const spelling = this.spellings[i] as string;
      if (
        this.isUsed[i] === true &&
        this.isModern[i] === isModern &&
        spelling.length === end - start &&
        text.startsWith(spelling, start)
      ) {
        return this.factors[i];
      }
    }
    const spelling = text.slice(start, end);
    const factor = this.compute(spelling, isModern);
    const slot = this.next;
    this.spellings[slot] = spelling;
    this.isModern[slot] = isModern;
    this.factors[slot] = factor;
    this.isUsed[slot] = true;
    this.next = 1 - slot;
    return factor;
  }
}

const SIZE_SPELLINGS = new SpellingCache(_sizeFactor);
const RATE_SPELLINGS = new SpellingCache(_rateFactor);

/** The multiplier of fio's num2str for counts (pow2 unset): "k"/"K" 10^3, "M" 10^6, ... */
function countMultiplier(code: number): number {
  switch (code) {
    case 107: // k
    case 75: // K
      return 1e3;
    case 77: // M
      return 1e6;
    case 71: // G
      return 1e9;
    case 84: // T
      return 1e12;
    case 80: // P
      return 1e15;
    default:
      return 0;
  }
}

/**
 * A count as num2str prints it with pow2 unset: "7118", "36.9k", "4490.8K", "1.2M". A
 * trailing space (the blank postfix of fio 1.x num2str, `iops=7118 ,`) is left to the caller.
 * The value is multiplied by `factor` (1000 for a latency in usec to ns).
 */
export function _readCount(cursor: _LineCursor, factor = 1): number {
  cursor.number();
  const code = cursor.peek();
  const multiplier = countMultiplier(code);
  if (multiplier !== 0) {
    // Only a lone letter is a multiplier: "1000msec" is a number followed by a unit.
    const next = cursor.pos + 1 < cursor.end ? cursor.text.charCodeAt(cursor.pos + 1) : -1;
    const isLetter = (next >= 65 && next <= 90) || (next >= 97 && next <= 122);
    if (!isLetter) {
      cursor.pos++;
      return cursor.scaled(factor * multiplier);
    }
  }
  return cursor.scaled(factor);
}

/**
 * A size with its unit right after it ("596856KB", "433MiB", "2832.0KB", "64.0MiB"), in bytes.
 * `printed`, when given, receives the digits and the unit as printed (io-rounding.ts).
 */
export function _readSize(cursor: _LineCursor, isModern: boolean, printed?: PrintedSize): number {
  cursor.number();
  const start = cursor.pos;
  cursor.pos = cursor.wordEnd(false);
  const factor = SIZE_SPELLINGS.factorAt(cursor.text, start, cursor.pos, isModern);
  if (factor === undefined) {
    throw cursor.error('UNKNOWN_UNIT', `unknown size unit "${cursor.text.slice(start, cursor.pos)}"`, start);
  }
  if (printed !== undefined) {
    printed.mantissa = cursor.mantissa;
    printed.scale = cursor.scale;
    printed.unitBytes = factor;
  }
  // A byte count is whole: "30.4MiB" is 31876710.4 as printed, 31876710 bytes as kept.
  return Math.round(cursor.scaled(factor));
}

/**
 * A rate ("56946KB/s", "144MiB/s", "286105 B/s" with fio 1.x's blank postfix, "2462Mibit/s")
 * in B/s. fio 1.x/2.x group lines may print none (`aggrb=22178` in the fio 2.0 HOWTO): the
 * value is then KB/s, as fio computes it.
 */
export function _readRate(cursor: _LineCursor, isModern: boolean, bareUnit = ''): number {
  cursor.number();
  const afterNumber = cursor.pos;
  // fio 1.x num2str ends a number without a multiplier with a space: "286105 B/s".
  if (cursor.peek() === 32 && cursor.pos + 1 < cursor.end) {
    const next = cursor.text.charCodeAt(cursor.pos + 1);
    if ((next >= 65 && next <= 90) || (next >= 97 && next <= 122)) cursor.pos++;
  }
  const start = cursor.pos;
  cursor.pos = cursor.wordEnd();
  if (cursor.pos === start && bareUnit !== '') {
    cursor.pos = afterNumber;
    return cursor.scaled(_rateFactor(bareUnit, isModern) ?? 1);
  }
  const factor = RATE_SPELLINGS.factorAt(cursor.text, start, cursor.pos, isModern);
  if (factor === undefined) {
    throw cursor.error('UNKNOWN_UNIT', `unknown rate unit "${cursor.text.slice(start, cursor.pos)}"`, start);
  }
  return cursor.scaled(factor);
}

/** Nanoseconds per unit of a time spelling inside fio's parentheses: "usec", "msec", "nsec". */
export function _timeFactor(cursor: _LineCursor, spelling: string, at: number): number {
  const factor = durationFactor(spelling);
  if (factor === undefined) throw cursor.error('UNKNOWN_UNIT', `unknown time unit "${spelling}"`, at);
  return factor;
}
