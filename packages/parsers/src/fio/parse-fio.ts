import { _errorAt } from '../errors.ts';
import { _isSameJsonText } from '../json-check.ts';
import type { ParseWarning } from '../parser.ts';
import type { TextSource } from '../text.ts';
import { parseNormalSegment } from './normal/parse-normal.ts';
import { _readErrorLine, _readPreambleLine } from './normal/summary-lines.ts';
import { _throwIfCutJson, parseJsonDocument } from './parse-json.ts';
import { parseTerseLines } from './parse-terse.ts';
import {
  _emptyNormalRun,
  type FioFormat,
  type FioResult,
  type FioRun,
  type FioRunError,
  type JobParameters,
} from './schema.ts';
import { type Segment, splitSegments } from './split.ts';
import { _foldStatusReports, _splitTerseReports } from './status-reports.ts';
import { _textAfterJson } from './text-after-json.ts';

/**
 * The formats `parseFio` accepts: one of fio's output formats, which reads only the pieces of
 * that format (the rest is taken as what was pasted around them), or `mixed`, which reads
 * every piece: `--output-format=normal,json` streams, several runs in different formats.
 */
export const FIO_PARSE_FORMATS = ['json+', 'json', 'terse', 'normal', 'mixed'] as const;
export type FioParseFormat = (typeof FIO_PARSE_FORMATS)[number];

export interface FioParse {
  result: FioResult;
  warnings: ParseWarning[];
}

/** Which output format wins when one run was printed in several: the most precise one. */
const FORMAT_RANK: Record<FioFormat, number> = { 'json+': 3, json: 2, terse: 1, normal: 0 };

export interface PlacedRun {
  run: FioRun;
  start: number;
  end: number;
  /** Warnings about this run alone (TRUNCATED), given only if the run is kept. */
  warnings: ParseWarning[];
}

/** Splits the input and parses each piece of the chosen format into runs. */
export function parseFioSource(source: TextSource, format: FioParseFormat): FioParse {
  const warnings: ParseWarning[] = [];
  const segments = splitSegments(source);
  const { placed, errors } = _readSegments(source, segments, format, warnings, _newPreamble());
  // --status-interval reports become one run each (their final report), after the same run
  // printed in several formats is kept once.
  const runs = _foldStatusReports(dropDuplicates(placed, source, warnings));
  for (const placedRun of runs) warnings.push(...placedRun.warnings);
  const lastPlaced = placed[placed.length - 1];
  const isLastKept = lastPlaced !== undefined && runs.some((r) => r.run === lastPlaced.run);
  warnings.push(..._cutAtTheEnd(source, segments, lastPlaced, isLastKept, runs.length > 0));
  attachErrors(runs, errors);
  if (runs.length === 0) return _withoutRuns(source, format, errors, warnings);
  return { result: { runs: runs.map((r) => r.run) }, warnings };
}

export type PlacedError = { offset: number; error: FioRunError };

/** The job lines of the preamble last read, given to the runs after it; `isUsed` once a run took them. */
export interface PreambleState {
  jobs: Map<string, JobParameters>;
  isUsed: boolean;
}

export const _newPreamble = (): PreambleState => ({ jobs: new Map(), isUsed: false });

/**
 * The runs of the segments of the chosen format, in order, and fio's error lines. A preamble
 * (job lines without results) gives its job parameters to the runs after it.
 */
export function _readSegments(
  source: TextSource,
  segments: readonly Segment[],
  format: FioParseFormat,
  warnings: ParseWarning[],
  preamble: PreambleState,
): { placed: PlacedRun[]; errors: PlacedError[] } {
  const placed: PlacedRun[] = [];
  const errors: PlacedError[] = [];
  const wants = (kind: FioFormat) =>
    format === 'mixed' ||
    format === kind ||
    (kind === 'json' && format === 'json+') ||
    (kind === 'json+' && format === 'json');

  segments.forEach((segment, index) => {
    let run: FioRun | null = null;
    const runWarnings: ParseWarning[] = [];
    switch (segment.kind) {
      case 'json':
        if (wants('json')) {
          run = parseJson(source, segment, segment.line, warnings);
          if (run !== null) warnings.push(..._textAfterJson(source, segment.end, segments[index + 1]?.start));
        } else {
          // A document the chosen format passes over is still the input's: cut, it cuts the input.
          _throwIfCutJson(source, segment.start, segment.end);
        }
        break;
      case 'terse':
        if (wants('terse')) {
          run = parseTerseLines(source, segment.lines, segment.line);
          _splitTerseReports(run);
        }
        break;
      case 'normal':
        if (!segment.hasResults) {
          if (preamble.isUsed) preamble.jobs = new Map();
          preamble.isUsed = false;
          readPreamble(source, segment, preamble.jobs);
        } else if (wants('normal')) {
          run = parseNormalSegment(source, segment.start, segment.end, segment.line, runWarnings);
        }
        break;
      case 'error': {
        const line = source.text.slice(segment.start, segment.end);
        const read = _readErrorLine(line);
        if (read !== null) {
          errors.push({ offset: segment.start, error: { ...read, line: segment.line } });
        }
        break;
      }
    }
    if (run !== null) {
      applyPreamble(run, preamble.jobs);
      preamble.isUsed = preamble.jobs.size > 0;
      placed.push({ run, start: segment.start, end: segment.end, warnings: runWarnings });
    }
  });
  return { placed, errors };
}

/**
 * An input with no run of the chosen format: with only fio's error lines (normal or mixed), the
 * failure is the result (fio printed nothing else); else MISSING_SECTION. `errorSource`: the text
 * the first error's offset is in (a stream's piece, stream.ts), when not `source`.
 */
export function _withoutRuns(
  source: TextSource,
  format: FioParseFormat,
  errors: readonly PlacedError[],
  warnings: ParseWarning[],
  errorSource: TextSource = source,
): FioParse {
  const firstError = errors[0];
  if (firstError !== undefined && (format === 'mixed' || format === 'normal')) {
    warnings.push(
      _warningAt(errorSource, firstError.offset, 'ONLY_ERRORS', 'the input holds fio error lines and no results'),
    );
    const run = _emptyNormalRun(
      firstError.error.line,
      errors.map((e) => e.error),
    );
    return { result: { runs: [run] }, warnings };
  }
  throw _errorAt(source, firstContent(source.text), {
    tool: 'fio',
    format,
    code: 'MISSING_SECTION',
    message:
      format === 'mixed'
        ? 'no fio results found: expected a JSON document, terse lines or a job block of normal output'
        : `no fio results in the ${format} format found`,
  });
}

/**
 * TRUNCATED warnings for an input whose last piece is cut but left no run of its own: fio's
 * preamble (job lines, version, `Starting N processes`) with no results after it, or a run
 * dropped as the copy of the run before it (the normal text of `--output-format=json,normal`
 * after its JSON, the second of two runs of one job) that stops short. A preamble or a cut copy
 * inside the input is what blog posts quote; at its end, it is where the output was cut.
 * `source` and `segments`: the input's (a stream's last piece); `lastPlaced`: the last run read in
 * them, `isLastPlacedKept` unless it was dropped as a copy; `hasKept`: whether any run was kept.
 */
export function _cutAtTheEnd(
  source: TextSource,
  segments: readonly Segment[],
  lastPlaced: PlacedRun | undefined,
  isLastPlacedKept: boolean,
  hasKept: boolean,
): ParseWarning[] {
  const last = segments.findLast((segment) => segment.kind !== 'error');
  if (last === undefined) return [];
  const after = source.text.slice(last.end);
  if (last.kind === 'json' && after.trim() === '' && source.text.charCodeAt(last.end - 1) !== 125 /* } */) {
    // A JSON document cut short where another format was read (terse lines, then JSON).
    return [_warningAt(source, last.end, 'TRUNCATED', 'the input stops inside a JSON document')];
  }
  if (!hasKept) return [];
  if (after.trim() !== '') {
    // A heading of a run's summary cut inside its first word is not one the splitter knows.
    const stray = after.trim();
    const isCutHeading = !stray.includes('\n') && CUT_HEADINGS.some((h) => h.startsWith(stray) && h !== stray);
    // `fio --client` prints `<host> ` on a line of its own before each server's report.
    const isHostPrefix = /^<[^<>\s]+>$/.test(stray);
    if (!(isCutHeading || isHostPrefix) || last.kind !== 'normal') return [];
    const message = `fio's output stops inside the line "${stray}"`;
    return [_warningAt(source, source.text.lastIndexOf(stray), 'TRUNCATED', message)];
  }
  if (last.kind === 'normal' && !last.hasResults) {
    const message = "fio's output stops after the preamble of a run, before its results";
    return [_warningAt(source, last.end, 'TRUNCATED', message)];
  }
  if (lastPlaced === undefined || lastPlaced.start !== last.start || isLastPlacedKept) return [];
  return lastPlaced.warnings;
}

/** fio's unindented headings after the job blocks, as printed (stat.c, diskutil). */
const CUT_HEADINGS = ['Run status group ', 'Disk stats (read/write):'];

function parseJson(source: TextSource, segment: Segment, line: number, warnings: ParseWarning[]): FioRun | null {
  const head = source.text.slice(segment.start, Math.min(segment.end, segment.start + 512));

  // A JSON document of something else (a blog's WordPress API dump) is pasted text, not fio's.
  if (!head.includes('"fio version"') && !head.includes('"jobs"') && !head.includes('"client_stats"')) {
    const full = source.text.slice(segment.start, segment.end);
    // A document cut before its keys could be anyone's: the input is cut all the same.
    _throwIfCutJson(source, segment.start, segment.end);
    if (!full.includes('"jobname"')) {
      warnings.push(
        _warningAt(source, segment.start, 'NOT_FIO_JSON', 'skipped a JSON document that is not a fio result'),
      );
      return null;
    }
  }
  return parseJsonDocument(source, segment.start, segment.end, line, warnings);
}

function readPreamble(source: TextSource, segment: Segment, into: Map<string, JobParameters>): void {
  let offset = segment.start;
  while (offset < segment.end) {
    let end = source.text.indexOf('\n', offset);
    if (end === -1 || end > segment.end) end = segment.end;
    const read = _readPreambleLine(source.text.slice(offset, end));
    if (read !== null && !into.has(read.name)) into.set(read.name, read.parameters);
    offset = end + 1;
  }
}

/** Fills the parameters a run lacks (terse prints none) from the job lines printed before it. */
function applyPreamble(run: FioRun, preamble: Map<string, JobParameters>): void {
  if (preamble.size === 0) return;
  for (const job of run.jobs) {
    const found = preamble.get(job.name);
    if (found === undefined) continue;
    const own = job.parameters;
    job.parameters = {
      rw: own.rw ?? found.rw,
      blockSize: own.blockSize ?? found.blockSize,
      ioengine: own.ioengine ?? found.ioengine,
      iodepth: own.iodepth ?? found.iodepth,
      numjobs: own.numjobs ?? found.numjobs,
      direct: own.direct ?? found.direct,
      options: { ...found.options, ...own.options },
    };
  }
}

/**
 * One run printed twice is kept once: fio's `--output-format=normal,json` prints the same run
 * in both formats one after the other, and blog posts repeat the job lines of a run as an
 * excerpt under it. Adjacent runs with the same job names are the same run when their formats
 * differ, or when the later one is normal text without group results (an excerpt).
 */
function dropDuplicates(placed: PlacedRun[], source: TextSource, warnings: ParseWarning[]): PlacedRun[] {
  const kept: PlacedRun[] = [];
  for (const current of placed) {
    const previous = kept[kept.length - 1];
    const duplicate =
      previous === undefined ? null : _duplicateOf(previous, current, isSameDocument(previous, current, source));
    if (duplicate === null) {
      kept.push(current);
      continue;
    }
    if (duplicate.message !== null) {
      warnings.push(_warningAt(source, duplicate.dropped.start, 'DUPLICATE_RUN', duplicate.message));
    }
    kept[kept.length - 1] = duplicate.winner;
  }
  return kept;
}

/**
 * Whether `current` is the run `previous` (the run kept before it) printed again, and which of
 * the two is kept: null when they are two runs. `isSameText`: the two are the same JSON text.
 */
export function _duplicateOf(
  previous: PlacedRun,
  current: PlacedRun,
  isSameText: boolean,
): { winner: PlacedRun; dropped: PlacedRun; message: string | null } | null {
  if (!(isSameRun(previous.run, current.run) || isSameText)) return null;
  const isBetter = FORMAT_RANK[current.run.format] > FORMAT_RANK[previous.run.format];
  const dropped = isBetter ? previous : current;
  const winner = isBetter ? current : previous;
  // Two formats of one run is what `--output-format=normal,json` asks fio for: nothing odd
  // to warn about. The same format twice is a pasted excerpt, or one document pasted twice:
  // worth a word.
  let message: string | null = null;
  if (dropped.run.format === winner.run.format) {
    message = _isJsonRun(dropped.run)
      ? 'this JSON document repeats the one above it (pasted twice); it is read once'
      : 'these job lines repeat the run above them (an excerpt); the complete run is kept';
  }
  return { winner, dropped, message };
}

export const _isJsonRun = (run: FioRun) => run.format === 'json' || run.format === 'json+';

/**
 * The same JSON document twice in a row (pasted twice): the same text, blanks aside. The reports
 * of `--status-interval` are documents of the same jobs too, but each has its own time and
 * figures, so they never match.
 */
function isSameDocument(a: PlacedRun, b: PlacedRun, source: TextSource): boolean {
  return _isJsonRun(a.run) && _isJsonRun(b.run) && _isSameJsonText(source.text, a.start, a.end, b.start, b.end);
}

function isSameRun(a: FioRun, b: FioRun): boolean {
  if (a.jobs.length === 0 || a.jobs.length !== b.jobs.length) return false;
  // The cheap tests first: most neighbours are two runs of one format, never the same run.
  const isRepeat = a.format !== b.format || (a.format === 'normal' && b.groups.length === 0 && a.groups.length > 0);
  if (!isRepeat) return false;
  for (let i = 0; i < a.jobs.length; i++) if (a.jobs[i]?.name !== b.jobs[i]?.name) return false;
  return true;
}

/**
 * Error lines go to the run they sit in, else the run after them (fio prints a job's error
 * before its results), else the run before. A job with the same pid is flagged as failed.
 */
function attachErrors(runs: PlacedRun[], errors: readonly PlacedError[]): void {
  for (const { offset, error } of errors) {
    const target =
      runs.find((r) => r.start <= offset && offset <= r.end) ?? runs.find((r) => r.start > offset) ?? runs.at(-1);
    if (target !== undefined) _attachError(target.run, error);
  }
}

/** Gives fio's error line to the run; a job with the same pid is flagged as failed. */
export function _attachError(run: FioRun, error: FioRunError): void {
  if (!run.errors.some((e) => e.line === error.line)) run.errors.push(error);
  for (const job of run.jobs) {
    if (error.pid === null || job.pid !== error.pid) continue;
    job.hasFailed = true;
    job.error ??= { code: error.code, location: error.location, function: error.function, message: error.message };
  }
}

export function _warningAt(source: TextSource, offset: number, code: string, message: string): ParseWarning {
  const { line, column } = source.locate(offset);
  return { code, message, line, column };
}

function firstContent(text: string): number {
  const match = /\S/.exec(text);
  return match === null ? 0 : match.index;
}
