import { ParseError } from '../errors.ts';
import { batchText, readLineBatches } from '../lines.ts';
import type { Measurement } from '../measurement.ts';
import type { ParseOutput, ParseWarning } from '../parser.ts';
import { readText } from '../text.ts';
import { _IostatLineError, IostatMachine, type IostatMachineOptions } from './machine.ts';
import { reportMeasurements } from './measurements.ts';
import { parseIostatJson } from './parse-json.ts';
import { skipBlanks } from './scan.ts';
import type { IostatHost, IostatReport, IostatResult } from './schema.ts';

const encoder = new TextEncoder();
const LINE_END = 10;

export interface IostatStreamOptions extends IostatMachineOptions {
  /** `text` or `json`; default: `json` when the input starts with `{`, else `text`. */
  format?: 'text' | 'json' | undefined;
  /** File name for errors. */
  name?: string | undefined;
}

/**
 * Reports of an iostat log, read from a web ReadableStream or any async iterable of text chunks
 * (a Node Readable with setEncoding('utf8') is one). It holds one report and one chunk at a time:
 * the lines of a chunk are read synchronously, and the reports yielded as they end. After the
 * loop, `host`, `isTruncated` and `warnings` describe the log.
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
    let format = this.options.format;
    let jsonLines: string[] | null = null;
    const machine = new IostatMachine(this.options);
    const reader = new LineReader(machine, this.options.name);
    for await (const lines of readLineBatches(this.input)) {
      format ??= formatOf(lines);
      if (format === undefined) continue;
      if (format === 'json') {
        jsonLines ??= [];
        for (const line of lines) jsonLines.push(line);
        continue;
      }
      reader.start(lines);
      for (let report = reader.next(); report !== undefined; report = reader.next()) {
        this.host = machine.host;
        yield report;
      }
      this.host = machine.host;
    }
    if (format === 'json' && jsonLines !== null) {
      const parsed = parseIostatJson(readText(jsonLines.join('\n'), { name: this.options.name }), this.options);
      this.host = parsed.host;
      this.isTruncated = parsed.isTruncated;
      this.warnings = parsed.warnings;
      yield* parsed.reports;
      return;
    }
    const last = reader.finish();
    this.host = machine.host;
    this.isTruncated = machine.isTruncated;
    this.warnings = machine.warnings;
    if (last !== undefined) yield last;
  }
}

/** `json` when the first non-blank line starts with `{`, `text` for another, undefined for none yet. */
function formatOf(lines: readonly string[]): 'text' | 'json' | undefined {
  for (const line of lines) {
    const start = line.trimStart();
    if (start !== '') return start.startsWith('{') ? 'json' : 'text';
  }
  return undefined;
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
  batches: AsyncIterable<readonly string[]>,
  format: string,
  name: string | undefined,
): AsyncGenerator<ParseOutput<IostatResult>> {
  if (format === 'json') {
    const all: string[] = [];
    for await (const lines of batches) for (const line of lines) all.push(line);
    const parsed = parseIostatJson(readText(all.join('\n'), { name }));
    yield* piecesOf(parsed.host, parsed.reports, parsed.isTruncated, parsed.warnings, 'json');
    return;
  }
  const machine = new IostatMachine();
  const reader = new LineReader(machine, name);
  let warningCount = 0;
  const newWarnings = (): ParseWarning[] => {
    if (machine.warnings.length === warningCount) return [];
    const fresh = machine.warnings.slice(warningCount);
    warningCount = machine.warnings.length;
    return fresh;
  };
  for await (const lines of batches) {
    reader.start(lines);
    for (let report = reader.next(); report !== undefined; report = reader.next()) {
      yield piece(machine.host, report, false, newWarnings(), 'text');
    }
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

/**
 * One report as a ParseOutput whose measurements are made on first read (JSON.stringify and a
 * spread read them too). The getter is one function shared by every output, so that outputs
 * share one V8 shape; the `--ndjson` writer asks `unreadReport` and writes the measurements of a
 * report whose objects were never made straight from the report.
 */
class IostatStreamOutput {
  readonly tool = 'iostat' as const;
  format: 'text' | 'json';
  toolVersion: string | null = null;
  result: IostatResult;
  declare measurements: Measurement[];
  declare warnings: ParseWarning[];
  #report: IostatReport | null;
  #measurements: Measurement[] | undefined;

  constructor(result: IostatResult, report: IostatReport | null, warnings: ParseWarning[]) {
    this.format = result.format;
    this.result = result;
    this.#report = report;
    Object.defineProperty(this, 'measurements', {
      enumerable: true,
      configurable: true,
      get: measurementsOf,
      set: setMeasurements,
    });
    this.warnings = warnings;
  }

  static measurements(output: IostatStreamOutput): Measurement[] {
    output.#measurements ??= output.#report === null ? [] : reportMeasurements(output.#report);
    return output.#measurements;
  }

  static setMeasurements(output: IostatStreamOutput, measurements: Measurement[]): void {
    output.#measurements = measurements;
  }

  static unreadReport(output: unknown): IostatReport | null | undefined {
    if (!(output instanceof IostatStreamOutput) || output.#measurements !== undefined) return undefined;
    return output.#report;
  }
}

function measurementsOf(this: IostatStreamOutput): Measurement[] {
  return IostatStreamOutput.measurements(this);
}

function setMeasurements(this: IostatStreamOutput, measurements: Measurement[]): void {
  IostatStreamOutput.setMeasurements(this, measurements);
}

/**
 * The report of a streamed output whose measurements have not been read (null for an output
 * with no report), or undefined when they have been (or the output is not a streamed one).
 */
export function unreadReport(output: ParseOutput<IostatResult>): IostatReport | null | undefined {
  return IostatStreamOutput.unreadReport(output);
}

/** One report as a ParseOutput; see IostatStreamOutput. */
export function piece(
  host: IostatHost | null,
  report: IostatReport | null,
  isTruncated: boolean,
  warnings: ParseWarning[],
  format: 'text' | 'json',
): ParseOutput<IostatResult> {
  const result: IostatResult = { format, host, reports: report === null ? [] : [report], isTruncated, summary: [] };
  return new IostatStreamOutput(result, report, warnings);
}

/**
 * Feeds lines to the machine a batch at a time, stopping at each report the lines complete (so
 * that the caller hands it out before the next is read: one report alive at a time), and turns
 * the machine's line errors into ParseErrors with the line's text. An error may point at an earlier line than the one being read (a bad line is
 * only an error once more follows it): that line is in the batch, or one of the last non-blank
 * lines of the batches before, which are remembered.
 */
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

  private lines: readonly string[] = [];
  private index = 0;

  /** The batch's text as bytes, when it is ASCII (see start), and where the next line starts. */
  private bytes = new Uint8Array(0);
  private bytesAt = -1;

  /** Starts on a batch of lines (the previous one read to its end). */
  start(lines: readonly string[]): void {
    this.lines = lines;
    this.index = 0;
    // Rows are scanned from the bytes of the text the batch was cut from, when it has one and it
    // is ASCII (one byte per character, so offsets in the text are offsets in the bytes).
    const text = batchText(lines);
    this.bytesAt = -1;
    if (text === undefined) return;
    // One byte more than the text, for a line end after its last line (scanRowFastBytes stops there).
    if (this.bytes.length < text.length + 1) {
      this.bytes = new Uint8Array(Math.max(text.length + 1, this.bytes.length * 2));
    }
    const { read, written } = encoder.encodeInto(text, this.bytes);
    if (read === text.length && written === text.length) {
      this.bytes[written] = LINE_END;
      this.machine.bytes = this.bytes;
      this.bytesAt = 0;
    }
  }

  /** Reads on in the batch up to the next report the lines complete; undefined at the batch end. */
  next(): IostatReport | undefined {
    const machine = this.machine;
    const lines = this.lines;
    let i = this.index;
    try {
      while (i < lines.length) {
        const line = lines[i] as string;
        const at = this.bytesAt;
        const report = machine.push(line, at);
        if (at >= 0) this.bytesAt = at + line.length + 1;
        i++;
        if (report !== undefined) {
          this.index = i;
          return report;
        }
      }
    } catch (error) {
      throw this.convert(error, lines, i);
    }
    this.index = i;
    this.rememberTail(lines);
    this.lines = [];
    return undefined;
  }

  finish(): IostatReport | undefined {
    return this.machine.finish();
  }

  /** Keeps the last two non-blank lines read (with their numbers), for errors that point back. */
  private rememberTail(lines: readonly string[]): void {
    const firstNumber = this.machine.lineNumber - lines.length + 1;
    let found = 0;
    const tail: [number, string][] = [];
    for (let k = lines.length - 1; k >= 0 && found < 2; k--) {
      const line = lines[k] as string;
      if (skipBlanks(line, 0) < line.length) {
        tail.push([firstNumber + k, line]);
        found++;
      }
    }
    for (const [number, text] of tail.reverse()) {
      this.previousText = this.lastText;
      this.previousNumber = this.lastNumber;
      this.lastText = text;
      this.lastNumber = number;
    }
  }

  private convert(error: unknown, lines: readonly string[], index: number): unknown {
    if (!(error instanceof _IostatLineError)) return error;
    const back = this.machine.lineNumber - error.line;
    const lineText =
      back >= 0 && back <= index
        ? (lines[index - back] as string)
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
