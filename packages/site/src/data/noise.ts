// The noise tests of the experiment page, made at build time: for every metric and group, every
// pair of runs that both have repeats (N ≥ 2) gets Welch's t-test on their repeats' values. The
// page's scripts only read the p-values (view/noise.ts); jstat never reaches a browser.

import { welchTTest } from '../stats/welch.ts';
import type { MetricComparison, NoiseTest, ToolSection } from '../view/model.ts';

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

/** Adds the noise tests to every bar chart of the sections, in place. */
export function addNoiseTests(sections: readonly ToolSection[]): void {
  for (const section of sections) {
    for (const metric of section.metrics) {
      const noise = noiseTests(metric);
      if (noise !== undefined) metric.noise = noise;
    }
  }
}
