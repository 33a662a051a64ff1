// Whether a difference between two runs is beyond the noise, as the build found it (data/noise.ts
// adds Welch's t-test of every pair of runs with repeats): pure reads of the view model, for the
// captions and the verdict. No statistics code here: it stays out of the pages' scripts.

import type { BarCell, MetricComparison } from './model.ts';

/** How a difference between two runs in a group reads. */
export type NoiseCall =
  /** Not tested: a run has a single value (one run each), or the tests were not made. */
  { kind: 'untested' } | { kind: 'beyond'; pValue: number } | { kind: 'inside'; pValue: number };

/** The test of runs `a` and `b` in `group`, in either order. */
export function noiseCall(data: MetricComparison, group: string, a: string, b: string): NoiseCall {
  const test = data.noise?.tests.find(
    (t) => t.group === group && ((t.better === a && t.worse === b) || (t.better === b && t.worse === a)),
  );
  if (test === undefined || data.noise === undefined) return { kind: 'untested' };
  return { kind: test.pValue < data.noise.alpha ? 'beyond' : 'inside', pValue: test.pValue };
}

/** The cells of a group, best first (highest, or lowest for a lower-is-better metric). */
export function rankedCells(data: MetricComparison, group: string): BarCell[] {
  const direction = data.betterIs === 'lower' ? 1 : -1;
  return data.cells.filter((cell) => cell.group === group).sort((a, b) => direction * (a.value - b.value));
}

/** Whether any run of the metric has repeats. */
export function hasRepeats(data: MetricComparison): boolean {
  return data.cells.some((cell) => (cell.repeats ?? 1) > 1);
}

/** "2 repeats each", "2–3 repeats each". */
function repeatsText(data: MetricComparison): string {
  const counts = [...new Set(data.cells.map((cell) => cell.repeats ?? 1))].sort((a, b) => a - b);
  const low = counts[0] ?? 1;
  const high = counts.at(-1) ?? 1;
  return low === high ? `${low} repeats each` : `${low}–${high} repeats`;
}

/**
 * How the metric's differences were judged, named for readers: "Welch’s t-test on 2 repeats
 * each, p < 0.05", "one run each, not tested for noise", or, for a published mean and sd without
 * the number of values they summarize, why Welch's test could not run.
 */
export function noiseMethodText(data: MetricComparison): string {
  if (data.noise !== undefined) return `Welch’s t-test on ${repeatsText(data)}, p < ${data.noise.alpha}`;
  if (hasRepeats(data)) return 'not tested for noise';
  if (data.cells.some((cell) => cell.spread === 'published-sd')) {
    return 'N not published, so not tested for noise (Welch’s t-test needs it)';
  }
  return 'one run each, not tested for noise';
}

/** "p = 0.41", "p = 0.003", "p < 0.001": a p-value as readers read it. */
export function formatPValue(pValue: number): string {
  // No-break spaces: "p = 0.23" never breaks across lines.
  if (pValue < 0.001) return 'p\u00a0<\u00a00.001';
  return `p\u00a0=\u00a0${Number(pValue.toPrecision(pValue < 0.01 ? 1 : 2))}`;
}

/** "within the noise: p = 0.41" or "beyond the noise: p = 0.003"; undefined where untested. */
export function noiseNote(call: NoiseCall): string | undefined {
  if (call.kind === 'untested') return undefined;
  return `${call.kind === 'inside' ? 'within' : 'beyond'} the noise: ${formatPValue(call.pValue)}`;
}
