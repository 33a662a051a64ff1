// Where each bar of a fio section comes from: the job's own measurement, checked against the
// numbers of the raw text (real fio outputs: content/results and the parsers' fixtures).
import { describe, expect, it } from 'vitest';
import { experimentView } from '../../data/experiment-view.ts';
import { fixtureExperiment, realExperiment } from '../../data/test-content.ts';
import type { MetricComparison, ToolSection } from '../../view/model.ts';

const SEED_RUNS = 'content/results/2011-07-ext3-ext4-xfs-fio-msa70/runs';
const SHAOJWA = 'packages/parsers/fixtures/corpus/fio/shaojwa-tools__fio-2.2.10-randread-4k-qd1-normal.txt';

function fioSection(sections: readonly ToolSection[]): ToolSection {
  const found = sections.find((section) => section.key === 'fio');
  if (found === undefined) throw new Error('no fio section');
  return found;
}

function metric(section: ToolSection, key: string): MetricComparison {
  const found = section.metrics.find((candidate) => candidate.key === key);
  if (found === undefined) throw new Error(`no metric ${key}`);
  return found;
}

function cell(section: ToolSection, key: string, group: string, run: string) {
  return metric(section, key).cells.find((candidate) => candidate.group === group && candidate.run === run);
}

describe('fio bars, from the jobs’ measurements', () => {
  it('takes IOPS, bandwidth and mean latencies ± fio’s stddev from the job’s own lines', async () => {
    const fio = fioSection(experimentView(await realExperiment('2011-07-ext3-ext4-xfs-fio-msa70')).sections);
    const group = 'random-write-direct';
    // ext3: "write: io=596856KB, bw=56946KB/s, iops=7118 , runt= 10481msec"
    expect(cell(fio, 'fio-write-iops', group, 'ext3')).toEqual({ group, run: 'ext3', value: 7118 });
    // fio 1.57 prints KB for 1024 bytes. Its "bw (KB/s) : min=  144, ..." line is combined over
    // the group's "jobs=5": not the bar's spread, only counted.
    expect(cell(fio, 'fio-write-bw', group, 'ext3')).toEqual({
      group,
      run: 'ext3',
      value: 56946 * 1024,
      samplesCombinedOver: 5,
    });
    // "clat (usec): min=67 , max=944937 , avg=645.32, stdev=4647.69": the spread is ± stddev as
    // printed, not cut at 0 (the chart clamps its whisker at the axis).
    const clat = cell(fio, 'fio-write-clat-mean', group, 'ext3');
    expect(clat).toMatchObject({ group, run: 'ext3', spread: 'stddev' });
    expect(clat?.sd).toBeCloseTo(4_647_690, 6);
    expect(clat?.low).toBeCloseTo(645_320 - 4_647_690, 6);
    expect(clat?.value).toBeCloseTo(645_320, 6);
    expect(clat?.high).toBeCloseTo(645_320 + 4_647_690, 6);
    // " lat (usec): min=67 , max=944937 , avg=645.46, stdev=4647.69"
    const lat = cell(fio, 'fio-write-lat-mean', group, 'ext3');
    expect(lat?.value).toBeCloseTo(645_460, 6);
    expect(lat?.high).toBeCloseTo(645_460 + 4_647_690, 6);
    // fio 1.57 prints no percentiles, and the jobs read nothing: no such bars.
    expect(fio.metrics.map((candidate) => candidate.key)).toEqual([
      'fio-write-iops',
      'fio-write-bw',
      'fio-write-clat-mean',
      'fio-write-lat-mean',
    ]);
  });

  it('takes p99 from the completion latency percentiles fio printed', async () => {
    const loaded = await fixtureExperiment('2022-09-fio-percentiles', [
      { id: 'hdd', value: 'hdd', outputs: [{ file: 'fio.txt', from: SHAOJWA, tool: 'fio' }] },
    ]);
    const fio = fioSection(experimentView(loaded).sections);
    const group = 'hdd_randread_test';
    // "clat percentiles (usec): ... 99.00th=[  177], 99.50th=[  209]"
    expect(cell(fio, 'fio-read-clat-p99', group, 'hdd')).toEqual({ group, run: 'hdd', value: 177_000 });
    // "read : io=1024.0MB, bw=61460KB/s, iops=15365"; "clat (usec): ... avg=57.33, stdev=151.94"
    expect(cell(fio, 'fio-read-iops', group, 'hdd')?.value).toBe(15365);
    expect(cell(fio, 'fio-read-bw', group, 'hdd')?.value).toBe(61460 * 1024);
    expect(cell(fio, 'fio-read-clat-mean', group, 'hdd')?.value).toBeCloseTo(57_330, 6);
    expect(cell(fio, 'fio-read-clat-mean', group, 'hdd')?.high).toBeCloseTo(57_330 + 151_940, 6);
    // " lat (usec): min=47, max=10999, avg=63.70, stdev=152.00"; slat is no bar.
    expect(cell(fio, 'fio-read-lat-mean', group, 'hdd')?.value).toBeCloseTo(63_700, 6);
    expect(fio.metrics.some((candidate) => candidate.metric.includes('slat'))).toBe(false);
  });

  it('takes the runs of one input (label `run`) as repeats of a job, not as clones of it', async () => {
    // `cat` of two real fio 1.57 outputs of the same four jobs: one input, two fio runs.
    const loaded = await fixtureExperiment('2011-07-fio-cat', [
      {
        id: 'both',
        value: 'both',
        outputs: [
          { file: 'fio.txt', from: [`${SEED_RUNS}/ext3/fio--ext3.txt`, `${SEED_RUNS}/xfs/fio--xfs.txt`], tool: 'fio' },
        ],
      },
    ]);
    const fio = fioSection(experimentView(loaded).sections);
    const group = 'random-write-direct';
    // ext3 "iops=7118", xfs "iops=5210": their mean with min–max (clones would add up to 12328).
    expect(cell(fio, 'fio-write-iops', group, 'both')).toEqual({
      group,
      run: 'both',
      value: (7118 + 5210) / 2,
      low: 5210,
      high: 7118,
      spread: 'min-max',
      repeats: 2,
      samples: [7118, 5210],
    });
    // ext3 "bw=56946KB/s", xfs "bw=41688KB/s".
    expect(cell(fio, 'fio-write-bw', group, 'both')).toMatchObject({ low: 41688 * 1024, high: 56946 * 1024 });
    // With repeats the spread is theirs, not fio's stddev.
    expect(cell(fio, 'fio-write-clat-mean', group, 'both')).toMatchObject({ spread: 'min-max', repeats: 2 });
  });
});
