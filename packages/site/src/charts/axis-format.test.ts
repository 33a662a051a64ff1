import { describe, expect, test } from 'vitest';
import { formatRatioTick, formatTick, logTicks } from './axis-format.ts';

describe('formatTick(value, unit)', () => {
  test('prints values like the labels on the bars, and zero plainly', () => {
    expect(formatTick(0, 'op/s')).toBe('0');
    expect(formatTick(20000, 'op/s')).toBe('20 k op/s');
    expect(formatTick(500000, 'ns')).toBe('500 µs');
    expect(formatTick(50, '%')).toBe('50%');
  });
});

describe('formatRatioTick(ratio)', () => {
  test('prints ratios as times', () => {
    expect(formatRatioTick(0)).toBe('0');
    expect(formatRatioTick(0.5)).toBe('0.5×');
    expect(formatRatioTick(2)).toBe('2×');
  });
});

describe('logTicks(low, high)', () => {
  test('ticks the powers of ten inside the domain', () => {
    // The msa70 write IOPS span 34 to 96347 op/s, niced to 10 … 100 000.
    expect(logTicks(10, 100000)).toEqual([10, 100, 1000, 10000, 100000]);
  });

  test('falls back to 1-2-5 steps inside a single decade', () => {
    expect(logTicks(0.15, 1)).toEqual([0.2, 0.5, 1]);
    expect(logTicks(2, 9)).toEqual([2, 5]);
  });

  test('falls back to the domain ends when nothing else fits', () => {
    expect(logTicks(2.5, 4.5)).toEqual([2.5, 4.5]);
  });
});
