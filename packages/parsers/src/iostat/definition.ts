import type { Measurement } from '../measurement.ts';
import type { ToolParserDefinition } from '../tool.ts';
import { detectIostatHead } from './detect.ts';
import type { IostatMachineOptions } from './machine.ts';
import { reportMeasurements } from './measurements.ts';
import { iostatNdjson } from './ndjson.ts';
import { iostatNdjsonStream } from './ndjson-stream.ts';
import { parseIostatJson } from './parse-json.ts';
import { parseIostatText } from './parse-text.ts';
import type { IostatResult } from './schema.ts';
import { streamIostatOutputs } from './stream.ts';
import { summarize } from './summary.ts';

export const IOSTAT_FORMATS = ['text', 'json'] as const;
export type IostatFormat = (typeof IOSTAT_FORMATS)[number];

/**
 * iostat of sysstat 9 to 12: a time series of reports, text (every layout) or JSON, streamed for
 * logs larger than memory. No default format: an input detection does not recognise is not iostat's.
 *
 * The definition without its result schema (tool.ts adds it): `benchfolio parse --tool iostat`
 * makes its parser from this module alone, which loads no zod (iostat/schema.ts only for types).
 */
export const iostatDefinition: ToolParserDefinition<'iostat', IostatFormat, IostatResult, IostatMachineOptions> = {
  name: 'iostat',
  formats: IOSTAT_FORMATS,
  marks: 'avg-cpu header, Device header or {"sysstat": ...} JSON',
  detect: detectIostatHead,
  parse(source, format, options) {
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
  stream: streamIostatOutputs,
  ndjson: iostatNdjson,
  ndjsonStream: iostatNdjsonStream,
};
