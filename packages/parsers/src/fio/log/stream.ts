import { ParseError } from '../../errors.ts';
import type { TextBatch } from '../../lines.ts';
import { _withLazyMeasurements, type ParseWarning, type ToolOutput } from '../../parser.ts';
import { fioLogMeasurements } from './measurements.ts';
import { _cutLineWarning, _ONLY_CUT, FIO_LOG, warningsOf } from './parse.ts';
import { type FioLogFormat, type FioLogOptions, FioLogReader } from './reader.ts';
import { LogLineError } from './scan.ts';
import type { FioLogResult } from './schema.ts';

type FioLogOutput = ToolOutput<'fio-log', FioLogResult>;

/**
 * Rows of a sample log per streamed piece at most. A column of more than about 16,000 numbers
 * is an array V8 allocates outside its young generation (over 128 KB), where only a full
 * collection frees it: a 1 MiB chunk of a per-I/O log is 30,000 lines, and its pieces' arrays
 * then piled up to a hundred MB before each collection, and took four times as long to fill.
 */
export const MAX_PIECE_ROWS = 8192;

/**
 * The streaming parse (`parseStream`, `benchfolio parse --ndjson`): one output per batch of
 * lines read (a chunk's worth of rows, columnar; a sample log's batch of more than
 * MAX_PIECE_ROWS rows in several outputs), then a last output with no rows and the summary of
 * the whole log. Memory holds one batch's rows and the summary's histograms (fio's 1856 bins
 * per direction), never the values of earlier batches.
 */
export function streamFioLogOutputs(
  batches: AsyncIterable<TextBatch>,
  format: FioLogFormat,
  name: string | undefined,
  options: FioLogOptions = {},
): AsyncGenerator<FioLogOutput> {
  // The pieces' generator itself, not a loop over it: a generator around it held each piece
  // while the next one's arrays were made, and the stream of a 250 MB log peaked 50 MB higher.
  return streamFioLogPieces(batches, format, name, options, false, (result, warnings) =>
    output(result, format, warnings),
  );
}

/**
 * The pieces of streamFioLogOutputs, each made by `make` from its result and warnings.
 * `asViews`: a sample log's rows are views of the reader's buffers (RowBuffer.take), valid until
 * the next piece is asked for, for a caller that writes each piece at once (`--ndjson`, ndjson.ts).
 */
export async function* streamFioLogPieces<T>(
  batches: AsyncIterable<TextBatch>,
  format: FioLogFormat,
  name: string | undefined,
  options: FioLogOptions,
  asViews: boolean,
  make: (result: FioLogResult, warnings: ParseWarning[]) => T,
): AsyncGenerator<T> {
  const reader = new FioLogReader(format, name, options);
  let isFirst = true;
  for await (const batch of batches) {
    const text = batch.text;
    const linesBefore = reader.lineCount;
    try {
      reader.read(text, batch.isUnterminated === true);
    } catch (error) {
      if (!(error instanceof LogLineError)) throw error;
      throw lineError(error, text, linesBefore, format, name);
    }
    if (!reader.hasRows) continue;
    // One piece per batch, cut into pieces of at most MAX_PIECE_ROWS rows.
    do {
      const result = reader.take(false, MAX_PIECE_ROWS, asViews);
      yield make(result, isFirst ? warningsOf(result, options) : []);
      isFirst = false;
    } while (reader.pendingRows > 0);
  }
  const cut = reader.cutLine;
  if (!reader.hasRows && cut !== null) {
    throw new ParseError({
      code: 'TRUNCATED',
      message: _ONLY_CUT,
      tool: FIO_LOG,
      format,
      line: cut,
      column: 1,
      lineText: reader.cutLineText,
      file: name,
    });
  }
  if (!reader.hasRows) {
    throw new ParseError({
      code: 'EMPTY_INPUT',
      message: 'the input is empty',
      tool: FIO_LOG,
      format,
      line: 1,
      column: 1,
      lineText: '',
      file: name,
    });
  }
  // The summary's piece says where the log was cut, as parse's result does.
  yield make(reader.take(true, undefined, asViews), cut === null ? [] : [_cutLineWarning(cut)]);
}

function output(result: FioLogResult, format: FioLogFormat, warnings: FioLogOutput['warnings']): FioLogOutput {
  return _withLazyMeasurements({ tool: FIO_LOG, format, toolVersion: null, result, warnings }, () =>
    fioLogMeasurements(result),
  );
}

function lineCount(text: string): number {
  let count = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

function lineError(
  error: LogLineError,
  text: string,
  linesBefore: number,
  format: string,
  name: string | undefined,
): ParseError {
  const lineStart = error.offset === 0 ? 0 : text.lastIndexOf('\n', error.offset - 1) + 1;
  const lineEnd = text.indexOf('\n', error.offset);
  return new ParseError({
    code: error.code,
    message: error.message,
    tool: FIO_LOG,
    format,
    line: linesBefore + lineCount(text.slice(0, lineStart)),
    column: error.offset - lineStart + 1,
    lineText: text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd),
    file: name,
  });
}
