// What a bar chart draws before it draws anything: the values as plotted (or their ratios to a
// baseline run), the value domain, the scale really used, and the order of the runs in a group.
// No drawing here.

import type { BarCell, MetricComparison, RunRef } from '../view/model.ts';
import { type NormalizedCell, normalizeToBaseline } from './normalize.ts';

export type BarScale = 'linear' | 'log';
export type BarSort = 'declared' | 'value';

/** A bar as drawn: the value on the axis (the ratio, with a baseline) and its spread. */
export interface PlottedValue {
  cell: BarCell;
  value: number;
  low?: number;
  high?: number;
  normalized?: NormalizedCell;
}

/** The bars of `data` as plotted; with a baseline, the cells without a ratio are left out. */
export function plottedValues(data: MetricComparison, baseline: string | undefined): PlottedValue[] {
  if (baseline === undefined) {
    return data.cells.map((cell) => ({ cell, value: cell.value, low: cell.low, high: cell.high }));
  }
  const normalized = normalizeToBaseline(data, baseline);
  const plotted: PlottedValue[] = [];
  data.cells.forEach((cell, index) => {
    const norm = normalized[index];
    if (norm?.ratio == null) return;
    plotted.push({ cell, value: norm.ratio, low: norm.lowRatio, high: norm.highRatio, normalized: norm });
  });
  return plotted;
}

/** The value domain: linear from zero (bars start at zero), log over the positive values. */
export function valueDomain(plotted: PlottedValue[], scale: BarScale, baseline: string | undefined): [number, number] {
  // Spread low ends below zero stay out of the domain when no value is negative: fio's
  // `clat avg=645.32, stdev=4647.69` is a skewed distribution, not a negative latency.
  const hasNegative = plotted.some((p) => p.value < 0);
  // fio's sample markers are drawn in the metric's unit only (no baseline): their right end too.
  const sampleHigh = (p: PlottedValue) =>
    baseline === undefined && p.cell.sampleStats !== undefined
      ? p.cell.sampleStats.mean + p.cell.sampleStats.sd
      : undefined;
  const values = plotted
    .flatMap((p) => [p.value, hasNegative || (p.low ?? 0) >= 0 ? p.low : undefined, p.high, sampleHigh(p)])
    .filter((v): v is number => v !== undefined);
  // A ratio axis always shows 1, where the baseline is.
  if (baseline !== undefined) values.push(1);
  if (scale === 'log') {
    const positive = values.filter((v) => v > 0);
    // Half the smallest value as the floor, so the shortest bar still shows (log bars have no
    // zero to start from; their length only compares within the chart).
    return [Math.min(...positive) / 2, Math.max(...positive)];
  }
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  return high === low ? [0, 1] : [low, high];
}

/**
 * The scale a bar chart is really drawn with. Log needs positive values (a log axis has no zero);
 * when any drawn value (or ratio, with a baseline) is zero or negative the chart is drawn linear
 * instead, and `note` says why, for the page to show beside the scale control. A spread whose
 * low end is not positive does not cause that: its whisker is clamped at the bottom of the axis,
 * drawn without a cap there (as on a linear axis, where a low end below zero is clamped at zero
 * unless some value itself is negative).
 */
export function barScaleFor(
  data: MetricComparison,
  options: { scale?: BarScale; baseline?: string },
): { scale: BarScale; note?: string } {
  if (options.scale !== 'log') return { scale: 'linear' };
  const values = plottedValues(data, options.baseline).map((v) => v.value);
  if (values.length === 0) return { scale: 'linear' };
  if (values.some((v) => v <= 0)) {
    return {
      scale: 'linear',
      note: 'A log scale needs positive values; this chart has zero or negative ones, so it is linear.',
    };
  }
  return { scale: 'log' };
}

/**
 * The order of the runs within a group. `declared`: the experiment's order, the same in every
 * group. `value`: best first by the metric's `betterIs` (highest first, or lowest first for a
 * lower-is-better metric such as latency; highest first for `neither`), runs without a value in
 * the group last. Groups themselves always stay in their declared order, and each run keeps its
 * colour, so a sorted chart reads as a ranking within each group.
 */
export function orderRuns(data: MetricComparison, groupKey: string, sort: BarSort = 'declared'): RunRef[] {
  if (sort === 'declared') return [...data.runs];
  const valueIn = (run: RunRef) => data.cells.find((c) => c.group === groupKey && c.run === run.id)?.value;
  const direction = data.betterIs === 'lower' ? 1 : -1;
  return [...data.runs].sort((a, b) => {
    const va = valueIn(a);
    const vb = valueIn(b);
    if (va === undefined || vb === undefined) return (va === undefined ? 1 : 0) - (vb === undefined ? 1 : 0);
    return direction * (va - vb);
  });
}
