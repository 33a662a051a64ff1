import type { TextSource } from './text.ts';
import type { ToolName } from './tools.ts';

/**
 * Every code a ParseError can carry. Codes are part of the public API: users match on them,
 * so a code is never renamed or reused for another meaning; new ones are only added.
 */
export const PARSE_ERROR_CODES = [
  /** No registered parser recognised the input. */
  'UNKNOWN_FORMAT',
  /** The input is empty or holds only whitespace. */
  'EMPTY_INPUT',
  /** A section the format always prints is not there. */
  'MISSING_SECTION',
  /** A line the format does not allow at this place. */
  'UNEXPECTED_LINE',
  /** A value that should be a number is not one. */
  'BAD_NUMBER',
  /** A number carries a unit this parser does not know. */
  'UNKNOWN_UNIT',
  /** A delimited line has more or fewer fields than its layout. */
  'COLUMN_COUNT',
  /** The output stops before its end: the tool was killed or the copy is cut. */
  'TRUNCATED',
  /** A JSON output that is not valid JSON. */
  'BAD_JSON',
  /** The input is well formed but does not match the result schema. */
  'SCHEMA_MISMATCH',
  /** The caller asked for a tool or format this library has no parser for. */
  'UNSUPPORTED',
  /** A line longer than any tool prints (MAX_LINE_CHARS, 64 KiB): refused at the first character past the limit. */
  'LINE_TOO_LONG',
  /** An input larger than its tool's stated limit (a dd output over MAX_DD_INPUT_CHARS). */
  'TOO_LARGE',
] as const;

export type ParseErrorCode = (typeof PARSE_ERROR_CODES)[number];

/**
 * The code of the warning a parser gives an output that stops before its end but still holds
 * whole results (iostat stopped by ^C mid-report): the results before the cut are kept, and
 * `benchfolio validate` refuses the output unless its run.yaml entry accepts the cut with a
 * reason (`truncated: { accepted: "..." }`).
 */
export const CUT_WARNING = 'TRUNCATED' satisfies ParseErrorCode;

export interface ParseErrorInit {
  code: ParseErrorCode;
  message: string;
  /** The tool whose parser failed, or null when no tool was identified. */
  tool: ToolName | null;
  /** The format the parser tried (`normal`, `json`, `csv`, ...), or null. */
  format: string | null;
  /** 1-based line in the original input. */
  line: number;
  /** 1-based column in the original input, counted in UTF-16 code units. */
  column: number;
  /** The offending line of the original input, as printed. */
  lineText: string;
  file?: string | undefined;
}

const SNIPPET_WIDTH = 80;

/**
 * A failure to read a tool output. It always points at a place in the original input
 * (before BOM stripping, CRLF normalization or HTML-entity decoding), so an editor can jump
 * there.
 */
export class ParseError extends Error {
  override readonly name = 'ParseError';
  readonly code: ParseErrorCode;
  readonly tool: ToolName | null;
  readonly format: string | null;
  readonly line: number;
  readonly column: number;
  /** The offending line trimmed to about 80 characters, with a caret under the column. */
  readonly snippet: string;
  /** The file name, when the caller gave one. */
  file: string | undefined;

  constructor(init: ParseErrorInit) {
    super(init.message);
    this.code = init.code;
    this.tool = init.tool;
    this.format = init.format;
    this.line = init.line;
    this.column = init.column;
    this.snippet = makeSnippet(init.lineText, init.column);
    this.file = init.file;
  }

  /** `FILE:LINE:COL: message` when a file is known, `LINE:COL: message` otherwise. */
  override toString(): string {
    const where = `${this.line}:${this.column}`;
    return `${this.file === undefined ? where : `${this.file}:${where}`}: ${this.message}`;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      tool: this.tool,
      format: this.format,
      file: this.file,
      line: this.line,
      column: this.column,
      snippet: this.snippet,
    };
  }
}

export function isParseError(value: unknown): value is ParseError {
  return value instanceof ParseError;
}

/** What the `safeParse` functions return: the data, or the ParseError instead of throwing it. */
export type SafeParseResult<T> = { success: true; data: T } | { success: false; error: ParseError };

/** Runs a parse, giving its ParseError as a SafeParseResult; any other error is thrown on. */
export function _safely<T>(parse: () => T): SafeParseResult<T> {
  try {
    return { success: true, data: parse() };
  } catch (error) {
    if (error instanceof ParseError) return { success: false, error };
    throw error;
  }
}

/**
 * Builds a ParseError at an offset of the normalized text: the offset is mapped back to the
 * line and column of the original input.
 */
export function _errorAt(
  source: TextSource,
  offset: number,
  init: Omit<ParseErrorInit, 'line' | 'column' | 'lineText' | 'file'>,
): ParseError {
  const { line, column } = source.locate(offset);
  return new ParseError({
    ...init,
    line,
    column,
    lineText: source.originalLine(line),
    file: source.name,
  });
}

/** The line cut to a window around the column (tabs shown as spaces) and a caret under it. */
function makeSnippet(lineText: string, column: number): string {
  const text = lineText.replace(/\t/g, ' ');
  const caretIndex = Math.max(0, Math.min(column - 1, text.length));
  // Keep the caret in view: start the window so that the caret sits at most at 2/3 of it.
  const start =
    text.length <= SNIPPET_WIDTH
      ? 0
      : Math.max(0, Math.min(caretIndex - Math.floor((SNIPPET_WIDTH * 2) / 3), text.length - SNIPPET_WIDTH));
  const prefix = start > 0 ? '…' : '';
  const end = start + SNIPPET_WIDTH;
  const suffix = end < text.length ? '…' : '';
  const shown = `${prefix}${text.slice(start, end)}${suffix}`.trimEnd();
  const caret = `${' '.repeat(prefix.length + caretIndex - start)}^`;
  return `${shown}\n${caret}`;
}
