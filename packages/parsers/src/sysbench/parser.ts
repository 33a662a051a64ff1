import { ParseError } from '../errors.ts';
import {
  _withLazyMeasurements,
  DETECT_HEAD_CHARS,
  type Detection,
  type ParseOutput,
  type ToolParser,
} from '../parser.ts';
import type { SafeParseResult } from '../registry.ts';
import { readText, type TextSource } from '../text.ts';
import { detectSysbenchHead } from './detect.ts';
import { _sysbenchMeasurements } from './measurements.ts';
import { _parseText } from './parse-text.ts';
import type { SysbenchResult } from './schema.ts';
import { _failAt, SYSBENCH_FORMAT } from './values.ts';

export const SYSBENCH_FORMATS = [SYSBENCH_FORMAT] as const;
export type SysbenchFormat = (typeof SYSBENCH_FORMATS)[number];

export interface ParseSysbenchOptions {
  /** Only `text` exists; given for symmetry with the other tools. */
  format?: SysbenchFormat | undefined;
  /** File name for error messages. */
  name?: string | undefined;
}

function parseSource(source: TextSource, format: string): ParseOutput<SysbenchResult> {
  if (format !== SYSBENCH_FORMAT) {
    throw _failAt({ source, start: 0, text: '' }, 0, 'UNSUPPORTED', `sysbench has no "${format}" format; it has: text`);
  }
  if (!/\S/.test(source.text)) {
    throw _failAt({ source, start: 0, text: '' }, 0, 'EMPTY_INPUT', 'the input is empty');
  }
  const { result, version, warnings } = _parseText(source);
  return _withLazyMeasurements(
    { tool: 'sysbench', format: SYSBENCH_FORMAT, toolVersion: version, result, warnings },
    () => _sysbenchMeasurements(result.runs),
  );
}

/** The sysbench parser as the registry sees it. */
export const sysbenchParser: ToolParser<SysbenchResult> = {
  tool: 'sysbench',
  formats: SYSBENCH_FORMATS,
  detect: detectSysbenchHead,
  parse: parseSource,
};

/** Parses a sysbench text output (0.4 to 1.1, one or more runs); throws a ParseError. */
export function parseSysbench(text: string, options: ParseSysbenchOptions = {}): ParseOutput<SysbenchResult> {
  return parseSource(readText(text, { name: options.name }), options.format ?? SYSBENCH_FORMAT);
}

/** Like parseSysbench, but returns `{ success: false, error }` instead of throwing a ParseError. */
export function safeParseSysbench(
  text: string,
  options: ParseSysbenchOptions = {},
): SafeParseResult<ParseOutput<SysbenchResult>> {
  try {
    return { success: true, data: parseSysbench(text, options) };
  } catch (error) {
    if (error instanceof ParseError) return { success: false, error };
    throw error;
  }
}

/** Detects a sysbench output from the head of a text; null when it is not one. */
export function detectSysbench(text: string): Detection | null {
  return detectSysbenchHead(readText(text.slice(0, DETECT_HEAD_CHARS)).text);
}
