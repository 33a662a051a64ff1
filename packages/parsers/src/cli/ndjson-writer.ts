import type { ToolOutput } from '../parser.ts';
import type { CliIO } from './cli-io.ts';

/**
 * The `--ndjson` lines of one output: its typed piece `{ file, tool, format, toolVersion,
 * result, warnings }` (the measurements repeat every value of the result, so they are left out),
 * or with `--tidy` one line per measurement.
 */
export function ndjsonText(output: ToolOutput, file: string, tidy: boolean): string {
  if (tidy) return output.measurements.map((measurement) => `${JSON.stringify(measurement)}\n`).join('');
  const { tool, format, toolVersion, result, warnings } = output;
  return `${JSON.stringify({ file, tool, format, toolVersion, result, warnings })}\n`;
}

/** Text gathered up to this size is written at once: one write per batch of pieces, not per piece. */
const WRITE_BATCH_CHARS = 256 * 1024;

/**
 * Gathers the lines of many small pieces (a report of a few KB each) into one write, and waits
 * while a slow reader (a pipe) catches up: otherwise the output of a long log piles up in memory.
 * Pieces come as strings or as UTF-8 bytes (copied at once: a hook's bytes may be a view of a
 * buffer it reuses, unless a piece fills a batch by itself and the output writes synchronously);
 * each kind is gathered on its own, in order.
 */
export class BatchedWriter {
  private pending = '';
  private bytes: Uint8Array | null = null;
  private byteCount = 0;
  /** The last buffer written, when the stream said it holds nothing more: used again. */
  private spare: Uint8Array | null = null;
  private readonly stdout: CliIO['stdout'];

  constructor(stdout: CliIO['stdout']) {
    this.stdout = stdout;
  }

  /** Gathers a piece; returns a promise only when it wrote, to be awaited before the next piece. */
  write(piece: string | Uint8Array): Promise<void> | undefined {
    if (typeof piece === 'string') {
      if (this.byteCount > 0) return this.flush().then(() => this.write(piece));
      this.pending += piece;
      return this.pending.length >= WRITE_BATCH_CHARS ? this.flush() : undefined;
    }
    if (this.pending !== '') return this.flush().then(() => this.write(piece));
    if (this.byteCount === 0 && piece.length >= WRITE_BATCH_CHARS && this.stdout.isWriteSynchronous === true) {
      // A batch of its own, written before the maker reuses its buffer: no copy (about 300 MB of
      // copying on a 200 MB iostat log).
      this.stdout.write(piece);
      return undefined;
    }
    if (this.bytes !== null && this.byteCount + piece.length > this.bytes.length) {
      // The piece may be a view of a buffer its maker reuses: copied before waiting.
      const copy = piece.slice();
      return this.flush().then(() => this.write(copy));
    }
    // The stream may hold a written buffer until it is written out: a new one then (not zeroed:
    // every byte written out is copied in before), else the last one again.
    if (this.bytes === null) {
      const size = Math.max(WRITE_BATCH_CHARS, piece.length);
      this.bytes = this.spare !== null && this.spare.length >= size ? this.spare : Buffer.allocUnsafe(size);
      this.spare = null;
    }
    this.bytes.set(piece, this.byteCount);
    this.byteCount += piece.length;
    return this.byteCount >= WRITE_BATCH_CHARS ? this.flush() : undefined;
  }

  async flush(): Promise<void> {
    let data: string | Uint8Array;
    let buffer: Uint8Array | null = null;
    if (this.pending !== '') {
      data = this.pending;
      this.pending = '';
    } else if (this.bytes !== null && this.byteCount > 0) {
      buffer = this.bytes;
      data = buffer.subarray(0, this.byteCount);
      this.bytes = null;
      this.byteCount = 0;
    } else {
      return;
    }
    const isQueued = this.stdout.write(data) === false;
    if (buffer !== null && this.stdout.writableLength === 0) this.spare = buffer;
    if (isQueued && this.stdout.once !== undefined) {
      await new Promise<void>((resolve) => this.stdout.once?.('drain', () => resolve()));
    }
  }
}
