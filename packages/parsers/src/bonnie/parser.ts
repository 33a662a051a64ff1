import { _errorAt, ParseError } from '../errors.ts';
import { DETECT_HEAD_CHARS, type Detection, type ParseOutput, type ToolParser } from '../parser.ts';
import type { SafeParseResult } from '../registry.ts';
import { readText } from '../text.ts';
import { BONNIE_FORMATS, type BonnieFormat } from './context.ts';
import { _detectBonnieHead } from './detect.ts';
import { _parseBonnieSource } from './parse.ts';
import type { BonnieResult } from './schema.ts';

export interface ParseBonnieOptions {
  /** `table` reads tables and CSV lines alike; `csv` only the CSV lines. Detected when not given. */
  format?: BonnieFormat | undefined;
  /** File name for error messages. */
  name?: string | undefined;
}

function isBonnieFormat(format: string): format is BonnieFormat {
  return (BONNIE_FORMATS as readonly string[]).includes(format);
}

/** The bonnie++ parser as the registry sees it. */
export const bonnieParser: ToolParser<BonnieResult> = {
  tool: 'bonnie',
  formats: BONNIE_FORMATS,
  detect: _detectBonnieHead,
  parse(source, format) {
    if (!isBonnieFormat(format)) {
      throw _errorAt(source, 0, {
        code: 'UNSUPPORTED',
        tool: 'bonnie',
        format,
        message: `bonnie++ outputs come as ${BONNIE_FORMATS.join(' or ')}, not "${format}"`,
      });
    }
    return _parseBonnieSource(source, format);
  },
};

/** Detects a bonnie++ output (table or CSV) from the head of a text; null when it is not one. */
export function detectBonnie(text: string): Detection | null {
  return _detectBonnieHead(readText(text.slice(0, DETECT_HEAD_CHARS)).text);
}

/**
 * Parses a bonnie++ output: tables (1.03, 1.9x, 2.x) and CSV lines of every layout, several runs
 * per input. Throws a ParseError.
 */
export function parseBonnie(text: string, options: ParseBonnieOptions = {}): ParseOutput<BonnieResult> {
  const source = readText(text, { name: options.name });
  // Without a format, `table` reads both kinds; the result names the one detected.
  const format = options.format ?? _detectBonnieHead(source.text.slice(0, DETECT_HEAD_CHARS))?.format ?? 'table';
  return bonnieParser.parse(source, format);
}

/** Like parseBonnie, but returns `{ success: false, error }` instead of throwing a ParseError. */
export function safeParseBonnie(
  text: string,
  options: ParseBonnieOptions = {},
): SafeParseResult<ParseOutput<BonnieResult>> {
  try {
    return { success: true, data: parseBonnie(text, options) };
  } catch (error) {
    if (error instanceof ParseError) return { success: false, error };
    throw error;
  }
}
