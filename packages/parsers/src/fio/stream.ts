import { _errorAt } from '../errors.ts';
import { _isSameJsonText } from '../json-check.ts';
import type { TextBatch } from '../lines.ts';
import type { Measurement } from '../measurement.ts';
import { _withLazyMeasurements, type ParseWarning, type ToolOutput } from '../parser.ts';
import { _countLineEnds, _shiftedSource, readText, type TextSource } from '../text.ts';
import { _rememberReport, type _SeriesMemory, _statusReportMeasurements, fioMeasurements } from './measurements.ts';
import {
  _attachError,
  _cutAtTheEnd,
  _duplicateOf,
  _isJsonRun,
  _newPreamble,
  _readSegments,
  _withoutRuns,
  type FioParseFormat,
  type PlacedError,
  type PlacedRun,
} from './parse-fio.ts';
import { PieceCutter } from './piece-cutter.ts';
import type { FioResult, FioRun } from './schema.ts';
import { type Segment, splitSegments } from './split.ts';
import { _isNextReport } from './status-reports.ts';

type FioOutput = ToolOutput<'fio', FioResult>;

/**
 * The streaming parse of fio (`parseStream`, `benchfolio parse --ndjson`): one output per report
 * of a `--status-interval` series as it is read, and one per run. The input is cut into pieces
 * of whole segments (piece-cutter.ts), each read as parseFioSource reads the whole text, and the
 * runs go through the same steps in the same order: a run printed twice is kept once
 * (_duplicateOf), a status report is folded into the run after it (_isNextReport), fio's error
 * lines go to the run they sit in or the next one. What is held: the run kept last (it may be
 * printed again in another format), the last report of the series being read, and per job and
 * direction the stats the next interval is taken from; never the earlier reports.
 *
 * A status report's output holds a run with that report alone in `statusReports` and no jobs;
 * its measurements are the report's step of the series (`cumulative.*`, `interval.*`). The
 * final report's output holds the run as parse gives it, without the earlier reports, and its
 * measurements: the usual ones and the final step. Unlike parse's, measurements never carry a
 * `run` label: a stream cannot know that another run will follow; outputs come in input order.
 * `minPieceChars`: see PieceCutter (a test cuts at every batch).
 */
export async function* streamFioOutputs(
  batches: AsyncIterable<TextBatch>,
  format: FioParseFormat,
  name: string | undefined,
  minPieceChars?: number,
): AsyncGenerator<FioOutput> {
  const reader = new FioStreamReader(format, name);
  const cutter = new PieceCutter(minPieceChars);
  let isUnterminated = false;
  for await (const batch of batches) {
    isUnterminated = batch.isUnterminated === true;
    for (const piece of cutter.push(batch)) yield* reader.read(piece);
  }
  yield* reader.read(cutter.end(isUnterminated));
  yield* reader.finish();
}

/** A placed run with what the stream keeps of its piece. */
interface HeldRun extends PlacedRun {
  /** Its JSON text, to tell the same document pasted twice (null for other formats). */
  documentText: string | null;
  /** Line and column of its start, for a DUPLICATE_RUN warning. */
  at: { line: number; column: number };
}

/** The run being read: its last report so far is `run`. */
interface Series {
  run: FioRun;
  start: number;
  end: number;
  /** The last report's warnings (parse keeps those of the run's last report). */
  warnings: ParseWarning[];
  /** Status reports handed out before `run`. */
  reportCount: number;
  memory: _SeriesMemory;
}

class FioStreamReader {
  private readonly format: FioParseFormat;
  private readonly name: string | undefined;
  private readonly preamble = _newPreamble();
  /** Warnings not handed out yet: they go with the next output. */
  private warnings: ParseWarning[] = [];
  private errors: PlacedError[] = [];
  private kept: HeldRun | null = null;
  private series: Series | null = null;
  private hasKept = false;
  /** Characters and lines of the pieces read before. */
  private offset = 0;
  private lines = 0;
  /** For an input without runs: the first piece with text, and the one of the first error line. */
  private firstSource: TextSource | null = null;
  private firstErrorSource: TextSource | null = null;
  private firstErrorOffset = 0;
  /** The last piece read, for the warnings about the end of the input. */
  private lastPiece: { source: TextSource; segments: Segment[]; lastPlaced: PlacedRun | undefined } | null = null;
  private isLastPlacedKept = false;

  constructor(format: FioParseFormat, name: string | undefined) {
    this.format = format;
    this.name = name;
  }

  /** Reads a piece; yields the outputs of the reports it completes. */
  *read(text: string): Generator<FioOutput> {
    if (text === '') return;
    const source = _shiftedSource(readText(text, { name: this.name }), this.lines);
    const segments = splitSegments(source, this.lines + 1);
    const { placed, errors } = _readSegments(source, segments, this.format, this.warnings, this.preamble);
    if (!this.hasKept && this.firstSource === null && /\S/.test(source.text)) this.firstSource = source;
    const [firstError] = errors;
    if (!this.hasKept && this.firstErrorSource === null && this.errors.length === 0 && firstError !== undefined) {
      this.firstErrorSource = source;
      this.firstErrorOffset = firstError.offset;
    }
    for (const { offset, error } of errors) this.errors.push({ offset: offset + this.offset, error });
    for (const run of placed) yield* this.take(this.held(run, source));
    this.lastPiece = { source, segments, lastPlaced: placed[placed.length - 1] };
    this.offset += text.length;
    this.lines += _countLineEnds(text);
  }

  /** The run with offsets in the whole input, and what a later piece may need of its text. */
  private held(placed: PlacedRun, source: TextSource): HeldRun {
    const documentText = _isJsonRun(placed.run) ? source.text.slice(placed.start, placed.end) : null;
    const at = source.locate(placed.start);
    return { ...placed, start: placed.start + this.offset, end: placed.end + this.offset, documentText, at };
  }

  /** The next run placed: kept once when printed twice, then folded or handed on (parseFioSource's order). */
  private *take(current: HeldRun): Generator<FioOutput> {
    this.isLastPlacedKept = true;
    const previous = this.kept;
    if (previous !== null) {
      const duplicate = _duplicateOf(previous, current, isSameDocument(previous, current));
      if (duplicate !== null) {
        const dropped = duplicate.dropped as HeldRun;
        if (duplicate.message !== null) {
          this.warnings.push({ code: 'DUPLICATE_RUN', message: duplicate.message, ...dropped.at });
        }
        this.kept = duplicate.winner as HeldRun;
        this.isLastPlacedKept = this.kept === current;
        return;
      }
      yield* this.fold(previous);
    }
    this.kept = current;
    this.hasKept = true;
    // Needed only by an input without runs.
    this.firstSource = null;
    this.firstErrorSource = null;
  }

  /** A kept run: the next report of the series being read, or the start of a new one. */
  private *fold(item: PlacedRun): Generator<FioOutput> {
    const series = this.series;
    if (series !== null && _isNextReport(series.run, item.run, series.reportCount)) {
      yield this.statusOutput(series);
      item.run.line = series.run.line;
      item.run.fioVersion ??= series.run.fioVersion;
      series.run = item.run;
      series.end = item.end;
      series.warnings = item.warnings;
      return;
    }
    if (series !== null) yield this.finalOutput(series, (error) => error.offset <= series.end);
    const { run, start, end, warnings } = item;
    this.series = { run, start, end, warnings, reportCount: 0, memory: [] };
  }

  /** The series' last report, now known to be a status report, as an output of its own. */
  private statusOutput(series: Series): FioOutput {
    const report = series.run;
    const sample = series.reportCount;
    // The intervals are taken from the reports before this one: a copy, since the memory moves on
    // before the output's measurements are made (when first read).
    const before = series.memory.map((stats) => ({ ...stats }));
    _rememberReport(report, series.memory);
    series.reportCount++;
    const { line, timestamp, timestampMs, jobs } = report;
    const run: FioRun = { ...report, jobs: [], groups: [], disks: [], errors: [], statusReports: [] };
    run.statusReports.push({ line, timestamp, timestampMs, jobs });
    return this.output({ runs: [run] }, report.fioVersion, () => {
      const out: Measurement[] = [];
      _statusReportMeasurements(report, sample, before, {}, out);
      return out;
    });
  }

  /** The series' final report, with the error lines that belong to it (`isOwn`). */
  private finalOutput(series: Series, isOwn: (error: PlacedError) => boolean): FioOutput {
    const own = this.errors.filter(isOwn);
    this.errors = this.errors.filter((error) => !isOwn(error));
    for (const { error } of own) _attachError(series.run, error);
    this.warnings.push(...series.warnings);
    const { run, reportCount, memory } = series;
    const before = memory.map((stats) => ({ ...stats }));
    return this.output({ runs: [run] }, run.fioVersion, () => {
      const out = fioMeasurements({ runs: [run] });
      if (reportCount > 0) _statusReportMeasurements(run, reportCount, before, {}, out);
      return out;
    });
  }

  private output(result: FioResult, toolVersion: string | null, build: () => Measurement[]): FioOutput {
    const warnings = this.warnings;
    this.warnings = [];
    return _withLazyMeasurements({ tool: 'fio', format: this.format, toolVersion, result, warnings }, build);
  }

  /** The end of the input: the last run kept, the warnings about the end, or the input's failure. */
  *finish(): Generator<FioOutput> {
    if (this.kept !== null) yield* this.fold(this.kept);
    this.kept = null;
    const last = this.lastPiece;
    if (last !== null) {
      const { source, segments, lastPlaced } = last;
      this.warnings.push(..._cutAtTheEnd(source, segments, lastPlaced, this.isLastPlacedKept, this.hasKept));
    }
    if (this.series !== null) {
      yield this.finalOutput(this.series, () => true);
      this.series = null;
      return;
    }
    yield this.withoutRuns();
  }

  /** An input with no run: its error lines as the result, else EMPTY_INPUT or MISSING_SECTION. */
  private withoutRuns(): FioOutput {
    const source = this.firstSource;
    if (source === null) {
      throw _errorAt(readText('', { name: this.name }), 0, {
        tool: 'fio',
        format: this.format,
        code: 'EMPTY_INPUT',
        message: 'the input is empty',
      });
    }
    const errors = this.errors.map((placed, index) =>
      index === 0 ? { ...placed, offset: this.firstErrorOffset } : placed,
    );
    const errorSource = this.firstErrorSource ?? source;
    const { result, warnings } = _withoutRuns(source, this.format, errors, this.warnings, errorSource);
    this.warnings = warnings;
    return this.output(result, null, () => fioMeasurements(result));
  }
}

function isSameDocument(a: HeldRun, b: HeldRun): boolean {
  if (a.documentText === null || b.documentText === null) return false;
  const both = a.documentText + b.documentText;
  return _isSameJsonText(both, 0, a.documentText.length, a.documentText.length, both.length);
}
