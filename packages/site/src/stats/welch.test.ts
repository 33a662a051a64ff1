import { describe, expect, it } from 'vitest';
import { welchTTest } from './welch.ts';

// R's `sleep` data (Cushny and Peebles 1905, as in Student 1908): extra hours of sleep under two
// drugs. R documents `t.test(extra ~ group, data = sleep)` as: Welch Two Sample t-test,
// t = -1.8608, df = 17.776, p-value = 0.07939.
const DRUG_1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0];
const DRUG_2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4];

describe('welchTTest(a, b)', () => {
  it('gives R’s t, degrees of freedom and p-value for the sleep data', () => {
    const { t, df, pValue } = welchTTest(DRUG_1, DRUG_2);
    expect(t).toBeCloseTo(-1.8608, 4);
    expect(df).toBeCloseTo(17.776, 3);
    expect(pValue).toBeCloseTo(0.07939, 5);
  });

  it('is symmetric: swapping the samples flips t and keeps p', () => {
    const there = welchTTest(DRUG_1, DRUG_2);
    const back = welchTTest(DRUG_2, DRUG_1);
    expect(back.t).toBeCloseTo(-there.t, 10);
    expect(back.pValue).toBeCloseTo(there.pValue, 12);
  });

  it('gives p = 1 for identical constant samples and p = 0 for different constant ones', () => {
    expect(welchTTest([5, 5], [5, 5]).pValue).toBe(1);
    expect(welchTTest([5, 5], [6, 6]).pValue).toBe(0);
  });

  it('refuses a sample of one value', () => {
    expect(() => welchTTest([1], [1, 2])).toThrow(RangeError);
  });
});
