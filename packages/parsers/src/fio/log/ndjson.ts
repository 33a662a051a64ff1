import { JsonBytesWriter } from '../../json-bytes.ts';
import type { TextBatch } from '../../lines.ts';
import type { ToolOutput } from '../../parser.ts';
import { FIO_LOG } from './parse.ts';
import type { FioLogFormat } from './reader.ts';
import type { FioLogResult } from './schema.ts';
import { streamFioLogPieces } from './stream.ts';

/**
 * The `--ndjson` text of one streamed fio log output: exactly what `JSON.stringify` gives for
 * `{ file, tool, format, toolVersion, result, warnings }` (or, with `tidy`, for each
 * measurement), one line each, as UTF-8 bytes: a view of the writer's buffer, valid until the
 * next call (the CLI copies them into its output buffer at once). A streamed per-I/O log is
 * tens of millions of rows of six integers in columnar arrays, which the writer (json-bytes.ts)
 * writes digit by digit, a column in one loop; a test compares the text with JSON.stringify's
 * on every fixture log.
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

/**
 * The `benchfolio parse --ndjson` bytes of a whole streamed log (ToolParser.ndjsonStream): the
 * same lines as fioLogNdjson of each output of streamFioLogOutputs, but each piece's rows are
 * written from the reader's column buffers (RowBuffer.take's views), so that no piece makes the
 * arrays of its rows (six arrays of 8192 numbers, the stream's garbage). The piece's other
 * fields are the typed result's own, walked as JSON.stringify walks them. The bytes are handed
 * on once there are HAND_ON_BYTES of them; an error comes after the bytes of the pieces before it.
 */
export async function* fioLogNdjsonStream(
  batches: AsyncIterable<TextBatch>,
  format: FioLogFormat,
  file: string,
): AsyncGenerator<Uint8Array> {
  const out = new JsonBytesWriter();
  try {
    for await (const { result, warnings } of streamFioLogPieces(
      batches,
      format,
      file,
      {},
      true,
      (result, warnings) => ({ result, warnings }),
    )) {
      out.value({ file, tool: FIO_LOG, format, toolVersion: null, result, warnings });
      out.byte(LINE_END);
      if (out.size >= HAND_ON_BYTES) yield out.takeBytes();
    }
  } catch (error) {
    // The pieces read before an error are written, as the typed path writes them before it throws.
    if (out.size > 0) yield out.takeBytes();
    throw error;
  }
  if (out.size > 0) yield out.takeBytes();
}

const LINE_END = 10;
/** Output gathered up to this size is handed on: about one write per 256 KB. */
const HAND_ON_BYTES = 256 * 1024;

/** One writer for every output of fioLogNdjson: its buffer grows to the largest piece and is reused. */
const writer = new JsonBytesWriter();
