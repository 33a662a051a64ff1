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

export function _detectBonnieHead(head: string): Detection | null {
  let csvVersion: string | null = null;
  let has103Line = false;
  for (const rawLine of head.split('\n')) {
    const line = rawLine.replace(/^[ \t>]*/, '').trimEnd();
    const table = _tableHead(rawLine);
    if (table !== null) {
      return { tool: 'bonnie', format: 'table', version: table.version, confidence: 0.95 };
    }
    if (csvVersion === null && _isVersionedCsvStart(line) && line.split(',').length > MIN_VERSIONED_COMMAS) {
      csvVersion = line.slice(line.indexOf(',') + 1, line.indexOf(',', line.indexOf(',') + 1));
    } else if (!has103Line && line.includes(',') && _is103CsvLine(line.split(','))) {
      has103Line = true;
    }
  }
  if (csvVersion !== null) return { tool: 'bonnie', format: 'csv', version: csvVersion, confidence: 0.9 };
  if (has103Line) return { tool: 'bonnie', format: 'csv', version: null, confidence: 0.6 };
  return null;
}
