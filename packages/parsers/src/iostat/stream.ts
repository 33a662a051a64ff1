import { ParseError } from '../errors.ts';
import { readTextBatches, type TextBatch } from '../lines.ts';
import type { Measurement } from '../measurement.ts';
import type { ParseWarning, ToolOutput } from '../parser.ts';
import { readText } from '../text.ts';
import { _IostatLineError, IostatMachine, type IostatMachineOptions, MISSING_REPORT } from './machine.ts';
import { reportMeasurements } from './measurements.ts';
import { parseIostatJson } from './parse-json.ts';
import { skipBlanks } from './scan.ts';
import type { IostatHost, IostatReport, IostatResult } from './schema.ts';

/** One output of the iostat parser. */
type IostatOutput = ToolOutput<'iostat', IostatResult>;

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
    let jsonTexts: string[] | null = null;
    let isUnterminated = false;
    const machine = new IostatMachine(this.options);
    const reader = new TextReader(machine, this.options.name);
    for await (const batch of readTextBatches(this.input, { name: this.options.name })) {
      format ??= formatOf(batch.text);
      if (format === undefined) continue;
      if (format === 'json') {
        jsonTexts ??= [];
        jsonTexts.push(batch.text);
        isUnterminated = batch.isUnterminated === true;
        continue;
      }
      reader.start(batch);
      for (let report = reader.next(); report !== undefined; report = reader.next()) {
        this.host = machine.host;
        yield report;
      }
      this.host = machine.host;
    }
    if (format === 'json' && jsonTexts !== null) {
      const whole = jsonTexts.join('\n') + (isUnterminated ? '' : '\n');
      const parsed = parseIostatJson(readText(whole, { name: this.options.name }), this.options);
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
function formatOf(text: string): 'text' | 'json' | undefined {
  // \S and trimStart() agree on what is blank (white space and line ends).
  const first = /\S/.exec(text);
  if (first === null) return undefined;
  return first[0] === '{' ? 'json' : 'text';
}

/** Typed reports of an iostat log as they are read; see IostatReportStream. */
export function parseIostatStream(
  input: ReadableStream<string> | AsyncIterable<string>,
  options: IostatStreamOptions = {},
): IostatReportStream {
  return new IostatReportStream(input, options);
}

/**
 * The streaming parse the registry and `benchfolio parse --ndjson` use (ToolParser
 * parseTextStream): one output per report, with that report's measurements (made when first
 * read) and the warnings that came with it. A cut at the end comes as a last output with no
 * report and `isTruncated`.
 */
export function streamIostatOutputs(
  batches: AsyncIterable<TextBatch>,
  format: 'text' | 'json',
  name: string | undefined,
): AsyncIterableIterator<IostatOutput> {
  return format === 'json' ? streamJsonOutputs(batches, name) : new TextOutputs(batches, name);
}

async function* streamJsonOutputs(
  batches: AsyncIterable<TextBatch>,
  name: string | undefined,
): AsyncGenerator<IostatOutput> {
  const texts: string[] = [];
  let isUnterminated = false;
  for await (const batch of batches) {
    texts.push(batch.text);
    isUnterminated = batch.isUnterminated === true;
  }
  // With the input's final line end, where it had one: an error at the end is where parse puts it.
  const parsed = parseIostatJson(readText(texts.join('\n') + (isUnterminated ? '' : '\n'), { name }));
  yield* piecesOf(parsed.host, parsed.reports, parsed.isTruncated, parsed.warnings, 'json');
}

type OutputResult = IteratorResult<IostatOutput, undefined>;

/**
 * The outputs of a text log, as an iterator written by hand rather than an async generator:
 * while the chunk read holds more reports, `next()` resolves at once with the next one (a
 * generator's yield costs several promise turns, and a log has a report per second per run),
 * and it awaits the input only when the chunk is read to its end. Not for concurrent `next()`
 * calls (a `for await` makes none).
 */
class TextOutputs implements AsyncIterableIterator<IostatOutput> {
  private readonly batches: AsyncIterator<TextBatch>;
  private readonly machine = new IostatMachine();
  private readonly reader: TextReader;
  /** Whether the reader holds a batch not read to its end. */
  private hasBatch = false;
  private isDone = false;
  private warningCount = 0;

  constructor(batches: AsyncIterable<TextBatch>, name: string | undefined) {
    this.batches = batches[Symbol.asyncIterator]();
    this.reader = new TextReader(this.machine, name);
  }

  next(): Promise<OutputResult> {
    if (this.hasBatch) {
      let report: IostatReport | undefined;
      try {
        report = this.reader.next();
      } catch (error) {
        return this.fail(error);
      }
      if (report !== undefined) return Promise.resolve({ done: false, value: this.piece(report, false) });
      this.hasBatch = false;
    }
    return this.read();
  }

  async return(): Promise<OutputResult> {
    const isOpen = !this.isDone;
    this.isDone = true;
    this.hasBatch = false;
    if (isOpen) await this.batches.return?.();
    return { done: true, value: undefined };
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** Reads batches up to the next report, or the end of the input. */
  private async read(): Promise<OutputResult> {
    while (!this.isDone) {
      const next = await this.batches.next();
      if (next.done === true) {
        this.isDone = true;
        const machine = this.machine;
        const last = this.reader.finish();
        if (last !== undefined) return { done: false, value: this.piece(last, machine.isTruncated) };
        // A cut at the end, or warnings that came after the last report (parse has them too).
        if (machine.isTruncated || machine.warnings.length !== this.warningCount) {
          return { done: false, value: this.piece(null, machine.isTruncated) };
        }
        break;
      }
      let report: IostatReport | undefined;
      try {
        this.reader.start(next.value);
        report = this.reader.next();
      } catch (error) {
        return this.fail(error);
      }
      if (report !== undefined) {
        this.hasBatch = true;
        return { done: false, value: this.piece(report, false) };
      }
    }
    return { done: true, value: undefined };
  }

  /** Closes the input, as a generator's loop would on an error, and rejects with the error. */
  private async fail(error: unknown): Promise<never> {
    await this.return();
    throw error;
  }

  private piece(report: IostatReport | null, isTruncated: boolean): IostatOutput {
    const machine = this.machine;
    let warnings: ParseWarning[] = [];
    if (machine.warnings.length !== this.warningCount) {
      warnings = machine.warnings.slice(this.warningCount);
      this.warningCount = machine.warnings.length;
    }
    return piece(machine.host, report, isTruncated, warnings, 'text');
  }
}

function* piecesOf(
  host: IostatHost | null,
  reports: IostatReport[],
  isTruncated: boolean,
  warnings: ParseWarning[],
  format: 'text' | 'json',
): Generator<IostatOutput> {
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
 * One report as an output whose measurements are made on first read (JSON.stringify and a
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
export function unreadReport(output: IostatOutput): IostatReport | null | undefined {
  return IostatStreamOutput.unreadReport(output);
}

/** One report as an output; see IostatStreamOutput. */
export function piece(
  host: IostatHost | null,
  report: IostatReport | null,
  isTruncated: boolean,
  warnings: ParseWarning[],
  format: 'text' | 'json',
): IostatOutput {
  const result: IostatResult = { format, host, reports: report === null ? [] : [report], isTruncated, summary: [] };
  return new IostatStreamOutput(result, report, warnings);
}

/**
 * Feeds the lines of a text batch to the machine, stopping at each report they complete (so
 * that the caller hands it out before the next is read: one report alive at a time), and turns
 * the machine's line errors into ParseErrors with the line's text. An error may point at an
 * earlier line than the one being read (a bad line is only an error once more follows it): that
 * line is in the batch, or one of the last non-blank lines of the batches before, which are
 * remembered.
 */
export class TextReader {
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

  private text = '';
  /** Where the next line starts in `text`; past its end (text.length + 1) when all are read. */
  private at = 0;
  /** Whether the machine holds the text's bytes (see start). */
  private isAscii = false;
  private bytes = new Uint8Array(0);

  /** The input's first line, for an error at its start. */
  private firstLine: string | undefined;

  /** Starts on a batch (the previous one read to its end). */
  start(batch: TextBatch): void {
    const text = batch.text;
    this.firstLine ??= lineAt(text, 0);
    this.text = text;
    this.at = 0;
    // Lines are read from the text's bytes when it is ASCII (one byte per character, so offsets
    // in the text are offsets in the bytes), with one byte more than the text: a line end after
    // its last line, where scanRowFastBytes stops.
    if (this.bytes.length < text.length + 1) {
      this.bytes = new Uint8Array(Math.max(text.length + 1, this.bytes.length * 2));
    }
    const { read, written } = encoder.encodeInto(text, this.bytes);
    this.isAscii = read === text.length && written === text.length;
    if (this.isAscii) {
      this.bytes[written] = LINE_END;
      this.machine.bytes = this.bytes;
      this.machine.text = text;
    }
  }

  /** Reads on in the batch up to the next report the lines complete; undefined at the batch end. */
  next(): IostatReport | undefined {
    const machine = this.machine;
    const text = this.text;
    const length = text.length;
    let at = this.at;
    try {
      while (at <= length) {
        let end = text.indexOf('\n', at);
        if (end === -1) end = length;
        const report = this.isAscii ? machine.pushBytes(at, end) : machine.push(text.slice(at, end));
        at = end + 1;
        if (report !== undefined) {
          this.at = at;
          return report;
        }
      }
    } catch (error) {
      throw this.convert(error, at);
    }
    this.at = at;
    this.rememberTail();
    this.text = '';
    this.machine.text = '';
    return undefined;
  }

  /**
   * Ends the input: the last report, when whole. MISSING_SECTION, as parseIostatText gives it,
   * when the input held no report and no banner.
   */
  finish(): IostatReport | undefined {
    const machine = this.machine;
    const last = machine.finish();
    if (last === undefined && machine.reportCount === 0 && machine.host === null) {
      throw new ParseError({
        code: 'MISSING_SECTION',
        message: MISSING_REPORT,
        tool: 'iostat',
        format: 'text',
        line: 1,
        column: 1,
        lineText: this.firstLine ?? '',
        file: this.name,
      });
    }
    return last;
  }

  /** Keeps the last two non-blank lines of the batch (with their numbers), for errors that point back. */
  private rememberTail(): void {
    const text = this.text;
    let number = this.machine.lineNumber;
    let end = text.length;
    const tail: [number, string][] = [];
    for (;;) {
      const start = lineStartBefore(text, end);
      const line = text.slice(start, end);
      if (skipBlanks(line, 0) < line.length) tail.push([number, line]);
      if (tail.length === 2 || start === 0) break;
      end = start - 1;
      number--;
    }
    for (const [lineNumber, line] of tail.reverse()) {
      this.previousText = this.lastText;
      this.previousNumber = this.lastNumber;
      this.lastText = line;
      this.lastNumber = lineNumber;
    }
  }

  /** The error as a ParseError; `at`: where the line being read when it was thrown starts. */
  private convert(error: unknown, at: number): unknown {
    if (!(error instanceof _IostatLineError)) return error;
    const text = this.text;
    let lineText: string | undefined;
    // The line it names, `back` lines before the one being read: in this batch when it starts
    // no earlier than the batch.
    let start = at;
    for (let back = this.machine.lineNumber - error.line; back > 0 && start > 0; back--) {
      start = lineStartBefore(text, start - 1);
      if (back === 1) lineText = lineAt(text, start);
    }
    if (error.line === this.machine.lineNumber) lineText = lineAt(text, at);
    lineText ??=
      error.line === this.lastNumber ? this.lastText : error.line === this.previousNumber ? this.previousText : '';
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

/** Where the line that ends at `end` (a line end, or the text's end) starts. */
function lineStartBefore(text: string, end: number): number {
  return end === 0 ? 0 : text.lastIndexOf('\n', end - 1) + 1;
}

/** The line that starts at `start`, without its line end. */
function lineAt(text: string, start: number): string {
  const end = text.indexOf('\n', start);
  return text.slice(start, end === -1 ? text.length : end);
}
