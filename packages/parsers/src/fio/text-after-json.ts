import type { ParseWarning } from '../parser.ts';
import type { TextSource } from '../text.ts';

/**
 * What fio (or the shell) printed after a JSON document, up to the next piece of fio output:
 * fio writes its results to stdout and its messages to stderr, so a copy of both shows
 * messages after the document that fio printed after the results (fio 3.33 with
 * `--bandwidth-log` in a read-only directory: `fopen log: Read-only file system`, from
 * flush_log after __show_run_stats), and a shell session adds its own lines.
 *
 * The document is complete, so it is the run's result, and each such line becomes a warning
 * that quotes it: `FIO_MESSAGE` for fio's own `fio: ...` lines, `TEXT_AFTER_JSON` for
 * anything else. A failure of a job is in the document itself (each job's `error`), and a
 * `fio: pid=N, err=...` line is read into the run's `errors` wherever it stands (split.ts
 * makes it a piece of its own), so nothing here fails the run.
 */

/** At most this many lines are quoted one by one; the rest are counted in one more warning. */
const MAX_QUOTED_LINES = 20;

/** Warnings for the non-blank lines in text[documentEnd, nextStart) (to the end without a next piece). */
export function _textAfterJson(source: TextSource, documentEnd: number, nextStart: number | undefined): ParseWarning[] {
  const { text } = source;
  const end = nextStart ?? text.length;
  const warnings: ParseWarning[] = [];
  let unquoted = 0;
  let lineStart = documentEnd;
  while (lineStart < end) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1 || lineEnd > end) lineEnd = end;
    const line = text.slice(lineStart, lineEnd).trim();
    if (line !== '') {
      if (warnings.length < MAX_QUOTED_LINES) warnings.push(quoteLine(source, lineStart, line));
      else unquoted++;
    }
    lineStart = lineEnd + 1;
  }
  if (unquoted > 0) {
    const { line, column } = source.locate(documentEnd);
    warnings.push({
      code: 'TEXT_AFTER_JSON',
      message: `${unquoted} more lines of text after the fio JSON document are not quoted here`,
      line,
      column,
    });
  }
  return warnings;
}

function quoteLine(source: TextSource, offset: number, line: string): ParseWarning {
  const { line: lineNumber, column } = source.locate(offset);
  const shown = line.length > 120 ? `${line.slice(0, 117)}...` : line;
  return line.startsWith('fio: ')
    ? { code: 'FIO_MESSAGE', message: `fio printed after its JSON document: "${shown}"`, line: lineNumber, column }
    : { code: 'TEXT_AFTER_JSON', message: `text after the fio JSON document: "${shown}"`, line: lineNumber, column };
}
