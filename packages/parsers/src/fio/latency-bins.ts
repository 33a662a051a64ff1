/**
 * fio's latency histogram: the bins of json+ `bins` and of histogram logs (`write_hist_log`),
 * and percentiles and the CDF read from them. Read from fio's stat.h and stat.c
 * (`FIO_IO_U_PLAT_*`, `plat_val_to_idx`, `plat_idx_to_val`, `calc_clat_percentiles`).
 *
 * A bin index has FIO_IO_U_PLAT_BITS (6) bits of precision: the first two groups of 64 bins
 * hold one value each (0 to 127), then group g (2, 3, ...) holds 64 bins each 2^(g-1) wide,
 * starting at 2^(g+5). fio 3.x has 29 groups (1856 bins, values in ns); fio 2.x had 19 groups
 * (1216 bins, values in usec: fio's HOWTO still says 1216).
 */

const PLAT_BITS = 6;
const PLAT_VAL = 1 << PLAT_BITS;

/** Bins of a full-resolution histogram: fio 3.x (ns) and fio 2.x (usec). */
export const FIO3_BIN_COUNT = 29 * PLAT_VAL;
export const FIO2_BIN_COUNT = 19 * PLAT_VAL;

/** The percentiles fio reports by default (`percentile_list`), in percent. */
export const FIO_DEFAULT_PERCENTILES: readonly number[] = [
  1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99,
];

/** Where bin `index` starts (inclusive), in the histogram's unit. */
export function binLowerBound(index: number): number {
  if (index < 2 * PLAT_VAL) return index;
  const errorBits = Math.floor(index / PLAT_VAL) - 1;
  return 2 ** (errorBits + PLAT_BITS) + (index % PLAT_VAL) * 2 ** errorBits;
}

/** Where bin `index` ends (exclusive). */
export function binUpperBound(index: number): number {
  if (index < 2 * PLAT_VAL) return index + 1;
  const errorBits = Math.floor(index / PLAT_VAL) - 1;
  return binLowerBound(index) + 2 ** errorBits;
}

/**
 * The value fio reports for bin `index` (`plat_idx_to_val`): the middle of the bin, rounded
 * down. These are the keys of json+ `bins` and the values of fio's printed percentiles.
 */
export function binValue(index: number): number {
  if (index < 2 * PLAT_VAL) return index;
  const errorBits = Math.floor(index / PLAT_VAL) - 1;
  return 2 ** (errorBits + PLAT_BITS) + Math.floor(((index % PLAT_VAL) + 0.5) * 2 ** errorBits);
}

/** The bin fio files a latency in (`plat_val_to_idx`), for a histogram of `binCount` bins. */
export function binIndexOf(value: number, binCount = FIO3_BIN_COUNT): number {
  if (value < 2 * PLAT_VAL) return value < 0 ? 0 : Math.floor(value);
  let errorBits: number;
  let offset: number;
  if (value < 2 ** 31) {
    // The most significant bit, then the PLAT_BITS bits below it.
    errorBits = 31 - Math.clz32(value) - PLAT_BITS;
    offset = (value >>> errorBits) & (PLAT_VAL - 1);
  } else {
    let msb = Math.floor(Math.log2(value));
    // log2 of a large integer can round across a power of two.
    if (2 ** msb > value) msb--;
    else if (2 ** (msb + 1) <= value) msb++;
    errorBits = msb - PLAT_BITS;
    offset = Math.floor(value / 2 ** errorBits) & (PLAT_VAL - 1);
  }
  return Math.min(((errorBits + 1) << PLAT_BITS) + offset, binCount - 1);
}

/**
 * Percentiles as fio computes them (`calc_clat_percentiles`): for each percentile p, the value
 * of the first bin at which the running count reaches p% of all counts. Over json+ `bins` these
 * are exactly the percentiles fio printed. `counts[i]` is the count of bin `values[i]`, values
 * ascending. Null for a histogram of no I/O.
 */
export function fioPercentiles(
  values: readonly number[],
  counts: readonly number[],
  percentiles: readonly number[] = FIO_DEFAULT_PERCENTILES,
): (number | null)[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return percentiles.map(() => null);
  const sorted = [...percentiles].map((p, order) => ({ p, order })).sort((a, b) => a.p - b.p);
  const out: (number | null)[] = percentiles.map(() => null);
  let sum = 0;
  let next = 0;
  for (let i = 0; i < counts.length && next < sorted.length; i++) {
    sum += counts[i] as number;
    while (next < sorted.length && sum >= ((sorted[next] as { p: number }).p / 100) * total) {
      out[(sorted[next] as { order: number }).order] = values[i] as number;
      next++;
    }
  }
  return out;
}

/** A json+ `bins` object (`{ "<value>": count }`) as ascending values and their counts. */
export function binsToArrays(bins: Readonly<Record<string, number>>): { values: number[]; counts: number[] } {
  const entries = Object.entries(bins)
    .map(([key, count]) => [Number(key), count] as const)
    .sort((a, b) => a[0] - b[0]);
  return { values: entries.map((entry) => entry[0]), counts: entries.map((entry) => entry[1]) };
}

/** One step of a CDF: the fraction (0 to 1) of I/Os at or below `value`. */
export interface CdfPoint {
  value: number;
  fraction: number;
}

/**
 * The exact CDF of a json+ `bins` object (fio 3.x: values in ns): one point per non-empty bin,
 * at the bin's value, with the fraction of all I/Os in that bin or below. Empty for no I/O.
 */
export function latencyCdfFromBins(bins: Readonly<Record<string, number>>): CdfPoint[] {
  const { values, counts } = binsToArrays(bins);
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return [];
  const points: CdfPoint[] = [];
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    if (counts[i] === 0) continue;
    sum += counts[i] as number;
    points.push({ value: values[i] as number, fraction: sum / total });
  }
  return points;
}

/**
 * Percentiles of a json+ `bins` object, computed as fio does: equal to the percentiles fio
 * printed for the same job and direction (`clat_ns.percentile`), for any list of percentiles.
 */
export function latencyPercentilesFromBins(
  bins: Readonly<Record<string, number>>,
  percentiles: readonly number[] = FIO_DEFAULT_PERCENTILES,
): (number | null)[] {
  const { values, counts } = binsToArrays(bins);
  return fioPercentiles(values, counts, percentiles);
}

/**
 * Percentiles of a histogram log interval the way fio's tools/hist/fio-histo-log-pctiles.py
 * computes them: the running count is a piecewise linear CDF, each bin's I/Os spread evenly
 * over the bin's range [lower, upper), and a percentile is where that CDF reaches it (the
 * 100th where it reaches 99.9999%). `lower[i]`, `upper[i]` bound bin i (merged bins of a
 * coarse log span the bins they merge). Null for an interval of no I/O.
 */
export function interpolatedPercentiles(
  counts: ArrayLike<number>,
  lower: ArrayLike<number>,
  upper: ArrayLike<number>,
  percentiles: readonly number[] = FIO_DEFAULT_PERCENTILES,
): (number | null)[] {
  let total = 0;
  for (let i = 0; i < counts.length; i++) total += counts[i] as number;
  if (total === 0) return percentiles.map(() => null);
  const sorted = [...percentiles].map((p, order) => ({ p, order })).sort((a, b) => a.p - b.p);
  const out: (number | null)[] = percentiles.map(() => null);
  const ALMOST_100 = 99.9999;
  let next = 0;
  let sum = 0;
  let pct = 0;
  for (let b = 0; b < counts.length && next < sorted.length; b++) {
    const count = counts[b] as number;
    if (count === 0) continue;
    sum += count;
    const lastPct = pct;
    pct = (100 * sum) / total;
    for (;;) {
      const wanted = sorted[next];
      if (wanted === undefined) break;
      const isReached = wanted.p >= 100 ? pct >= ALMOST_100 : pct > wanted.p;
      if (!isReached) break;
      const fraction = (wanted.p - lastPct) / (pct - lastPct);
      const low = lower[b] as number;
      out[wanted.order] = low + Math.min(1, Math.max(0, fraction)) * ((upper[b] as number) - low);
      next++;
    }
  }
  return out;
}
