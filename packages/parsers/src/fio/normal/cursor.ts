import { _errorAt, type ParseError, type ParseErrorCode } from '../../errors.ts';
import type { TextSource } from '../../text.ts';

/**
 * A cursor over one line of fio's normal output: the text is never sliced, numbers are read
 * digit by digit, and every failure points at the character where it happened.
 *
 * Numbers keep their printed digits as an integer mantissa and a power-of-ten scale, so that
 * a value is converted to base units with one multiplication and one division of exact
 * integers (`645.32` usec is 64532 × 1000 / 100 = 645320 ns exactly, where
 * `645.32 * 1000` would give 645320.0000000001).
 */
export class _LineCursor {
  readonly source: TextSource;
  readonly text: string;
  /** Current offset into `text`. */
  pos = 0;
  /** Offset of the end of the current line (the `\n`, or the end of the segment). */
  end = 0;
  /** The digits of the last number read, as an integer (`645.32` → 64532). */
  mantissa = 0;
  /** 10 to the number of decimals of the last number read (`645.32` → 100). */
  scale = 1;

  constructor(source: TextSource) {
    this.source = source;
    this.text = source.text;
  }

  /** Moves to the line [start, end). */
  setLine(start: number, end: number): void {
    this.pos = start;
    this.end = end;
  }

  atEnd(): boolean {
    return this.pos >= this.end;
  }

  /** The char code at the cursor, or -1 at the end of the line. */
  peek(): number {
    return this.pos < this.end ? this.text.charCodeAt(this.pos) : -1;
  }

  skipSpaces(): void {
    const { text, end } = this;
    let pos = this.pos;
    while (pos < end) {
      const code = text.charCodeAt(pos);
      if (code !== 32 && code !== 9) break;
      pos++;
    }
    this.pos = pos;
  }

  /** True (and moves past it) when `literal` is at the cursor. */
  accept(literal: string): boolean {
    if (this.pos + literal.length <= this.end && this.text.startsWith(literal, this.pos)) {
      this.pos += literal.length;
      return true;
    }
    return false;
  }

  /** Like accept, but a ParseError when the literal is not there. */
  expect(literal: string, what?: string): void {
    // The message is built only on failure: this runs for every key of every line.
    if (!this.accept(literal)) throw this.error('UNEXPECTED_LINE', `expected ${what ?? JSON.stringify(literal)}`);
  }

  /** Skips spaces, then the literal (`min=`, `,`), then spaces. */
  expectKey(literal: string): void {
    this.skipSpaces();
    this.expect(literal);
    this.skipSpaces();
  }

  /** Skips spaces, then the literal if it is there; true when it was. */
  acceptKey(literal: string): boolean {
    this.skipSpaces();
    if (!this.accept(literal)) return false;
    this.skipSpaces();
    return true;
  }

  /**
   * Offset of `literal` between the cursor and the end of the line, or -1. Bounded to the
   * line, so that a key missing on every line never scans the rest of the input.
   */
  find(literal: string): number {
    const { text } = this;
    const first = literal.charCodeAt(0);
    const last = this.end - literal.length;
    for (let i = this.pos; i <= last; i++) {
      if (text.charCodeAt(i) === first && text.startsWith(literal, i)) return i;
    }
    return -1;
  }

  /**
   * Reads an unsigned decimal number ("7118", "645.32", ".5") into mantissa and scale and
   * returns its value. Leading spaces are skipped (fio pads with `%5`). A ParseError when
   * there is no digit.
   */
  number(): number {
    this.skipSpaces();
    const { text, end } = this;
    let pos = this.pos;
    let mantissa = 0;
    let scale = 1;
    let digits = 0;
    while (pos < end) {
      const code = text.charCodeAt(pos);
      if (code < 48 || code > 57) break;
      mantissa = mantissa * 10 + (code - 48);
      digits++;
      pos++;
    }
    if (pos < end && text.charCodeAt(pos) === 46) {
      pos++;
      while (pos < end) {
        const code = text.charCodeAt(pos);
        if (code < 48 || code > 57) break;
        mantissa = mantissa * 10 + (code - 48);
        scale *= 10;
        digits++;
        pos++;
      }
    }
    if (digits === 0) throw this.error('BAD_NUMBER', 'expected a number');
    if (!Number.isFinite(mantissa)) throw this.error('BAD_NUMBER', 'a number too large to be one fio printed');
    if (pos < end) this.checkAfterNumber(pos);
    this.pos = pos;
    this.mantissa = mantissa;
    this.scale = scale;
    return mantissa / scale;
  }

  /**
   * What may follow a number's digits: a separator, or a unit or multiplier (`36.9k`, `433MiB`,
   * `1000msec`), which the caller reads (an unknown one is its UNKNOWN_UNIT). fio prints no
   * exponent (`8293.31e3`) and no second decimal point: BAD_NUMBER at the first such character,
   * never a number read up to it.
   */
  private checkAfterNumber(pos: number): void {
    const { text } = this;
    const code = text.charCodeAt(pos);
    const next = pos + 1 < this.end ? text.charCodeAt(pos + 1) : -1;
    const isExponent =
      (code === 101 || code === 69) /* e E */ && ((next >= 48 && next <= 57) || next === 43 || next === 45);
    if (code === 46 /* . */ || isExponent) {
      throw this.error('BAD_NUMBER', `unexpected "${text[pos]}" after a number`, pos);
    }
  }

  /**
   * A number that takes no unit (`avg=645.32`, `samples=100`, `minf=134`): any letter right
   * after it is junk (BAD_NUMBER), also at the end of its line, where no key follows to fail.
   */
  plain(): number {
    const value = this.number();
    if (isLetter(this.peek())) throw this.error('BAD_NUMBER', `unexpected "${this.text[this.pos]}" after a number`);
    return value;
  }

  /** `plain`, for a whole number. */
  plainInteger(): number {
    const value = this.integer();
    if (isLetter(this.peek())) throw this.error('BAD_NUMBER', `unexpected "${this.text[this.pos]}" after a number`);
    return value;
  }

  /** A whole number; no sign (fio prints none: `-5` is BAD_NUMBER at its `-`). */
  integer(): number {
    const start = this.pos;
    const value = this.number();
    if (this.scale !== 1) {
      this.pos = start;
      this.skipSpaces();
      throw this.error('BAD_NUMBER', 'expected a whole number');
    }
    return value;
  }

  /** The last number read times `factor`, computed from its exact digits. */
  scaled(factor: number): number {
    return (this.mantissa * factor) / this.scale;
  }

  /**
   * The letters (and `/` unless told otherwise) right at the cursor: a unit or multiplier such as "KB/s", "MiB",
   * "k", "msec". Returns them as a string (short, and only on value lines that have a unit).
   */
  word(allowSlash = true): string {
    const start = this.pos;
    this.pos = this.wordEnd(allowSlash);
    return this.text.slice(start, this.pos);
  }

  /** Where the word at the cursor (see `word`) ends; the cursor does not move. */
  wordEnd(allowSlash = true): number {
    const { text, end } = this;
    let pos = this.pos;
    while (pos < end) {
      const code = text.charCodeAt(pos);
      // A-Z, a-z, and '/' in a rate ("KB/s")
      if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122) || (code === 47 && allowSlash)) pos++;
      else break;
    }
    return pos;
  }

  /** Text from the cursor up to (not including) `stop` or the end of the line. */
  until(stop: number): string {
    const { text, end } = this;
    const start = this.pos;
    let pos = start;
    while (pos < end && text.charCodeAt(pos) !== stop) pos++;
    this.pos = pos;
    return text.slice(start, pos);
  }

  /** A ParseError at the cursor (or at `offset`). */
  error(code: ParseErrorCode, message: string, offset: number = this.pos): ParseError {
    return _errorAt(this.source, Math.min(offset, this.end), { code, tool: 'fio', format: 'normal', message });
  }
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}
