import { ParseError } from '../../errors.ts';
import type { TextBatch } from '../../lines.ts';
import { _withLazyMeasurements, type ToolOutput } from '../../parser.ts';
import { fioLogMeasurements } from './measurements.ts';
import { FIO_LOG, warningsOf } from './parse.ts';
import { type FioLogFormat, type FioLogOptions, FioLogReader } from './reader.ts';
import { LogLineError } from './scan.ts';
import type { FioLogResult } from './schema.ts';

type FioLogOutput = ToolOutput<'fio-log', FioLogResult>;

/**
 * The streaming parse (`parseStream`, `benchfolio parse --ndjson`): one output per batch of
 * lines read (a chunk's worth of rows, columnar), then a last output with no rows and the
 * summary of the whole log. Memory holds one batch's rows and the summary's histograms.
 */
export async function* streamFioLogOutputs(
  batches: AsyncIterable<TextBatch>,
  format: FioLogFormat,
  name: string | undefined,
  options: FioLogOptions = {},
): AsyncGenerator<FioLogOutput> {
  const reader = new FioLogReader(format, name, options);
  let isFirst = true;
  for await (const batch of batches) {
    const text = batch.text;
    const linesBefore = reader.lineCount;
    try {
      reader.read(text);
    } catch (error) {
      if (!(error instanceof LogLineError)) throw error;
      throw lineError(error, text, linesBefore, format, name);
    }
    if (!reader.hasRows) continue;
    const result = reader.take(false);
    yield output(result, format, isFirst ? warningsOf(result) : []);
    isFirst = false;
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
  yield output(reader.take(true), format, []);
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
