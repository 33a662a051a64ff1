import { describe, expect, it } from 'vitest';
import { barSummary } from '../charts/bar-summary.ts';
import { welchTTest } from '../stats/welch.ts';
import { experimentView } from './experiment-view.ts';
import { realExperiment } from './test-content.ts';

// The loopback experiment (content/results/2026-11-ext4-xfs-btrfs-loopback) ran everything twice
// per filesystem.

describe('noise tests on the loopback experiment (2 repeats per run)', async () => {
  const view = experimentView(await realExperiment('2026-11-ext4-xfs-btrfs-loopback'));
  const sysbench = view.sections.find((s) => s.key === 'sysbench-fileio');
  const reads = sysbench?.metrics.find((m) => m.key === 'sysbench-fileio-read');
  if (reads === undefined) throw new Error('no sysbench reads');

  it('tests every pair of runs in every group with Welch’s t-test on their repeats', () => {
    expect(reads.noise?.method).toBe('welch');
    // 9 groups, 3 runs each: 3 pairs per group.
    expect(reads.noise?.tests).toHaveLength(27);
    for (const test of reads.noise?.tests ?? []) {
      const samples = (run: string) => reads.cells.find((c) => c.group === test.group && c.run === run)?.samples ?? [];
      expect(samples(test.better)).toHaveLength(2);
      expect(test.pValue).toBeCloseTo(welchTTest(samples(test.better), samples(test.worse)).pValue, 12);
    }
  });

  it('counts a lead only where the first two runs differ beyond the noise', () => {
    // Per test (group), the best run by its mean and the runner-up; their Welch p-value decides.
    let beyond = 0;
    const groups = [...new Set(reads.cells.map((cell) => cell.group))];
    for (const group of groups) {
      const [first, second] = reads.cells.filter((cell) => cell.group === group).sort((a, b) => b.value - a.value);
      const test = reads.noise?.tests.find(
        (candidate) => candidate.group === group && candidate.better === first?.run && candidate.worse === second?.run,
      );
      if (test !== undefined && test.pValue < 0.05) beyond++;
    }
    const summary = barSummary(reads, { groupNoun: ['test', 'tests'] });
    expect(summary).toMatch(/Welch’s t-test on 2 repeats each, p < 0\.05/);
    const within = groups.length - beyond;
    if (beyond === 0) {
      expect(summary).not.toMatch(/has the highest/);
      expect(summary).toMatch(new RegExp(`in any of the ${groups.length} tests: the first two are within the noise`));
    } else {
      expect(summary).toMatch(new RegExp(`in ${beyond} of ${groups.length} tests`));
      if (within > 0) expect(summary).toMatch(new RegExp(`In ${within} the first two are within the noise`));
    }
  });

  it('makes no noise test where each run has one value (the MSA70 page)', async () => {
    const msa70 = experimentView(await realExperiment('2011-07-ext3-ext4-xfs-fio-msa70'));
    for (const metric of msa70.sections.flatMap((s) => s.metrics)) {
      expect(metric.noise).toBeUndefined();
      expect(barSummary(metric)).toMatch(/One run each, not tested for noise\.$/);
    }
  });
});
