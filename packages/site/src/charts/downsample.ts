// Fewer points for long iostat logs, so pages stay small: a day at one report per second is
// 86,400 samples per device and figure, far more than a chart is pixels wide.

import type { AnyDeviceFigure, DeviceSeries, DeviceValues } from '../view/model.ts';

/**
 * `series` with at most `maxPoints` samples. The samples are cut into maxPoints / 2 runs of
 * consecutive reports; each run becomes two samples, at its first and its last time, which
 * carry, per figure, the lowest and the highest value of the run in the order they happened.
 * So a one-second spike survives (an average per bucket would flatten it), and every figure
 * keeps sharing one time axis. A value may move in time by at most its bucket's width. A figure
 * with no value in a bucket stays null there (a gap); with one value, both samples carry it.
 * Series short enough are returned as they are.
 */
export function downsample(series: DeviceSeries, maxPoints: number): DeviceSeries {
  const count = series.t.length;
  if (count <= maxPoints) return series;
  const buckets = Math.max(1, Math.floor(maxPoints / 2));
  const figures = Object.keys(series.values) as AnyDeviceFigure[];
  const t: number[] = [];
  const values = Object.fromEntries(figures.map((figure) => [figure, [] as Array<number | null>])) as DeviceValues<
    Array<number | null>
  >;
  for (let bucket = 0; bucket < buckets; bucket++) {
    const start = Math.floor((bucket * count) / buckets);
    const end = Math.floor(((bucket + 1) * count) / buckets);
    if (end <= start) continue;
    const isSingle = end - start === 1;
    t.push(series.t[start] as number);
    if (!isSingle) t.push(series.t[end - 1] as number);
    for (const figure of figures) {
      const [first, second] = extremesInOrder(series.values[figure] ?? [], start, end);
      const column = values[figure] ?? [];
      column.push(first);
      if (!isSingle) column.push(second);
    }
  }
  return { ...series, t, values };
}

/** The lowest and highest non-null value of column[start..end), the earlier one first. */
function extremesInOrder(
  column: ReadonlyArray<number | null>,
  start: number,
  end: number,
): [number | null, number | null] {
  let lowAt = -1;
  let highAt = -1;
  for (let i = start; i < end; i++) {
    const value = column[i];
    if (value == null) continue;
    if (lowAt < 0 || value < (column[lowAt] as number)) lowAt = i;
    if (highAt < 0 || value > (column[highAt] as number)) highAt = i;
  }
  if (lowAt < 0) return [null, null];
  const low = column[lowAt] as number;
  const high = column[highAt] as number;
  return lowAt <= highAt ? [low, high] : [high, low];
}
