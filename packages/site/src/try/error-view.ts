// A ParseError as the /try page shows it: where, what, what was expected, and the input's lines
// around the place, so the reader sees their own text with the failing line marked.

import type { ParseError, ParseErrorCode } from '@benchfolio/parsers';
import { descriptorOf, toolTitlesText } from '../tools/index.ts';
import type { TryError } from './try-view.ts';

/** Inputs this short are shown whole; longer ones as a window around the failing line. */
const WHOLE_INPUT_MAX_LINES = 400;
const LINES_BEFORE = 30;
const LINES_AFTER = 20;

/**
 * What each code means the parser was looking for, for messages that do not say it themselves
 * (most say "expected …"; those words are shown instead). A tool's descriptor may say it better.
 */
const EXPECTED_BY_CODE: Record<ParseErrorCode, string> = {
  UNKNOWN_FORMAT: `an output of ${toolTitlesText('or')}, as the tool printed it`,
  EMPTY_INPUT: 'the text of an output',
  MISSING_SECTION: 'a part of the output the tool always prints, such as its header or summary',
  UNEXPECTED_LINE: 'a line of the output format at this place: the output may be edited or two outputs run together',
  BAD_NUMBER: 'a number at this place',
  UNKNOWN_UNIT: 'a unit the tool prints (such as k, M, KiB/s, MB/s, usec, msec)',
  COLUMN_COUNT: 'as many fields on this line as its layout has',
  TRUNCATED: 'the rest of the output, up to the end the tool prints: the copy may be cut',
  BAD_JSON: 'valid JSON, as the tool printed it',
  SCHEMA_MISMATCH: 'the fields this format always has',
  UNSUPPORTED: 'a tool and format benchfolio has a parser for',
  LINE_TOO_LONG: 'lines of at most 64 KiB (65,536 characters), as every tool prints them',
  TOO_LARGE: 'an output within the size stated in the message, as a run of the tool prints it',
};

/** The error as plain JSON, with the lines of `text` around it. */
export function tryErrorOf(error: ParseError, text: string): TryError {
  return {
    code: error.code,
    message: error.message,
    tool: error.tool,
    format: error.format,
    line: error.line,
    column: error.column,
    expected: expectedOf(error.code, error.message, error.tool),
    excerpt: excerptAround(text, error.line),
  };
}

/**
 * "expected a number after "iops="" from the message when it says so, else what the tool's
 * descriptor says of the code, else the code's meaning.
 */
export function expectedOf(code: ParseErrorCode, message: string, tool: string | null = null): string {
  const stated = /\bexpected\s+(.+)$/i.exec(message);
  const ofTool = tool === null ? undefined : descriptorOf(tool)?.try.expected?.[code];
  return stated?.[1] ?? ofTool ?? EXPECTED_BY_CODE[code];
}

/** Lines are shown up to this many characters: a LINE_TOO_LONG line can be megabytes. */
const SHOWN_LINE_MAX_CHARS = 2000;

function shownLine(line: string): string {
  return line.length > SHOWN_LINE_MAX_CHARS ? `${line.slice(0, SHOWN_LINE_MAX_CHARS)}…` : line;
}

/** The whole input when short, else the lines around `line` (1-based), counted as the parser counts them. */
export function excerptAround(text: string, line: number): TryError['excerpt'] {
  // Lines end at \n; a \r before it is part of the line end, not of what is shown.
  const lines = text.split('\n').map((each) => (each.endsWith('\r') ? each.slice(0, -1) : each));
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  if (lines.length <= WHOLE_INPUT_MAX_LINES) {
    return { firstLine: 1, lines: lines.map(shownLine), omittedBefore: 0, omittedAfter: 0 };
  }
  const first = Math.max(1, line - LINES_BEFORE);
  const last = Math.min(lines.length, line + LINES_AFTER);
  return {
    firstLine: first,
    lines: lines.slice(first - 1, last).map(shownLine),
    omittedBefore: first - 1,
    omittedAfter: lines.length - last,
  };
}
