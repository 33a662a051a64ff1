// How far the numbers a chart shows spread, and the scale that spread opens on: one rule for the
// compare page's scoreboards and charts and for /try's comparison. Pure.

/** Above this span (largest number over smallest), a view opens on a log scale. */
export const LOG_SCALE_SPAN = 10;

/** Largest over smallest of the positive numbers; 1 when fewer than two are positive. */
export function positiveSpan(numbers: readonly number[]): number {
  const positive = numbers.filter((number) => number > 0);
  return positive.length < 2 ? 1 : Math.max(...positive) / Math.min(...positive);
}

/** A log scale when the numbers shown span more than LOG_SCALE_SPAN times: a linear one would flatten the rest. */
export function isLogByDefault(span: number): boolean {
  return span > LOG_SCALE_SPAN;
}
