/**
 * JSON text written as UTF-8 bytes into one growing buffer, handed out as those bytes (or decoded
 * into one string): the `--ndjson` writer of a streamed iostat log, which prints twenty-odd
 * numbers per device row. Concatenating a string per number made a rope of millions of small
 * strings, and collecting them took half the CLI's time; here a number costs a few arithmetic
 * operations and no object, and the bytes go to standard output without a string between.
 */

const ZERO = 48;
const MINUS = 45;
const DOT = 46;
const INT32_MAX = 0x7fffffff;

/** 10^0 .. 10^22: each exact as a double. */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);
/** Up to this many decimals a number is written by the fast path (iostat prints two). */
const MAX_FAST_DECIMALS = 8;
/** Below 10^15 an integer has at most 15 digits: any two such decimals are distinct doubles. */
const MAX_FAST_DIGITS_VALUE = 1e15;

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
/** A string longer than this goes through JSON.stringify rather than the byte loop. */
const MAX_DIRECT_STRING = 64;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class JsonWriter {
  private bytes = new Uint8Array(64 * 1024);
  private length = 0;
  /** JSON texts of strings that recur (keys, device names), as bytes. */
  private readonly cache = new Map<string, Uint8Array>();

  /** How many bytes are written and not yet taken. */
  get size(): number {
    return this.length;
  }

  /** The text written so far, and starts again empty. */
  take(): string {
    const text = decoder.decode(this.bytes.subarray(0, this.length));
    this.length = 0;
    return text;
  }

  /**
   * The bytes written so far, and starts again empty. The array is a view of the writer's own
   * buffer: valid until the next write, so a caller that keeps them copies them.
   */
  takeBytes(): Uint8Array {
    const bytes = this.bytes.subarray(0, this.length);
    this.length = 0;
    return bytes;
  }

  private reserve(count: number): void {
    if (this.length + count <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + count) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  /** Raw JSON text (already valid JSON: punctuation, keys, literals), cached as bytes. */
  raw(text: string): void {
    let bytes = this.cache.get(text);
    if (bytes === undefined) {
      // Bounded, so that a log of ever new device names cannot grow it for ever.
      if (this.cache.size >= 4096) this.cache.clear();
      bytes = encoder.encode(text);
      this.cache.set(text, bytes);
    }
    this.put(bytes);
  }

  /** Bytes made once (jsonBytes): the keys and punctuation that every report repeats. */
  put(bytes: Uint8Array): void {
    const count = bytes.length;
    this.reserve(count);
    const target = this.bytes;
    let at = this.length;
    // A short copy by hand costs less than a call to set().
    if (count <= 32) for (let k = 0; k < count; k++) target[at++] = bytes[k] as number;
    else {
      target.set(bytes, at);
      at += count;
    }
    this.length = at;
  }

  /** One ASCII character, by code. */
  byte(code: number): void {
    this.reserve(1);
    this.bytes[this.length++] = code;
  }

  /**
   * A string as JSON.stringify writes it. A short one of printable ASCII without a quote or a backslash (a
   * device name, a timestamp: new for every report, so not worth caching) is copied byte by
   * byte between quotes; any other goes through JSON.stringify, so escaping is its own.
   */
  string(text: string): void {
    const length = text.length;
    if (length <= MAX_DIRECT_STRING) {
      this.reserve(length + 2);
      const bytes = this.bytes;
      let at = this.length;
      bytes[at++] = QUOTE;
      let k = 0;
      for (; k < length; k++) {
        const code = text.charCodeAt(k);
        if (code < 0x20 || code > 0x7e || code === QUOTE || code === BACKSLASH) break;
        bytes[at++] = code;
      }
      if (k === length) {
        bytes[at++] = QUOTE;
        this.length = at;
        return;
      }
    }
    this.put(encoder.encode(JSON.stringify(text)));
  }

  /**
   * A number exactly as JSON.stringify writes it (null for NaN and infinities). A number that is
   * a decimal of at most 15 significant digits and 8 decimals, between 1e-6 and 1e15 (iostat's
   * values are), is written from its digits: it is the double nearest n / 10^k for the least k
   * such that n / 10^k rounds to it, and no other decimal of 15 digits or fewer rounds to the
   * same double, so that decimal is the shortest text that reads back as the number, which is
   * what JavaScript prints. Anything else goes through String().
   */
  number(value: number | null | undefined): void {
    if (typeof value !== 'number') {
      this.raw('null');
      return;
    }
    const isNegative = value < 0;
    const magnitude = isNegative ? -value : value;
    // Most values have at most two decimals (iostat prints two, and its factors keep them two):
    // tried first as hundredths, whose trailing zeros then give the least number of decimals
    // (the double nearest 250/100 is the one nearest 25/10, so 2.5 is written with one decimal,
    // as the loop below would). NaN and infinities fail the test; 0 and -0 pass and print `0`.
    const hundredths = Math.round(magnitude * 100);
    if (hundredths < MAX_FAST_DIGITS_VALUE && hundredths / 100 === magnitude) {
      this.hundredths(isNegative, hundredths);
      return;
    }
    if (!Number.isFinite(value)) {
      this.raw('null');
      return;
    }
    if (magnitude >= 1e-6 && magnitude < MAX_FAST_DIGITS_VALUE) {
      for (let k = 3; k <= MAX_FAST_DECIMALS; k++) {
        const scale = POW10[k] as number;
        const digits = Math.round(magnitude * scale);
        if (digits < MAX_FAST_DIGITS_VALUE && digits / scale === magnitude) {
          this.decimal(isNegative, digits, k);
          return;
        }
      }
    }
    this.raw(String(value));
  }

  /**
   * The numbers of a list, comma-separated (no brackets), each as number() writes it. A device
   * row is twenty-odd values: the usual one (not negative, at most two decimals, below 2^31
   * hundredths) is written here in the loop, where the value read from an array of doubles stays
   * an unboxed double; passed to number() it would become a heap number each time, garbage the
   * collector then spent a fifth of the CLI's time on.
   */
  numbers(values: readonly (number | null)[]): void {
    const count = values.length;
    // A comma and at most 10 integer digits, a point and two decimals per value, reserved once.
    this.reserve(count * 15);
    let bytes = this.bytes;
    let at = this.length;
    for (let i = 0; i < count; i++) {
      if (i > 0) bytes[at++] = COMMA;
      const value = values[i];
      if (typeof value === 'number' && value >= 0) {
        const hundredths = Math.round(value * 100);
        if (hundredths <= INT32_MAX && hundredths / 100 === value) {
          const all = hundredths | 0;
          const whole = (all / 100) | 0;
          const fraction = all - whole * 100;
          at = writeInt32(bytes, at, whole);
          if (fraction !== 0) {
            const pair = fraction << 1;
            bytes[at++] = DOT;
            bytes[at++] = DIGIT_PAIRS[pair] as number;
            // `.5`, not `.50`: the second digit only when it is not a zero.
            const ones = DIGIT_PAIRS[pair + 1] as number;
            if (ones !== ZERO) bytes[at++] = ones;
          }
          continue;
        }
      }
      // Any other number the general way, then the rest reserved again (the buffer may grow).
      this.length = at;
      this.number(value);
      this.reserve((count - i) * 15);
      bytes = this.bytes;
      at = this.length;
    }
    this.length = at;
  }

  /** `-?` then `hundredths / 100` without trailing zeros (`0.05`, `2.5`, `3`); below 10^15. */
  private hundredths(isNegative: boolean, hundredths: number): void {
    // A sign, 13 digits, a point and two decimals.
    this.reserve(17);
    const bytes = this.bytes;
    let at = this.length;
    if (isNegative) bytes[at++] = MINUS;
    let whole: number;
    let fraction: number;
    if (hundredths <= INT32_MAX) {
      // Integer arithmetic, no floating-point remainder.
      const all = hundredths | 0;
      whole = (all / 100) | 0;
      fraction = all - whole * 100;
    } else {
      whole = Math.floor(hundredths / 100);
      fraction = hundredths - whole * 100;
    }
    at = writeInteger(bytes, at, whole);
    if (fraction !== 0) {
      const tens = (fraction / 10) | 0;
      const ones = fraction - tens * 10;
      bytes[at++] = DOT;
      bytes[at++] = ZERO + tens;
      if (ones !== 0) bytes[at++] = ZERO + ones;
    }
    this.length = at;
  }

  /** `-?` then `digits` with a decimal point `decimals` digits from the right (`0.05` for 5, 2). */
  private decimal(isNegative: boolean, digits: number, decimals: number): void {
    // At most a sign, 15 digits, a point and leading zeros up to 8 decimals.
    this.reserve(26);
    const bytes = this.bytes;
    let count = 1;
    while (count < 16 && digits >= (POW10[count] as number)) count++;
    // `0.05`: enough leading zeros for the point to have a digit before it.
    const width = count > decimals ? count : decimals + 1;
    let at = this.length;
    if (isNegative) bytes[at++] = MINUS;
    const end = at + width + (decimals > 0 ? 1 : 0);
    let write = end - 1;
    if (digits <= INT32_MAX) {
      // Small integers take integer arithmetic.
      let rest = digits | 0;
      for (let d = 0; d < width; d++) {
        if (d === decimals && decimals > 0) bytes[write--] = DOT;
        const next = (rest / 10) | 0;
        bytes[write--] = ZERO + (rest - next * 10);
        rest = next;
      }
    } else {
      let rest = digits;
      for (let d = 0; d < width; d++) {
        if (d === decimals && decimals > 0) bytes[write--] = DOT;
        const next = Math.floor(rest / 10);
        bytes[write--] = ZERO + (rest - next * 10);
        rest = next;
      }
    }
    this.length = end;
  }
}

/** The digits of an integer below 10^13 at `at`; returns where they end. */
function writeInteger(bytes: Uint8Array, at: number, value: number): number {
  if (value <= INT32_MAX) return writeInt32(bytes, at, value | 0);
  // Above 2^31: the part above 10^8, then the last eight digits with their leading zeros.
  const high = Math.floor(value / 1e8);
  let rest = (value - high * 1e8) | 0;
  const end = writeInt32(bytes, at, high | 0) + 8;
  for (let write = end - 1; write >= end - 8; write--) {
    const next = (rest / 10) | 0;
    bytes[write] = ZERO + (rest - next * 10);
    rest = next;
  }
  return end;
}

/**
 * The ASCII digits of 00 to 99, two bytes each: an integer is written two digits per division by
 * 100 rather than one per division by 10 (a device row is twenty-odd numbers, a log millions).
 */
const DIGIT_PAIRS = Uint8Array.from({ length: 200 }, (_, k) => ZERO + (k & 1 ? (k >> 1) % 10 : ((k >> 1) / 10) | 0));

/** The digits of a non-negative int32 at `at`; returns where they end. */
export function writeInt32(bytes: Uint8Array, at: number, value: number): number {
  const count =
    value < 10
      ? 1
      : value < 100
        ? 2
        : value < 1000
          ? 3
          : value < 10000
            ? 4
            : value < 100000
              ? 5
              : value < 1000000
                ? 6
                : value < 10000000
                  ? 7
                  : value < 100000000
                    ? 8
                    : value < 1000000000
                      ? 9
                      : 10;
  let rest = value;
  let write = at + count;
  while (rest >= 100) {
    const next = (rest / 100) | 0;
    const pair = (rest - next * 100) << 1;
    bytes[--write] = DIGIT_PAIRS[pair + 1] as number;
    bytes[--write] = DIGIT_PAIRS[pair] as number;
    rest = next;
  }
  if (rest >= 10) {
    const pair = rest << 1;
    bytes[--write] = DIGIT_PAIRS[pair + 1] as number;
    bytes[--write] = DIGIT_PAIRS[pair] as number;
  } else {
    bytes[--write] = ZERO + rest;
  }
  return at + count;
}

/** Text as UTF-8 bytes, for JsonWriter.put. */
export function jsonBytes(text: string): Uint8Array {
  return encoder.encode(text);
}
