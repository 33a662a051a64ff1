import type { Detection } from '../parser.ts';
import { _is103CsvLine, _isVersionedCsvStart } from './csv-layout.ts';
import { _tableHead } from './table-lines.ts';

/**
 * Recognises a bonnie++ output from the head of the input: a table head line
 * (`Version  1.96   ------Sequential Output------`) or a CSV result line (`1.96,1.96,...`,
 * `2,1.90f,...`, `1.98,2.00a,...`, or a 27-field 1.03 line). Other tools never print these:
 * fio's terse lines are `;`-separated, sysbench and iostat print no such heads.
 */

/** A 1.9x/2.x CSV line has at least 44 commas; one of 1.03 has 26. */
const MIN_VERSIONED_COMMAS = 44;

/**
 * A versioned CSV line cut short (a copy that stops mid-line) still starts with its two version
 * fields and the machine name: recognised when it is the input's last line, so that the parser
 * can say where it stops (TRUNCATED) instead of calling the input unknown.
 */
const MIN_CUT_CSV_COMMAS = 3;

export function _detectBonnieHead(head: string): Detection | null {
  let csvVersion: string | null = null;
  let has103Line = false;
  let cutCsvVersion: string | null = null;
  const lines = head.split('\n');
  const lastLine = lines.findLastIndex((line) => line.trim() !== '');
  for (const [index, rawLine] of lines.entries()) {
    const line = rawLine.replace(/^[ \t>]*/, '').trimEnd();
    const table = _tableHead(rawLine);
    if (table !== null) {
      return { tool: 'bonnie', format: 'table', version: table.version, confidence: 0.95 };
    }
    const commas = line.split(',').length - 1;
    if (csvVersion === null && _isVersionedCsvStart(line) && commas >= MIN_VERSIONED_COMMAS) {
      csvVersion = csvToolVersion(line);
    } else if (index === lastLine && _isVersionedCsvStart(line) && commas >= MIN_CUT_CSV_COMMAS) {
      cutCsvVersion = csvToolVersion(line);
    } else if (!has103Line && line.includes(',') && _is103CsvLine(line.split(','))) {
      has103Line = true;
    }
  }
  if (csvVersion !== null) return { tool: 'bonnie', format: 'csv', version: csvVersion, confidence: 0.9 };
  if (has103Line) return { tool: 'bonnie', format: 'csv', version: null, confidence: 0.6 };
  if (cutCsvVersion !== null) return { tool: 'bonnie', format: 'csv', version: cutCsvVersion, confidence: 0.5 };
  return null;
}

/** The second field of a versioned CSV line: the bonnie++ version that wrote it. */
function csvToolVersion(line: string): string {
  const first = line.indexOf(',');
  return line.slice(first + 1, line.indexOf(',', first + 1));
}
