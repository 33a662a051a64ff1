import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { CUT_WARNING, ParseError } from '../src/errors.ts';
import type { Measurement } from '../src/measurement.ts';
import type { ParseWarning } from '../src/parser.ts';
import type { ToolName } from '../src/tools.ts';
import { corpusFiles } from './corpus.ts';
import { type RawOutput, type RawTool, rawOutputs } from './raw-outputs.ts';

/**
 * What a cut output may give (issue 34, "Every format knows its end"). A run killed mid-write, or
 * a copy that stops short, must never pass as a shorter result that looks whole. Cut anywhere, an
 * output gives one of:
 *
 * - `error`: a ParseError;
 * - `warned`: a result with a `TRUNCATED` warning (validate refuses it unless run.yaml accepts it);
 * - `whole`: the same measurements as the whole output (the cut took only what holds no number:
 *   trailing blank lines, a closing line the parser does not need);
 * - `entries`: for a series (iostat reports, log lines, sadf samples, interval reports), exactly
 *   the whole's first complete entries: a prefix of its measurements that ends where an entry
 *   ends. A log cut between two lines is indistinguishable from a shorter run, and is one.
 *
 * Anything else is `silent`: fewer (or other) numbers, and nothing said.
 */
export type CutOutcome = 'error' | 'warned' | 'whole' | 'entries' | 'silent';

/** The warning code that marks a cut output, here and in validate (src/errors.ts). */
export { CUT_WARNING };

export interface ParsedLike {
  measurements: readonly Measurement[];
  warnings: readonly ParseWarning[];
}

/**
 * Where a series' entries begin and end: two measurements with the same key belong to one entry.
 * A tool not listed here is not a series, so a prefix of its measurements is never enough.
 * Measurements without a key that follow the entries are the series' summary over its entries
 * (fio-log's per-direction `<kind>.count`, `.mean`, `.min`, `.max`, `.p<N>`): a series cut between
 * two entries gives the summary of its own entries, so only the entries are compared.
 */
const SERIES_ENTRY_KEY: Partial<Record<ToolName, (measurement: Measurement) => string | undefined>> = {
  iostat: (m) => m.labels.sample,
  'fio-log': (m) => (m.labels.sample === undefined ? undefined : `${m.labels.job}/${m.labels.sample}`),
  sadf: (m) => m.labels.sample ?? m.labels.time,
  // A file of several dd runs (a script looping dd, a session's pastes) is a series of reports,
  // each whole: a cut between two reports is a shorter session, indistinguishable from one.
  dd: (m) => m.labels.run,
};

/**
 * Where a cut is a whole output of fewer pieces, by tool: a cut of `text` at `offset` that no
 * reader of the text could tell from a complete output. A tool not listed has none.
 *
 * bonnie++: a cut that removes exactly the CSV line(s) after a complete table. bonnie++ prints
 * the table and then the CSV line on stdout; with -q it prints the table alone on stderr
 * (bonnie++.cpp: `globals.quiet ? stderr : stdout`), and a table alone is what people paste. The
 * table is a whole output of the run, with the table's rounding (2.x's k/m/g rates) in place of
 * the CSV's figures. Every cut inside the table or inside the CSV line is still checked.
 */
const COMPLETE_CUTS: Partial<Record<ToolName, (text: string, offset: number) => boolean>> = {
  fio: isFioPieceEnd,
  sysbench: isSysbenchRunEnd,
  bonnie: (text, offset) => {
    const cut = text.slice(0, offset);
    const rest = text.slice(offset);
    if (!cut.includes('------Sequential ')) return false;
    if (!cut.endsWith('\n') && !/^[ \t\r]*\n/.test(rest)) return false;
    const restLines = rest.split('\n').filter((line) => line.trim() !== '');
    return restLines.length > 0 && restLines.every((line) => BONNIE_CSV_LINE.test(line));
  },
};

/** A whole bonnie++ CSV result line: versioned (`1.98,2.00a,`) or of 1.03 (27 fields). */
const BONNIE_CSV_LINE = /^[ \t>]*(?:\d+(?:\.\d+)?,\d+\.\d+[a-z]?,[^\n]*|(?:[^,\n]*,){26}[^,\n]*)\r?$/;

/**
 * fio's outputs hold pieces that fio prints complete on their own and nothing counts: the runs
 * of one invocation after another (and each --status-interval report, printed by the same code
 * as the final one, stat.c __show_run_stats), the formats of `--output-format=terse,json,normal`
 * one after the other, the lines of a terse run (one per job, with no footer), the devices of
 * `Disk stats` (as many as fio followed), fio's error lines. A cut that ends (trailing blank
 * space aside) where such a piece ends, before the next piece begins, is a complete output of
 * fewer pieces: `--output-format=terse` of one job, a run whose file is on tmpfs (no `Disk
 * stats` at all). Any other cut, inside a piece or inside a run's group summaries, must still
 * be an error, a TRUNCATED warning or the whole.
 */
export function isFioPieceEnd(text: string, offset: number): boolean {
  const body = text.slice(0, offset).trimEnd();
  if (body === '' || !/^[ \t\r]*(?:\n|$)/.test(text.slice(body.length))) return false;
  const last = body.slice(body.lastIndexOf('\n') + 1);
  const next = nextNonBlank(text, body.length);
  if (last === '}') return true; // a JSON document's closing brace (fio prints it at column 0)
  if (/^[2-5];/.test(last) && (last.match(/;/g)?.length ?? 0) >= 60) return true; // a terse job line
  if (/^;/.test(last)) return true; // a v2 terse line's description, on a line of its own
  if (/^\s*fio: pid=\d+, err=/.test(last)) return true; // an error line
  // A run's last group line or a disk line, unless more of the group summaries follow.
  const endsSummary = /^\s*(?:READ|WRITE|TRIM|MIXED):.*msec$/.test(last) || /^\s*\S+: ios=.*%$/.test(last);
  return endsSummary && !/^\s*(?:READ|WRITE|TRIM|MIXED):|^Run status group/.test(next);
}

/**
 * sysbench: a file of several runs (a script looping over thread counts or modes, each run's
 * output after the last) cut between two runs is a complete output of fewer runs. A run prints
 * no closing line of its own, and its measurements carry no run number, so only the text can say
 * where one ends: the cut is at a line end, and the next line that holds anything is the next
 * run's `sysbench <version>` banner. A cut anywhere inside a run is still checked.
 */
export function isSysbenchRunEnd(text: string, offset: number): boolean {
  const body = text.slice(0, offset).trimEnd();
  if (body === '' || !/^[ \t\r]*(?:\n|$)/.test(text.slice(body.length))) return false;
  return /^sysbench \d/.test(nextNonBlank(text, body.length));
}

/** The first line after `from` (the rest of its own line included) that holds more than blanks. */
function nextNonBlank(text: string, from: number): string {
  for (const line of text.slice(from).split('\n')) if (line.trim() !== '') return line;
  return '';
}

/**
 * Classifies what parsing `cut` gave, against the whole output's parse. `cutAt`, the text and
 * the offset of the cut, lets a cut where a tool's output is complete (COMPLETE_CUTS) count as
 * `entries`.
 */
export function classifyCut(
  tool: ToolName,
  whole: ParsedLike,
  parseCut: () => ParsedLike,
  cutAt?: { text: string; offset: number },
): { outcome: CutOutcome; detail: string } {
  let cut: ParsedLike;
  try {
    cut = parseCut();
  } catch (error) {
    if (error instanceof ParseError)
      return { outcome: 'error', detail: `${error.code} at ${error.line}:${error.column}` };
    throw error;
  }
  const warning = cut.warnings.find((w) => w.code === CUT_WARNING);
  if (warning !== undefined) return { outcome: 'warned', detail: `TRUNCATED at ${warning.line}:${warning.column}` };
  const wholeRows = whole.measurements.map(measurementKey);
  const cutRows = cut.measurements.map(measurementKey);
  if (sameRows(cutRows, wholeRows)) return { outcome: 'whole', detail: '' };
  const entryKey = SERIES_ENTRY_KEY[tool];
  if (entryKey !== undefined && isEntryPrefix(cut.measurements, whole.measurements, entryKey)) {
    return { outcome: 'entries', detail: `${cut.measurements.length} of ${whole.measurements.length}` };
  }
  const isComplete = COMPLETE_CUTS[tool];
  if (cutAt !== undefined && isComplete?.(cutAt.text, cutAt.offset) === true) {
    return { outcome: 'entries', detail: 'a complete output of fewer pieces' };
  }
  return {
    outcome: 'silent',
    detail: `${cut.measurements.length} of ${whole.measurements.length} measurements, warnings: ${
      cut.warnings.map((w) => w.code).join(', ') || 'none'
    }`,
  };
}

function measurementKey(m: Measurement): string {
  return JSON.stringify([m.metric, m.unit, m.value, Object.entries(m.labels).sort()]);
}

function sameRows(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((row, index) => row === b[index]);
}

/**
 * `cut`'s entries are `whole`'s first n entry measurements, and whole's entry measurement n (if
 * any) begins a new entry; what follows the entries (their summary, see SERIES_ENTRY_KEY) is
 * left out of both.
 */
function isEntryPrefix(
  cutRows: readonly Measurement[],
  wholeRows: readonly Measurement[],
  entryKey: (measurement: Measurement) => string | undefined,
): boolean {
  const cut = withoutSummary(cutRows, entryKey);
  const whole = withoutSummary(wholeRows, entryKey);
  if (cut.length >= whole.length) return false;
  for (let index = 0; index < cut.length; index++) {
    if (measurementKey(cut[index] as Measurement) !== measurementKey(whole[index] as Measurement)) return false;
  }
  if (cut.length === 0) return true;
  const last = entryKey(cut[cut.length - 1] as Measurement);
  const next = entryKey(whole[cut.length] as Measurement);
  return last !== undefined && next !== undefined && last !== next;
}

/** The measurements before the series' trailing summary (those without an entry key at its end). */
function withoutSummary(
  measurements: readonly Measurement[],
  entryKey: (measurement: Measurement) => string | undefined,
): readonly Measurement[] {
  let end = measurements.length;
  while (end > 0 && entryKey(measurements[end - 1] as Measurement) === undefined) end--;
  return measurements.slice(0, end);
}

/**
 * How many characters of cut text one output's test may parse, all cuts together. Each cut is
 * parsed and its measurements compared with the whole's, so the work grows with the number of
 * cuts times the text's length: a 170 kB iostat log cut at all of its 3,000 line ends took two
 * minutes on a loaded machine. Short outputs (nearly all of them) are still cut at every line end.
 */
const CUT_CHARS_BUDGET = 16_000_000;

/**
 * Where to cut a text: just after every line end and just before it (a line whose newline is
 * lost, the commonest copy cut), and at `randomCuts` offsets drawn with a fixed seed. A text whose
 * every line end would cost more than CUT_CHARS_BUDGET to parse is cut at as many line ends as
 * the budget allows (at least 60), evenly spread, with its first and last 20 always among them.
 */
export function cutOffsets(text: string, { randomCuts = 20, seed = 34 } = {}): number[] {
  const lineEnds: number[] = [];
  for (let end = text.indexOf('\n'); end !== -1 && end + 1 < text.length; end = text.indexOf('\n', end + 1)) {
    lineEnds.push(end + 1);
  }
  // Two cuts per line end, of half the text's length on average.
  const maxLineCuts = Math.max(60, Math.floor(CUT_CHARS_BUDGET / Math.max(1, text.length)));
  let chosen = lineEnds;
  if (lineEnds.length > maxLineCuts) {
    const step = lineEnds.length / maxLineCuts;
    const spread = Array.from({ length: maxLineCuts }, (_, index) => lineEnds[Math.floor(index * step)] as number);
    chosen = [...lineEnds.slice(0, 20), ...spread, ...lineEnds.slice(-20)];
  }
  const beforeNewline = chosen.map((offset) => offset - 1);
  const random =
    text.length < 2
      ? []
      : fc.sample(fc.integer({ min: 1, max: text.length - 1 }), { numRuns: randomCuts, seed: seed + text.length });
  return [...new Set([...chosen, ...beforeNewline, ...random])]
    .filter((o) => o > 0 && o < text.length)
    .sort((a, b) => a - b);
}

/** Every raw output of a tool the repository holds, fio-log's included (its own fixtures folder). */
export function truncationInputs(tool: ToolName): RawOutput[] {
  if (tool !== 'fio-log') return rawOutputs(tool as RawTool);
  const dir = fileURLToPath(new URL('../fixtures/fio-log', import.meta.url));
  const made = readdirSync(dir)
    .filter((name) => /\.log$/.test(name) && statSync(join(dir, name)).isFile())
    .sort()
    .map((name) => ({
      label: `packages/parsers/fixtures/fio-log/${name}`,
      text: readFileSync(join(dir, name), 'utf8'),
    }));
  const corpus = corpusFiles('fio-log').map((file) => ({
    label: `packages/parsers/fixtures/corpus/fio-log/${file.name}`,
    text: file.text,
  }));
  return [...corpus, ...made];
}
