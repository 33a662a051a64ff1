// Grouped bars: one metric across runs, one band per group (a fio job, a bonnie++ size), one bar
// per run inside it, with value labels, spread whiskers, a legend, and optionally each bar as a
// ratio to a baseline run. A plain function of data and size: it builds a detached <svg> with the
// document it is given.

import { formatValue } from '@benchfolio/parsers/content';
import { type ScaleContinuousNumeric, scaleBand, scaleLinear, scaleLog } from 'd3-scale';
import { select } from 'd3-selection';
import type { BarCell, BarGroup, MetricComparison, RunRef } from '../view/model.ts';
import { appendValueAxis } from './axes.ts';
import { formatRatioTick, formatTick, logTicks } from './axis-format.ts';
import { barReading, barSummary, formatSpread } from './bar-summary.ts';
import { estimateTextWidth, wrapLabel } from './label-fit.ts';
import { appendLegend } from './legend.ts';
import { formatRatio, type NormalizedCell, normalizeToBaseline } from './normalize.ts';
import { round } from './plot-parts.ts';
import { runStyles } from './run-styles.ts';
import { type ChartContext, createSvg } from './svg.ts';

export type BarScale = 'linear' | 'log';
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

const TICK_FONT_PX = 11;
const GROUP_FONT_PX = 12;
const VALUE_FONT_PX = 11;
const LINE_PX = 14;
const MAX_BAR_PX = 56;

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

/** A bar as drawn: the value on the axis (the ratio, with a baseline) and its spread. */
interface PlottedValue {
  cell: BarCell;
  value: number;
  low?: number;
  high?: number;
  normalized?: NormalizedCell;
}

function plottedValues(data: MetricComparison, baseline: string | undefined): PlottedValue[] {
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

/** The y domain: linear from zero (bars start at zero), log over the positive values. */
function yDomain(plotted: PlottedValue[], scale: BarScale, baseline: string | undefined): [number, number] {
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

  // Top: the legend, then a caption line (what the axis is, and which way is better), then the
  // note about the scale when there is one.
  const styles = runStyles(
    data.runs.map((run) => run.id),
    options.runOrder ?? data.runs,
  );
  const classOf = new Map(styles.map((style) => [style.id, style.className]));
  const legendHeight = appendLegend(
    document,
    svg,
    styles.map((style) => ({
      run: style.id,
      label: style.id === baseline ? `${style.label} (baseline)` : style.label,
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
    root
      .append('text')
      .attr('class', className)
      .attr('x', 0)
      .attr('y', top + 11)
      .attr('font-size', TICK_FONT_PX)
      .text(text);
    top += LINE_PX + 4;
  };
  if (caption !== '') appendLine('axis-caption', caption);
  if (note !== undefined) appendLine('chart-note', note);

  // The y scale's domain is known before the layout; its ticks (and so the left margin) only
  // need a rough plot height, so the tick count comes from the whole height.
  const [domainLow, domainHigh] = yDomain(plotted, scale, baseline);
  const y: ScaleContinuousNumeric<number, number> =
    scale === 'log' ? scaleLog().domain([domainLow, domainHigh]) : scaleLinear().domain([domainLow, domainHigh]);
  const tickCount = Math.max(2, Math.floor((height - top) / 60));
  if (scale === 'linear') y.nice(tickCount);
  else y.nice();
  const [niceLow, niceHigh] = y.domain() as [number, number];
  const ticks = scale === 'log' ? logTicks(niceLow, niceHigh) : y.ticks(tickCount);
  const tickText = (value: number) => (baseline === undefined ? formatTick(value, data.unit) : formatRatioTick(value));
  const left = Math.ceil(Math.max(0, ...ticks.map((t) => estimateTextWidth(tickText(t), TICK_FONT_PX)))) + 12;
  const right = 8;

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

  // Bottom: group labels, wrapped to their band.
  const groupLines = new Map(data.groups.map((g) => [g.key, wrapLabel(g.label, x.step() - 4, GROUP_FONT_PX)]));
  const maxLines = Math.max(1, ...[...groupLines.values()].map((lines) => lines.length));
  const bottom = height - (maxLines * LINE_PX + 10);

  // Value labels go above their bars, across when the widest fits the bar, else turned upright.
  const readings = plotted.map((p) => barReading(p.cell, data.unit, p.normalized));
  const widest = Math.max(0, ...readings.map((r) => estimateTextWidth(r, VALUE_FONT_PX)));
  const isUpright = widest + 8 > slots.step();
  const labelRoom = isUpright ? widest + 8 : LINE_PX + 2;
  y.range([bottom, Math.min(bottom - 20, top + labelRoom)]);
  // Bars grow from zero on a linear axis, from the bottom on a log one.
  const base = scale === 'log' ? bottom : (y(0) ?? bottom);

  appendValueAxis(
    document,
    svg,
    { scale: y, ticks, format: tickText },
    { x1: left, x2: width - right, className: 'axis-y', fontSizePx: TICK_FONT_PX },
  );

  if (baseline !== undefined) {
    root
      .append('line')
      .attr('class', 'baseline-rule')
      .attr('x1', left)
      .attr('x2', width - right)
      .attr('y1', round(y(1)))
      .attr('y2', round(y(1)));
  }

  const bars = root.append('g').attr('class', 'bars');
  const labels = root.append('g').attr('class', 'value-labels').attr('font-size', VALUE_FONT_PX);
  const groupOf = new Map(data.groups.map((g) => [g.key, g]));
  const [axisLow] = y.domain() as [number, number];

  for (const group of data.groups) {
    const order = orderRuns(data, group.key, sort);
    const bandX = x(group.key) ?? 0;
    const inGroup = plotted.filter((p) => p.cell.group === group.key);
    if (baseline !== undefined && inGroup.length === 0 && data.cells.some((c) => c.group === group.key)) {
      labels
        .append('text')
        .attr('class', 'no-data')
        .attr('x', round(bandX + x.bandwidth() / 2))
        .attr('y', round(bottom - 6))
        .attr('text-anchor', 'middle')
        .text(`no ${baselineRun?.label} value`);
    }
    for (const p of inGroup) {
      const slotX = bandX + (slots(order.findIndex((r) => r.id === p.cell.run)) ?? 0) + barInset;
      const centre = slotX + barWidth / 2;
      const yValue = y(p.value) ?? base;
      const reading = barReading(p.cell, data.unit, p.normalized);
      const rect = bars
        .append('rect')
        .attr('class', `${classOf.get(p.cell.run) ?? 'series-0'} mark bar`)
        .attr('x', round(slotX))
        .attr('width', round(barWidth))
        .attr('y', round(Math.min(yValue, base)))
        .attr('height', round(Math.abs(base - yValue)))
        .attr('data-run', p.cell.run)
        .attr('data-group', p.cell.group)
        .attr('data-value', String(p.cell.value));
      if (p.normalized?.ratio != null) rect.attr('data-ratio', String(p.normalized.ratio));
      rect.append('title').text(barTitle(data, p, groupOf.get(group.key), baselineRun));

      // The whisker, clamped to the bottom of the axis where its low end is below it (off a log
      // axis, or below zero on a linear one with no negative values), drawn without a cap there.
      let labelAnchor = yValue;
      if (p.low !== undefined && p.high !== undefined) {
        const isClamped = p.low < axisLow;
        const yLow = isClamped ? bottom : (y(p.low) ?? bottom);
        const yHigh = y(p.high) ?? yValue;
        const cap = Math.min(barWidth / 2, 8) / 2;
        const whisker = bars
          .append('g')
          .attr('class', 'spread')
          .attr('data-run', p.cell.run)
          .attr('data-group', p.cell.group);
        whisker
          .append('line')
          .attr('x1', round(centre))
          .attr('x2', round(centre))
          .attr('y1', round(yLow))
          .attr('y2', round(yHigh));
        const caps = isClamped ? [yHigh] : [yLow, yHigh];
        for (const capY of caps) {
          whisker
            .append('line')
            .attr('x1', round(centre - cap))
            .attr('x2', round(centre + cap))
            .attr('y1', round(capY))
            .attr('y2', round(capY));
        }
        labelAnchor = Math.min(yValue, yHigh);
      }

      const isBelow = yValue > base;
      const label = labels
        .append('text')
        .attr(
          'class',
          ['value-label', p.normalized?.change ? `change-${p.normalized.change}` : undefined].filter(Boolean).join(' '),
        )
        .attr('data-run', p.cell.run)
        .attr('data-group', p.cell.group)
        .text(reading);
      const labelY = isBelow ? Math.max(yValue, labelAnchor) + 4 : labelAnchor - 4;
      if (isUpright) {
        label
          .attr('transform', `translate(${round(centre)},${round(labelY)}) rotate(-90)`)
          .attr('dy', '0.35em')
          .attr('text-anchor', isBelow ? 'end' : 'start');
      } else {
        label
          .attr('x', round(centre))
          .attr('y', round(isBelow ? labelY + VALUE_FONT_PX : labelY))
          .attr('text-anchor', 'middle');
      }
    }
  }

  root
    .append('line')
    .attr('class', 'axis-x')
    .attr('x1', left)
    .attr('x2', width - right)
    .attr('y1', round(base))
    .attr('y2', round(base));
  const groupLabels = root.append('g').attr('class', 'group-labels').attr('font-size', GROUP_FONT_PX);
  for (const group of data.groups) {
    const text = groupLabels
      .append('text')
      .attr('class', 'group-label')
      .attr('data-group', group.key)
      .attr('x', round((x(group.key) ?? 0) + x.bandwidth() / 2))
      .attr('y', round(bottom + LINE_PX + 2))
      .attr('text-anchor', 'middle');
    (groupLines.get(group.key) ?? []).forEach((line, index) => {
      text
        .append('tspan')
        .attr('x', round((x(group.key) ?? 0) + x.bandwidth() / 2))
        .attr('dy', index === 0 ? 0 : LINE_PX)
        .text(line);
    });
    // A label cut short keeps its full text for hover.
    if ((groupLines.get(group.key) ?? []).at(-1)?.endsWith('…')) text.append('title').text(group.label);
  }
  return svg;
}

/** The hover text of a bar: "ext4 · random-write-direct: 7.37 k op/s · +3 % vs ext3 (better)". */
function barTitle(data: MetricComparison, p: PlottedValue, group: BarGroup | undefined, baselineRun?: RunRef): string {
  const run = data.runs.find((r) => r.id === p.cell.run);
  let text = `${run?.label ?? p.cell.run} · ${group?.label ?? p.cell.group}: ${formatValue(p.cell.value, data.unit)}`;
  const spread = formatSpread(p.cell, data.unit);
  if (spread !== null) {
    const kind = p.cell.spread === 'stddev' ? 'standard deviation' : 'min–max';
    const repeats = p.cell.repeats !== undefined && p.cell.repeats > 1 ? `, ${p.cell.repeats} repeats` : '';
    text += ` (${kind} ${spread}${repeats})`;
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
