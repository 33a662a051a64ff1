import { describe, expect, it } from 'vitest';
import { RUN_TO_RUN_VARIATION, singleRunLead } from '../view/run-to-run.ts';
import { experimentView } from './experiment-view.ts';
import { loadRealExperiments } from './test-content.ts';

/** Every pair of repeats of one run in each section's first bar metric: max/min − 1. */
async function repeatPairs(): Promise<number[]> {
  const differences: number[] = [];
  for (const loaded of await loadRealExperiments()) {
    for (const section of experimentView(loaded).sections) {
      const headline = section.metrics[0];
      if (headline === undefined || headline.betterIs === 'neither') continue;
      for (const cell of headline.cells) {
        const samples = (cell.samples ?? []).filter((value) => value > 0);
        samples.forEach((a, index) => {
          for (const b of samples.slice(index + 1)) differences.push(Math.max(a, b) / Math.min(a, b) - 1);
        });
      }
    }
  }
  return differences.sort((a, b) => a - b);
}

describe('the run-to-run variation the verdicts state', () => {
  it('is the median difference of the repeats in content/results, as the figure says', async () => {
    const pairs = await repeatPairs();
    const middle = pairs.length / 2;
    const median =
      pairs.length % 2 === 1 ? (pairs[Math.floor(middle)] ?? 0) : ((pairs[middle - 1] ?? 0) + (pairs[middle] ?? 0)) / 2;
    expect(RUN_TO_RUN_VARIATION.pairs).toBe(pairs.length);
    expect(RUN_TO_RUN_VARIATION.source).toContain(`${pairs.length} pairs`);
    expect(RUN_TO_RUN_VARIATION.relative).toBe(Number(median.toPrecision(2)));
  });

  it('reads a single-run lead within it as similar, and a larger one as ahead', () => {
    // io-scheduler 16k: xfs, noop 111602 IOPS against 111132, one run each: 0.4 %.
    expect(singleRunLead(111602, 111132, false)).toMatchObject({ kind: 'similar' });
    // A two-fold lead is far beyond it.
    expect(singleRunLead(2000, 1000, false)).toEqual({ kind: 'ahead', margin: 1 });
    // Lower is better: 10 ms against 20 ms is ahead by 100 %.
    expect(singleRunLead(10, 20, true)).toEqual({ kind: 'ahead', margin: 1 });
    expect(singleRunLead(100, 0, false).kind).toBe('ahead');
  });
});
