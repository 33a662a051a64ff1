import { _errorAt, ParseError } from '../errors.ts';
import type { Measurement } from '../measurement.ts';
import { DETECT_HEAD_CHARS, type Detection, type ParseOutput, type ToolParser } from '../parser.ts';
import type { SafeParseResult } from '../registry.ts';
import { readText, type TextSource } from '../text.ts';
import { detectIostatHead } from './detect.ts';
import type { IostatMachineOptions } from './machine.ts';
import { reportMeasurements } from './measurements.ts';
import { iostatNdjson } from './ndjson.ts';
import { parseIostatJson } from './parse-json.ts';
import { parseIostatText, type TextParse } from './parse-text.ts';
import type { IostatResult } from './schema.ts';
import { streamIostatOutputs } from './stream.ts';
import { summarize } from './summary.ts';

export const IOSTAT_FORMATS = ['text', 'json'] as const;
export type IostatFormat = (typeof IOSTAT_FORMATS)[number];

export interface IostatParseOptions extends IostatMachineOptions {
  /** Skip detection: `text` or `json`. */
  format?: IostatFormat | undefined;
  /** File name for errors. */
  name?: string | undefined;
}

function parseSource(source: TextSource, format: string, options: IostatMachineOptions): ParseOutput<IostatResult> {
  let parsed: TextParse;
  if (format === 'json') parsed = parseIostatJson(source, options);
  else if (format === 'text') parsed = parseIostatText(source, options);
  else {
    throw _errorAt(source, 0, {
      code: 'UNSUPPORTED',
      tool: 'iostat',
      format,
      message: `iostat outputs come as "text" or "json", not "${format}"`,
    });
  }
  const result: IostatResult = {
    format,
    host: parsed.host,
    reports: parsed.reports,
    isTruncated: parsed.isTruncated,
    summary: summarize(parsed.reports),
  };
  const measurements: Measurement[] = [];
  for (const report of parsed.reports) {
    for (const measurement of reportMeasurements(report)) measurements.push(measurement);
  }
  return { tool: 'iostat', format, toolVersion: null, result, measurements, warnings: parsed.warnings };
}

/** The iostat parser as the registry sees it. */
export const iostatParser: ToolParser<IostatResult> = {
  tool: 'iostat',
  formats: IOSTAT_FORMATS,
  detect: detectIostatHead,
  parse: (source, format) => parseSource(source, format, {}),
  parseTextStream: streamIostatOutputs,
  ndjson: iostatNdjson,
};

/** Detects an iostat output (text or JSON) from the first 64K characters of a text. */
export function detectIostat(text: string): Detection | null {
  return detectIostatHead(readText(text.slice(0, DETECT_HEAD_CHARS)).text);
}

/**
 * Parses a whole iostat output into a time series of reports, its measurements and a
 * per-device summary. Throws a ParseError for input it cannot read.
 */
export function parseIostat(text: string, options: IostatParseOptions = {}): ParseOutput<IostatResult> {
  const source = readText(text, { name: options.name });
  if (!/\S/.test(source.text)) {
    throw _errorAt(source, 0, {
      code: 'EMPTY_INPUT',
      tool: 'iostat',
      format: options.format ?? null,
      message: 'the input is empty',
    });
  }
  let format: string | undefined = options.format;
  if (format === undefined) {
    const detection = detectIostatHead(source.text.slice(0, DETECT_HEAD_CHARS));
    if (detection === null) {
      throw _errorAt(source, Math.max(0, source.text.search(/\S/)), {
        code: 'UNKNOWN_FORMAT',
        tool: 'iostat',
        format: null,
        message: 'not an iostat output: no avg-cpu header, Device header or {"sysstat": ...} JSON found',
      });
    }
    format = detection.format;
  }
  return parseSource(source, format, options);
}

/** Like parseIostat, but returns `{ success: false, error }` instead of throwing a ParseError. */
export function safeParseIostat(
  text: string,
  options: IostatParseOptions = {},
): SafeParseResult<ParseOutput<IostatResult>> {
  try {
    return { success: true, data: parseIostat(text, options) };
  } catch (error) {
    if (error instanceof ParseError) return { success: false, error };
    throw error;
  }
}
