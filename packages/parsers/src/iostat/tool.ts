import type { Measurement } from '../measurement.ts';
import { defineTool, type Tool, type ToolParseOptions } from '../tool.ts';
import { detectIostatHead } from './detect.ts';
import type { IostatMachineOptions } from './machine.ts';
import { reportMeasurements } from './measurements.ts';
import { iostatNdjson } from './ndjson.ts';
import { iostatNdjsonStream } from './ndjson-stream.ts';
import { parseIostatJson } from './parse-json.ts';
import { parseIostatText } from './parse-text.ts';
import { IostatResultSchema } from './schema.ts';
import { streamIostatOutputs } from './stream.ts';
import { summarize } from './summary.ts';

export const IOSTAT_FORMATS = ['text', 'json'] as const;
export type IostatFormat = (typeof IOSTAT_FORMATS)[number];

/**
 * iostat of sysstat 9 to 12: a time series of reports, text (every layout) or JSON, streamed for
 * logs larger than memory. No default format: an input detection does not recognise is not iostat's.
 */
export const iostatTool: Tool<'iostat', IostatFormat, typeof IostatResultSchema, IostatMachineOptions> = defineTool({
  name: 'iostat',
  formats: IOSTAT_FORMATS,
  marks: 'avg-cpu header, Device header or {"sysstat": ...} JSON',
  detect: detectIostatHead,
  parse(source, format, options?: IostatMachineOptions) {
    const { host, reports, isTruncated, warnings } =
      format === 'json' ? parseIostatJson(source, options) : parseIostatText(source, options);
    const result = { format, host, reports, isTruncated, summary: summarize(reports) };
    return { result, toolVersion: null, warnings };
  },
  measurements(result) {
    const measurements: Measurement[] = [];
    for (const report of result.reports) {
      for (const measurement of reportMeasurements(report)) measurements.push(measurement);
    }
    return measurements;
  },
  resultSchema: IostatResultSchema,
  stream: streamIostatOutputs,
  ndjson: iostatNdjson,
  ndjsonStream: iostatNdjsonStream,
});

/** `format`: `text` or `json`, detected when not given; `sinceBoot`: see IostatMachineOptions. */
export type IostatParseOptions = ToolParseOptions<IostatFormat> & IostatMachineOptions;

/** The tool's registry parser and functions under their names: `parseIostat(text, options)` throws a ParseError. */
export const {
  parser: iostatParser,
  parse: parseIostat,
  safeParse: safeParseIostat,
  detect: detectIostat,
} = iostatTool;
