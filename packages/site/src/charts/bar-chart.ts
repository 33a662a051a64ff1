// Grouped bars: one metric across runs, one band per group (a fio job, a bonnie++ size), one bar
// per run inside it, with value labels, spread whiskers, a legend, and optionally each bar as a
// ratio to a baseline run. A plain function of data and size: it builds a detached <svg> with the
// document it is given.

import { select } from 'd3-selection';
import type { MetricComparison, RunRef } from '../view/model.ts';
import { appendValueAxis } from './axes.ts';
import {
  type BarLayout,
  type BarScale,
  barLayout,
  GROUP_FONT_PX,
  LINE_PX,
  plottedValues,
  TICK_FONT_PX,
  VALUE_FONT_PX,
} from './bar-layout.ts';
import { appendGroupBars, type BarMarks } from './bar-marks.ts';
import { barSummary, spreadLegend } from './bar-summary.ts';
import { wrapLabel } from './label-fit.ts';
import { appendLegend } from './legend.ts';
import { round } from './plot-parts.ts';
import { type RunStyle, runStyles } from './run-styles.ts';
import { type ChartContext, createSvg } from './svg.ts';

export type { BarScale } from './bar-layout.ts';
export type BarSort = 'declared' | 'value';

export interface BarChartOptions extends ChartContext {
  /** Linear by default. Log needs every drawn value positive: see `barScaleFor`. */
  scale?: BarScale;
  /** A run id: draw each bar as its ratio to this run's bar in the same group. */
  baseline?: string;
  /** See `orderRuns`. Declared by default. */
  sort?: BarSort;
  /** What a group is, for the accessible name: `['job', 'jobs']`. */
  groupNoun?: readonly [string, string];
  /**
   * The experiment's runs in declared order, when `data` shows only some of them (the reader's
   * run selection): each run keeps the colour it has everywhere on the page.
   */
  runOrder?: readonly RunRef[];
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

/**
 * Grouped bars of `data`. Every bar is a `<rect class="series-N mark bar">` (N: the run's place
 * in the declared order, see runStyles) with `data-run`, `data-group`, `data-value` (the value in base units) and, with
 * a baseline, `data-ratio`, and a `<title>` for hover. The svg carries `data-scale` (the scale
 * really used, see `barScaleFor`), `data-baseline` and `data-sort`.
 */
export function barChart(data: MetricComparison, options: BarChartOptions): SVGSVGElement {
  const { width, height, document } = options;
  const sort = options.sort ?? 'declared';
  const baselineRun = data.runs.find((r) => r.id === options.baseline);
  const baseline = baselineRun?.id;
  const { scale, note } = barScaleFor(data, { scale: options.scale, baseline });
  const plotted = plottedValues(data, baseline);
  const summary = barSummary(data, { baseline, groupNoun: options.groupNoun });

  const svg = createSvg(document, { width, height }, `${data.title}, bar chart. ${summary}`);
  const root = select(svg)
    .attr('data-chart', 'bar')
    .attr('data-key', data.key)
    .attr('data-scale', scale)
    .attr('data-sort', sort);
  if (baseline !== undefined) root.attr('data-baseline', baseline);

  const styles = runStyles(
    data.runs.map((run) => run.id),
    options.runOrder ?? data.runs,
  );
  const topPx = appendHeader(svg, data, { styles, baselineRun, note, width });
  const layout = barLayout(data, { plotted, scale, baseline, width, height, topPx });
  appendValueAxis(
    document,
    svg,
    { scale: layout.y, ticks: layout.ticks, format: layout.tickText },
    { x1: layout.left, x2: width - layout.right, className: 'axis-y', fontSizePx: TICK_FONT_PX },
  );
  if (baseline !== undefined) appendBaselineRule(svg, layout, width);

  const marks: BarMarks = {
    data,
    layout,
    baselineRun,
    classOf: new Map(styles.map((style) => [style.id, style.className])),
    bars: root.append('g').attr('class', 'bars'),
    labels: root.append('g').attr('class', 'value-labels').attr('font-size', VALUE_FONT_PX),
  };
  for (const group of data.groups) {
    const inGroup = plotted.filter((p) => p.cell.group === group.key);
    appendGroupBars(marks, group, orderRuns(data, group.key, sort), inGroup);
  }
  appendGroupAxis(svg, data, layout, width);
  return svg;
}

/**
 * The top of the chart: the legend, then a caption line (what the axis is, and which way is
 * better), then the note about the scale when there is one. Returns the height they take.
 */
function appendHeader(
  svg: SVGSVGElement,
  data: MetricComparison,
  { styles, baselineRun, note, width }: { styles: RunStyle[]; baselineRun?: RunRef; note?: string; width: number },
): number {
  const legendHeight = appendLegend(
    svg.ownerDocument,
    svg,
    styles.map((style) => ({
      run: style.id,
      label: style.id === baselineRun?.id ? `${style.label} (baseline)` : style.label,
      className: style.className,
    })),
    { width },
  );
  let top = legendHeight + 4;
  const caption = [
    baselineRun ? `ratio to ${baselineRun.label}` : undefined,
    data.betterIs === 'neither' ? undefined : `${data.betterIs} is better`,
  ]
    .filter((part) => part !== undefined)
    .join(' · ');
  const appendLine = (className: string, text: string) => {
    select(svg)
      .append('text')
      .attr('class', className)
      .attr('x', 0)
      .attr('y', top + 11)
      .attr('font-size', TICK_FONT_PX)
      .text(text);
    top += LINE_PX + 4;
  };
  if (caption !== '') appendLine('axis-caption', caption);
  // What every whisker is, on the chart itself (an image taken away keeps it).
  const legend = spreadLegend(data);
  for (const line of legend === null ? [] : wrapLabel(legend, width, TICK_FONT_PX, 3))
    appendLine('spread-legend', line);
  if (note !== undefined) appendLine('chart-note', note);
  return top;
}

/** The rule across the plot at ratio 1, where the baseline run's bars end. */
function appendBaselineRule(svg: SVGSVGElement, { y, left, right }: BarLayout, width: number): void {
  select(svg)
    .append('line')
    .attr('class', 'baseline-rule')
    .attr('x1', left)
    .attr('x2', width - right)
    .attr('y1', round(y(1)))
    .attr('y2', round(y(1)));
}

/**
 * The x axis: a line at the bars' base, and each group's label below the plot, wrapped to its
 * band. A label cut short keeps its full text for hover.
 */
function appendGroupAxis(svg: SVGSVGElement, data: MetricComparison, layout: BarLayout, width: number): void {
  const { x, left, right, base, bottom, groupLines } = layout;
  const root = select(svg);
  root
    .append('line')
    .attr('class', 'axis-x')
    .attr('x1', left)
    .attr('x2', width - right)
    .attr('y1', round(base))
    .attr('y2', round(base));
  const groupLabels = root.append('g').attr('class', 'group-labels').attr('font-size', GROUP_FONT_PX);
  for (const group of data.groups) {
    const centre = round((x(group.key) ?? 0) + x.bandwidth() / 2);
    const text = groupLabels
      .append('text')
      .attr('class', 'group-label')
      .attr('data-group', group.key)
      .attr('x', centre)
      .attr('y', round(bottom + LINE_PX + 2))
      .attr('text-anchor', 'middle');
    const lines = groupLines.get(group.key) ?? [];
    lines.forEach((line, index) => {
      text
        .append('tspan')
        .attr('x', centre)
        .attr('dy', index === 0 ? 0 : LINE_PX)
        .text(line);
    });
    if (lines.at(-1)?.endsWith('…')) text.append('title').text(group.label);
  }
}
