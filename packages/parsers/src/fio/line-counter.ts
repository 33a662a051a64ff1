/**
 * 1-based line numbers of offsets asked in increasing order, counting line ends from the last
 * offset asked: one pass over the text in all. (TextSource.locate would first index every line
 * start of the input, which for a 100 MB json+ file costs more than finding its documents.)
 * The normalized text has as many lines as the original, so the numbers are the original's.
 */
export class _LineCounter {
  readonly #text: string;
  #offset = 0;
  #line = 1;

  constructor(text: string) {
    this.#text = text;
  }

  lineAt(offset: number): number {
    if (offset < this.#offset) {
      this.#offset = 0;
      this.#line = 1;
    }
    const text = this.#text;
    for (let i = text.indexOf('\n', this.#offset); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) this.#line++;
    this.#offset = offset;
    return this.#line;
  }
}
