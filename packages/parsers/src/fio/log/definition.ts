import type { ToolParserDefinition } from '../../tool.ts';
import { detectFioLogHead } from './detect.ts';
import { fioLogMeasurements } from './measurements.ts';
import { fioLogNdjson, fioLogNdjsonStream } from './ndjson.ts';
import { parseFioLogText } from './parse.ts';
import { FIO_LOG_FORMATS, type FioLogFormat, type FioLogOptions } from './reader.ts';
import type { FioLogResult } from './schema.ts';
import { streamFioLogOutputs } from './stream.ts';

/**
 * fio's log files (write_bw_log, write_iops_log, write_lat_log, write_hist_log), a tool of
 * their own beside `fio`: a log is a time series of one job, not a report, and a multi-gigabyte
 * per-I/O log is streamed. Detected as `log` (the kind from the file name) or `hist-log`.
 *
 * The definition without its result schema (tool.ts adds it): `benchfolio parse --tool fio-log`
 * makes its parser from this module alone, which loads no zod (schema.ts only for types).
 */
export const fioLogDefinition: ToolParserDefinition<'fio-log', FioLogFormat, FioLogResult, FioLogOptions> = {
  name: 'fio-log',
  title: 'fio log',
  formats: FIO_LOG_FORMATS,
  // A head detection does not take (a bad field on its first lines) is read as a log all the
  // same, so that the error names the field.
  defaultFormat: 'log',
  detect: detectFioLogHead,
  parse: (source, format, options) => parseFioLogText(source, format, options),
  // A log does not print fio's version; a run.yaml's `tools.fio` tells it (units, columns).
  versionTool: 'fio',
  optionsForVersion: (fioVersion) => ({ fioVersion }),
  measurements: fioLogMeasurements,
  stream: (batches, format, name, options) => streamFioLogOutputs(batches, format, name, options),
  ndjson: fioLogNdjson,
  ndjsonStream: fioLogNdjsonStream,
};
