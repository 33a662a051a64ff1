// The marks of a bar chart, one group at a time: each run's bar with its hover title, its spread
// whisker, and its value label; "no baseline value" where a group has values but no ratios.

import type { Selection } from 'd3-selection';
import { formatValue } from '../lib/format-value.ts';
import type { BarGroup, MetricComparison, RunRef } from '../view/model.ts';
import { type BarLayout, type PlottedValue, VALUE_FONT_PX } from './bar-layout.ts';
import { barReading, formatSpread, spreadKindText } from './bar-summary.ts';
import { formatRatio } from './normalize.ts';
import { round } from './plot-parts.ts';

type Group = Selection<SVGGElement, unknown, null, undefined>;

/** What every mark of a bar chart is drawn with. */
export interface BarMarks {
  data: MetricComparison;
  layout: BarLayout;
  baselineRun: RunRef | undefined;
  /** Each run's `series-N` class. */
  classOf: ReadonlyMap<string, string>;
  /** `<g class="bars">`: bars and whiskers. */
  bars: Group;
  /** `<g class="value-labels">`. */
  labels: Group;
}

/** Where a bar sits across the chart: its left edge and its centre line. */
interface BarSlot {
  x: number;
  centre: number;
}

/**
 * The bars of `group`, in `order`, with their whiskers and value labels. `plotted` holds the
 * group's bars; with a baseline it may be empty though the group has values (no baseline value
 * to divide by), and the group says so instead.
 */
export function appendGroupBars(marks: BarMarks, group: BarGroup, order: RunRef[], plotted: PlottedValue[]): void {
  const { data, layout, baselineRun } = marks;
  const { x, slots, barWidth, barInset } = layout;
  const bandX = x(group.key) ?? 0;
  if (baselineRun !== undefined && plotted.length === 0 && data.cells.some((c) => c.group === group.key)) {
    marks.labels
      .append('text')
      .attr('class', 'no-data')
      .attr('x', round(bandX + x.bandwidth() / 2))
      .attr('y', round(layout.bottom - 6))
      .attr('text-anchor', 'middle')
      .text(`no ${baselineRun.label} value`);
  }
  for (const p of plotted) {
    const slotX = bandX + (slots(order.findIndex((r) => r.id === p.cell.run)) ?? 0) + barInset;
    const slot = { x: slotX, centre: slotX + barWidth / 2 };
    const yValue = layout.y(p.value) ?? layout.base;
    appendBar(marks, p, group, slot, yValue);
    const labelAnchor = appendSpread(marks, p, slot, yValue) ?? yValue;
    appendValueLabel(marks, p, slot, yValue, labelAnchor);
  }
}

/** The bar itself, from the base to `yValue`, with its data attributes and hover title. */
function appendBar(marks: BarMarks, p: PlottedValue, group: BarGroup, slot: BarSlot, yValue: number): void {
  const { base, barWidth } = marks.layout;
  const rect = marks.bars
    .append('rect')
    .attr('class', `${marks.classOf.get(p.cell.run) ?? 'series-0'} mark bar`)
    .attr('x', round(slot.x))
    .attr('width', round(barWidth))
    .attr('y', round(Math.min(yValue, base)))
    .attr('height', round(Math.abs(base - yValue)))
    .attr('data-run', p.cell.run)
    .attr('data-group', p.cell.group)
    .attr('data-value', String(p.cell.value));
  if (p.normalized?.ratio != null) rect.attr('data-ratio', String(p.normalized.ratio));
  rect.append('title').text(barTitle(marks.data, p, group, marks.baselineRun));
}

/**
 * The whisker of a bar with a spread, clamped to the bottom of the axis where its low end is
 * below it (off a log axis, or below zero on a linear one with no negative values), drawn
 * without a cap there. Returns where the value label goes above it: the higher of the bar's end
 * and the whisker's top. Nothing for a bar without a spread.
 */
function appendSpread(marks: BarMarks, p: PlottedValue, slot: BarSlot, yValue: number): number | undefined {
  if (p.low === undefined || p.high === undefined) return undefined;
  const { y, bottom, barWidth } = marks.layout;
  const [axisLow] = y.domain() as [number, number];
  const isClamped = p.low < axisLow;
  const yLow = isClamped ? bottom : (y(p.low) ?? bottom);
  const yHigh = y(p.high) ?? yValue;
  const cap = Math.min(barWidth / 2, 8) / 2;
  const whisker = marks.bars
    .append('g')
    .attr('class', 'spread')
    .attr('data-run', p.cell.run)
    .attr('data-group', p.cell.group);
  whisker
    .append('line')
    .attr('x1', round(slot.centre))
    .attr('x2', round(slot.centre))
    .attr('y1', round(yLow))
    .attr('y2', round(yHigh));
  const caps = isClamped ? [yHigh] : [yLow, yHigh];
  for (const capY of caps) {
    whisker
      .append('line')
      .attr('x1', round(slot.centre - cap))
      .attr('x2', round(slot.centre + cap))
      .attr('y1', round(capY))
      .attr('y2', round(capY));
  }
  return Math.min(yValue, yHigh);
}

/**
 * The value label of a bar: above it (below it, for a bar that goes down from zero), across or
 * turned upright as the layout decided, coloured by the change against the baseline.
 */
function appendValueLabel(marks: BarMarks, p: PlottedValue, slot: BarSlot, yValue: number, labelAnchor: number) {
  const isBelow = yValue > marks.layout.base;
  const label = marks.labels
    .append('text')
    .attr(
      'class',
      ['value-label', p.normalized?.change ? `change-${p.normalized.change}` : undefined].filter(Boolean).join(' '),
    )
    .attr('data-run', p.cell.run)
    .attr('data-group', p.cell.group)
    .text(barReading(p.cell, marks.data.unit, p.normalized));
  const labelY = isBelow ? Math.max(yValue, labelAnchor) + 4 : labelAnchor - 4;
  if (marks.layout.isUpright) {
    label
      .attr('transform', `translate(${round(slot.centre)},${round(labelY)}) rotate(-90)`)
      .attr('dy', '0.35em')
      .attr('text-anchor', isBelow ? 'end' : 'start');
  } else {
    label
      .attr('x', round(slot.centre))
      .attr('y', round(isBelow ? labelY + VALUE_FONT_PX : labelY))
      .attr('text-anchor', 'middle');
  }
}

/** The hover text of a bar: "ext4 · random-write-direct: 7.37 k op/s · +3 % vs ext3 (better)". */
function barTitle(data: MetricComparison, p: PlottedValue, group: BarGroup | undefined, baselineRun?: RunRef): string {
  const run = data.runs.find((r) => r.id === p.cell.run);
  let text = `${run?.label ?? p.cell.run} · ${group?.label ?? p.cell.group}: ${formatValue(p.cell.value, data.unit)}`;
  const spread = formatSpread(p.cell, data.unit);
  if (spread !== null) {
    text += ` (${spread}, ${spreadKindText(p.cell, data)})`;
  }
  if (baselineRun && p.normalized) {
    if (p.normalized.isBaseline) text += ' · baseline';
    else if (p.normalized.ratio !== null) {
      const judgement =
        p.normalized.change === 'better' || p.normalized.change === 'worse' ? ` (${p.normalized.change})` : '';
      text += ` · ${formatRatio(p.normalized.ratio)} vs ${baselineRun.label}${judgement}`;
    }
  }
  return text;
}
