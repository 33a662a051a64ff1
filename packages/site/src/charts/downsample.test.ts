import { max, min } from 'd3-array';
import { describe, expect, it } from 'vitest';
import type { DeviceFigure, DeviceSeries } from '../view/model.ts';
import { downsample } from './downsample.ts';
import { corpusFile, iostatSeries } from './output-test-data.ts';

// pbench's sysstat 10 log of a RHEL 7.1 host (corpus, `iostat -xmt 3`, 21 reports): 20 interval
// reports of dm-4 and of sda after the since-boot one. Mostly idle with short bursts: dm-4 w/s
// is "22.67" once and "0.00" to "16.00" elsewhere.
const [dm4, sda] = iostatSeries('rhel71', corpusFile('iostat/pbench__sysstat10-rhel71-iostat-xmt.txt'), [
  'dm-4',
  'sda',
]) as [DeviceSeries, DeviceSeries];
// And the busier Fedora 20 log (`iostat -xmtN 3`): sda's await goes from 8.75 ms to 502.67 ms.
const [fedora] = iostatSeries('fc20', corpusFile('iostat/pbench__sysstat10-fc20-iostat-xmtN-ampm.txt'), ['sda']) as [
  DeviceSeries,
];

const FIGURES: DeviceFigure[] = ['util', 'await', 'readsPerSec', 'writesPerSec', 'readBytesPerSec', 'writeBytesPerSec'];

function numbers(values: ReadonlyArray<number | null>): number[] {
  return values.filter((value): value is number => value !== null);
}

describe('downsample', () => {
  it('returns a short series as it is', () => {
    expect(downsample(dm4, 20)).toBe(dm4);
    expect(downsample(dm4, 1000)).toBe(dm4);
  });

  it('keeps at most maxPoints samples, in time order, on one time axis for every figure', () => {
    for (const maxPoints of [2, 3, 6, 8, 10, 19]) {
      const small = downsample(fedora, maxPoints);
      expect(small.t.length).toBeLessThanOrEqual(maxPoints);
      expect(small.t).toEqual([...small.t].sort((a, b) => a - b));
      for (const figure of FIGURES) expect(small.values[figure]).toHaveLength(small.t.length);
      expect(small.t[0]).toBe(0);
      expect(small.t.at(-1)).toBe(57);
    }
  });

  it('keeps the spikes and the lows of every figure', () => {
    for (const series of [dm4, sda, fedora]) {
      for (const maxPoints of [4, 6, 10]) {
        const small = downsample(series, maxPoints);
        for (const figure of FIGURES) {
          expect(max(numbers(small.values[figure]))).toBe(max(numbers(series.values[figure])));
          expect(min(numbers(small.values[figure]))).toBe(min(numbers(series.values[figure])));
        }
      }
    }
    // dm-4's w/s burst "22.67" survives a cut to six points (three buckets).
    expect(downsample(dm4, 6).values.writesPerSec).toContain(22.67);
    expect(downsample(fedora, 4).values.await).toContain(502.67e6);
  });

  it('puts each bucket at its first and last time, lowest and highest in the order they came', () => {
    // 20 reports into 5 buckets of 4: t 0–9, 12–21, 24–33, 36–45, 48–57.
    const small = downsample(fedora, 10);
    expect(small.t).toEqual([0, 9, 12, 21, 24, 33, 36, 45, 48, 57]);
    // sda %util of the first four interval reports: 100.03, 92.33, 8.10, 25.97: high first.
    expect(small.values.util.slice(0, 2)).toEqual([100.03, 8.1]);
    expect(small.run).toBe('fc20');
    expect(small.device).toBe('sda');
  });

  it('keeps a gap where a bucket has no value', () => {
    // Reports 4 to 7 of sda nulled here (a device missing from those reports), to test the gap.
    const gapped = structuredClone(fedora);
    for (let i = 4; i < 8; i++) gapped.values.util[i] = null;
    gapped.values.util[9] = null;
    const small = downsample(gapped, 10);
    expect(small.values.util.slice(2, 4)).toEqual([null, null]);
    // One value left in a bucket: both of its samples carry it.
    expect(
      downsample(
        {
          ...gapped,
          values: { ...gapped.values, util: gapped.values.util.map((v, i) => (i >= 8 && i < 11 ? null : v)) },
        },
        10,
      ).values.util.slice(4, 6),
    ).toEqual([gapped.values.util[11], gapped.values.util[11]]);
  });
});
