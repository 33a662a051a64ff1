import { JsonBytesWriter, jsonBytes, writeDecimal, writeFraction, writeHundredths } from '../json-bytes.ts';
import type { IostatDevice } from './schema.ts';

/**
 * The device rows of the report being read, written straight as their `--ndjson` text
 * (`{"device":"sda","isGroup":false,"values":[...]}`, comma-separated) instead of kept as typed
 * values: the fast path of `benchfolio parse --ndjson` (ndjson-stream.ts). The machine hands a
 * plain row's bytes here (rowBytes), which copies each value's printed digits to the output when
 * they are already its JSON text and does integer arithmetic on them under a kB or ms column;
 * any row it does not recognise exactly it leaves alone, and the machine reads that row the
 * careful way into values, which come here through device() and are written as the typed path
 * writes them (JsonBytesWriter.numbers). Either way the text is the one JSON.stringify gives for the
 * typed device: a value's text here is the shortest decimal that reads back as the double the
 * typed path computes, `(digits × factor) / 10^decimals`, which is what JavaScript prints.
 */
export class DeviceRowWriter {
  /** The rows of the report being read. */
  private rows = new JsonBytesWriter();
  /** The rows of the last report the machine ended (seal), until the next seal. */
  private sealedRows = new JsonBytesWriter();

  /**
   * Where the row being written stands between writeUsualValues and writeOtherValue: the next
   * byte of the log to read, and the next byte of `rows` to write.
   */
  private readAt = 0;
  private writeAt = 0;

  /**
   * Writes the row whose device name starts at `nameStart` (the line ends at `end`, where
   * `bytes[end]` is a line end); `factors` are the layout's (ColumnSpec.factor), `mark` the
   * run's decimal mark. False, having written nothing, unless the row is a name, exactly
   * `factors.length` plain decimals and blanks, each decimal one whose JSON text is made here
   * (see writeOtherValue). The name's end is found as it is copied: the line is read once.
   */
  rowBytes(
    bytes: Uint8Array,
    nameStart: number,
    end: number,
    isGroup: boolean,
    factors: Float64Array,
    mark: number,
  ): boolean {
    if (mark !== DOT) return false;
    const count = factors.length;
    // The row's own text (a copied value is no longer than its printed text), the keys, and per
    // value a comma and at most 22 characters.
    const rows = this.rows;
    const out = rows.room(end - nameStart + 64 + count * 24);
    let at = rows.size;
    if (at > 0) out[at++] = COMMA;
    at = copy(DEVICE_START, out, at);
    let i = nameStart;
    let code = bytes[i] as number;
    // Up to a blank. A name JSON would escape goes the careful way (JSON.stringify escapes it
    // there), and so does a name alone on its line (`-h` before 12.x: the values follow on the
    // next line).
    while (code > SPACE && code !== QUOTE && code !== BACKSLASH) {
      out[at++] = code;
      code = bytes[++i] as number;
    }
    if ((code !== SPACE && code !== TAB) || i === nameStart) return false;
    // 28 bytes: one call to set() costs less than a loop over them.
    const valuesKey = isGroup ? GROUP_VALUES : DEVICE_VALUES;
    out.set(valuesKey, at);
    this.readAt = i;
    this.writeAt = at + valuesKey.length;
    // The values in the usual form in one loop; one in any other is written by itself, and the
    // loop goes on after it.
    for (let k = this.writeUsualValues(bytes, out, factors, 0); k < count; ) {
      if (!this.writeOtherValue(bytes, out, factors[k] as number, k > 0)) return false;
      k = this.writeUsualValues(bytes, out, factors, k + 1);
    }
    i = this.readAt;
    code = bytes[i] as number;
    while (code === SPACE || code === TAB) code = bytes[++i] as number;
    if (i !== end) return false;
    at = this.writeAt;
    out[at++] = CLOSE_BRACKET;
    out[at++] = CLOSE_BRACE;
    rows.advance(at);
    return true;
  }

  /**
   * Writes the values from the `first` on while they are in the usual form, nearly all of a
   * log's: after spaces, digits (no leading zero), a point and two decimals, then a space or the
   * line end, whose value (the digits times the column's factor) is below 2^31 hundredths.
   * Returns the index of the first value in another form (or the count), having written nothing
   * for it. The loop calls nothing that V8 does not inline: with a call in it, even one never
   * made, V8 kept its variables in memory rather than in registers, and a row took a tenth longer.
   */
  private writeUsualValues(bytes: Uint8Array, out: Uint8Array, factors: Float64Array, first: number): number {
    const count = factors.length;
    // Where the values written so far end, in the log and in the output.
    let i = this.readAt;
    let at = this.writeAt;
    let k = first;
    for (; k < count; k++) {
      let read = i;
      let write = at;
      let code = bytes[read] as number;
      while (code === SPACE) code = bytes[++read] as number;
      if (k > 0) out[write++] = COMMA;
      // The whole part, copied as it is read (the JSON text under a factor of 1). A zero is the
      // whole part by itself: a digit after it (`007`) is no usual form.
      const valueWrite = write;
      let whole = code - ZERO;
      if (!(whole >= 0 && whole <= 9)) break;
      out[write++] = code;
      code = bytes[++read] as number;
      if (whole !== 0) {
        while (code >= ZERO && code <= NINE) {
          whole = whole * 10 + (code - ZERO);
          out[write++] = code;
          code = bytes[++read] as number;
        }
      }
      // The point, two decimals, then a space or the line end: each byte read only once the one
      // before it is as it should be, so that none past the line end is read.
      if (code !== DOT) break;
      const tens = (bytes[read + 1] as number) - ZERO;
      if (!(tens >= 0 && tens <= 9)) break;
      const ones = (bytes[read + 2] as number) - ZERO;
      if (!(ones >= 0 && ones <= 9)) break;
      const after = bytes[read + 3] as number;
      if (after !== SPACE && after !== LINE_END) break;
      const factor = factors[k] as number;
      const hundredths = whole * 100 + tens * 10 + ones;
      if (factor === 1) {
        // The printed text, less trailing zeros after the point (`0.50` is 0.5, `0.00` is 0).
        if (!(hundredths <= INT32_MAX)) break;
        write = writeFraction(out, write, tens * 10 + ones);
      } else {
        // kB, MB, sectors, ms: the hundredths times the factor, an integer, with the point put
        // back, over the digits copied.
        const product = hundredths * factor;
        if (!(product <= INT32_MAX)) break;
        write = writeHundredths(out, valueWrite, product);
      }
      i = read + 3;
      at = write;
    }
    this.readAt = i;
    this.writeAt = at;
    return k;
  }

  /**
   * Writes the value at `readAt` (after a comma, unless it is the row's first) when its JSON text
   * can be made here, and moves on past it; false otherwise, having written nothing. Made here:
   * a plain decimal, digits before the point, no leading zero (`007`), at most MAX_DECIMALS
   * decimals and 15 digits (JavaScript would print `1e-7`, or the digits would not be exact),
   * followed by a blank or the line end (a row too short meets the line end here with no digits:
   * the careful path finds the COLUMN_COUNT).
   */
  private writeOtherValue(bytes: Uint8Array, out: Uint8Array, factor: number, hasComma: boolean): boolean {
    let i = this.readAt;
    let at = this.writeAt;
    let code = bytes[i] as number;
    while (code === SPACE || code === TAB) code = bytes[++i] as number;
    // A sign is left to the machine's careful reading, which refuses it.
    if (code === MINUS) return false;
    if (hasComma) out[at++] = COMMA;
    const wholeStart = i;
    let wholeDigits = 0;
    let decimals = 0;
    if (factor === 1) {
      // The printed text is the JSON text, copied as it is scanned, less trailing zeros after
      // the point.
      while (code >= ZERO && code <= NINE) {
        out[at++] = code;
        code = bytes[++i] as number;
      }
      wholeDigits = i - wholeStart;
      if (code === DOT) {
        out[at++] = DOT;
        code = bytes[++i] as number;
        const decimalsStart = i;
        while (code >= ZERO && code <= NINE) {
          out[at++] = code;
          code = bytes[++i] as number;
        }
        decimals = i - decimalsStart;
        // Trailing zeros after the point go, and the point when they were all the decimals.
        while (out[at - 1] === ZERO) at--;
        if (out[at - 1] === DOT) at--;
      }
    } else {
      // The digits times the factor, an integer, with the point put back.
      let mantissa = 0;
      while (code >= ZERO && code <= NINE) {
        mantissa = mantissa * 10 + (code - ZERO);
        code = bytes[++i] as number;
      }
      wholeDigits = i - wholeStart;
      if (code === DOT) {
        code = bytes[++i] as number;
        const decimalsStart = i;
        while (code >= ZERO && code <= NINE) {
          mantissa = mantissa * 10 + (code - ZERO);
          code = bytes[++i] as number;
        }
        decimals = i - decimalsStart;
      }
      const product = mantissa * factor;
      if (!(product < MAX_EXACT) || decimals > MAX_DECIMALS) return false;
      at = writeDecimal(out, at, product, decimals);
    }
    if (
      (code !== SPACE && code !== TAB && code !== LINE_END) ||
      wholeDigits === 0 ||
      (wholeDigits > 1 && bytes[wholeStart] === ZERO) ||
      decimals > MAX_DECIMALS ||
      wholeDigits + decimals > MAX_DIGITS
    ) {
      return false;
    }
    this.readAt = i;
    this.writeAt = at;
    return true;
  }

  /** A row read the careful way (its values in base units), written as the typed path writes it. */
  device(name: string, isGroup: boolean, values: readonly (number | null)[]): void {
    const rows = this.rows;
    if (rows.size > 0) rows.byte(COMMA);
    rows.put(DEVICE_START_TEXT);
    rows.string(name);
    rows.put(isGroup ? GROUP_VALUES_TEXT : DEVICE_VALUES_TEXT);
    rows.numbers(values);
    rows.byte(CLOSE_BRACKET);
    rows.byte(CLOSE_BRACE);
  }

  /**
   * The rows written so far as typed devices, and starts again empty: for a report whose later
   * table merges its rows by device (`--pretty -x`), which the machine then reads typed. Each
   * value's text reads back as the double it was written from (it is that double's shortest text).
   */
  takeDevices(): IostatDevice[] {
    return JSON.parse(`[${this.rows.take()}]`) as IostatDevice[];
  }

  /** Ends the report's rows: they become sealed() until the next seal. */
  seal(): void {
    const rows = this.rows;
    this.rows = this.sealedRows;
    this.sealedRows = rows;
    this.rows.clear();
  }

  /** Drops the rows of a report left out (cut by ^C or the end of the input). */
  discard(): void {
    this.rows.clear();
  }

  /** The rows of the report last sealed: a view valid until the next seal. */
  sealed(): Uint8Array {
    return this.sealedRows.written();
  }
}

const SPACE = 32;
const TAB = 9;
const LINE_END = 10;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const CLOSE_BRACKET = 93;
const CLOSE_BRACE = 125;
/**
 * At most this many decimals: a non-zero value is then at least 10^-6, which JavaScript prints
 * without an exponent.
 */
const MAX_DECIMALS = 6;
/** At most this many digits, and products below MAX_EXACT: no two such decimals are the same double. */
const MAX_DIGITS = 15;
const MAX_EXACT = 1e15;
const INT32_MAX = 0x7fffffff;

const DEVICE_START_TEXT = jsonBytes('{"device":');
const DEVICE_START = jsonBytes('{"device":"');
const DEVICE_VALUES = jsonBytes('","isGroup":false,"values":[');
const GROUP_VALUES = jsonBytes('","isGroup":true,"values":[');
const DEVICE_VALUES_TEXT = jsonBytes(',"isGroup":false,"values":[');
const GROUP_VALUES_TEXT = jsonBytes(',"isGroup":true,"values":[');

function copy(from: Uint8Array, to: Uint8Array, at: number): number {
  let write = at;
  for (let k = 0; k < from.length; k++) to[write++] = from[k] as number;
  return write;
}
