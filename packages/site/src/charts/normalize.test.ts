import { describe, expect, test } from 'vitest';
import type { MetricComparison } from '../view/model.ts';
import { EC2_REQUEST_TIME, msa70Comparison } from './chart-test-data.ts';
import {
  formatPercentChange,
  formatRatio,
  formatTimes,
  formatVsBest,
  judgeChange,
  normalizeToBaseline,
  ratioNotation,
  ratioTo,
} from './normalize.ts';

// fio 1.57 on the HP MSA70 (content/results/2011-07-ext3-ext4-xfs-fio-msa70), parsed from each
// run's raw file: write IOPS per job, ext3 / ext4 / xfs:
//   random-write-direct        7118 /  7366 /  5210
//   random-write-buf          59112 / 83840 /  3484
//   sequential-write-direct      34 / 10494 /  6486
//   sequential-write-buffered  2491 / 20460 / 96347
const iops = msa70Comparison('write.iops', { title: 'Write IOPS', betterIs: 'higher' });
// Mean completion latency (µs): random-write-direct 645.32 / 781.82 / 1013.62.
const clat = msa70Comparison('write.clat.mean', { title: 'Mean completion latency', betterIs: 'lower' });

function ratioOf(cells: ReturnType<typeof normalizeToBaseline>, group: string, run: string) {
  const cell = cells.find((c) => c.group === group && c.run === run);
  if (!cell) throw new Error(`no cell ${group} ${run}`);
  return cell;
}

describe('normalizeToBaseline(data, run)', () => {
  test('reads the real values from the raw files', () => {
    const ext3 = iops.cells.find((c) => c.group === 'random-write-direct' && c.run === 'ext3');
    expect(ext3?.value).toBe(7118);
    expect(iops.cells).toHaveLength(12);
  });

  test('divides each cell by the baseline cell of its own group', () => {
    const cells = normalizeToBaseline(iops, 'ext3');
    expect(ratioOf(cells, 'random-write-direct', 'ext4').ratio).toBeCloseTo(7366 / 7118, 12);
    expect(ratioOf(cells, 'random-write-direct', 'xfs').ratio).toBeCloseTo(5210 / 7118, 12);
    expect(ratioOf(cells, 'random-write-buf', 'ext4').ratio).toBeCloseTo(83840 / 59112, 12);
    expect(ratioOf(cells, 'sequential-write-direct', 'ext4').ratio).toBeCloseTo(10494 / 34, 9);
    expect(ratioOf(cells, 'sequential-write-buffered', 'xfs').ratio).toBeCloseTo(96347 / 2491, 12);
  });

  test("gives the baseline's own cells a ratio of exactly 1, marked as the baseline", () => {
    const cells = normalizeToBaseline(iops, 'ext4');
    const own = cells.filter((c) => c.run === 'ext4');
    expect(own).toHaveLength(4);
    for (const cell of own) expect(cell).toMatchObject({ ratio: 1, isBaseline: true, change: 'same' });
    expect(cells.filter((c) => c.isBaseline)).toHaveLength(4);
  });

  test('calls a higher ratio better for a higher-is-better metric', () => {
    const cells = normalizeToBaseline(iops, 'ext3');
    expect(ratioOf(cells, 'random-write-direct', 'ext4').change).toBe('better');
    expect(ratioOf(cells, 'random-write-direct', 'xfs').change).toBe('worse');
  });

  test('calls a lower ratio better for a lower-is-better metric (latency)', () => {
    const cells = normalizeToBaseline(clat, 'ext4');
    // ext3 645.32 µs against ext4 781.82 µs: 17 % less latency, better.
    const ext3 = ratioOf(cells, 'random-write-direct', 'ext3');
    expect(ext3.ratio).toBeCloseTo(645.32 / 781.82, 12);
    expect(ext3.change).toBe('better');
    expect(formatRatio(ext3.ratio ?? Number.NaN)).toBe('\u221217 %');
    // xfs 1013.62 µs: 30 % more, worse.
    const xfs = ratioOf(cells, 'random-write-direct', 'xfs');
    expect(xfs.change).toBe('worse');
    expect(formatRatio(xfs.ratio ?? Number.NaN)).toBe('+30 %');
  });

  test('scales the spread ends by the same baseline value', () => {
    const cells = normalizeToBaseline(EC2_REQUEST_TIME, 'm3-large');
    const medium = ratioOf(cells, 'all', 'm3-medium');
    expect(medium.ratio).toBeCloseTo(15.88136 / 6.30324, 12);
    expect(medium.lowRatio).toBeCloseTo((15.88136 - 9.29829) / 6.30324, 12);
    expect(medium.highRatio).toBeCloseTo((15.88136 + 9.29829) / 6.30324, 12);
    expect(medium.change).toBe('worse');
    expect(ratioOf(cells, 'all', 't2-medium').change).toBe('better');
  });

  test('leaves every cell of a group without a baseline cell with a null ratio, never NaN', () => {
    const withoutExt3Buf: MetricComparison = {
      ...iops,
      cells: iops.cells.filter((c) => !(c.run === 'ext3' && c.group === 'random-write-buf')),
    };
    const cells = normalizeToBaseline(withoutExt3Buf, 'ext3');
    const buf = cells.filter((c) => c.group === 'random-write-buf');
    expect(buf.map((c) => [c.run, c.ratio, c.change])).toEqual([
      ['ext4', null, null],
      ['xfs', null, null],
    ]);
    // The other groups are untouched.
    expect(cells.filter((c) => c.ratio !== null)).toHaveLength(9);
  });

  test('gives a null ratio against a zero baseline, never Infinity', () => {
    // packages/parsers/fixtures/sysbench/sysbench-1.0.20--fileio-direct-threads.input.txt, 1
    // thread: reads/s 0.00 in the seqwr test (line 92), 5959.03 in rndrw: a real zero.
    const reads: MetricComparison = {
      key: 'sysbench-reads',
      metric: 'reads/s',
      title: 'Reads per second',
      unit: 'op/s',
      betterIs: 'higher',
      groups: [{ key: '1', label: '1 thread' }],
      runs: [
        { id: 'seqwr', label: 'seqwr' },
        { id: 'rndrw', label: 'rndrw' },
      ],
      cells: [
        { group: '1', run: 'seqwr', value: 0 },
        { group: '1', run: 'rndrw', value: 5959.03 },
      ],
    };
    const cells = normalizeToBaseline(reads, 'seqwr');
    expect(cells.map((c) => c.ratio)).toEqual([null, null]);
    // And the other way round, a zero value against a baseline is a plain 0× (−100 %).
    const back = normalizeToBaseline(reads, 'rndrw');
    expect(back.map((c) => c.ratio)).toEqual([0, 1]);
    expect(formatRatio(0)).toBe('\u2212100 %');
  });

  test('leaves an unknown baseline run with no ratios at all', () => {
    expect(normalizeToBaseline(iops, 'btrfs').every((c) => c.ratio === null && !c.isBaseline)).toBe(true);
  });
});

describe('ratioTo(value, baseline)', () => {
  test('is null for a missing, zero, negative or non-finite baseline', () => {
    expect(ratioTo(7118, undefined)).toBeNull();
    expect(ratioTo(7118, 0)).toBeNull();
    expect(ratioTo(7118, -1)).toBeNull();
    expect(ratioTo(7118, Number.POSITIVE_INFINITY)).toBeNull();
    expect(ratioTo(Number.NaN, 7118)).toBeNull();
  });

  test('does not overflow to Infinity for a tiny baseline', () => {
    expect(ratioTo(Number.MAX_VALUE, Number.MIN_VALUE)).toBeNull();
  });
});

describe('readings', () => {
  test('formatTimes prints three significant digits and a times sign', () => {
    expect(formatTimes(83840 / 59112)).toBe('1.42×');
    expect(formatTimes(96347 / 2491)).toBe('38.7×');
    expect(formatTimes(10494 / 34)).toBe('309×');
    expect(formatTimes(1)).toBe('1×');
  });

  test('formatPercentChange rounds to whole percents, signed, with a real minus sign', () => {
    expect(formatPercentChange(7366 / 7118)).toBe('+3 %');
    expect(formatPercentChange(5210 / 7118)).toBe('\u221227 %');
    expect(formatPercentChange(83840 / 59112)).toBe('+42 %');
    expect(formatPercentChange(3484 / 59112)).toBe('\u221294 %');
    expect(formatPercentChange(1.23)).toBe('+23 %');
    expect(formatPercentChange(0.82)).toBe('\u221218 %');
  });

  test('formatPercentChange keeps one decimal below 1 % and prints no change as ±0 %', () => {
    expect(formatPercentChange(1.004)).toBe('+0.4 %');
    expect(formatPercentChange(0.9996)).toBe('±0 %');
    expect(formatPercentChange(1)).toBe('±0 %');
  });

  test('formatRatio reads percent below double, times from double on', () => {
    expect(formatRatio(7366 / 7118)).toBe('+3 %');
    expect(formatRatio(1.97)).toBe('+97 %');
    expect(formatRatio(2)).toBe('2×');
    expect(formatRatio(20460 / 2491)).toBe('8.21×');
  });

  test('judgeChange follows betterIs and calls what prints as ±0 % the same', () => {
    expect(judgeChange(1.23, 'higher')).toBe('better');
    expect(judgeChange(1.23, 'lower')).toBe('worse');
    expect(judgeChange(0.82, 'lower')).toBe('better');
    expect(judgeChange(0.82, 'higher')).toBe('worse');
    expect(judgeChange(1.23, 'neither')).toBe('neither');
    expect(judgeChange(1.0004, 'higher')).toBe('same');
  });
});

describe('ratioNotation(ratios) and formatVsBest(ratio)', () => {
  test('keeps one notation per chart: percent within a factor of two, else times for every ratio', () => {
    // MSA70 write IOPS against ext3: random-write-direct 7366 / 7118, sequential-write-direct 10494 / 34.
    expect(ratioNotation([7366 / 7118, 5210 / 7118])(7366 / 7118)).toBe('+3 %');
    expect(ratioNotation([7366 / 7118, 10494 / 34])(7366 / 7118)).toBe('1.03×');
    expect(ratioNotation([7366 / 7118, 10494 / 34])(10494 / 34)).toBe('309×');
  });

  test('reads a run far below the best as a fraction, never "−100 %"', () => {
    expect(formatVsBest(34 / 10494)).toBe('1/309');
    expect(formatVsBest(7118 / 7366)).toBe('\u22123 %');
    expect(formatVsBest(15.88136 / 4.80078)).toBe('3.31×');
  });
});
