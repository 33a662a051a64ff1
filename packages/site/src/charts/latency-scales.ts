// Scales of latency charts: the "nines" axis of percentiles, log ticks of latency, and the names
// of fio's latency buckets.

import { formatValue } from '../lib/format-value.ts';

/**
 * How many nines a percentile has: p90 → 1, p99 → 2, p99.9 → 3. On this axis p50, p90, p99,
 * p99.9 and p99.99 sit (almost) evenly apart, so the tail is as wide as the body, where a linear
 * axis would squeeze everything above p99 into its last pixels. p100 has infinite nines: callers
 * leave it out.
 */
export function nines(percentile: number): number {
  return -Math.log10(1 - percentile / 100);
}

/** The percentiles labelled on a nines axis, up to p99.9999. */
export const NINES_TICKS = [50, 90, 99, 99.9, 99.99, 99.999, 99.9999] as const;

/** "p50", "p99.9": how percentiles are named on axes and in tables. */
export function percentileLabel(percentile: number): string {
  return `p${Number(percentile.toFixed(4))}`;
}

/**
 * Tick values of a log scale of latency: the powers of ten in the domain, or, when the domain
 * spans less than two of them, the scale's own 1-2-5 ticks.
 */
export function latencyTicks(ticks: readonly number[]): number[] {
  const powers = ticks.filter((tick) => Math.abs(Math.log10(tick) - Math.round(Math.log10(tick))) < 1e-9);
  if (powers.length >= 2) return powers;
  const fewer = ticks.filter((tick) => /^[125]/.test(tick.toExponential()));
  return fewer.length >= 2 ? fewer : [...ticks];
}

/** A latency in ns for a tick or a cell: "250 µs", "2 s". */
export function formatLatency(ns: number): string {
  return formatValue(ns, 'ns');
}

/**
 * A fio latency bucket as fio means it: the value printed is the bucket's upper bound, not
 * included ("250=0.04% means that 0.04% of the I/Os completed in under 250us", fio HOWTO; io_u.c
 * puts 250 to 499 µs under "500"). The last bucket, `>=2000` ms, has no upper bound.
 */
export function bucketLabel(bucket: { upToNs: number; isAtLeast?: boolean }): string {
  return `${bucket.isAtLeast ? '≥' : '<'}${formatLatency(bucket.upToNs)}`;
}

/** A stable key of a bucket, for data attributes and URLs: its bound in ns, "250000", "ge2000000000". */
export function bucketKey(bucket: { upToNs: number; isAtLeast?: boolean }): string {
  return `${bucket.isAtLeast ? 'ge' : ''}${bucket.upToNs}`;
}
