// Whether two sets of repeats differ beyond their noise: Welch's t-test. Build time only
// (data/noise.ts): jstat, which gives the t distribution, stays out of the pages' scripts.

// jstat is CommonJS: its module object is jStat itself (Node's ESM sees it as the default export).
import jStat from 'jstat';

/** Mean and sample variance (n − 1) of at least two values. */
function meanAndVariance(values: readonly number[]): { n: number; mean: number; variance: number } {
  const n = values.length;
  const mean = values.reduce((sum, value) => sum + value, 0) / n;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1);
  return { n, mean, variance };
}

export interface WelchResult {
  /** (mean a − mean b) / its standard error. */
  t: number;
  /** Welch–Satterthwaite degrees of freedom. */
  df: number;
  /** Two-sided. */
  pValue: number;
}

/**
 * Welch's unequal-variances t-test of two samples of at least two values each. Where both
 * samples have no variance at all, the means are equal (p = 1) or apart with certainty (p = 0):
 * the t distribution says nothing there.
 */
export function welchTTest(a: readonly number[], b: readonly number[]): WelchResult {
  if (a.length < 2 || b.length < 2) throw new RangeError('Welch’s t-test needs at least two values in each sample');
  const x = meanAndVariance(a);
  const y = meanAndVariance(b);
  const va = x.variance / x.n;
  const vb = y.variance / y.n;
  const se = Math.sqrt(va + vb);
  const difference = x.mean - y.mean;
  if (se === 0)
    return {
      t: difference === 0 ? 0 : Math.sign(difference) * Infinity,
      df: Number.NaN,
      pValue: difference === 0 ? 1 : 0,
    };
  const t = difference / se;
  const df = (va + vb) ** 2 / (va ** 2 / (x.n - 1) + vb ** 2 / (y.n - 1));
  const pValue = 2 * jStat.studentt.cdf(-Math.abs(t), df);
  return { t, df, pValue };
}
