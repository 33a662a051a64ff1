import { _errorAt, type ParseError } from '../errors.ts';
import type { ParseWarning } from '../parser.ts';
import type { TextSource } from '../text.ts';
import { _IostatLineError, IostatMachine, type IostatMachineOptions, MISSING_REPORT } from './machine.ts';
import type { IostatHost, IostatReport } from './schema.ts';

export interface TextParse {
  host: IostatHost | null;
  reports: IostatReport[];
  isTruncated: boolean;
  warnings: ParseWarning[];
}

/** Reads a whole text output (every plain layout) with the report machine. */
export function parseIostatText(source: TextSource, options: IostatMachineOptions = {}): TextParse {
  const machine = new IostatMachine(options);
  const reports: IostatReport[] = [];
  const text = source.text;
  try {
    // The lines as a stream reads them (lines.ts): a line end ends the line before it and starts
    // none, so a text ending in one has no empty line after it.
    const length = text.endsWith('\n') ? text.length - 1 : text.length;
    for (let start = 0; start <= length; ) {
      let end = text.indexOf('\n', start);
      if (end === -1 || end > length) end = length;
      const report = machine.push(text.slice(start, end));
      if (report !== undefined) reports.push(report);
      start = end + 1;
    }
    const last = machine.finish();
    if (last !== undefined) reports.push(last);
  } catch (error) {
    if (error instanceof _IostatLineError) throw lineErrorAt(source, error, 'text');
    throw error;
  }
  if (reports.length === 0 && machine.host === null) {
    throw _errorAt(source, 0, {
      code: 'MISSING_SECTION',
      tool: 'iostat',
      format: 'text',
      message: MISSING_REPORT,
    });
  }
  return { host: machine.host, reports, isTruncated: machine.isTruncated, warnings: machine.warnings };
}

/** The ParseError of a machine's line error, at its place in the source. */
export function lineErrorAt(source: TextSource, error: _IostatLineError, format: string): ParseError {
  let offset = 0;
  for (let line = 1; line < error.line; line++) {
    const next = source.text.indexOf('\n', offset);
    if (next === -1) break;
    offset = next + 1;
  }
  return _errorAt(source, offset + error.column, { code: error.code, tool: 'iostat', format, message: error.message });
}
