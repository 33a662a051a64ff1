import { _readBsdTransfer } from './bsd-transfer-line.ts';
import { type _DdContext, _ddError, _warn } from './context.ts';
import type { DdDiagnostic, DdLanguage, DdTransfer } from './schema.ts';
import { _isTransferFailure, _MAX_COUNT, _readTransfer } from './transfer-line.ts';
import { _recordsLanguage, BYTE_WORDS, COUNT_SPACE, TRUNCATED_LINES, WARNING_PREFIX } from './words.ts';

/**
 * The first step of a parse: each line of the input becomes one item (a records line, a transfer
 * line, a message of dd, a version line, ...) with the offset it starts at. Nothing is assembled
 * into runs here (assemble.ts does that).
 */

export interface _TransferItem {
  transfer: DdTransfer;
  language: DdLanguage | null;
  offset: number;
}

export type _Item =
  | { kind: 'blank'; offset: number }
  | { kind: 'version'; version: string; offset: number }
  | { kind: 'diagnostic'; diagnostic: DdDiagnostic; offset: number }
  | {
      kind: 'records';
      full: number;
      partial: number;
      /** The words after the counts ("records in"). */
      words: string;
      language: DdLanguage | null;
      /** Which line of the pair the words say it is; null for words of another language. */
      role: 'in' | 'out' | null;
      offset: number;
    }
  | { kind: 'truncated'; count: number; language: DdLanguage; offset: number }
  /** The BSD dd's `N odd length swab block(s)` (conv=swab), printed before its truncated line. */
  | { kind: 'swab'; offset: number }
  | { kind: 'transfers'; transfers: _TransferItem[]; offset: number }
  | { kind: 'other'; offset: number };

// Copies from blog posts and mail quote lines with "> "; a --help text indents them.
const LEAD = /^[ \t>]*/;
const VERSION = /^dd \((?:GNU )?(?:coreutils|fileutils)\) (\S+)/;
const DIAGNOSTIC = /^dd: (.*\S)/;
const RECORDS = new RegExp(`^(\\d+)\\+(\\d+)${COUNT_SPACE}(\\S(?:.*\\S)?)$`);
// A line that means to be a transfer line: "N bytes (" or "N bytes copied," in a known language.
// FreeBSD bin/dd/misc.c summary(): "block(s)"; macOS: "record(s)".
const SWAB = /^\d+ odd length swab (?:blocks?|records?)$/;
// A leading count with text stuck to it (`8388608x bytes (`) still means one: its number is bad.
const TRANSFER_START = new RegExp(`^\\d+\\S*${COUNT_SPACE}(\\p{L}+) (?:\\(|\\p{L}+,)`, 'u');
// A records line whose counts have text stuck to them, or a sign (`8x+0 records in`, `-8+0 records in`).
const BAD_RECORDS = new RegExp(`^(-?)(\\d+)(\\S*?)\\+(-?)(\\d+)(\\S*)${COUNT_SPACE}(\\S(?:.*\\S)?)$`);
// A transfer line whose byte count has a sign: dd prints none (its counts are never negative).
const SIGNED_TRANSFER = new RegExp(`^-\\d+${COUNT_SPACE}(\\p{L}+) `, 'u');

/** Every line of the normalized text as an item. Throws a ParseError for a malformed dd line. */
export function _classifyLines(context: _DdContext): _Item[] {
  const text = context.source.text;
  const items: _Item[] = [];
  let start = 0;
  for (;;) {
    const end = text.indexOf('\n', start);
    const line = text.slice(start, end === -1 ? text.length : end);
    items.push(classifyLine(context, line, start));
    if (end === -1) break;
    start = end + 1;
  }
  return items;
}

function classifyLine(context: _DdContext, raw: string, lineOffset: number): _Item {
  const lead = (LEAD.exec(raw) as RegExpExecArray)[0].length;
  const line = raw.slice(lead).trimEnd();
  const offset = lineOffset + lead;
  if (line === '') return { kind: 'blank', offset: lineOffset };

  const version = VERSION.exec(line);
  if (version !== null) return { kind: 'version', version: version[1] as string, offset };

  const diagnostic = DIAGNOSTIC.exec(line);
  if (diagnostic !== null) {
    const message = diagnostic[1] as string;
    const { line: lineNumber } = context.source.locate(offset);
    const severity = WARNING_PREFIX.test(message) ? 'warning' : 'error';
    return { kind: 'diagnostic', diagnostic: { message, severity, line: lineNumber }, offset };
  }

  const records = RECORDS.exec(line);
  if (records !== null) {
    const full = count(context, records[1] as string, offset);
    const partial = count(context, records[2] as string, offset + (records[1] as string).length + 1);
    const words = records[3] as string;
    const known = _recordsLanguage(words);
    return {
      kind: 'records',
      full,
      partial,
      words,
      language: known?.language ?? null,
      role: known?.role ?? null,
      offset,
    };
  }

  if (SWAB.test(line)) return { kind: 'swab', offset };

  checkBadNumbers(context, line, offset);

  for (const truncated of TRUNCATED_LINES) {
    const match = truncated.pattern.exec(line);
    if (match !== null) {
      const number = truncated.count ?? count(context, match[1] as string, offset);
      return { kind: 'truncated', count: number, language: truncated.language, offset };
    }
  }

  if (/^\d/.test(line)) {
    const transfers = readTransfers(context, line, offset);
    if (transfers !== null) return { kind: 'transfers', transfers, offset };
  }
  return { kind: 'other', offset };
}

/**
 * A records line or transfer line of dd whose numbers dd cannot have printed: a sign before a
 * count, or text stuck to it (`8x+0 records in`, `-8388608 bytes (...) copied`). BAD_NUMBER at
 * the sign or the stuck text, rather than a line skipped as no dd line.
 */
function checkBadNumbers(context: _DdContext, line: string, offset: number): void {
  const records = BAD_RECORDS.exec(line);
  if (records !== null && _recordsLanguage(records[7] as string) !== null) {
    const [, signIn = '', full = '', junkIn = '', signOut = '', partial = '', junkOut = ''] = records;
    const partialAt = signIn.length + full.length + junkIn.length + 1;
    const bad =
      signIn !== ''
        ? 0
        : junkIn !== ''
          ? full.length
          : signOut !== ''
            ? partialAt
            : junkOut !== ''
              ? partialAt + partial.length
              : -1;
    if (bad !== -1) {
      throw _ddError(
        context,
        offset + bad,
        'BAD_NUMBER',
        `expected the records counts "N+M", found "${line.split(' ')[0]}"`,
      );
    }
  }
  const signed = SIGNED_TRANSFER.exec(line);
  if (signed !== null && BYTE_WORDS.has(signed[1] as string)) {
    throw _ddError(context, offset, 'BAD_NUMBER', 'expected a byte count of zero or more: dd prints no sign');
  }
}

/** A records count; dd's counters are intmax_t. */
function count(context: _DdContext, digits: string, offset: number): number {
  const value = Number(digits);
  if (value > _MAX_COUNT) throw _ddError(context, offset, 'BAD_NUMBER', `${digits} is more than dd can count`);
  return value;
}

/**
 * The transfer statements of a line: usually one; two when coreutils 9.1 and later prints its
 * last progress statement before syncing (conv=fdatasync) right after the previous one, with no
 * carriage return between them. Null when the line is no transfer line at all; a ParseError when
 * it starts like one in a known language and then goes wrong.
 */
function readTransfers(context: _DdContext, line: string, offset: number): _TransferItem[] | null {
  const gnu = _readTransfer(line, 0);
  // The BSD dd's sentence (`N bytes transferred in S secs (R bytes/sec)`) where GNU's does not match.
  const first = _isTransferFailure(gnu) ? (_readBsdTransfer(line, 0) ?? gnu) : gnu;
  if (_isTransferFailure(first)) {
    if (first !== gnu) throw _ddError(context, offset + first.index, first.code, first.message);
    const start = TRANSFER_START.exec(line);
    if (start === null || !BYTE_WORDS.has(start[1] as string)) return null;
    throw _ddError(context, offset + first.index, first.code, `${first.message} in this transfer line`);
  }
  const { line: lineNumber } = context.source.locate(offset);
  const transfers: _TransferItem[] = [
    { transfer: { ...first.transfer, line: lineNumber }, language: first.language, offset },
  ];
  let index = first.end;
  while (index < line.length) {
    while (line[index] === ' ') index++;
    if (index >= line.length) break;
    const next = /\d/.test(line[index] as string) ? _readTransfer(line, index) : null;
    if (next === null || _isTransferFailure(next)) {
      // Another program's message written on the same terminal line: `... 27.0 MB/scmp: EOF on ...`.
      _warn(context, offset + index, 'TRAILING_TEXT', 'text after the transfer statement, ignored');
      break;
    }
    transfers.push({
      transfer: { ...next.transfer, line: lineNumber },
      language: next.language,
      offset: offset + index,
    });
    index = next.end;
  }
  return transfers;
}
