import { _errorAt, ParseError } from '../errors.ts';
import {
  _withLazyMeasurements,
  DETECT_HEAD_CHARS,
  type Detection,
  type ParseOutput,
  type ToolParser,
} from '../parser.ts';
import type { SafeParseResult } from '../registry.ts';
import { readText, type TextSource } from '../text.ts';
import { detectFioHead } from './detect.ts';
import { fioMeasurements } from './measurements.ts';
import { FIO_PARSE_FORMATS, type FioParseFormat, parseFioSource } from './parse-fio.ts';
import type { FioResult } from './schema.ts';

export interface ParseFioOptions {
  /** Skip detection: read only this format (`mixed` reads every format in the input). */
  format?: FioParseFormat | undefined;
  /** File name for error messages. */
  name?: string | undefined;
}

function isFioFormat(format: string): format is FioParseFormat {
  return (FIO_PARSE_FORMATS as readonly string[]).includes(format);
}

function parseSource(source: TextSource, format: string): ParseOutput<FioResult> {
  if (!isFioFormat(format)) {
    throw _errorAt(source, 0, {
      tool: 'fio',
      format,
      code: 'UNSUPPORTED',
      message: `fio has no "${format}" format; formats: ${FIO_PARSE_FORMATS.join(', ')}`,
    });
  }
  const { result, warnings } = parseFioSource(source, format);
  const toolVersion = result.runs.find((run) => run.fioVersion !== null)?.fioVersion ?? null;
  return _withLazyMeasurements({ tool: 'fio', format, toolVersion, result, warnings }, () => fioMeasurements(result));
}

/** The fio parser as the registry sees it. */
export const fioParser: ToolParser<FioResult> = {
  tool: 'fio',
  formats: FIO_PARSE_FORMATS,
  detect: detectFioHead,
  parse: parseSource,
};

/** Detects fio output and its format from the head of a text; null when it is not fio's. */
export function detectFio(text: string): Detection | null {
  return detectFioHead(readText(text.slice(0, DETECT_HEAD_CHARS)).text);
}

/**
 * Parses any fio output: normal text (fio 1.x to 3.x), json and json+ (2.1 to 3.x, client/server
 * too), terse v2 to v5, and streams mixing them. Throws a ParseError.
 */
export function parseFio(text: string, options: ParseFioOptions = {}): ParseOutput<FioResult> {
  const source = readText(text, { name: options.name });
  if (!/\S/.test(source.text)) {
    throw _errorAt(source, 0, {
      tool: 'fio',
      format: options.format ?? null,
      code: 'EMPTY_INPUT',
      message: 'the input is empty',
    });
  }
  const format = options.format ?? detectFioHead(source.text.slice(0, DETECT_HEAD_CHARS))?.format ?? 'mixed';
  return parseSource(source, format);
}

/** Like parseFio, but returns `{ success: false, error }` instead of throwing a ParseError. */
export function safeParseFio(text: string, options: ParseFioOptions = {}): SafeParseResult<ParseOutput<FioResult>> {
  try {
    return { success: true, data: parseFio(text, options) };
  } catch (error) {
    if (error instanceof ParseError) return { success: false, error };
    throw error;
  }
}
