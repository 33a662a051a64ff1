// Where a bar chart puts things, worked out before anything is drawn: the values as plotted (or
// their ratios to a baseline run), the value axis, the bands of the groups and the slots of the
// runs inside them, and the room for group labels and value labels. No drawing here.

import type { ScaleBand, ScaleContinuousNumeric } from 'd3-scale';
import { scaleBand, scaleLinear, scaleLog } from 'd3-scale';
import type { BarCell, MetricComparison } from '../view/model.ts';
import { formatRatioTick, formatTick, logTicks } from './axis-format.ts';
import { barReading } from './bar-summary.ts';
import { estimateTextWidth, wrapLabel } from './label-fit.ts';
import { type NormalizedCell, normalizeToBaseline } from './normalize.ts';

export type BarScale = 'linear' | 'log';

export const TICK_FONT_PX = 11;
export const GROUP_FONT_PX = 12;
export const VALUE_FONT_PX = 11;
/** The height of a line of text: the caption, the note, a line of a group label. */
export const LINE_PX = 14;
const MAX_BAR_PX = 56;

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
export function yDomain(plotted: PlottedValue[], scale: BarScale, baseline: string | undefined): [number, number] {
  // Spread low ends below zero stay out of the domain when no value is negative: fio's
  // `clat avg=645.32, stdev=4647.69` is a skewed distribution, not a negative latency.
  const hasNegative = plotted.some((p) => p.value < 0);
  const values = plotted
    .flatMap((p) => [p.value, hasNegative || (p.low ?? 0) >= 0 ? p.low : undefined, p.high])
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

/** What a bar chart is laid out from, besides its data. */
export interface BarLayoutInput {
  plotted: PlottedValue[];
  /** The scale really used (see `barScaleFor`). */
  scale: BarScale;
  /** The baseline run's id, when the bars are ratios to it. */
  baseline: string | undefined;
  width: number;
  height: number;
  /** Below the legend, the caption and the note. */
  topPx: number;
}

export interface BarLayout {
  /** The value axis, ranged to the plot. */
  y: ScaleContinuousNumeric<number, number>;
  ticks: number[];
  tickText: (value: number) => string;
  /** The plot's left and right edges. */
  left: number;
  right: number;
  /** A band per group, a slot per run inside it. */
  x: ScaleBand<string>;
  slots: ScaleBand<number>;
  /** A bar's width, and its offset in its slot (bars narrower than their slot are centred). */
  barWidth: number;
  barInset: number;
  /** Each group's label, wrapped to its band. */
  groupLines: Map<string, string[]>;
  /** The bottom of the plot, above the group labels. */
  bottom: number;
  /** Where bars start: zero on a linear axis, the bottom on a log one. */
  base: number;
  /** Whether value labels are turned upright, the widest being wider than a slot. */
  isUpright: boolean;
}

/**
 * The value axis before its range is known. Its ticks (and so the left margin) only need a
 * rough plot height, so the tick count comes from the whole height below the top.
 */
function valueScale(
  data: MetricComparison,
  { plotted, scale, baseline, height, topPx }: BarLayoutInput,
): Pick<BarLayout, 'y' | 'ticks' | 'tickText'> {
  const [domainLow, domainHigh] = yDomain(plotted, scale, baseline);
  const y: ScaleContinuousNumeric<number, number> =
    scale === 'log' ? scaleLog().domain([domainLow, domainHigh]) : scaleLinear().domain([domainLow, domainHigh]);
  const tickCount = Math.max(2, Math.floor((height - topPx) / 60));
  if (scale === 'linear') y.nice(tickCount);
  else y.nice();
  const [niceLow, niceHigh] = y.domain() as [number, number];
  const ticks = scale === 'log' ? logTicks(niceLow, niceHigh) : y.ticks(tickCount);
  const tickText = (value: number) => (baseline === undefined ? formatTick(value, data.unit) : formatRatioTick(value));
  return { y, ticks, tickText };
}

/** The bands of the groups between `left` and `right`, and the slots of the runs in a band. */
function groupBands(data: MetricComparison, left: number, right: number, width: number) {
  const x = scaleBand<string>()
    .domain(data.groups.map((g) => g.key))
    .range([left, width - right])
    .paddingInner(0.2)
    .paddingOuter(0.1);
  const slots = scaleBand<number>()
    .domain(data.runs.map((_, index) => index))
    .range([0, x.bandwidth()])
    .padding(0.08);
  // Few bars would be very wide: cap them, centred in their slot.
  const barWidth = Math.min(slots.bandwidth(), MAX_BAR_PX);
  const barInset = (slots.bandwidth() - barWidth) / 2;
  return { x, slots, barWidth, barInset };
}

/** Where every part of a bar chart of `data` goes. */
export function barLayout(data: MetricComparison, input: BarLayoutInput): BarLayout {
  const { plotted, scale, width, height, topPx } = input;
  const { y, ticks, tickText } = valueScale(data, input);
  const left = Math.ceil(Math.max(0, ...ticks.map((t) => estimateTextWidth(tickText(t), TICK_FONT_PX)))) + 12;
  const right = 8;
  const { x, slots, barWidth, barInset } = groupBands(data, left, right, width);

  // Bottom: group labels, wrapped to their band.
  const groupLines = new Map(data.groups.map((g) => [g.key, wrapLabel(g.label, x.step() - 4, GROUP_FONT_PX)]));
  const maxLines = Math.max(1, ...[...groupLines.values()].map((lines) => lines.length));
  const bottom = height - (maxLines * LINE_PX + 10);

  // Value labels go above their bars, across when the widest fits the bar, else turned upright.
  const readings = plotted.map((p) => barReading(p.cell, data.unit, p.normalized));
  const widest = Math.max(0, ...readings.map((r) => estimateTextWidth(r, VALUE_FONT_PX)));
  const isUpright = widest + 8 > slots.step();
  const labelRoom = isUpright ? widest + 8 : LINE_PX + 2;
  y.range([bottom, Math.min(bottom - 20, topPx + labelRoom)]);
  // Bars grow from zero on a linear axis, from the bottom on a log one.
  const base = scale === 'log' ? bottom : (y(0) ?? bottom);
  return { y, ticks, tickText, left, right, x, slots, barWidth, barInset, groupLines, bottom, base, isUpright };
}
