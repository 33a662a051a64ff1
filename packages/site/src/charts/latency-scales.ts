// Scales of latency charts: the "nines" axis of percentiles, log ticks of latency, and the names
// of fio's latency buckets.

import { type ScaleLogarithmic, scaleLog } from 'd3-scale';
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

/**
 * A log scale of shares (0–100 %) from the smallest share drawn to the largest: a bucket of
 * 0.01 % of the I/Os is as visible as one of 90 %, where a linear axis would draw it as nothing.
 * The domain runs from a power of ten below the smallest share to the one at or above the
 * largest (at most 100 %).
 */
export function shareScale(shares: readonly number[]): ScaleLogarithmic<number, number> {
  const positive = shares.filter((share) => share > 0);
  const low = positive.length > 0 ? Math.min(...positive) : 1;
  const high = positive.length > 0 ? Math.max(...positive) : 100;
  // A decade lower when the smallest share sits on the floor: its bar would have no height.
  const power = Math.floor(Math.log10(low) + 1e-9);
  const floor = 10 ** (low / 10 ** power < 1.5 ? power - 1 : power);
  const ceiling = Math.min(100, 10 ** Math.ceil(Math.log10(high) - 1e-9));
  return scaleLog().domain([floor, Math.max(ceiling, floor * 10)]);
}

/** The ticks of a share scale: its powers of ten, "0.01%" to "100%". */
export function shareTicks(scale: ScaleLogarithmic<number, number>): number[] {
  const [low = 1, high = 100] = scale.domain();
  const ticks: number[] = [];
  for (let power = Math.round(Math.log10(low)); 10 ** power <= high * (1 + 1e-9); power++) {
    ticks.push(Number((10 ** power).toPrecision(1)));
  }
  return ticks;
}

/** A share tick's text: "0.01%", "100%". */
export function formatShareTick(share: number): string {
  return `${share}%`;
}

/** The percentiles marked on latency charts where the data has them. */
export const MARKED_PERCENTILES = [50, 99, 99.9] as const;
