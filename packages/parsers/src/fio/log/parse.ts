import { _errorAt } from '../../errors.ts';
import type { ParseWarning } from '../../parser.ts';
import type { TextSource } from '../../text.ts';
import type { ToolReading } from '../../tool.ts';
import { type FioLogFormat, type FioLogOptions, FioLogReader } from './reader.ts';
import { LogLineError } from './scan.ts';
import type { FioLogResult } from './schema.ts';

export const FIO_LOG = 'fio-log' as const;

/** A whole fio log; the source's name (a file name) gives the kind when the format does not. */
export function parseFioLogText(
  source: TextSource,
  format: FioLogFormat,
  options: FioLogOptions = {},
): ToolReading<FioLogResult> {
  const reader = new FioLogReader(format, source.name, options);
  try {
    reader.read(source.text);
  } catch (error) {
    if (!(error instanceof LogLineError)) throw error;
    throw _errorAt(source, error.offset, { code: error.code, tool: FIO_LOG, format, message: error.message });
  }
  const result = reader.take(true);
  return { result, toolVersion: null, warnings: warningsOf(result) };
}

/** A log whose kind neither the format nor the file name gave: its values have no unit. */
export function warningsOf(result: FioLogResult): ParseWarning[] {
  if (result.type !== 'samples' || result.kind !== 'unknown') return [];
  return [
    {
      code: 'UNKNOWN_KIND',
      message:
        'the kind of log (bw, iops, lat, clat, slat) is not in the format or the file name (<prefix>_<kind>.<job>.log): values are kept as printed, with no measurements',
      line: 1,
      column: 1,
    },
  ];
}
