import type { TextBatch } from '../lines.ts';
import { splitSegments } from './split.ts';

/**
 * Cuts a stream of text batches into pieces of whole segments (split.ts), so that each piece is
 * read as parse reads its part of the whole text: a piece ends where the next JSON document or
 * block of normal text starts, never inside one, and text pasted after a document stays with it
 * (the TEXT_AFTER_JSON warnings see it as parse does). A `--status-interval` log then goes a few
 * reports at a time, and memory holds the text of one batch and of the report being read.
 *
 * The text of the pieces together is the text parse reads: the batches joined by `\n`, with a
 * last `\n` when the input ended with a line end. Terse lines are one segment however many
 * reports they hold: a terse log is cut only where another format starts.
 */
export class PieceCutter {
  private buffer = '';
  private hasText = false;
  /** The buffer's length at which to look for a cut again (see push). */
  private nextTry: number;
  private readonly minTryChars: number;

  /** `minTryChars`: see MIN_TRY_CHARS (a test cuts at every batch with 1). */
  constructor(minTryChars = MIN_TRY_CHARS) {
    this.minTryChars = minTryChars;
    this.nextTry = minTryChars;
  }

  /** The pieces the batch completes (none, most often: a cut is looked for once the buffer has grown). */
  push(batch: TextBatch): string[] {
    this.buffer = this.hasText ? `${this.buffer}\n${batch.text}` : batch.text;
    this.hasText = true;
    const length = this.buffer.length;
    if (length < this.nextTry && !(length >= this.minTryChars && mayOpenSegment(batch.text))) return [];
    const cut = lastCut(this.buffer);
    // Looked for again once the buffer has doubled, or grown by MIN_TRY_CHARS past the part kept,
    // or a batch may open a report: a block with no cut in it (a long terse log) is not searched
    // again at every batch.
    if (cut <= 0) {
      this.nextTry = Math.max(this.buffer.length * 2, this.minTryChars);
      return [];
    }
    const piece = this.buffer.slice(0, cut);
    // Copied, not sliced: a slice would keep the whole buffer alive (lines.ts TextSplitter).
    this.buffer = ` ${this.buffer.slice(cut)}`.slice(1);
    this.nextTry = this.buffer.length + this.minTryChars;
    return [piece];
  }

  /**
   * The rest of the text, with the input's last line end: none when the input ended inside its
   * last line (`isUnterminated`, TextBatch), or had no text.
   */
  end(isUnterminated: boolean): string {
    const rest = this.buffer;
    this.buffer = '';
    return this.hasText && !isUnterminated ? `${rest}\n` : rest;
  }
}

/**
 * Whether the text may hold the first line of a JSON document or of a job's results (`name:
 * (groupid=0, jobs=1): err= 0: pid=...`, the line that opens a normal report): the buffer is then
 * searched for a cut at once, else only once it has doubled.
 */
function mayOpenSegment(text: string): boolean {
  return text.charCodeAt(0) === 123 /* { */ || text.includes('\n{') || text.includes(': (groupid=');
}

/** A buffer shorter than this is not searched for a cut: a piece holds a few reports at least. */
const MIN_TRY_CHARS = 64 * 1024;

/**
 * Where the line of the last segment of `text` starts when it is a JSON document or a block of normal text
 * and a segment other than an error line comes before it: the text before it is a piece. -1 when
 * there is no such place. The last segment may be cut short by the buffer's end, so it stays.
 */
function lastCut(text: string): number {
  const segments = splitSegments({ text });
  const last = segments[segments.length - 1];
  if (last === undefined || (last.kind !== 'json' && last.kind !== 'normal')) return -1;
  const before = segments.slice(0, -1);
  if (!before.some((segment) => segment.kind !== 'error')) return -1;
  // At the start of its line: a document may open after blanks or a tag (`<pre>{`), but not
  // after the end of another piece on the same line.
  const lineStart = text.lastIndexOf('\n', last.start - 1) + 1;
  return before.every((segment) => segment.end <= lineStart) ? lineStart : -1;
}
