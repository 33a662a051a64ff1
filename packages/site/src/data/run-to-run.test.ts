import { describe, expect, it } from 'vitest';
import { RUN_TO_RUN_VARIATION, singleRunLead } from '../view/run-to-run.ts';
import { experimentView } from './experiment-view.ts';
import { loadRealExperiments } from './test-content.ts';

/** The middle value of sorted numbers (the mean of the two middle ones for an even count). */
function median(sorted: readonly number[]): number {
  const middle = sorted.length / 2;
  return sorted.length % 2 === 1
    ? (sorted[Math.floor(middle)] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Per experiment with repeats: every pair of repeats of one run in each section's first bar
 * metric, as max/min − 1, sorted. Experiments without a pair are left out.
 */
async function repeatPairsByExperiment(): Promise<number[][]> {
  const byExperiment: number[][] = [];
  for (const loaded of await loadRealExperiments()) {
    const differences: number[] = [];
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
    if (differences.length > 0) byExperiment.push(differences.sort((a, b) => a - b));
  }
  return byExperiment;
}

describe('the run-to-run variation the verdicts state', () => {
  it('is the median of each experiment’s median difference between repeats, as the figure says', async () => {
    // Per experiment, not over pooled pairs: the sources differ by hundreds of pairs (a
    // cloud-report sysbench experiment has 216, runs made here 45), so a median over all pairs
    // would be whichever source has the most pairs, and one source's pair count must not set the
    // noise for all. Each experiment with repeats weighs once.
    const byExperiment = await repeatPairsByExperiment();
    const medians = byExperiment.map(median).sort((a, b) => a - b);
    const pairs = byExperiment.reduce((sum, differences) => sum + differences.length, 0);
    expect(RUN_TO_RUN_VARIATION.experiments).toBe(byExperiment.length);
    expect(RUN_TO_RUN_VARIATION.pairs).toBe(pairs);
    expect(RUN_TO_RUN_VARIATION.source).toBe(
      `the median, over ${byExperiment.length} experiments with repeats, of each one’s median difference between two repeats of the same run (${pairs} pairs in all; each tool’s headline metric)`,
    );
    expect(RUN_TO_RUN_VARIATION.relative).toBe(Number(median(medians).toPrecision(2)));
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
