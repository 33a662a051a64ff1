import type { Detection } from '../../parser.ts';
import { isHistogramFieldCount } from './histogram-reader.ts';
import { FieldScanner } from './scan.ts';

/** Lines of the head detection reads: enough to see a layout repeat, never the whole log. */
const LINES_CHECKED = 8;
const MIN_SAMPLE_FIELDS = 4;
const MAX_SAMPLE_FIELDS = 8;

const scanner = new FieldScanner();

/**
 * A fio log's head is lines of integers separated by commas (fio prints `, `): 4 to 8 of them
 * for a sample log (`log`: the content cannot tell bw from iops from a latency, the file name
 * or the caller does), or time, direction, bs and a histogram's bin count for a histogram log
 * (`hist-log`). Every line read must be integers and commas: no other tool's output starts so.
 */
export function detectFioLogHead(head: string): Detection | null {
  let start = 0;
  let fieldCount = 0;
  let lines = 0;
  // The head may end inside a line: only lines with their line end count, unless it is all.
  const lastEnd = head.lastIndexOf('\n');
  const end = lastEnd === -1 ? head.length : head.endsWith('\n') ? head.length : lastEnd;
  while (start < end && lines < LINES_CHECKED) {
    let lineEnd = head.indexOf('\n', start);
    if (lineEnd === -1 || lineEnd > end) lineEnd = end;
    let count: number;
    try {
      count = scanner.scan(head, start, lineEnd);
    } catch {
      return null;
    }
    start = lineEnd + 1;
    if (count === 0) {
      if (lines === 0) continue;
      return null;
    }
    // The first line's count decides; later lines need only be integers (a line of another
    // count is the parse's error to report, at its place).
    if (lines === 0) fieldCount = count;
    lines++;
  }
  if (lines === 0) return null;
  if (isHistogramFieldCount(fieldCount)) return { tool: 'fio-log', format: 'hist-log', version: null, confidence: 0.9 };
  if (fieldCount < MIN_SAMPLE_FIELDS || fieldCount > MAX_SAMPLE_FIELDS) return null;
  return { tool: 'fio-log', format: 'log', version: null, confidence: 0.6 };
}
