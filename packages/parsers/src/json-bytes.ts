/**
 * JSON written as UTF-8 bytes into one buffer that grows to the largest output and is reused: the
 * `benchfolio parse --ndjson` writer of the streamed tools (an iostat log's reports, a fio log's
 * pieces), which print millions of numbers. JSON.stringify makes a string of each number and
 * walks every object and key; here a number's digits go straight into the buffer, the parts every
 * output repeats (keys, punctuation) are bytes made once (`put`), and the bytes go to standard
 * output with no string between. The text is JSON.stringify's, byte for byte: numbers as
 * JavaScript prints them, and strings other than short printable ASCII escaped by JSON.stringify
 * itself (tests compare the two on random values and on every fixture).
 */
export class JsonBytesWriter {
  private bytes = new Uint8Array(64 * 1024);
  private length = 0;

  /** How many bytes are written and not yet taken. */
  get size(): number {
    return this.length;
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

  /** The bytes written so far, left in place: a view valid until the next write. */
  written(): Uint8Array {
    return this.bytes.subarray(0, this.length);
  }

  /** The text written so far, and starts again empty. */
  take(): string {
    return decoder.decode(this.takeBytes());
  }

  /** Drops what was written. */
  clear(): void {
    this.length = 0;
  }

  /**
   * The buffer, with room for `count` more bytes from `size` on, for a caller that writes bytes
   * itself (iostat's device rows, copied from the log's digits) and then says how far with
   * `advance`; until then nothing it wrote counts, so it may give up half way.
   */
  room(count: number): Uint8Array {
    this.reserve(count);
    return this.bytes;
  }

  /** Ends a write into room()'s buffer: the bytes up to `length` are written. */
  advance(length: number): void {
    this.length = length;
  }

  private reserve(count: number): void {
    if (this.length + count <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + count) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  /** One ASCII character, by code. */
  byte(code: number): void {
    this.reserve(1);
    this.bytes[this.length++] = code;
  }

  /** Bytes made once (jsonBytes): the keys and punctuation that every output repeats. */
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

  /** JSON text as it is (a literal, a number's String(), what JSON.stringify wrote), as UTF-8. */
  raw(text: string): void {
    const count = text.length;
    // UTF-8 takes at most three bytes per UTF-16 unit.
    this.reserve(count * 3);
    const bytes = this.bytes;
    let at = this.length;
    for (let k = 0; k < count; k++) {
      const code = text.charCodeAt(k);
      if (code >= 0x80) {
        at += encoder.encodeInto(text.slice(k), bytes.subarray(at)).written;
        break;
      }
      bytes[at++] = code;
    }
    this.length = at;
  }

  /**
   * A string as JSON.stringify writes it. A short one of printable ASCII without a quote or a
   * backslash (a key, a device name, a timestamp) is copied byte by byte between quotes; any
   * other goes through JSON.stringify, so escaping is its own.
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
    this.raw(JSON.stringify(text));
  }

  /**
   * A number exactly as JSON.stringify writes it (null for NaN, infinities, and null or
   * undefined). An integer up to 2^53 is written from its digits; so is a decimal of at most 15
   * significant digits and 8 decimals, between 1e-6 and 1e15 (iostat's values are): it is the
   * double nearest n / 10^k for the least k such that n / 10^k rounds to it, and no other decimal
   * of 15 digits or fewer rounds to the same double, so that decimal is the shortest text that
   * reads back as the number, which is what JavaScript prints. Anything else goes through String().
   */
  number(value: number | null | undefined): void {
    if (typeof value !== 'number') {
      this.put(NULL);
      return;
    }
    // Most values first (an iostat percentage, a sample number), as numbers() writes them.
    const usual = exactHundredths(value);
    if (usual >= 0) {
      // At most 8 digits, a point and 2 decimals (written in full, then the zeros dropped).
      this.reserve(11);
      this.length = writeHundredths(this.bytes, this.length, usual);
      return;
    }
    const isNegative = value < 0;
    const magnitude = isNegative ? -value : value;
    // An integer (-0 and 0 print `0`). NaN and infinities fail the test.
    if (magnitude <= MAX_SAFE && Math.floor(magnitude) === magnitude) {
      this.reserve(17);
      let at = this.length;
      if (isNegative) this.bytes[at++] = MINUS;
      this.length = writeInteger(this.bytes, at, magnitude);
      return;
    }
    // Most other values have at most two decimals (iostat prints two, and its factors keep them
    // two): tried first as hundredths, whose trailing zeros then give the least number of
    // decimals (the double nearest 250/100 is the one nearest 25/10, so 2.5 is written with one
    // decimal, as the loop below would).
    const hundredths = Math.round(magnitude * 100);
    if (hundredths < MAX_FAST_DIGITS_VALUE && hundredths / 100 === magnitude) {
      this.decimal(isNegative, hundredths, 2);
      return;
    }
    if (!Number.isFinite(value)) {
      this.put(NULL);
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
   * The numbers of a list, comma-separated (no brackets), each as number() writes it. An iostat
   * device row is twenty-odd values: the usual one (not negative, at most two decimals, below
   * 2^31 hundredths) is written here in the loop, where the value read from an array of doubles
   * stays an unboxed double; passed to number() it would become a heap number each time, garbage
   * the collector then spent a fifth of the CLI's time on.
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
      const hundredths = typeof value === 'number' ? exactHundredths(value) : -1;
      if (hundredths >= 0) {
        at = writeHundredths(bytes, at, hundredths);
        continue;
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

  /**
   * Any JSON value, as JSON.stringify writes it: an object's own enumerable string keys in their
   * order, undefined, function and symbol members left out of objects and null in arrays,
   * non-finite numbers null, `toJSON` honoured (by JSON.stringify). One exception: a Float64Array
   * is written as the array of its numbers (JSON.stringify writes an object of indices), so that
   * a stream's columns can be written from its buffers as the arrays they stand for.
   */
  value(value: unknown): void {
    switch (typeof value) {
      case 'number':
        this.number(value);
        return;
      case 'string':
        this.string(value);
        return;
      case 'boolean':
        this.put(value ? TRUE : FALSE);
        return;
      case 'object':
        if (value === null) this.put(NULL);
        else if (Array.isArray(value)) this.array(value);
        else if (value instanceof Float64Array) this.float64s(value);
        else if (typeof (value as { toJSON?: unknown }).toJSON === 'function') this.raw(JSON.stringify(value));
        else this.object(value as Record<string, unknown>);
        return;
      default:
        // undefined, a function or a symbol at the top: JSON.stringify gives no text; a bigint
        // makes it throw, as it does here.
        this.raw(JSON.stringify(value) ?? 'null');
    }
  }

  private array(items: readonly unknown[]): void {
    this.byte(OPEN_BRACKET);
    const length = items.length;
    let i = 0;
    while (i < length) {
      i = this.integers(items, i);
      if (i === length) break;
      // Not a non-negative integer: anything, through value().
      if (i > 0) this.byte(COMMA);
      const item = items[i];
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') this.put(NULL);
      else this.value(item);
      i++;
    }
    this.byte(CLOSE_BRACKET);
  }

  /**
   * The items from `from` on that are integers from 0 to 2^53 (a fio log's columns: times,
   * values, directions, sizes, offsets, priorities), each preceded by a comma but the array's
   * first, in one loop with no call per item but the digits'; returns the index of the first
   * other item (or the length).
   */
  private integers(items: readonly unknown[], from: number): number {
    const length = items.length;
    // 17 bytes an item at most: a comma and sixteen digits.
    this.reserve((length - from) * 17);
    const bytes = this.bytes;
    let at = this.length;
    let i = from;
    for (; i < length; i++) {
      const item = items[i];
      // -0 passes, and is written `0` as JSON.stringify writes it.
      if (typeof item !== 'number' || !(item >= 0 && item <= MAX_SAFE) || Math.floor(item) !== item) break;
      if (i > 0) bytes[at++] = COMMA;
      at = item <= INT32_MAX ? writeInt32(bytes, at, item | 0) : writeInteger(bytes, at, item);
    }
    this.length = at;
    return i;
  }

  /** A Float64Array as the JSON array of its numbers: integers up to 2^53 in one loop, others through number(). */
  private float64s(column: Float64Array): void {
    const length = column.length;
    // A comma and sixteen digits at most per integer; other numbers reserve their own room.
    this.reserve(length * 17 + 2);
    let bytes = this.bytes;
    let at = this.length;
    bytes[at++] = OPEN_BRACKET;
    for (let i = 0; i < length; i++) {
      if (i > 0) bytes[at++] = COMMA;
      const item = column[i] as number;
      if (item >= 0 && item <= MAX_SAFE && Math.floor(item) === item) {
        at = item <= INT32_MAX ? writeInt32(bytes, at, item | 0) : writeInteger(bytes, at, item);
        continue;
      }
      this.length = at;
      this.number(item);
      this.reserve((length - i) * 17 + 1);
      bytes = this.bytes;
      at = this.length;
    }
    bytes[at++] = CLOSE_BRACKET;
    this.length = at;
  }

  private object(object: Record<string, unknown>): void {
    this.byte(OPEN_BRACE);
    let isFirst = true;
    for (const key of Object.keys(object)) {
      const item = object[key];
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      if (!isFirst) this.byte(COMMA);
      isFirst = false;
      this.string(key);
      this.byte(COLON);
      this.value(item);
    }
    this.byte(CLOSE_BRACE);
  }

  /** `-?` then `digits / 10^decimals` as writeDecimal writes it. */
  private decimal(isNegative: boolean, digits: number, decimals: number): void {
    // At most a sign, 15 digits, a point and leading zeros up to 8 decimals.
    this.reserve(26);
    let at = this.length;
    if (isNegative) this.bytes[at++] = MINUS;
    this.length = writeDecimal(this.bytes, at, digits, decimals);
  }
}

/**
 * `digits / 10^decimals` (digits a non-negative integer below 10^15, decimals 0 to 8) at `at`,
 * without trailing zeros after the point: `1536` for 153600 and 2, `2.5` for 250 and 2, `0.05`
 * for 5 and 2. Returns where it ends; up to three bytes after that may be written over (see
 * writeHundredths), so the caller leaves room for them.
 */
export function writeDecimal(bytes: Uint8Array, at: number, digits: number, decimals: number): number {
  // Hundredths, most values (iostat prints two decimals): divisions by constants, which V8
  // makes multiplications. A third of the time of writing an iostat row went to the general
  // way's divisions by a power of ten.
  if (decimals === 2 && digits <= INT32_MAX) return writeHundredths(bytes, at, digits);
  if (decimals === 0) return writeInteger(bytes, at, digits);
  const scale = POW10[decimals] as number;
  let whole: number;
  let fraction: number;
  if (digits <= INT32_MAX) {
    // Integer arithmetic: most values (a kB/s rate, an await in ns, hundredths) are below 2^31.
    const all = digits | 0;
    whole = (all / scale) | 0;
    fraction = all - whole * scale;
  } else {
    whole = Math.floor(digits / scale);
    // The quotient is rounded: one too many when it rounded up to the next integer.
    if (whole * scale > digits) whole--;
    fraction = digits - whole * scale;
  }
  const write = writeInteger(bytes, at, whole);
  if (fraction === 0) return write;
  let places = decimals;
  while (fraction % 10 === 0) {
    fraction /= 10;
    places--;
  }
  bytes[write] = DOT;
  // The fraction's digits with their leading zeros (`05` of 0.05), from the right.
  const end = write + 1 + places;
  for (let p = end - 1; p > write; p--) {
    const next = (fraction / 10) | 0;
    bytes[p] = ZERO + (fraction - next * 10);
    fraction = next;
  }
  return end;
}

/**
 * The value in hundredths when it is not negative, has at most two decimals and is below 2^31
 * hundredths (most values iostat prints), for writeHundredths; -1 otherwise (NaN too).
 */
function exactHundredths(value: number): number {
  if (!(value >= 0)) return -1;
  const hundredths = Math.round(value * 100);
  return hundredths <= INT32_MAX && hundredths / 100 === value ? hundredths : -1;
}

/**
 * `hundredths / 100` (hundredths a non-negative int32) at `at`, as writeDecimal writes it: `1536`
 * for 153600, `2.5` for 250, `0.05` for 5. Returns where it ends; up to three bytes after that
 * may be written over (see writeFraction).
 */
export function writeHundredths(bytes: Uint8Array, at: number, hundredths: number): number {
  const all = hundredths | 0;
  const whole = (all / 100) | 0;
  return writeFraction(bytes, writeInt32(bytes, at, whole), all - whole * 100);
}

/**
 * The decimals of a fraction in hundredths (0 to 99) at `at`, as JavaScript prints them: `.25`,
 * `.5` for 50, nothing for 0. The point and both digits are always written and the end then
 * moved back over the zeros, with no branch on the digits (a log's decimals are as good as
 * random, and a branch on them is mispredicted often). Returns where the decimals end.
 */
export function writeFraction(bytes: Uint8Array, at: number, hundredths: number): number {
  const pair = hundredths << 1;
  bytes[at] = DOT;
  bytes[at + 1] = DIGIT_PAIRS[pair] as number;
  bytes[at + 2] = DIGIT_PAIRS[pair + 1] as number;
  return at + (FRACTION_LENGTHS[hundredths] as number);
}

/** The digits of a non-negative integer below 2^53 at `at`; returns where they end. */
function writeInteger(bytes: Uint8Array, at: number, value: number): number {
  if (value <= INT32_MAX) return writeInt32(bytes, at, value | 0);
  // Above 2^31: the part above 10^8 (below 2^31 for any value below 2^53), then the last eight
  // digits with their leading zeros.
  const high = Math.floor(value / 1e8);
  let rest = (value - high * 1e8) | 0;
  const end = writeInt32(bytes, at, high | 0) + 8;
  for (let write = end - 1; write >= end - 8; write -= 2) {
    const next = (rest / 100) | 0;
    const pair = (rest - next * 100) << 1;
    bytes[write] = DIGIT_PAIRS[pair + 1] as number;
    bytes[write - 1] = DIGIT_PAIRS[pair] as number;
    rest = next;
  }
  return end;
}

/** The digits of a non-negative int32 at `at`; returns where they end. */
function writeInt32(bytes: Uint8Array, at: number, value: number): number {
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
  // Two digits per division by 100, from a table of the hundred pairs, from the last digit back.
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

/** Text as UTF-8 bytes, for JsonBytesWriter.put. */
export function jsonBytes(text: string): Uint8Array {
  return encoder.encode(text);
}

const QUOTE = 34;
const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const COLON = 58;
const OPEN_BRACKET = 91;
const BACKSLASH = 92;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const INT32_MAX = 0x7fffffff;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** 10^0 .. 10^22: each exact as a double. */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);
/** Up to this many decimals a number is written from its digits. */
const MAX_FAST_DECIMALS = 8;
/** Below 10^15 an integer has at most 15 digits: any two such decimals are distinct doubles. */
const MAX_FAST_DIGITS_VALUE = 1e15;
/** A string longer than this goes through JSON.stringify rather than the byte loop. */
const MAX_DIRECT_STRING = 64;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const NULL = encoder.encode('null');
const TRUE = encoder.encode('true');
const FALSE = encoder.encode('false');

/**
 * The ASCII digits of 00 to 99, two bytes each: an integer is written two digits per division by
 * 100 rather than one per division by 10 (a log is millions of numbers).
 */
const DIGIT_PAIRS = Uint8Array.from({ length: 200 }, (_, k) => ZERO + (k & 1 ? (k >> 1) % 10 : ((k >> 1) / 10) | 0));

/** How many bytes of `.dd` a fraction of 0 to 99 hundredths keeps: 3 (`.25`), 2 (`.5` of 50), 0 (0). */
const FRACTION_LENGTHS = Uint8Array.from({ length: 100 }, (_, k) => (k === 0 ? 0 : k % 10 === 0 ? 2 : 3));
