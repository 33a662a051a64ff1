import { ParseError } from '../errors.ts';
import type { Measurement } from '../measurement.ts';
import type { ParseOutput, ParseWarning } from '../parser.ts';
import { readText } from '../text.ts';
import { _IostatLineError, IostatMachine, type IostatMachineOptions } from './machine.ts';
import { reportMeasurements } from './measurements.ts';
import { parseIostatJson } from './parse-json.ts';
import { skipBlanks } from './scan.ts';
import type { IostatHost, IostatReport, IostatResult } from './schema.ts';

export interface IostatStreamOptions extends IostatMachineOptions {
  /** `text` or `json`; default: `json` when the input starts with `{`, else `text`. */
  format?: 'text' | 'json' | undefined;
  /** File name for errors. */
  name?: string | undefined;
}

/**
 * Reports of an iostat log, read from a web ReadableStream or any async iterable of text chunks
 * (a Node Readable with setEncoding('utf8') is one). It holds one report and one chunk at a time:
 * the lines are split here, synchronously within a chunk, and the reports yielded as they end.
 * After the loop, `host`, `isTruncated` and `warnings` describe the log.
 *
 * JSON (`-o JSON`) is one document: it is read whole, then yielded report by report.
 */
export class IostatReportStream implements AsyncIterable<IostatReport> {
  host: IostatHost | null = null;
  isTruncated = false;
  warnings: ParseWarning[] = [];

  private readonly input: ReadableStream<string> | AsyncIterable<string>;
  private readonly options: IostatStreamOptions;

  constructor(input: ReadableStream<string> | AsyncIterable<string>, options: IostatStreamOptions = {}) {
    this.input = input;
    this.options = options;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<IostatReport> {
    const splitter = new LineSplitter();
    let format = this.options.format;
    let jsonText: string[] | null = null;
    const machine = new IostatMachine(this.options);
    const reader = new LineReader(machine, this.options.name);
    for await (const chunk of iterate(this.input)) {
      if (format === undefined) {
        const start = chunk.replace(/^\uFEFF/, '').trimStart();
        if (start === '') continue;
        format = start.startsWith('{') ? 'json' : 'text';
      }
      if (format === 'json') {
        jsonText ??= [];
        jsonText.push(chunk);
        continue;
      }
      const reports = reader.pushLines(splitter.push(chunk));
      this.host = machine.host;
      for (const report of reports) yield report;
    }
    if (format === 'json' && jsonText !== null) {
      const parsed = parseIostatJson(readText(jsonText.join(''), { name: this.options.name }), this.options);
      this.host = parsed.host;
      this.isTruncated = parsed.isTruncated;
      this.warnings = parsed.warnings;
      yield* parsed.reports;
      return;
    }
    const reports = reader.pushLines(splitter.end());
    const last = reader.finish();
    if (last !== undefined) reports.push(last);
    this.host = machine.host;
    this.isTruncated = machine.isTruncated;
    this.warnings = machine.warnings;
    yield* reports;
  }
}

/** Typed reports of an iostat log as they are read; see IostatReportStream. */
export function parseIostatStream(
  input: ReadableStream<string> | AsyncIterable<string>,
  options: IostatStreamOptions = {},
): IostatReportStream {
  return new IostatReportStream(input, options);
}

/**
 * The streaming parse the registry and `benchfolio parse --ndjson` use: one ParseOutput per
 * report, with that report's measurements (made when first read) and the warnings that came
 * with it. A cut at the end comes as a last output with no report and `isTruncated`.
 */
export async function* streamIostatOutputs(
  lines: AsyncIterable<string>,
  format: string,
  name: string | undefined,
): AsyncGenerator<ParseOutput<IostatResult>> {
  if (format === 'json') {
    const all: string[] = [];
    for await (const line of lines) all.push(line);
    const parsed = parseIostatJson(readText(all.join('\n'), { name }));
    yield* piecesOf(parsed.host, parsed.reports, parsed.isTruncated, parsed.warnings, 'json');
    return;
  }
  const machine = new IostatMachine();
  const reader = new LineReader(machine, name);
  let warningCount = 0;
  const newWarnings = (): ParseWarning[] => {
    const fresh = machine.warnings.slice(warningCount);
    warningCount = machine.warnings.length;
    return fresh;
  };
  for await (const line of lines) {
    const report = reader.pushLine(line);
    if (report !== undefined) yield piece(machine.host, report, false, newWarnings(), 'text');
  }
  const last = reader.finish();
  if (last !== undefined) yield piece(machine.host, last, machine.isTruncated, newWarnings(), 'text');
  else if (machine.isTruncated) yield piece(machine.host, null, true, newWarnings(), 'text');
}

function* piecesOf(
  host: IostatHost | null,
  reports: IostatReport[],
  isTruncated: boolean,
  warnings: ParseWarning[],
  format: 'text' | 'json',
): Generator<ParseOutput<IostatResult>> {
  if (reports.length === 0) {
    yield piece(host, null, isTruncated, warnings, format);
    return;
  }
  for (const [index, report] of reports.entries()) {
    const isLast = index === reports.length - 1;
    yield piece(host, report, isLast && isTruncated, isLast ? warnings : [], format);
  }
}

/** One report as a ParseOutput whose measurements are made on first read (and kept). */
export function piece(
  host: IostatHost | null,
  report: IostatReport | null,
  isTruncated: boolean,
  warnings: ParseWarning[],
  format: 'text' | 'json',
): ParseOutput<IostatResult> {
  const result: IostatResult = { format, host, reports: report === null ? [] : [report], isTruncated, summary: [] };
  let measurements: Measurement[] | undefined;
  const output = { tool: 'iostat', format, toolVersion: null, result, warnings } as ParseOutput<IostatResult>;
  Object.defineProperty(output, 'measurements', {
    enumerable: true,
    get: () => {
      measurements ??= report === null ? [] : reportMeasurements(report);
      return measurements;
    },
  });
  return output;
}

/** Feeds lines to the machine and turns its line errors into ParseErrors with the line's text. */
class LineReader {
  private lastText = '';
  private lastNumber = 0;
  private previousText = '';
  private previousNumber = 0;

  private readonly machine: IostatMachine;
  private readonly name: string | undefined;

  constructor(machine: IostatMachine, name: string | undefined) {
    this.machine = machine;
    this.name = name;
  }

  pushLines(lines: readonly string[]): IostatReport[] {
    const reports: IostatReport[] = [];
    for (const line of lines) {
      const report = this.pushLine(line);
      if (report !== undefined) reports.push(report);
    }
    return reports;
  }

  pushLine(line: string): IostatReport | undefined {
    try {
      const report = this.machine.push(line);
      // Remember the last non-blank line: a deferred error points at it.
      if (skipBlanks(line, 0) < line.length || this.lastNumber === 0) this.remember(line);
      return report;
    } catch (error) {
      throw this.convert(error, line);
    }
  }

  finish(): IostatReport | undefined {
    return this.machine.finish();
  }

  private remember(line: string): void {
    this.previousText = this.lastText;
    this.previousNumber = this.lastNumber;
    this.lastText = line;
    this.lastNumber = this.machine.lineNumber;
  }

  private convert(error: unknown, current: string): unknown {
    if (!(error instanceof _IostatLineError)) return error;
    const lineText =
      error.line === this.machine.lineNumber
        ? current
        : error.line === this.lastNumber
          ? this.lastText
          : error.line === this.previousNumber
            ? this.previousText
            : '';
    return new ParseError({
      code: error.code,
      message: error.message,
      tool: 'iostat',
      format: 'text',
      line: error.line,
      column: error.column + 1,
      lineText,
      file: this.name,
    });
  }
}

/**
 * Splits text chunks into lines at `\n`, `\r\n` or a bare `\r` (a pair cut between two chunks
 * too) and drops a BOM at the start, as the core's readLines does, but returns each chunk's lines
 * at once instead of one promise per line.
 */
class LineSplitter {
  private pending = '';
  private isFirst = true;
  private lastWasCr = false;

  push(chunk: string): string[] {
    let text = chunk;
    if (text === '') return [];
    if (this.isFirst) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.isFirst = false;
    }
    if (this.lastWasCr && text.charCodeAt(0) === 10) text = text.slice(1);
    this.lastWasCr = false;
    if (text.includes('\r')) {
      this.lastWasCr = text.charCodeAt(text.length - 1) === 13;
      text = text.replace(/\r\n?/g, '\n');
    }
    const lines: string[] = [];
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      lines.push(start === 0 && this.pending !== '' ? this.pending + text.slice(0, end) : text.slice(start, end));
      if (start === 0) this.pending = '';
      start = end + 1;
    }
    this.pending = start === 0 ? this.pending + text : text.slice(start);
    return lines;
  }

  end(): string[] {
    const last = this.pending;
    this.pending = '';
    return last === '' ? [] : [last];
  }
}

async function* iterate<T>(source: AsyncIterable<T> | ReadableStream<T>): AsyncGenerator<T> {
  if (Symbol.asyncIterator in source) {
    yield* source as AsyncIterable<T>;
    return;
  }
  const reader = (source as ReadableStream<T>).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
