import { _errorAt, type ParseError, type ParseErrorCode } from '../errors.ts';
import type { ParseWarning } from '../parser.ts';
import type { TextSource } from '../text.ts';

/** The two output formats: the one-line CSV results, and the human-readable table. */
export const BONNIE_FORMATS = ['table', 'csv'] as const;
export type BonnieFormat = (typeof BONNIE_FORMATS)[number];

/** What every step of a parse needs: the text, the format tried, and where warnings go. */
export interface _BonnieContext {
  readonly source: TextSource;
  readonly format: BonnieFormat;
  readonly warnings: ParseWarning[];
}

export function _newContext(source: TextSource, format: BonnieFormat): _BonnieContext {
  return { source, format, warnings: [] };
}

/** A ParseError of the bonnie parser at an offset of the normalized text. */
export function _bonnieError(
  context: _BonnieContext,
  offset: number,
  code: ParseErrorCode,
  message: string,
): ParseError {
  return _errorAt(context.source, offset, { code, message, tool: 'bonnie', format: context.format });
}

export function _warn(context: _BonnieContext, offset: number, code: string, message: string): void {
  const { line, column } = context.source.locate(offset);
  context.warnings.push({ code, message, line, column });
}
