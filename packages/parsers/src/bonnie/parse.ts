import type { ParseError } from '../errors.ts';
import type { TextSource } from '../text.ts';
import type { ToolReading } from '../tool.ts';
import { type _BonnieContext, _bonnieError, _newContext, _warn, type BonnieFormat } from './context.ts';
import { _is103CsvLine, _isVersionedCsvStart } from './csv-layout.ts';
import type { _RunDraft } from './draft.ts';
import { _mergeRuns } from './merge.ts';
import { _parseCsvLine, _splitFields } from './parse-csv.ts';
import { _parseTableAt } from './parse-table.ts';
import type { BonnieResult } from './schema.ts';
import { type _Line, _tableHead } from './table-lines.ts';

/**
 * A whole bonnie++ output: every table and every CSV line in it, whatever surrounds them (the
 * progress lines bonnie++ writes to stderr, a shell prompt, the CSV header of bon_csv2html).
 * With format `table` both kinds are read and a table and the CSV line of the same run become
 * one run; with format `csv` only the CSV lines are read.
 *
 * What a complete output is (issue 34): bonnie++ prints the table (I/O block, file block) and then
 * the CSV line on stdout, or with -q the CSV line alone on stdout and the table alone on stderr.
 * So the table alone, the CSV line alone, and both are each whole; a cut one ends inside a row,
 * a Latency row, a head or a CSV line, or after an I/O block (parse-table.ts, parse-csv.ts).
 */

/** The lines bonnie++ prints while it runs (stderr): `Writing intelligently...done`. */
export function _isProgressLine(text: string): boolean {
  return text.includes('...done') || text.startsWith('Using uid:') || text.startsWith('Stat files in');
}

/** The CSV header lines of bonnie++ 1.x (`name,file_size,...`) and 1.9x (`format_version,...`). */
export function _isCsvHeader(text: string): boolean {
  return text.startsWith('name,file_size,') || text.startsWith('format_version,bonnie_version,');
}

function splitLines(text: string): _Line[] {
  const lines: _Line[] = [];
  let start = 0;
  for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
    lines.push({ text: text.slice(start, end), offset: start });
    start = end + 1;
  }
  lines.push({ text: text.slice(start), offset: start });
  return lines;
}

const LEADING_QUOTE = /^[ \t>]*/;
const MIN_CSV_COMMAS = 20;

function commaCount(text: string): number {
  let count = 0;
  for (let i = text.indexOf(','); i !== -1; i = text.indexOf(',', i + 1)) count++;
  return count;
}

/** A CSV result line (versioned or 1.03) with its offset, or null when the line is not one. */
export function _csvLineOf(line: _Line): _Line | null {
  const lead = (LEADING_QUOTE.exec(line.text) as RegExpExecArray)[0].length;
  const text = line.text.slice(lead).trimEnd();
  if (_isVersionedCsvStart(text)) return { text, offset: line.offset + lead };
  if (commaCount(text) < MIN_CSV_COMMAS) return null;
  const fields = _splitFields(text, 0).map((field) => field.text);
  return _is103CsvLine(fields) ? { text, offset: line.offset + lead } : null;
}

interface Scan {
  drafts: _RunDraft[];
  hasProgress: boolean;
  /** The input's last line with content when it was skipped (no bonnie++ line), else null. */
  skippedLast: _Line | null;
}

/** The head lines a table block starts with, as far as a cut may leave them. */
const HEAD_STARTS = [
  'Version',
  '------Sequential Output------ --Sequential Input- --Random-',
  '------Sequential Create------ --------Random Create--------',
];
/** What a versioned CSV line starts with: `1.98,2.00a` or `2,1.90f`, cut anywhere in it. */
const CSV_START = /^\d+(?:\.\d*)?[a-z]?(?:,(?:\d+(?:\.\d*)?[a-z]?)?)?$/;

/**
 * True for a line that is the start of a line bonnie++ prints after a table or a CSV line, cut
 * short: a head line (`Version  1.96   ------Sequ`, `Vers`) or a CSV line's version fields (`1.9`,
 * `1.98,2.0`). Such a line ending the input is the next block, or the CSV line, cut.
 */
export function _isCutBonnieLine(text: string): boolean {
  const body = text.replace(LEADING_QUOTE, '').trimEnd();
  if (body === '') return false;
  if (CSV_START.test(body) || body.startsWith('Version ')) return true;
  return HEAD_STARTS.some((head) => head.startsWith(body));
}

function scan(context: _BonnieContext, lines: readonly _Line[]): Scan {
  const drafts: _RunDraft[] = [];
  let hasProgress = false;
  let skipped: { offset: number; count: number } | null = null;
  const flushSkipped = () => {
    if (skipped === null) return;
    const what = skipped.count === 1 ? 'a line' : `${skipped.count} lines`;
    _warn(context, skipped.offset, 'SKIPPED_LINES', `${what} that no bonnie++ output holds, skipped`);
    skipped = null;
  };
  const skip = (line: _Line) => {
    if (skipped === null) skipped = { offset: line.offset, count: 0 };
    skipped.count++;
  };
  let skippedLast: _Line | null = null;
  for (let index = 0; index < lines.length; ) {
    const line = lines[index] as _Line;
    const text = line.text;
    if (text.trim() === '') {
      index++;
      continue;
    }
    skippedLast = null;
    if (_tableHead(text) !== null) {
      if (context.format === 'table') {
        flushSkipped();
        const table = _parseTableAt(context, lines, index);
        drafts.push(...table.drafts);
        index = table.next;
      } else {
        skip(line);
        index++;
      }
      continue;
    }
    const csv = _csvLineOf(line);
    if (csv !== null) {
      flushSkipped();
      drafts.push(_parseCsvLine(context, csv.text, csv.offset));
    } else if (_isProgressLine(text)) {
      hasProgress = true;
    } else if (!_isCsvHeader(text)) {
      skip(line);
      skippedLast = line;
    }
    index++;
  }
  flushSkipped();
  return { drafts, hasProgress, skippedLast };
}

/** TRUNCATED: the input's last line with content is a bonnie++ line cut short (_isCutBonnieLine). */
export function _cutLineError(context: _BonnieContext, line: _Line): ParseError {
  return _bonnieError(
    context,
    line.offset + line.text.trimEnd().length,
    'TRUNCATED',
    'the input stops inside a bonnie++ line: the start of a table head or of a CSV line',
  );
}

/** TRUNCATED at the end of the input's content (`offset`): no run, only progress lines. */
export function _progressOnlyError(context: _BonnieContext, offset: number): ParseError {
  return _bonnieError(
    context,
    offset,
    'TRUNCATED',
    'bonnie++ stopped before printing its results: only progress lines are here',
  );
}

/** MISSING_SECTION at the input's first content (`offset`): no run and no progress line. */
export function _noResultError(context: _BonnieContext, offset: number): ParseError {
  return _bonnieError(
    context,
    offset,
    'MISSING_SECTION',
    context.format === 'csv'
      ? 'no bonnie++ CSV result line was found'
      : 'no bonnie++ result table or CSV line was found',
  );
}

/** Parses a bonnie++ output read by readText. Throws a ParseError. */
export function _parseBonnieSource(source: TextSource, format: BonnieFormat): ToolReading<BonnieResult> {
  const context = _newContext(source, format);
  const text = source.text;
  const { drafts, hasProgress, skippedLast } = scan(context, splitLines(text));
  if (drafts.length > 0 && skippedLast !== null && _isCutBonnieLine(skippedLast.text)) {
    throw _cutLineError(context, skippedLast);
  }
  if (drafts.length === 0) {
    const firstContent = /\S/.exec(text);
    if (firstContent === null) throw _bonnieError(context, 0, 'EMPTY_INPUT', 'the input is empty');
    if (hasProgress) throw _progressOnlyError(context, text.trimEnd().length);
    throw _noResultError(context, firstContent.index);
  }
  const { runs, tableOnly } = _mergeRuns(drafts);
  for (const draft of tableOnly) {
    if (draft.unreliable.size > 0) {
      _warn(
        context,
        draft.offset,
        'TABLE_FILE_COUNT_NOT_RATE',
        `bonnie++ ${draft.run.bonnieVersion ?? ''} printed the number of files instead of the rate in the file tests of this table; those rates are left null (its CSV line has them)`,
      );
    }
  }
  return {
    result: { runs },
    toolVersion: runs.find((run) => run.bonnieVersion !== null)?.bonnieVersion ?? null,
    warnings: context.warnings,
  };
}
