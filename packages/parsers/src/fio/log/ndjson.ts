import type { ToolOutput } from '../../parser.ts';
import type { FioLogResult } from './schema.ts';

/**
 * The `--ndjson` text of one streamed fio log output: exactly what `JSON.stringify` gives for
 * `{ file, tool, format, toolVersion, result, warnings }` (or, with `tidy`, for each
 * measurement), one line each, as UTF-8 bytes: a view of the writer's buffer, valid until the
 * next call (the CLI copies them into its output buffer at once). A streamed per-I/O log is
 * tens of millions of rows of six integers in columnar arrays; JSON.stringify turns each into a
 * string first, where here an integer's digits go straight into the buffer, and the keys, which
 * every piece repeats, are bytes made once. Anything but a plain object, array, string, integer
 * or literal goes through JSON.stringify (or String for other numbers), so the text is its own;
 * a test compares the two on every fixture log.
 */
export function fioLogNdjson(output: ToolOutput<'fio-log', FioLogResult>, file: string, tidy: boolean): Uint8Array {
  const out = writer;
  if (tidy) {
    for (const measurement of output.measurements) {
      out.value(measurement);
      out.byte(LINE_END);
    }
    return out.takeBytes();
  }
  const { tool, format, toolVersion, result, warnings } = output;
  out.value({ file, tool, format, toolVersion, result, warnings });
  out.byte(LINE_END);
  return out.takeBytes();
}

const LINE_END = 10;
const COMMA = 44;
const COLON = 58;
const MINUS = 45;
const ZERO = 48;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
/** 10^0 .. 10^16: an integer up to 2^53 has at most 16 digits. */
const POW10 = Array.from({ length: 17 }, (_, k) => 10 ** k);
const INT32_MAX = 0x7fffffff;
/** Strings up to this length have their JSON text cached (keys, kinds, directions, file names). */
const MAX_CACHED_STRING = 64;
const MAX_CACHE_ENTRIES = 4096;

const encoder = new TextEncoder();

/** "00", "01", ... "99" as bytes. */
const DIGIT_PAIRS = Uint8Array.from(
  { length: 200 },
  (_, k) => ZERO + (k % 2 === 0 ? Math.floor(k / 20) : (k >> 1) % 10),
);

/** Digits of an integer from 10 to 2^31 - 1. */
function digitCount(value: number): number {
  if (value < 10_000) return value < 100 ? 2 : value < 1000 ? 3 : 4;
  if (value < 10_000_000) return value < 100_000 ? 5 : value < 1_000_000 ? 6 : 7;
  return value < 100_000_000 ? 8 : value < 1_000_000_000 ? 9 : 10;
}

/**
 * JSON written as UTF-8 bytes into one buffer that grows to the largest piece and is reused. The
 * same text as JSON.stringify for plain data: an object's own enumerable string keys in their
 * order, undefined, function and symbol members left out of objects and null in arrays,
 * non-finite numbers null, `toJSON` honoured (by JSON.stringify).
 */
export class JsonBytesWriter {
  private bytes = new Uint8Array(64 * 1024);
  private length = 0;
  /** The JSON texts of short strings (keys, labels), as bytes. */
  private readonly strings = new Map<string, Uint8Array>();

  /** The bytes written so far, and starts again empty: a view of the buffer, valid until the next write. */
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

  byte(code: number): void {
    this.reserve(1);
    this.bytes[this.length++] = code;
  }

  private put(bytes: Uint8Array): void {
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

  /** Any JSON value, as JSON.stringify writes it (see the class). */
  value(value: unknown): void {
    switch (typeof value) {
      case 'number':
        this.number(value);
        return;
      case 'string':
        this.string(value);
        return;
      case 'boolean':
        this.raw(value ? 'true' : 'false');
        return;
      case 'object':
        if (value === null) this.raw('null');
        else if (Array.isArray(value)) this.array(value);
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
      // Not a small non-negative integer: anything, through value().
      if (i > 0) this.byte(COMMA);
      const item = items[i];
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') this.raw('null');
      else this.value(item);
      i++;
    }
    this.byte(CLOSE_BRACKET);
  }

  /**
   * The items from `from` on that are integers from 0 to 2^31 - 1 (a log's columns: times,
   * values, directions, sizes, priorities; offsets mostly), each preceded by a comma but the
   * array's first, in one loop with no call per item; returns the index of the first other item
   * (or the length).
   */
  private integers(items: readonly unknown[], from: number): number {
    const length = items.length;
    // 11 bytes an item at most: a comma and ten digits.
    this.reserve((length - from) * 11);
    const bytes = this.bytes;
    let at = this.length;
    let i = from;
    for (; i < length; i++) {
      const item = items[i];
      // -0 passes, and is written `0` as JSON.stringify writes it.
      if (typeof item !== 'number' || !(item >= 0 && item <= INT32_MAX) || (item | 0) !== item) break;
      if (i > 0) bytes[at++] = COMMA;
      let rest = item | 0;
      if (rest < 10) {
        bytes[at++] = ZERO + rest;
        continue;
      }
      at += digitCount(rest);
      // Two digits at a time, from a table of the hundred pairs, from the last digit back.
      let k = at;
      while (rest >= 100) {
        const quotient = (rest / 100) | 0;
        const pair = (rest - quotient * 100) << 1;
        bytes[--k] = DIGIT_PAIRS[pair + 1] as number;
        bytes[--k] = DIGIT_PAIRS[pair] as number;
        rest = quotient;
      }
      if (rest >= 10) {
        const pair = rest << 1;
        bytes[--k] = DIGIT_PAIRS[pair + 1] as number;
        bytes[--k] = DIGIT_PAIRS[pair] as number;
      } else {
        bytes[--k] = ZERO + rest;
      }
    }
    this.length = at;
    return i;
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

  /** A string's JSON text: JSON.stringify's own escaping, cached for short strings. */
  private string(text: string): void {
    if (text.length > MAX_CACHED_STRING) {
      this.put(encoder.encode(JSON.stringify(text)));
      return;
    }
    let bytes = this.strings.get(text);
    if (bytes === undefined) {
      // Bounded, so that ever new strings (file names, labels) cannot grow it for ever.
      if (this.strings.size >= MAX_CACHE_ENTRIES) this.strings.clear();
      bytes = encoder.encode(JSON.stringify(text));
      this.strings.set(text, bytes);
    }
    this.put(bytes);
  }

  /** JSON text that is ASCII, such as a literal or a number's String(). */
  private raw(text: string): void {
    const count = text.length;
    this.reserve(count);
    const bytes = this.bytes;
    let at = this.length;
    for (let k = 0; k < count; k++) bytes[at++] = text.charCodeAt(k);
    this.length = at;
  }

  /**
   * A number as JSON.stringify writes it: an integer up to 2^53 from its digits (the text
   * JavaScript prints for it: every digit, no exponent below 10^21), -0 as `0`, others through
   * String(), non-finite ones null.
   */
  private number(value: number): void {
    const magnitude = value < 0 ? -value : value;
    if (!(magnitude <= Number.MAX_SAFE_INTEGER && Math.floor(magnitude) === magnitude)) {
      this.raw(Number.isFinite(value) ? String(value) : 'null');
      return;
    }
    this.reserve(17);
    const bytes = this.bytes;
    let at = this.length;
    if (value < 0) bytes[at++] = MINUS;
    let digits = 1;
    while (digits < 16 && magnitude >= (POW10[digits] as number)) digits++;
    let k = at + digits - 1;
    if (magnitude <= INT32_MAX) {
      let rest = magnitude | 0;
      for (; k >= at; k--) {
        const quotient = (rest / 10) | 0;
        bytes[k] = ZERO + (rest - quotient * 10);
        rest = quotient;
      }
    } else {
      let rest = magnitude;
      for (; k >= at; k--) {
        const quotient = Math.floor(rest / 10);
        bytes[k] = ZERO + (rest - quotient * 10);
        rest = quotient;
      }
    }
    this.length = at + digits;
  }
}

/** One writer for every output: its buffer grows to the largest piece and is reused. */
const writer = new JsonBytesWriter();

/** The JSON text the writer makes for a value, as a string (for tests). */
export function _jsonTextOf(value: unknown): string {
  const bytes = new JsonBytesWriter();
  bytes.value(value);
  return new TextDecoder().decode(bytes.takeBytes());
}
