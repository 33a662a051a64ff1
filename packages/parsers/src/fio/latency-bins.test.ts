import { describe, expect, it } from 'vitest';
import {
  binIndexOf,
  binLowerBound,
  binUpperBound,
  binValue,
  FIO2_BIN_COUNT,
  FIO3_BIN_COUNT,
  interpolatedPercentiles,
  latencyCdfFromBins,
  latencyPercentilesFromBins,
} from './latency-bins.ts';

describe('fio latency bins', () => {
  it('has 1856 bins in fio 3.x and 1216 in fio 2.x (stat.h: 29 and 19 groups of 64)', () => {
    expect(FIO3_BIN_COUNT).toBe(1856);
    expect(FIO2_BIN_COUNT).toBe(1216);
  });

  it('gives the values of plat_idx_to_val: exact below 128, then the middle of each bin', () => {
    expect([binValue(0), binValue(127)]).toEqual([0, 127]);
    // Group 2: bins 2 wide from 128; bin 128 holds 128..129, its value 129.
    expect([binLowerBound(128), binUpperBound(128), binValue(128)]).toEqual([128, 130, 129]);
    // fio's json+ of this repository's fixture has the key 21376 (a percentile value).
    expect(binValue(binIndexOf(21376))).toBe(21376);
  });

  it('files every value in the bin whose bounds hold it', () => {
    for (const value of [0, 1, 127, 128, 129, 130, 4095, 4096, 21350, 1e6, 123456789, 2 ** 33 + 5]) {
      const bin = binIndexOf(value);
      expect(binLowerBound(bin)).toBeLessThanOrEqual(value);
      expect(binUpperBound(bin)).toBeGreaterThan(value);
    }
    expect(binIndexOf(Number.MAX_SAFE_INTEGER)).toBe(FIO3_BIN_COUNT - 1);
  });

  it('reads percentiles and the CDF of json+ bins as fio does', () => {
    const bins = { '100': 1, '200': 2, '300': 1 };
    expect(latencyPercentilesFromBins(bins, [25, 50, 75, 100])).toEqual([100, 200, 200, 300]);
    expect(latencyCdfFromBins(bins)).toEqual([
      { value: 100, fraction: 0.25 },
      { value: 200, fraction: 0.75 },
      { value: 300, fraction: 1 },
    ]);
    expect(latencyPercentilesFromBins({}, [50])).toEqual([null]);
  });

  it('interpolates within a bin the way fio-histo-log-pctiles.py does', () => {
    // Two I/Os in [0, 10), two in [10, 20): the median is where the CDF passes 50%, the end of
    // the first bin's share; 75% is halfway through the second bin.
    expect(interpolatedPercentiles([2, 2], [0, 10], [10, 20], [25, 75, 100])).toEqual([5, 15, 20]);
  });
});
