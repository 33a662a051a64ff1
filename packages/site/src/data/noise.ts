// The noise tests of the experiment page, made at build time: for every metric and group, every
// pair of runs that both have repeats (N ≥ 2) gets Welch's t-test on their repeats' values. The
// page's scripts only read the p-values (view/noise.ts); jstat never reaches a browser.

import { welchTTest } from '../stats/welch.ts';
import type { BetterIs, MetricComparison, NoiseTest, RankGrid, ToolSection } from '../view/model.ts';

/** Below this p-value a difference is called beyond the noise. */
export const NOISE_ALPHA = 0.05;

/** The metric's noise tests, or undefined where no two runs of a group have repeats. */
export function noiseTests(data: MetricComparison): MetricComparison['noise'] {
  const tests: NoiseTest[] = [];
  for (const group of data.groups) {
    const repeated = data.cells.filter((cell) => cell.group === group.key && (cell.samples?.length ?? 0) >= 2);
    for (const [index, a] of repeated.entries()) {
      for (const b of repeated.slice(index + 1)) {
        // The better first: higher, or lower for a lower-is-better metric.
        const aIsBetter = data.betterIs === 'lower' ? a.value <= b.value : a.value >= b.value;
        const [better, worse] = aIsBetter ? [a, b] : [b, a];
        const { pValue } = welchTTest(better.samples ?? [], worse.samples ?? []);
        tests.push({ group: group.key, better: better.run, worse: worse.run, pValue });
      }
    }
  }
  return tests.length === 0 ? undefined : { method: 'welch', alpha: NOISE_ALPHA, tests };
}

/** One pair's test: the better of two runs' repeats first, by `betterIs`. */
function pairTest(group: string, betterIs: BetterIs, a: Repeated, b: Repeated): NoiseTest {
  const aIsBetter = betterIs === 'lower' ? a.value <= b.value : a.value >= b.value;
  const [better, worse] = aIsBetter ? [a, b] : [b, a];
  const { pValue } = welchTTest(better.samples, worse.samples);
  return { group, better: better.run, worse: worse.run, pValue };
}

interface Repeated {
  run: string;
  value: number;
  samples: number[];
}

/** bonnie++'s grid: per column, every pair of rows whose run has repeats of it (the column key as `group`). */
export function gridNoiseTests(grid: RankGrid): RankGrid['noise'] {
  const tests: NoiseTest[] = [];
  grid.columns.forEach((column, c) => {
    const repeated = grid.rows.flatMap((row): Repeated[] => {
      const samples = row.samples?.[c];
      const value = row.values[c];
      return samples && samples.length >= 2 && value != null ? [{ run: row.run, value, samples }] : [];
    });
    for (const [index, a] of repeated.entries()) {
      for (const b of repeated.slice(index + 1)) tests.push(pairTest(column.key, column.betterIs, a, b));
    }
  });
  return tests.length === 0 ? undefined : { method: 'welch', alpha: NOISE_ALPHA, tests };
}

/** Adds the noise tests to every bar chart and grid of the sections, in place. */
export function addNoiseTests(sections: readonly ToolSection[]): void {
  for (const section of sections) {
    for (const metric of section.metrics) {
      const noise = noiseTests(metric);
      if (noise !== undefined) metric.noise = noise;
    }
    const gridNoise = section.grid === undefined ? undefined : gridNoiseTests(section.grid);
    if (section.grid !== undefined && gridNoise !== undefined) section.grid.noise = gridNoise;
  }
}
