import { describe, expect, test } from 'vitest';
import { isLogByDefault } from '../charts/scale-span.ts';
import { runJson } from '../data/run-json.ts';
import { realExperiment } from '../data/test-content.ts';
import type { MetricComparison } from '../view/model.ts';
import { type CompareInput, compareRuns } from './compare-runs.ts';
import { geometricMean, scoreboard, timesFromBest } from './ratios.ts';

const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';

async function input(experimentId: string, runId: string): Promise<CompareInput> {
  const loaded = await realExperiment(experimentId);
  const run = loaded.runs.find((candidate) => candidate.id === runId);
  if (run === undefined) throw new Error(`no run ${runId} in ${experimentId}`);
  return { ref: { id: `${experimentId}/${runId}`, label: run.run.label }, sections: runJson(loaded, run).sections };
}

async function writeIops(ids: ReadonlyArray<readonly [string, string]>): Promise<MetricComparison> {
  const compared = compareRuns(await Promise.all(ids.map(([experiment, run]) => input(experiment, run))));
  const metric = compared.find((section) => section.key === 'fio')?.metrics.find((m) => m.metric === 'write.iops');
  if (metric === undefined) throw new Error('no fio write.iops compared');
  return metric;
}

// The MSA70 runs' `iops=` of each job, as fio 1.57 printed them (runs/<fs>/fio--<fs>.txt):
// random-write-direct, random-write-buf, sequential-write-direct, sequential-write-buffered.
const PRINTED = {
  ext3: [7118, 59112, 34, 2491],
  ext4: [7366, 83840, 10494, 20460],
  xfs: [5210, 3484, 6486, 96347],
} as const;
const JOBS = ['random-write-direct', 'random-write-buf', 'sequential-write-direct', 'sequential-write-buffered'];

describe('scoreboard(metric, runs, base)', () => {
  test('the MSA70 runs’ write IOPS against the best of each job, and their geometric mean', async () => {
    const runs = ['ext3', 'ext4', 'xfs'] as const;
    const metric = await writeIops(runs.map((run) => [MSA70, run] as const));
    expect(metric.betterIs).toBe('higher');
    const board = scoreboard(
      metric,
      runs.map((run) => `${MSA70}/${run}`),
      null,
    );
    expect(board.commonGroups).toEqual(JOBS);
    for (const run of runs) {
      const scored = board.runs.find((candidate) => candidate.run === `${MSA70}/${run}`);
      expect(scored?.cells.map((cell) => cell.value)).toEqual([...PRINTED[run]]);
      // Times from the best of each job: the highest IOPS of the three over this run's.
      const expected = JOBS.map(
        (_, job) => Math.max(...runs.map((r) => PRINTED[r][job] ?? 0)) / (PRINTED[run][job] ?? 1),
      );
      for (const [job, cell] of (scored?.cells ?? []).entries()) expect(cell.ratio).toBeCloseTo(expected[job] ?? 0, 12);
      const mean = Math.exp(expected.reduce((sum, ratio) => sum + Math.log(ratio), 0) / expected.length);
      expect(scored?.geomean).toBeCloseTo(mean, 12);
    }
    // ext4 is the best of random-write-direct (7366 IOPS): 1×; ext3's 34 IOPS of sequential-write-direct is 10494/34 from the best.
    expect(board.runs[1]?.cells[0]?.ratio).toBe(1);
    expect(board.runs[0]?.cells[2]?.ratio).toBeCloseTo(10494 / 34, 12);
    // The ratios span far more than ten times: a log scale.
    expect(isLogByDefault(board.span)).toBe(true);
  });

  test('against a base run: each value over the base run’s of its job', async () => {
    const metric = await writeIops([
      [MSA70, 'ext4'],
      [LOOPBACK, 'xfs'],
    ]);
    const board = scoreboard(metric, [`${MSA70}/ext4`, `${LOOPBACK}/xfs`], `${MSA70}/ext4`);
    const base = board.runs.find((run) => run.run === `${MSA70}/ext4`);
    expect(base?.cells.map((cell) => cell.ratio)).toEqual([1, 1, 1, 1]);
    expect(base?.geomean).toBeCloseTo(1, 12);
    const loop = board.runs.find((run) => run.run === `${LOOPBACK}/xfs`);
    for (const [job, cell] of (loop?.cells ?? []).entries()) {
      expect(cell.ratio).toBeCloseTo(cell.value / (PRINTED.ext4[job] ?? 1), 12);
    }
  });
});

describe('the arithmetic', () => {
  test('timesFromBest reads the direction: higher or lower is better', () => {
    expect(timesFromBest(50, 100, 'higher')).toBe(2);
    expect(timesFromBest(200, 100, 'lower')).toBe(2);
    expect(timesFromBest(100, 100, 'neither')).toBeNull();
    expect(timesFromBest(0, 100, 'higher')).toBeNull();
  });

  test('geometricMean: of positive numbers only', () => {
    expect(geometricMean([2, 8])).toBeCloseTo(4, 12);
    expect(geometricMean([2, null])).toBeNull();
    expect(geometricMean([])).toBeNull();
  });
});
