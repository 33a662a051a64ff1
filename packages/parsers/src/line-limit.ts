import { _errorAt, ParseError } from './errors.ts';
import type { TextSource } from './text.ts';
import type { ToolName } from './tools.ts';

/**
 * The longest line an output may have, in characters (UTF-16 code units): 64 KiB, 65,536. No
 * tool prints lines near that: the longest in the corpus and fixtures is under 6 KB (a fio
 * histogram log line of 1,216 bins; fio's 1,856 bins of 20-digit counts would still be under
 * 40 KB). A longer line is a pasted blob or a hostile input (a 10 MB fio job name, repeated in
 * every measurement's labels, took the site's build past 3 GB), and is refused as LINE_TOO_LONG
 * at its 65,537th character, by every parse: whole, streamed, the CLI, validate, /try, the build.
 */
export const MAX_LINE_CHARS = 64 * 1024;

const MESSAGE = `line is longer than ${MAX_LINE_CHARS.toLocaleString('en-US')} characters (64 KiB), the limit for a line of a benchmark output; no tool prints lines near that long`;

/**
 * Where the first line longer than MAX_LINE_CHARS starts in `text` (lines end with `\n`), or -1.
 * Each step looks back from a line start plus the limit for a line end, so the text is crossed in
 * steps of up to 64 KiB instead of line by line: a few calls per MB.
 */
export function _findLongLine(text: string): number {
  let start = 0;
  while (text.length - start > MAX_LINE_CHARS) {
    const end = text.lastIndexOf('\n', start + MAX_LINE_CHARS);
    if (end < start) return start;
    start = end + 1;
  }
  return -1;
}

/** Throws LINE_TOO_LONG at the first character past the limit of the first line too long, if any. */
export function _checkLineLengths(source: TextSource, tool: ToolName | null, format: string | null): void {
  const start = _findLongLine(source.text);
  if (start === -1) return;
  throw _errorAt(source, start + MAX_LINE_CHARS, { code: 'LINE_TOO_LONG', tool, format, message: MESSAGE });
}

/** LINE_TOO_LONG of a streamed line: its number and text (the part the snippet shows is enough). */
export function _lineTooLong(line: number, lineText: string, file: string | undefined): ParseError {
  return new ParseError({
    code: 'LINE_TOO_LONG',
    tool: null,
    format: null,
    line,
    column: MAX_LINE_CHARS + 1,
    lineText: lineText.slice(0, MAX_LINE_CHARS + 80),
    message: MESSAGE,
    file,
  });
}
