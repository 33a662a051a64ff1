import { defineTool, type Tool, type ToolParseOptions } from '../tool.ts';
import { detectFioHead } from './detect.ts';
import { _fioFingerprints } from './fingerprint.ts';
import { fioMeasurements } from './measurements.ts';
import { FIO_PARSE_FORMATS, type FioParseFormat, parseFioSource } from './parse-fio.ts';
import { FioResultSchema } from './schema.ts';
import { streamFioOutputs } from './stream.ts';

/**
 * fio: normal text (fio 1.x to 3.x), json and json+ (2.1 to 3.x, client/server too), terse v2
 * to v5, and streams mixing them.
 */
export const fioTool: Tool<'fio', FioParseFormat, typeof FioResultSchema> = defineTool({
  name: 'fio',
  formats: FIO_PARSE_FORMATS,
  // `mixed` reads every piece of every format: what to do when the head names no format.
  defaultFormat: 'mixed',
  detect: detectFioHead,
  parse(source, format) {
    const { result, warnings } = parseFioSource(source, format);
    const toolVersion = result.runs.find((run) => run.fioVersion !== null)?.fioVersion ?? null;
    return { result, toolVersion, warnings };
  },
  measurements: fioMeasurements,
  // `--status-interval` series a report at a time, runs a run at a time (stream.ts).
  stream: (batches, format, name) => streamFioOutputs(batches, format, name),
  fingerprints: _fioFingerprints,
  resultSchema: FioResultSchema,
  headlineMetrics: /^(?:read|write|trim|mixed)\.(?:iops|bw|clat\.mean|clat\.p99)$/,
});

/** `format`: skip detection and read only this format (`mixed` reads every format in the input). */
export type ParseFioOptions = ToolParseOptions<FioParseFormat>;

/** The tool's registry parser and functions under their names: `parseFio(text, options)` throws a ParseError. */
export const { parser: fioParser, parse: parseFio, safeParse: safeParseFio, detect: detectFio } = fioTool;
