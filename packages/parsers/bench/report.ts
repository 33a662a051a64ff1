import type { ToolName } from '../src/tools.ts';
import type { BenchTargets } from './cases.ts';
import { BYTES_PER_MB } from './sizes.ts';
import { MEMORY_PASSES, SUPERLINEAR_SCALING } from './stats.ts';

/** One measured row: the baseline or a case, at the full size and at a quarter of it. */
export interface MeasuredRow {
  isOk: true;
  name: string;
  /** null for a baseline. */
  tool: ToolName | null;
  /** The baseline row this row is compared with (itself for a baseline). */
  baseline: string;
  inputBytes: number;
  quarterInputBytes: number;
  medianDurationMs: number;
  quarterMedianDurationMs: number;
  throughputBytesPerSec: number;
  peakRssBytes: number;
  /** Peak RSS at a quarter of the size: about the full size's when memory does not grow with the input. */
  quarterPeakRssBytes: number;
  /** RSS once the case's modules are loaded, before it reads (null for a CLI case: see MeasureReply). */
  startRssBytes: number | null;
  /** This row's throughput divided by the baseline's: 0.25 is four times slower. */
  throughputRatio: number;
  /** This row's peak RSS divided by the baseline's. */
  rssRatio: number;
  /** Time at the full size over time at a quarter, size-corrected: 4 is linear. */
  scalingRatio: number;
  isSuperlinear: boolean;
}

export interface FailedRow {
  isOk: false;
  /** Not measured on purpose (a peer program that is not installed), not a failure. */
  isSkipped?: boolean | undefined;
  name: string;
  tool: ToolName | null;
  inputBytes: number;
  error: string;
}

export type BenchRow = MeasuredRow | FailedRow;

const HEADERS = [
  'case',
  'input MB',
  'MB/s',
  'peak RSS MB',
  'at ¼',
  'at start',
  'MB/s ÷ base',
  'RSS ÷ base',
  'time full ÷ ¼',
];

/** The results as one plain-text table, numbers right-aligned. */
export function formatTable(rows: readonly BenchRow[]): string {
  const cells = rows.map((row) =>
    row.isOk
      ? [
          row.name,
          megabytes(row.inputBytes),
          megabytes(row.throughputBytesPerSec),
          megabytes(row.peakRssBytes),
          megabytes(row.quarterPeakRssBytes),
          row.startRssBytes === null ? '-' : megabytes(row.startRssBytes),
          row.throughputRatio.toFixed(2),
          row.rssRatio.toFixed(2),
          `${row.scalingRatio.toFixed(1)}${row.isSuperlinear ? ' !' : '  '}`,
        ]
      : [row.name, megabytes(row.inputBytes), row.isSkipped === true ? row.error : `failed: ${firstLine(row.error)}`],
  );
  const widths = HEADERS.map((header, column) =>
    Math.max(
      header.length,
      ...cells.filter((row) => row.length === HEADERS.length).map((row) => (row[column] ?? '').length),
    ),
  );
  const format = (row: readonly string[]) =>
    row
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        // A failed row's message takes the rest of the line.
        if (row.length !== HEADERS.length && column === row.length - 1) return cell;
        return column === 0 ? cell.padEnd(width) : cell.padStart(width);
      })
      .join('  ')
      .trimEnd();
  return [format(HEADERS), ...cells.map(format)].join('\n');
}

export function describeLegend(iterations: number): string {
  return [
    'MB = 10^6 bytes. Each row runs in a process of its own and times whole passes, reading the file',
    `included: the median of at least ${iterations} timed runs (more for fast ones) after two warm-up runs;`,
    `peak RSS is the median of ${MEMORY_PASSES} passes, each in a process of its own started by \`node\` (for a CLI`,
    'case, of its timed runs, each CLI process under GNU time), "at ¼" the same at a quarter of the size',
    '(bounded memory: no more than at full size), "at start" the RSS once the modules are loaded, before',
    'reading. Every process runs Node with 4 MB semi-spaces, as bin/benchfolio.js does (run-child.ts',
    "MEASURE_NODE_FLAGS) from JavaScript (the measuring code bundled, without Node's TypeScript loader);",
    'parser cases load the built dist/, and stream cases read the file as the library does (readTextChunks,',
    '120 KiB reads). "base" is the baseline row above it, on the same bytes: read-split-regex reads 1 MiB',
    'chunks, splits lines and tests one regex per line;',
    'JSON.parse parses each JSON document bare. "time full ÷ ¼" is the time at the full size over the time',
    `at a quarter of it: 4 is linear, "!" marks above ${SUPERLINEAR_SCALING} (superlinear).`,
  ].join('\n');
}

function megabytes(bytes: number): string {
  return (bytes / BYTES_PER_MB).toFixed(1);
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}

/** One target of a case (BenchTargets) and whether its row meets it. */
export interface TargetCheck {
  name: string;
  target: string;
  measured: string;
  isMet: boolean;
}

/** The targets of the measured rows' cases (by case name), each checked against its row. */
export function checkTargets(
  rows: readonly BenchRow[],
  targetsByName: ReadonlyMap<string, BenchTargets>,
): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const row of rows) {
    const targets = targetsByName.get(row.name);
    if (targets === undefined) continue;
    if (targets.minThroughputRatio !== undefined) {
      const ratio = row.isOk ? row.throughputRatio : null;
      checks.push({
        name: row.name,
        target: `MB/s ÷ base >= ${targets.minThroughputRatio}`,
        measured: ratio === null ? 'not measured' : ratio.toFixed(2),
        isMet: ratio !== null && ratio >= targets.minThroughputRatio,
      });
    }
    if (targets.maxPeakRssBytes !== undefined) {
      const rss = row.isOk ? row.peakRssBytes : null;
      checks.push({
        name: row.name,
        target: `peak RSS < ${megabytes(targets.maxPeakRssBytes)} MB`,
        measured: rss === null ? 'not measured' : `${megabytes(rss)} MB`,
        isMet: rss !== null && rss < targets.maxPeakRssBytes,
      });
    }
  }
  return checks;
}

export function formatTargets(checks: readonly TargetCheck[]): string {
  if (checks.length === 0) return '';
  const lines = checks.map(
    (check) => `  ${check.isMet ? 'met   ' : 'MISSED'}  ${check.name}: ${check.target} (measured ${check.measured})`,
  );
  return ["Targets (bench/cases, the issues' asks, at the full size):", ...lines].join('\n');
}
