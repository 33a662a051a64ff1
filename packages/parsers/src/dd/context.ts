import { _errorAt, type ParseError, type ParseErrorCode } from '../errors.ts';
import type { ParseWarning } from '../parser.ts';
import type { TextSource } from '../text.ts';

/** The tool name of dd in results, measurements and errors. */
export const DD = 'dd';

/** dd prints one text format, on standard error. */
export const DD_FORMAT = 'text';
export const DD_FORMATS = [DD_FORMAT] as const;
export type DdFormat = (typeof DD_FORMATS)[number];

/** What every step of a parse needs: the text, and where the warnings go. */
export interface _DdContext {
  readonly source: TextSource;
  readonly warnings: ParseWarning[];
}

export function _newContext(source: TextSource): _DdContext {
  return { source, warnings: [] };
}

/** A ParseError of the dd parser at an offset of the normalized text. */
export function _ddError(context: _DdContext, offset: number, code: ParseErrorCode, message: string): ParseError {
  return _errorAt(context.source, offset, { code, message, tool: DD, format: DD_FORMAT });
}

export function _warn(context: _DdContext, offset: number, code: string, message: string): void {
  const { line, column } = context.source.locate(offset);
  context.warnings.push({ code, message, line, column });
}
