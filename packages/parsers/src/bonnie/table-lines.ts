import { type _BonnieContext, _bonnieError } from './context.ts';

/**
 * The fixed-width grammar of bonnie++'s table (bon_time.cpp DoReportIO / DoReportFile, and
 * bon_csv2txt, which prints the same columns): a 19-character first column, then each rate as
 * " %5s" and each %CP as " %3s", each latency as " %9s" after a 17-character "Latency" label.
 * A skipped test leaves its cells blank, so cells are found by position, not only by splitting
 * at spaces; a value wider than its column (`267757`) pushes the rest of the row right.
 */

/** A line of the normalized text and its offset there. */
export interface _Line {
  text: string;
  offset: number;
}

/** One cell of a row: its text ('' when blank) and offset in the normalized text. */
export interface _Cell {
  text: string;
  offset: number;
}

/** Width of the first column: machine name and size, or the file-test parameters. */
export const LABEL_WIDTH = 19;
/** Width of the `Latency` label before its six cells. */
export const LATENCY_LABEL_WIDTH = 17;
/** " %5s" for a rate, " %3s" for a %CP, " %9s" for a latency. */
export const RATE_WIDTH = 6;
export const CPU_WIDTH = 4;
export const LATENCY_WIDTH = 10;
export const STAT_WIDTHS: readonly number[] = Array.from({ length: 12 }, (_, i) =>
  i % 2 === 0 ? RATE_WIDTH : CPU_WIDTH,
);
export const LATENCY_WIDTHS: readonly number[] = Array.from({ length: 6 }, () => LATENCY_WIDTH);

const SPACE = 32;

function isBlank(code: number): boolean {
  return code === SPACE || code === 9;
}

/** The whitespace-separated tokens of `text` from `start`, with their positions. */
export function _tokens(text: string, start: number): { text: string; at: number }[] {
  const tokens: { text: string; at: number }[] = [];
  let i = start;
  while (i < text.length) {
    while (i < text.length && isBlank(text.charCodeAt(i))) i++;
    if (i >= text.length) break;
    const at = i;
    while (i < text.length && !isBlank(text.charCodeAt(i))) i++;
    tokens.push({ text: text.slice(at, i), at });
  }
  return tokens;
}

/**
 * The cells of a row after its label, one per width. With as many tokens as cells they are
 * taken in order; with fewer, the blanks are found by position: a cell whose whole width is
 * spaces is blank, otherwise the next token is its value (right-aligned after at least one
 * space, or wider than the column).
 */
export function _readCells(
  context: _BonnieContext,
  body: string,
  bodyOffset: number,
  start: number,
  widths: readonly number[],
): _Cell[] {
  const tokens = _tokens(body, start);
  if (tokens.length > widths.length) {
    const extra = tokens[widths.length] as { text: string; at: number };
    throw _bonnieError(
      context,
      bodyOffset + extra.at,
      'COLUMN_COUNT',
      `a bonnie++ table row has ${widths.length} cells after its first column, this one has ${tokens.length}`,
    );
  }
  if (tokens.length === widths.length)
    return tokens.map((token) => ({ text: token.text, offset: bodyOffset + token.at }));
  const cells: _Cell[] = [];
  let position = start;
  let used = 0;
  for (const width of widths) {
    let spaces = 0;
    while (position + spaces < body.length && isBlank(body.charCodeAt(position + spaces))) spaces++;
    if (position + spaces >= body.length || spaces >= width) {
      cells.push({ text: '', offset: bodyOffset + Math.min(position, body.length) });
      position = Math.min(position + width, body.length);
      continue;
    }
    const token = tokens[used];
    if (token === undefined || token.at !== position + spaces) {
      throw _bonnieError(
        context,
        bodyOffset + position + spaces,
        'UNEXPECTED_LINE',
        'a table cell is out of its column',
      );
    }
    used++;
    cells.push({ text: token.text, offset: bodyOffset + token.at });
    position = token.at + token.text.length;
  }
  const left = tokens[used];
  if (left !== undefined) {
    throw _bonnieError(
      context,
      bodyOffset + left.at,
      'COLUMN_COUNT',
      `a bonnie++ table row has ${widths.length} cells after its first column; "${left.text}" is past the last one`,
    );
  }
  return cells;
}

/**
 * True when the row's last value ends on its column's right edge, as bonnie++ prints every cell
 * right-aligned (`%19s` label, ` %5s`, ` %3s`, ` %9s`). A row cut inside its last value (`  98`
 * cut to `  9`) ends short of that edge; a value wider than its column pushes the edges right.
 * Cells out of their column are _readCells's to report: this says true for them.
 */
export function _endsOnColumnEdge(body: string, start: number, widths: readonly number[]): boolean {
  const tokens = _tokens(body, start);
  if (tokens.length === 0) {
    const label = _tokens(body.slice(0, start), 0).at(-1);
    return label === undefined || label.at + label.text.length >= LABEL_WIDTH;
  }
  let position = start;
  let used = 0;
  for (const width of widths) {
    let spaces = 0;
    while (position + spaces < body.length && isBlank(body.charCodeAt(position + spaces))) spaces++;
    if (position + spaces >= body.length) return true;
    if (spaces >= width && tokens.length < widths.length) {
      position += width;
      continue;
    }
    const token = tokens[used];
    if (token === undefined || token.at !== position + spaces) return true;
    const end = token.at + token.text.length;
    if (used === tokens.length - 1) return end >= position + width;
    used++;
    position = end;
  }
  return true;
}

/** Where the first column ends: at 19 characters, or later when its text runs over. */
export function _labelEnd(body: string): number {
  let end = Math.min(LABEL_WIDTH, body.length);
  while (end < body.length && !isBlank(body.charCodeAt(end))) end++;
  return end;
}

/** The head of a table block, `Version  1.96  ------Sequential Output------ ...`. */
export interface _TableHead {
  kind: 'io' | 'file';
  /** What precedes the table on each line: '' normally, `> ` or indentation in a quoted copy. */
  prefix: string;
  /** The version the head names; null for the 1.03 file block, which has none. */
  version: string | null;
}

const IO_TITLE = '------Sequential Output------';
const FILE_TITLE = '------Sequential Create------';
const QUOTE_PREFIX = /^[ \t>]*$/;
const VERSION_WORD = 'Version';

/** The head of a table block, or null when the line is not one. */
export function _tableHead(line: string): _TableHead | null {
  let at = line.indexOf(IO_TITLE);
  const kind = at === -1 ? 'file' : 'io';
  if (at === -1) at = line.indexOf(FILE_TITLE);
  if (at === -1) return null;
  const before = line.slice(0, at);
  const versionAt = before.lastIndexOf(VERSION_WORD);
  if (versionAt === -1) {
    // 1.03 prints the file block of a run without a Version label: 20 spaces.
    if (kind === 'io' || before.trim() !== '' || at < LABEL_WIDTH + 1) return null;
    const prefix = before.slice(0, at - LABEL_WIDTH - 1);
    return { kind, prefix, version: null };
  }
  const prefix = before.slice(0, versionAt);
  const version = before.slice(versionAt + VERSION_WORD.length).trim();
  if (!QUOTE_PREFIX.test(prefix) || version === '' || /\s/.test(version)) return null;
  return { kind, prefix, version };
}

/** The line without the table's prefix, or null when it does not carry the prefix. */
export function _body(line: _Line, prefix: string): { body: string; offset: number } | null {
  if (!line.text.startsWith(prefix)) return null;
  return { body: line.text.slice(prefix.length), offset: line.offset + prefix.length };
}
