import { _errorAt, type ParseError } from '../errors.ts';
import type { ParseWarning } from '../parser.ts';
import type { TextSource } from '../text.ts';
import { _readHeaderLine, _readResultLine } from './header.ts';
import { _isIntervalLine, _readInterval } from './interval.ts';
import { _JsonReportReader } from './report-json.ts';
import { _finishRun, _newDraft, type RunDraft } from './run.ts';
import type { SysbenchResult } from './schema.ts';
import { _headingSection, _readStatisticsLine } from './statistics.ts';
import { type SourceLine, SYSBENCH_FORMAT } from './values.ts';

/**
 * The header line of every version (sysbench.c print_header):
 *   0.4/0.5: "sysbench 0.4.12:  multi-threaded system evaluation benchmark"
 *   1.x:     "sysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)", "sysbench 1.1.0-df89d34 (using bundled ...)"
 */
const VERSION_LINE =
  /^sysbench (\d+\.\d+(?:\.\d+)?(?:-[0-9a-zA-Z.]+)?)(?:: {2}multi-threaded system evaluation benchmark| \(using (.+)\))?$/;

/**
 * The start of a header line, cut anywhere after "sysbench": `sysbench 1.0.2`, `sysbench 1.0.20 (using sys`.
 * As the last line of an output, it is the next run cut inside its first line.
 */
const CUT_VERSION_LINE = /^sysbench(?: (?:\d+(?:\.\d*)*(?:-[0-9a-zA-Z.]*)?(?: \(.*)?)?)?$/;

export interface TextParse {
  result: SysbenchResult;
  version: string | null;
  warnings: ParseWarning[];
}

/**
 * Reads a sysbench text output: one or more runs, each from its header line (or, for copies
 * that start at the statistics, from its first statistics block) to the end of its "Threads
 * fairness:" block. Lines before the first run and after a complete one (shell prompts, notes)
 * are skipped; lines inside a statistics block must be the block's own.
 */
export function _parseText(source: TextSource): TextParse {
  const reader = new _SysbenchTextReader();
  reader.readLines(source);
  reader.endInput();
  const { drafts } = reader;
  throwIfNoRun(source, drafts);
  const warnings = [..._cutWarnings(drafts, reader.cutHeaderLine), ...reader.jsonWarnings];
  const runs = drafts.map(_finishRun);
  return { result: { runs }, version: runs.find((r) => r.version !== null)?.version ?? null, warnings };
}

/**
 * The runs of a text output, read a line at a time: by parse over the whole text, and by the
 * stream (stream.ts) a batch of lines at a time, which takes each run once the next has started.
 */
export class _SysbenchTextReader {
  readonly drafts: RunDraft[] = [];
  /** The last line with content, when it is a header line cut short (CUT_VERSION_LINE), else 0. */
  cutHeaderLine = 0;
  readonly jsonWarnings: ParseWarning[] = [];
  private draft: RunDraft | null = null;
  /** "WARNING:" lines come before the header they belong to (sysbench.c parses options first). */
  private pendingWarnings: string[] = [];
  private lineNumber = 0;
  /** A block of sysbench.report_json's output (report-json.ts), and the run it belongs to. */
  private jsonReader: _JsonReportReader | null = null;
  private jsonRun: RunDraft | null = null;

  /** Reads every line of the text. */
  readLines(source: TextSource): void {
    const text = source.text;
    let start = 0;
    while (start <= text.length) {
      const end = text.indexOf('\n', start);
      const lineEnd = end === -1 ? text.length : end;
      this.readLine({ source, start, text: text.slice(start, lineEnd) });
      start = lineEnd + 1;
    }
  }

  /** The runs read whole (those before the current one), taken out of `drafts`. */
  takeDone(): RunDraft[] {
    return this.drafts.splice(0, this.drafts.length - 1);
  }

  /** Reads one line. */
  private readLine(line: SourceLine): void {
    this.lineNumber++;
    const trimmed = line.text.trim();
    // Any line with content after a cut header line says it was not the last.
    if (trimmed !== '') this.cutHeaderLine = 0;
    const indent = line.text.length - line.text.trimStart().length;
    if (this.jsonReader !== null && trimmed !== '') {
      if (this.jsonReader.push(line, trimmed, indent)) return;
      this.endJsonBlock();
    }
    if (trimmed === '') {
      // A blank line (sysbench prints one with a space) ends a histogram.
      if (this.draft !== null && this.draft.section === 'histogram') this.draft.section = 'header';
      return;
    }
    const version = trimmed.startsWith('sysbench ') ? VERSION_LINE.exec(trimmed) : null;
    if (version !== null) {
      this.startRun(version[1] ?? null, version[2] ?? null);
      return;
    }
    if (isCutVersionLine(trimmed)) this.cutHeaderLine = this.lineNumber;
    if (trimmed.startsWith('WARNING:')) {
      const current = this.draft;
      if (current === null || current.run.isComplete) this.pendingWarnings.push(trimmed);
      else current.run.warnings.push(trimmed);
    } else if (trimmed.startsWith('FATAL:')) {
      this.runForResults().run.errors.push(trimmed);
    } else if (_JsonReportReader.isStart(trimmed)) {
      this.jsonRun = this.runForResults();
      this.jsonReader = new _JsonReportReader();
      this.jsonReader.push(line, trimmed, indent);
    } else if (trimmed.charCodeAt(0) === 0x5b /* [ */ && _isIntervalLine(trimmed)) {
      const current = this.runForResults();
      current.run.intervals.push(_readInterval(line, indent));
      current.hasData = true;
    } else {
      const heading = _headingSection(trimmed);
      if (heading !== undefined) this.runForResults().section = heading;
      else this.readOtherLine(line, trimmed, indent);
    }
  }

  /** After the last line: a JSON block still open ends there. */
  endInput(): void {
    if (this.jsonReader !== null) this.endJsonBlock();
  }

  /** A line of a statistics block, of a run's header, a one-line result, or one skipped. */
  private readOtherLine(line: SourceLine, trimmed: string, indent: number): void {
    const current = this.draft;
    if (current !== null && current.section !== 'done' && current.section !== 'header') {
      // Inside a statistics block, the one-line results (memory, 0.4 fileio) may still come.
      if (!_readResultLine(current, line, trimmed, indent)) _readStatisticsLine(current, line, trimmed, indent);
      return;
    }
    if (current !== null && !current.run.isComplete && _readHeaderLine(current, line, trimmed, indent)) return;
    const probe = current === null || current.run.isComplete ? _newDraft(null, null, this.lineNumber) : current;
    if (_readResultLine(probe, line, trimmed, indent) && probe !== current) this.addRun(probe);
    // Anything else outside a statistics block: Lua script messages, prompts, notes. Skipped.
  }

  private endJsonBlock(): void {
    const reader = this.jsonReader as _JsonReportReader;
    const current = this.jsonRun as RunDraft;
    this.jsonReader = null;
    this.jsonRun = null;
    // Cut inside a report: the reports before it are kept, and the run stays incomplete.
    const isCut = reader.isInsideReport;
    if (!isCut) reader.finish();
    current.run.intervals.push(...reader.intervals);
    if (reader.intervals.length > 0 || reader.cumulative !== null) current.hasData = true;
    if (!isCut && reader.cumulative !== null) {
      // The cumulative report is the run's last output, in place of the text statistics.
      current.run.cumulative = reader.cumulative;
      current.run.isComplete = true;
      current.section = 'done';
    }
    this.jsonWarnings.push(...reader.warnings);
  }

  private startRun(version: string | null, luajit: string | null): RunDraft {
    const next = _newDraft(version, luajit, this.lineNumber);
    this.addRun(next);
    return next;
  }

  /** A new run, current from now on, with the warnings printed before it. */
  private addRun(next: RunDraft): void {
    next.run.warnings.push(...this.pendingWarnings);
    this.pendingWarnings = [];
    this.drafts.push(next);
    this.draft = next;
  }

  /** The run a statistics line belongs to: the current one, or a new one after a complete run. */
  private runForResults(): RunDraft {
    const current = this.draft;
    return current === null || current.run.isComplete ? this.startRun(null, null) : current;
  }
}

/** MISSING_SECTION when the text holds no run, TRUNCATED when no run got to its statistics. */
function throwIfNoRun(source: TextSource, drafts: readonly RunDraft[]): void {
  const { text } = source;
  if (drafts.length === 0) throw _noRunError(source, firstContent(text));
  if (!drafts.some(_hasStatistics))
    throw _noStatisticsError(source, text.endsWith('\n') ? text.length - 1 : text.length);
}

/** True for a run that got to its statistics: an input of none is cut (throwIfNoRun). */
export function _hasStatistics(draft: RunDraft): boolean {
  return draft.hasData || draft.run.isComplete;
}

/** MISSING_SECTION at the input's first content (`offset`). */
export function _noRunError(source: TextSource, offset: number): ParseError {
  return _errorAt(source, offset, {
    tool: 'sysbench',
    format: SYSBENCH_FORMAT,
    code: 'MISSING_SECTION',
    message: 'no sysbench run found: expected a "sysbench 1.0.20 ..." header line or a statistics block',
  });
}

/** TRUNCATED at the input's end (`offset`: its last line end, or its end without one). */
export function _noStatisticsError(source: TextSource, offset: number): ParseError {
  return _errorAt(source, offset, {
    tool: 'sysbench',
    format: SYSBENCH_FORMAT,
    code: 'TRUNCATED',
    message: 'the sysbench output stops before any statistics',
  });
}

/**
 * A run cut short among complete ones (a killed run in a log of appended runs) is kept and
 * marked: its numbers so far are real, and isComplete says the rest is missing. So is a last
 * line that is the header of a next run, cut.
 */
export function _cutWarnings(drafts: readonly RunDraft[], cutHeaderLine: number): ParseWarning[] {
  const warnings: ParseWarning[] = [];
  if (cutHeaderLine !== 0) {
    warnings.push({
      code: 'TRUNCATED',
      message: 'the last line is the header of a next sysbench run, cut: that run is missing',
      line: cutHeaderLine,
      column: 1,
    });
  }
  for (const draft of drafts) {
    if (draft.run.isComplete) continue;
    warnings.push({
      code: 'TRUNCATED',
      message: `the sysbench run starting on line ${draft.run.line} stops before the end of its statistics`,
      line: draft.run.line,
      column: 1,
    });
  }
  return warnings;
}

/** A header line cut anywhere: inside the word `sysbench` (`sysbe`) or after it (CUT_VERSION_LINE). */
function isCutVersionLine(trimmed: string): boolean {
  return trimmed.startsWith('sysbench') ? CUT_VERSION_LINE.test(trimmed) : 'sysbench'.startsWith(trimmed);
}

function firstContent(text: string): number {
  const match = /\S/.exec(text);
  return match === null ? 0 : match.index;
}
