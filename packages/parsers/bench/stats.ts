/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * How the time grows from a quarter of the input to all of it, scaled by the actual sizes
 * (whole outputs make the quarter input not exactly a quarter): 4 means linear, 16 quadratic.
 */
export function scalingRatio(
  full: { durationMs: number; inputBytes: number },
  quarter: { durationMs: number; inputBytes: number },
): number {
  return (full.durationMs / quarter.durationMs) * ((4 * quarter.inputBytes) / full.inputBytes);
}

/** Above this the scaling column gets a "!": clearly worse than linear, beyond timing noise. */
export const SUPERLINEAR_SCALING = 6;

/**
 * Memory passes per measurement of a case run in the bench's own child (run-child.ts): peak RSS
 * varies from run to run with when V8 collects, and the median of five is what a run usually takes.
 */
export const MEMORY_PASSES = 5;
