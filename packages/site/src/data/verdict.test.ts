import { describe, expect, it } from 'vitest';
import { experimentView } from './experiment-view.ts';
import { realExperiment } from './test-content.ts';
import { timesText, verdict } from './verdict.ts';

// Values from the raw outputs: content/results/2011-07-ext3-ext4-xfs-fio-msa70/runs/*/fio--*.txt
// (random-write-direct: ext3 "iops=7118", ext4 "iops=7366", xfs "iops=5210") and
// content/results/2011-11-ext4-xfs-btrfs-bonnie/runs/btrfs/bonnie--btrfs.txt (Random Create,
// Read: "38942" /sec).

describe('verdict(sections, headline)', () => {
  it('opens the MSA70 page on write IOPS, a line per job, best first, each against the best', async () => {
    const view = experimentView(await realExperiment('2011-07-ext3-ext4-xfs-fio-msa70'));
    const [iops, ...others] = verdict(view.sections, view.experiment.headline);
    expect(others).toEqual([]);
    expect(iops?.title).toBe('Write IOPS');
    expect(iops?.noise).toBe('one run each, not tested for noise');
    const first = iops?.lines[0];
    expect(first?.group).toBe('random-write-direct (randwrite)');
    expect(first?.entries.map((e) => [e.run, e.value, e.valueText, e.ratioText])).toEqual([
      ['ext4', 7366, '7.37 k op/s', undefined],
      ['ext3', 7118, '7.12 k op/s', '−3 %'],
      ['xfs', 5210, '5.21 k op/s', '−29 %'],
    ]);
    // sequential-write-direct: ext3 "iops=34" against ext4's 10494: a fraction, not "−100 %".
    expect(iops?.lines[2]?.entries.at(-1)?.ratioText).toBe('1/309');
  });

  it('gives a ratio table with a geometric mean, said to be comparable, for several workloads', async () => {
    const view = experimentView(await realExperiment('2011-07-ext3-ext4-xfs-fio-msa70'));
    const table = verdict(view.sections, undefined)[0]?.table;
    expect(table?.rows.map((row) => row.label).at(-1)).toBe('Geometric mean');
    expect(table?.note).toMatch(/one metric in every row, so they compare/);
    const ext3 = table?.rows[0]?.cells.find((cell) => cell.run === 'ext3');
    expect(ext3?.ratio).toBeCloseTo(7118 / 7366, 12);
    expect(ext3?.closeness).toBe('near');
    // ext3's geometric mean over the four jobs, from the raw IOPS.
    const ratios = [7118 / 7366, 59112 / 83840, 34 / 10494, 2491 / 96347];
    const mean = table?.rows.at(-1)?.cells.find((cell) => cell.run === 'ext3')?.ratio;
    expect(mean).toBeCloseTo(Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / 4), 12);
  });

  it('takes the declared headline, a bonnie++ grid column: random create read, btrfs far behind', async () => {
    const view = experimentView(await realExperiment('2011-11-ext4-xfs-btrfs-bonnie'));
    const [metric] = verdict(view.sections, view.experiment.headline);
    expect(metric?.title).toBe('Random create, read (stat)');
    expect(metric?.why).toMatch(/Random Create\s+Read/);
    const entries = metric?.lines[0]?.entries ?? [];
    expect(entries.at(-1)).toMatchObject({ run: 'btrfs', value: 38942 });
    expect(entries.length).toBe(6);
  });

  it('names Welch’s t-test and marks differences within the noise where runs were repeated', async () => {
    const view = experimentView(await realExperiment('2026-11-ext4-xfs-btrfs-loopback'));
    const [fio] = verdict(view.sections, view.experiment.headline);
    expect(fio?.noise).toBe('Welch’s t-test on 2 repeats each, p < 0.05');
    expect(fio?.lines.flatMap((line) => line.entries).some((entry) => entry.isWithinNoise)).toBe(true);
  });

  it('never rounds a run that is not the best to "1×" in a table of times', async () => {
    // content/results/2020-fio-random-write-io-scheduler-filesystem/measurements.csv, 16k:
    // xfs-noop 111602, ext4-noop 111132 IOPS (0.9958 of it), ext4-cfq 34597.7.
    const view = experimentView(await realExperiment('2020-fio-random-write-io-scheduler-filesystem'));
    const [iops] = verdict(view.sections, view.experiment.headline);
    const row = iops?.table?.rows.find((candidate) => candidate.label === '16k');
    expect(row?.cells.map((cell) => [cell.run, cell.text])).toEqual([
      ['ext4-cfq', '0.31×'],
      ['ext4-noop', '0.996×'],
      ['xfs-noop', 'best'],
    ]);
  });
});

describe('timesText(ratio)', () => {
  it('gives two significant digits, more only where two would say 1 of a ratio that is not 1', () => {
    expect(timesText(0.0032)).toBe('0.0032×');
    expect(timesText(0.9712)).toBe('0.97×');
    expect(timesText(24.1)).toBe('24×');
    expect(timesText(1)).toBe('1×');
    expect(timesText(0.99583)).toBe('0.996×');
    expect(timesText(1.004)).toBe('1.004×');
    expect(timesText(0.999991)).toBe('≈1×');
  });
});
