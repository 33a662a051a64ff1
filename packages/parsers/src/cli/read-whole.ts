import { stat } from 'node:fs/promises';
import { type ReadFileOptions, readTextChunks } from '../node/read-file.ts';
import { EXIT_INPUT_ERROR } from './cli-io.ts';
import { InputFailure } from './failure.ts';

/**
 * The most `parse` (without `--ndjson`) and `fingerprint` read of one input, in bytes (a pipe's:
 * in characters): 256 MiB. They hold the text and its whole result at once; far below V8's
 * largest string (2^29 characters), a larger text's result would outgrow the heap, and that
 * failure cannot be caught. `parse --ndjson` streams a log of any size.
 */
export const MAX_WHOLE_INPUT_BYTES = 256 * 1024 * 1024;

/** Reads a file (or standard input for "-") whole as text, up to MAX_WHOLE_INPUT_BYTES. */
export async function readWholeText(file: string, options: ReadFileOptions = {}): Promise<string> {
  if (file !== '-') {
    const stats = await stat(file);
    if (stats.isFile() && stats.size > MAX_WHOLE_INPUT_BYTES)
      throw tooLarge(file, `its ${stats.size.toLocaleString('en-US')} bytes are`);
  }
  const parts: string[] = [];
  let length = 0;
  for await (const chunk of readTextChunks(file, options)) {
    length += chunk.length;
    // A pipe or a device says no size: it is counted as it comes (`/dev/zero` never ends).
    if (length > MAX_WHOLE_INPUT_BYTES) throw tooLarge(file, 'the input is');
    parts.push(chunk);
  }
  return parts.join('');
}

function tooLarge(file: string, what: string): InputFailure {
  return new InputFailure(
    file,
    `${what} over the limit of an input read whole, 256 MiB (268,435,456 bytes); benchfolio parse --ndjson reads a log of any size`,
    EXIT_INPUT_ERROR,
  );
}
