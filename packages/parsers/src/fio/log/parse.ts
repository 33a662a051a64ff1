import { _errorAt } from '../../errors.ts';
import type { ParseWarning } from '../../parser.ts';
import type { TextSource } from '../../text.ts';
import type { ToolReading } from '../../tool.ts';
import { versionNumber } from './layout.ts';
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
  const text = source.text;
  try {
    reader.read(text, text.length > 0 && text.charCodeAt(text.length - 1) !== 10);
  } catch (error) {
    if (!(error instanceof LogLineError)) throw error;
    throw _errorAt(source, error.offset, { code: error.code, tool: FIO_LOG, format, message: error.message });
  }
  const cut = reader.cutLine;
  if (cut !== null && !reader.hasRows) {
    throw _errorAt(source, text.lastIndexOf('\n') + 1, {
      code: 'TRUNCATED',
      tool: FIO_LOG,
      format,
      message: _ONLY_CUT,
    });
  }
  const result = reader.take(true);
  const warnings = warningsOf(result, options);
  if (cut !== null) warnings.push(_cutLineWarning(cut));
  return { result, toolVersion: null, warnings };
}

export const _ONLY_CUT =
  "the log's only line has no line end: fio ends every line it logs with one, so the log is cut inside it";

/** TRUNCATED at the last line, which had no line end and is left out (FioLogReader.read). */
export function _cutLineWarning(line: number): ParseWarning {
  return {
    code: 'TRUNCATED',
    message:
      'this last line has no line end: fio ends every line it logs with one, so the log is cut inside it; the line is left out',
    line,
    column: 1,
  };
}

/** The kinds whose values are latencies: usec in fio 2.x's logs, ns since fio 3.0. */
const LATENCY_KINDS: ReadonlySet<string> = new Set(['lat', 'clat', 'slat']);

/**
 * What the reader of a log should know: a kind neither the format nor the file name gave (its
 * values have no unit), and latencies read as ns without the fio version to say so (a log does not
 * print which fio wrote it; fio 2.x wrote usec, so its latencies would be read 1000 times too small).
 */
export function warningsOf(result: FioLogResult, options: FioLogOptions = {}): ParseWarning[] {
  if (result.type !== 'samples') return [];
  if (result.kind === 'unknown') {
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
  if (!LATENCY_KINDS.has(result.kind) || versionNumber(options.fioVersion) !== null) return [];
  return [
    {
      code: 'LATENCY_UNIT_ASSUMED',
      message:
        "latencies read as ns, as fio 3.0 and later log them: a log does not say which fio wrote it, and fio 2.x logged usec; give the version (fioVersion, the registry's toolVersion, tools.fio in run.yaml) to be sure",
      line: 1,
      column: 1,
    },
  ];
}
