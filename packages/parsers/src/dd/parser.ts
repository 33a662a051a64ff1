import { ParseError } from '../errors.ts';
import { DETECT_HEAD_CHARS, type Detection, type ParseOutput, type ToolParser } from '../parser.ts';
import type { SafeParseResult } from '../registry.ts';
import { readText, type TextSource } from '../text.ts';
import { _ddError, _newContext, DD, DD_FORMATS, type DdFormat } from './context.ts';
import { _detectDdHead } from './detect.ts';
import { _parseDdSource } from './parse.ts';
import type { DdResult } from './schema.ts';

export interface ParseDdOptions {
  /** Only `text` exists; given for symmetry with the other tools. */
  format?: DdFormat | undefined;
  /** File name for error messages. */
  name?: string | undefined;
}

function parseSource(source: TextSource, format: string): ParseOutput<DdResult> {
  if (!(DD_FORMATS as readonly string[]).includes(format)) {
    throw _ddError(_newContext(source), 0, 'UNSUPPORTED', `dd has no "${format}" format; it has: text`);
  }
  return _parseDdSource(source);
}

/** The dd parser as a registry sees it (not registered yet: see context.ts). */
export const ddParser: ToolParser<DdResult> = {
  tool: DD,
  formats: DD_FORMATS,
  detect: _detectDdHead,
  parse: parseSource,
};

/**
 * Parses what dd printed on standard error: GNU coreutils 5.3 to 9.x (and BusyBox), in English,
 * German or French, one or more runs, with status=progress lines. Throws a ParseError.
 */
export function parseDd(text: string, options: ParseDdOptions = {}): ParseOutput<DdResult> {
  return parseSource(readText(text, { name: options.name }), options.format ?? 'text');
}

/** Like parseDd, but returns `{ success: false, error }` instead of throwing a ParseError. */
export function safeParseDd(text: string, options: ParseDdOptions = {}): SafeParseResult<ParseOutput<DdResult>> {
  try {
    return { success: true, data: parseDd(text, options) };
  } catch (error) {
    if (error instanceof ParseError) return { success: false, error };
    throw error;
  }
}

/** Detects a dd output from the head of a text; null when it is not one. */
export function detectDd(text: string): Detection | null {
  return _detectDdHead(readText(text.slice(0, DETECT_HEAD_CHARS)).text);
}
