import { _findLongLine, _lineTooLong, MAX_LINE_CHARS } from './line-limit.ts';

/**
 * Splits a stream of text chunks into whole lines without holding more than one chunk (and the
 * line cut at its end) in memory, one or two batches per chunk read, as the text they make rather
 * than an array of line strings: see TextBatch. Line ends are `\n`, `\r\n` or a bare `\r`, also
 * when a `\r\n` pair is cut between two chunks; a BOM at the very start is dropped. A consumer of
 * a long log then awaits once per chunk, not once per line (a promise per line costs more than
 * reading most lines does).
 */
export async function* readTextBatches(
  chunks: AsyncIterable<string> | ReadableStream<string>,
  options: { name?: string | undefined } = {},
): AsyncGenerator<TextBatch> {
  const splitter = new TextSplitter(options.name);
  for await (const chunk of iterate(chunks)) yield* splitter.push(chunk);
  const last = splitter.end();
  if (last !== undefined) yield last;
}

/**
 * One or more whole lines as one string: their line ends made `\n`, the last line's end left
 * out (so `text.split('\n')` gives the lines, and `text` is never a batch of no lines). A parser
 * that reads by offset (or from the text's bytes) finds the line ends itself
 * (`text.indexOf('\n', from)` is a native scan) and makes no string per line.
 */
export interface TextBatch {
  readonly text: string;
  /**
   * True on the last batch when the input ended inside its last line (no line end after it):
   * a tool that ends every line it writes (fio's logs) was cut there.
   */
  readonly isUnterminated?: boolean;
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
  /** Line ends read so far: the number of the line begun, less one (for LINE_TOO_LONG). */
  private lineEnds = 0;
  private readonly name: string | undefined;

  /** `name`: the file name LINE_TOO_LONG names. */
  constructor(name?: string) {
    this.name = name;
  }

  /** Throws LINE_TOO_LONG (line-limit.ts) when a line the chunk begins, holds or ends is too long. */
  push(chunk: string): TextBatch[] {
    if (chunk === '') return [];
    const text = this.normalizer.push(chunk);
    const firstEnd = text.indexOf('\n');
    if (firstEnd === -1) {
      this.pending += text;
      this.checkPending();
      return [];
    }
    const lastEnd = text.lastIndexOf('\n');
    const first = this.pending + text.slice(0, firstEnd);
    if (first.length > MAX_LINE_CHARS) throw _lineTooLong(this.lineEnds + 1, first, this.name);
    const batches: TextBatch[] = [{ text: first }];
    this.lineEnds++;
    if (lastEnd > firstEnd) {
      const whole = text.slice(firstEnd + 1, lastEnd);
      const long = _findLongLine(whole);
      if (long !== -1) {
        const line = whole.slice(long, long + MAX_LINE_CHARS + 1);
        throw _lineTooLong(this.lineEnds + 1 + countLineEnds(whole, long), line, this.name);
      }
      batches.push({ text: whole });
      this.lineEnds += 1 + countLineEnds(whole, whole.length);
    }
    // The text after the last line end starts a line the next chunk ends. Copied, not sliced: a
    // slice would keep the whole chunk alive until the next one is read, and a chunk still alive at
    // a young collection is moved to the old generation, which only a full collection frees (a
    // streamed 1 GB fio log peaked at 181-185 MB so, 184-204 MB with the slice).
    this.pending = ` ${text.slice(lastEnd + 1)}`.slice(1);
    this.checkPending();
    return batches;
  }

  /** A line not ended yet is refused as soon as it is too long: `/dev/zero` never ends one. */
  private checkPending(): void {
    if (this.pending.length > MAX_LINE_CHARS) throw _lineTooLong(this.lineEnds + 1, this.pending, this.name);
  }

  /** The text after the last line end, as a last line; none when the input ended with a line end. */
  end(): TextBatch | undefined {
    const last = this.pending;
    this.pending = '';
    return last === '' ? undefined : { text: last, isUnterminated: true };
  }
}

/**
 * The number of line ends in `text` before `end`. Counted for every chunk, so that LINE_TOO_LONG
 * names its line: a native search per line end, 20-35 ms of CPU for a 200 MB iostat log, about
 * 2% of `benchfolio parse --ndjson` on it (1.3 s).
 */
function countLineEnds(text: string, end: number): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** The lines of a stream of text chunks, one at a time, without their line ends; see readTextBatches. */
export async function* readLines(chunks: AsyncIterable<string> | ReadableStream<string>): AsyncGenerator<string> {
  for await (const batch of readTextBatches(chunks)) yield* batch.text.split('\n');
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
