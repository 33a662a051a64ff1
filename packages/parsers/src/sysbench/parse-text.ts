import { _errorAt } from '../errors.ts';
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
  const text = source.text;
  const drafts: RunDraft[] = [];
  let draft: RunDraft | null = null;
  // "WARNING:" lines come before the header they belong to (sysbench.c parses options first).
  let pendingWarnings: string[] = [];
  let lineNumber = 0;
  // The last line, when it is a header line cut short (CUT_VERSION_LINE), else 0.
  let cutHeaderLine = 0;
  // A block of sysbench.report_json's output (report-json.ts), and the run it belongs to.
  let jsonReader: _JsonReportReader | null = null;
  let jsonRun: RunDraft | null = null;
  const jsonWarnings: ParseWarning[] = [];
  const endJsonBlock = (): void => {
    const reader = jsonReader as _JsonReportReader;
    const current = jsonRun as RunDraft;
    jsonReader = null;
    jsonRun = null;
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
    jsonWarnings.push(...reader.warnings);
  };

  const startRun = (version: string | null, luajit: string | null): RunDraft => {
    const next = _newDraft(version, luajit, lineNumber);
    next.run.warnings.push(...pendingWarnings);
    pendingWarnings = [];
    drafts.push(next);
    draft = next;
    return next;
  };
  /** The run a statistics line belongs to: the current one, or a new one after a complete run. */
  const runForResults = (): RunDraft => {
    const current = draft as RunDraft | null;
    return current === null || current.run.isComplete ? startRun(null, null) : current;
  };

  let start = 0;
  while (start <= text.length) {
    const end = text.indexOf('\n', start);
    const lineEnd = end === -1 ? text.length : end;
    const line: SourceLine = { source, start, text: text.slice(start, lineEnd) };
    lineNumber++;
    start = lineEnd + 1;
    const trimmed = line.text.trim();
    if (jsonReader !== null && trimmed !== '') {
      if ((jsonReader as _JsonReportReader).push(line, trimmed, line.text.length - line.text.trimStart().length)) {
        continue;
      }
      endJsonBlock();
    }
    if (trimmed === '') {
      // A blank line (sysbench prints one with a space) ends a histogram.
      if (draft !== null && (draft as RunDraft).section === 'histogram') (draft as RunDraft).section = 'header';
      continue;
    }
    const indent = line.text.length - line.text.trimStart().length;

    const version = trimmed.startsWith('sysbench ') ? VERSION_LINE.exec(trimmed) : null;
    if (version !== null) {
      startRun(version[1] ?? null, version[2] ?? null);
      continue;
    }
    if (isCutVersionLine(trimmed) && !/\S/.test(text.slice(start))) {
      cutHeaderLine = lineNumber;
    }
    if (trimmed.startsWith('WARNING:')) {
      const current = draft as RunDraft | null;
      if (current === null || current.run.isComplete) pendingWarnings.push(trimmed);
      else current.run.warnings.push(trimmed);
      continue;
    }
    if (trimmed.startsWith('FATAL:')) {
      runForResults().run.errors.push(trimmed);
      continue;
    }
    if (_JsonReportReader.isStart(trimmed)) {
      jsonRun = runForResults();
      jsonReader = new _JsonReportReader();
      jsonReader.push(line, trimmed, indent);
      continue;
    }
    if (trimmed.charCodeAt(0) === 0x5b /* [ */ && _isIntervalLine(trimmed)) {
      const current = runForResults();
      current.run.intervals.push(_readInterval(line, indent));
      current.hasData = true;
      continue;
    }
    const heading = _headingSection(trimmed);
    if (heading !== undefined) {
      runForResults().section = heading;
      continue;
    }
    const current = draft as RunDraft | null;
    if (current !== null && current.section !== 'done' && current.section !== 'header') {
      // Inside a statistics block, the one-line results (memory, 0.4 fileio) may still come.
      if (!_readResultLine(current, line, trimmed, indent)) _readStatisticsLine(current, line, trimmed, indent);
      continue;
    }
    if (current !== null && !current.run.isComplete && _readHeaderLine(current, line, trimmed, indent)) continue;
    const probe = current === null || current.run.isComplete ? _newDraft(null, null, lineNumber) : current;
    if (_readResultLine(probe, line, trimmed, indent)) {
      if (probe !== current) {
        drafts.push(probe);
        probe.run.warnings.push(...pendingWarnings);
        pendingWarnings = [];
        draft = probe;
      }
    }
    // Anything else outside a statistics block: Lua script messages, prompts, notes. Skipped.
  }

  if (jsonReader !== null) endJsonBlock();

  if (drafts.length === 0) {
    throw _errorAt(source, firstContent(text), {
      tool: 'sysbench',
      format: SYSBENCH_FORMAT,
      code: 'MISSING_SECTION',
      message: 'no sysbench run found: expected a "sysbench 1.0.20 ..." header line or a statistics block',
    });
  }
  if (!drafts.some((d) => d.hasData || d.run.isComplete)) {
    const lastLine = text.endsWith('\n') ? text.length - 1 : text.length;
    throw _errorAt(source, lastLine, {
      tool: 'sysbench',
      format: SYSBENCH_FORMAT,
      code: 'TRUNCATED',
      message: 'the sysbench output stops before any statistics',
    });
  }
  // A run cut short among complete ones (a killed run in a log of appended runs) is kept and
  // marked: its numbers so far are real, and isComplete says the rest is missing.
  const warnings: ParseWarning[] = [];
  if (cutHeaderLine !== 0) {
    warnings.push({
      code: 'TRUNCATED',
      message: 'the last line is the header of a next sysbench run, cut: that run is missing',
      line: cutHeaderLine,
      column: 1,
    });
  }
  const cutRuns: ParseWarning[] = drafts
    .filter((d) => !d.run.isComplete)
    .map((d) => ({
      code: 'TRUNCATED',
      message: `the sysbench run starting on line ${d.run.line} stops before the end of its statistics`,
      line: d.run.line,
      column: 1,
    }));
  warnings.push(...cutRuns);
  const runs = drafts.map(_finishRun);
  warnings.push(...jsonWarnings);
  return { result: { runs }, version: runs.find((r) => r.version !== null)?.version ?? null, warnings };
}

/** A header line cut anywhere: inside the word `sysbench` (`sysbe`) or after it (CUT_VERSION_LINE). */
function isCutVersionLine(trimmed: string): boolean {
  return trimmed.startsWith('sysbench') ? CUT_VERSION_LINE.test(trimmed) : 'sysbench'.startsWith(trimmed);
}

function firstContent(text: string): number {
  const match = /\S/.exec(text);
  return match === null ? 0 : match.index;
}
