import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { ParseError } from '../src/errors.ts';
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

/** The warning code that marks a cut output, here and in validate. */
export const CUT_WARNING = 'TRUNCATED';

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
};

/** Classifies what parsing `cut` gave, against the whole output's parse. */
export function classifyCut(
  tool: ToolName,
  whole: ParsedLike,
  parseCut: () => ParsedLike,
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
 * Where to cut a text: just after every line end (so a cut at the last line's end is a copy
 * missing its final newline only if the text has one), and at `randomCuts` byte offsets drawn
 * with a fixed seed. A text of more than `maxLineCuts` lines is cut at that many line ends,
 * evenly spread, always with its first and last 50, to keep the test's work bounded.
 */
export function cutOffsets(text: string, { randomCuts = 20, maxLineCuts = 1500, seed = 34 } = {}): number[] {
  const lineEnds: number[] = [];
  for (let end = text.indexOf('\n'); end !== -1 && end + 1 < text.length; end = text.indexOf('\n', end + 1)) {
    lineEnds.push(end + 1);
  }
  let chosen = lineEnds;
  if (lineEnds.length > maxLineCuts) {
    const step = lineEnds.length / maxLineCuts;
    const spread = Array.from({ length: maxLineCuts }, (_, index) => lineEnds[Math.floor(index * step)] as number);
    chosen = [...lineEnds.slice(0, 50), ...spread, ...lineEnds.slice(-50)];
  }
  // Also just before each chosen line end: a line whose newline is lost (the commonest copy cut).
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
