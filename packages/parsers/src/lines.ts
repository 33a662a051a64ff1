/**
 * Splits a stream of text chunks into lines without holding more than one chunk (and the line
 * cut at its end) in memory. Line ends are `\n`, `\r\n` or a bare `\r`, also when a `\r\n` pair
 * is cut between two chunks; a BOM at the very start is dropped. Lines come without their line
 * end, as one array per chunk: a consumer of a long log then awaits once per chunk, not once per
 * line (a promise per line costs more than reading most lines does).
 */
export async function* readLineBatches(
  chunks: AsyncIterable<string> | ReadableStream<string>,
): AsyncGenerator<string[]> {
  const splitter = new LineSplitter();
  for await (const chunk of iterate(chunks)) {
    const lines = splitter.push(chunk);
    if (lines.length > 0) yield lines;
  }
  const last = splitter.end();
  if (last.length > 0) yield last;
}

/**
 * Whole lines of a stream of text chunks, one batch per chunk read, as the text they make rather
 * than an array of line strings: see TextBatch. Line ends and a first BOM as readLineBatches.
 */
export async function* readTextBatches(
  chunks: AsyncIterable<string> | ReadableStream<string>,
): AsyncGenerator<TextBatch> {
  const splitter = new TextSplitter();
  for await (const chunk of iterate(chunks)) yield* splitter.push(chunk);
  const last = splitter.end();
  if (last !== undefined) yield last;
}

/**
 * One or more whole lines as one string: their line ends made `\n`, the last line's end left
 * out (so `text.split('\n')` gives the lines, as readLineBatches would, and `text` is never a
 * batch of no lines). A parser that reads by offset (or from the text's bytes) finds the line
 * ends itself (`text.indexOf('\n', from)` is a native scan) and makes no string per line;
 * `linesOf(batch)` gives the line strings to one that wants them.
 */
export interface TextBatch {
  readonly text: string;
}

/** The lines of a text batch, as readLineBatches gives them (with `text` attached). */
export function linesOf(batch: TextBatch): string[] {
  return withText(batch.text.split('\n'), batch.text);
}

/**
 * The synchronous core of readTextBatches: push chunks, get the whole lines they complete. A
 * chunk gives up to two batches: the line begun in the chunks before, which it ends, then the
 * lines it holds whole, a slice of the chunk. Joining the chunk to the line begun before would
 * copy the whole chunk (a string made of two is copied into one when first searched).
 */
export class TextSplitter {
  private pending = '';
  private readonly normalizer = new LineEndNormalizer();

  push(chunk: string): TextBatch[] {
    if (chunk === '') return [];
    const text = this.normalizer.push(chunk);
    const firstEnd = text.indexOf('\n');
    if (firstEnd === -1) {
      this.pending += text;
      return [];
    }
    const lastEnd = text.lastIndexOf('\n');
    const batches: TextBatch[] = [{ text: this.pending + text.slice(0, firstEnd) }];
    if (lastEnd > firstEnd) batches.push({ text: text.slice(firstEnd + 1, lastEnd) });
    // The text after the last line end starts a line the next chunk ends.
    this.pending = text.slice(lastEnd + 1);
    return batches;
  }

  /** The text after the last line end, as a last line; none when the input ended with a line end. */
  end(): TextBatch | undefined {
    const last = this.pending;
    this.pending = '';
    return last === '' ? undefined : { text: last };
  }
}

/** The lines of a stream of text chunks, one at a time; see readLineBatches. */
export async function* readLines(chunks: AsyncIterable<string> | ReadableStream<string>): AsyncGenerator<string> {
  for await (const lines of readLineBatches(chunks)) yield* lines;
}

/**
 * A batch of lines, and (as `text`, not enumerable) the text they were cut from, line ends made
 * `\n`: `lines.join('\n')` is where it starts. A parser may scan that one flat string (or its
 * bytes) by offset instead of each line: every line is a slice of it, and reading a character of
 * a slice costs more than reading one of a flat string.
 */
export type LineBatch = string[] & { readonly text?: string };

/** The text a batch of lines was cut from (see LineBatch), when the batch says. */
export function batchText(lines: readonly string[]): string | undefined {
  return (lines as LineBatch).text;
}

/** The synchronous core of readLineBatches: push chunks, get the lines they complete. */
export class LineSplitter {
  private pending = '';
  private readonly normalizer = new LineEndNormalizer();

  push(chunk: string): string[] {
    // An empty chunk changes nothing, not even a pending CR.
    if (chunk === '') return [];
    const text = this.normalizer.push(chunk);
    // The native split is several times faster than a scan by character code; the last piece is
    // the start of a line the next chunk ends.
    const joined = this.pending + text;
    const lines = joined.split('\n');
    this.pending = lines.pop() as string;
    return withText(lines, joined);
  }

  /** The text after the last line end, as a last line; none when the input ended with a line end. */
  end(): string[] {
    const last = this.pending;
    this.pending = '';
    return last === '' ? [] : withText([last], last);
  }
}

/**
 * A chunk's line ends made `\n` (also a `\r\n` cut between two chunks), and the BOM at the very
 * start dropped. Push only non-empty chunks: an empty one changes nothing, not even a pending CR.
 */
class LineEndNormalizer {
  private isFirstChunk = true;
  // A chunk that ended with '\r' may be half of a '\r\n': the '\n' of the next chunk is then
  // not a line of its own.
  private lastWasCr = false;

  push(chunk: string): string {
    let text = chunk;
    if (this.isFirstChunk) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.isFirstChunk = false;
    }
    if (this.lastWasCr && text.charCodeAt(0) === 10) text = text.slice(1);
    this.lastWasCr = false;
    if (text.includes('\r')) {
      this.lastWasCr = text.charCodeAt(text.length - 1) === 13;
      text = text.replace(/\r\n?/g, '\n');
    }
    return text;
  }
}

function withText(lines: string[], text: string): LineBatch {
  return Object.defineProperty(lines, 'text', { value: text, enumerable: false });
}

async function* iterate<T>(source: AsyncIterable<T> | ReadableStream<T>): AsyncGenerator<T> {
  if (Symbol.asyncIterator in source) {
    yield* source as AsyncIterable<T>;
    return;
  }
  // Not every browser makes a ReadableStream async-iterable yet.
  const reader = (source as ReadableStream<T>).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
