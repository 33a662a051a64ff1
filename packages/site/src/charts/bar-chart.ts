// The bar chart: horizontal bars, one metric across runs, a block per group (a fio job, a bonnie++ size), a bar
// per run inside it, each with its value printed at the bar's end (never turned), its spread
// drawn as a whisker, and on the chart itself the unit, which way is better and what the
// whiskers are. Optionally each bar as its ratio to a baseline run (one notation for every label
// of a chart: all percent changes, or all times), on a linear or log axis, runs in declared order
// or best first. A plain function of data and a width: its height follows from the rows.

import { type ScaleContinuousNumeric, scaleLinear, scaleLog } from 'd3-scale';
import { formatValue } from '../lib/format-value.ts';
import type { MetricComparison, RunRef } from '../view/model.ts';
import { formatRatioTick, formatTick, logTicks } from './axis-format.ts';
import { barSummary, formatSpread, samplesNote, spreadKindText, spreadLegend } from './bar-summary.ts';
import {
  type BarScale,
  type BarSort,
  barScaleFor,
  orderRuns,
  type PlottedValue,
  plottedValues,
  valueDomain,
} from './bar-values.ts';
import { appendSvgBadges, findingsSentence, svgBadgesWidth } from './finding-badges.ts';
import { estimateTextWidth, wrapLabel } from './label-fit.ts';
import { ratioNotation } from './normalize.ts';
import { appendTitle, round, svgElement, svgText } from './plot-parts.ts';
import { runStyles } from './run-styles.ts';
import { createSvg } from './svg.ts';

export type { BarScale, BarSort } from './bar-values.ts';
export { barScaleFor, orderRuns } from './bar-values.ts';

const FONT_PX = 12;
const ROW_PX = 20;
const BAR_PX = 14;
const GROUP_GAP_PX = 10;
const LINE_PX = 15;
const AXIS_PX = 22;

type Scale = ScaleContinuousNumeric<number, number>;

export interface BarChartOptions {
  width: number;
  document: Document;
  /** The experiment's runs in declared order: each run keeps its colour. */
  runOrder?: readonly RunRef[];
  /** A run id: draw each bar as its ratio to this run's bar in the same group. */
  baseline?: string;
  /** Linear by default; log only where every drawn value is positive (see barScaleFor). */
  scale?: BarScale;
  /** Declared by default; `value` puts the best first in each group. */
  sort?: BarSort;
  /** What a group is, for the accessible name: `['job', 'jobs']`. */
  groupNoun?: readonly [string, string];
}

/** The unit in words, for the chart's first line (values and ticks carry the scaled unit). */
const UNIT_WORDS: Record<MetricComparison['unit'], string> = {
  B: 'bytes',
  'B/s': 'bytes per second',
  ns: 'time',
  s: 'seconds',
  'op/s': 'operations per second',
  '%': 'percent',
  count: 'count',
};

interface Row {
  plotted: PlottedValue;
  label: string;
  className: string;
}

interface Frame {
  data: MetricComparison;
  x: Scale;
  labelWidth: number;
  baseline?: RunRef;
  /** A plotted value's label: the value (with the tool's sd), or its ratio to the baseline. */
  text: (p: PlottedValue) => string;
}

/** What the whiskers and markers are, wrapped to the chart's width. */
function legend(data: MetricComparison, width: number, baseline: RunRef | undefined): string[] {
  // fio's sample markers are drawn in the metric's unit only, not on a ratio axis.
  const texts = [spreadLegend(data, { drawsSamples: baseline === undefined }), samplesNote(data)];
  return texts.flatMap((text) => (text === null ? [] : wrapLabel(text, width, FONT_PX - 1, 3)));
}

/** The header lines: what is drawn and which way is better, then what the whiskers are. */
function headerLines(data: MetricComparison, width: number, baseline: RunRef | undefined, note?: string): string[] {
  const better = data.betterIs === 'neither' ? undefined : `${data.betterIs} is better`;
  const what =
    baseline === undefined ? `${data.title}, ${UNIT_WORDS[data.unit]}` : `${data.title}, ratio to ${baseline.label}`;
  const lines = wrapLabel([what, better].filter((part) => part !== undefined).join(' · '), width, FONT_PX - 1, 2);
  lines.push(...legend(data, width, baseline));
  if (note !== undefined) lines.push(...wrapLabel(note, width, FONT_PX - 1, 2));
  return lines;
}

/** Rows per group in the chosen order (the groups keep theirs; a run keeps its colour). */
function groupRows(data: MetricComparison, plotted: PlottedValue[], options: BarChartOptions) {
  const runOrder = options.runOrder ?? [];
  const styles = runStyles(
    data.runs.map((run) => run.id),
    runOrder.length > 0 ? runOrder : data.runs,
  );
  return (
    data.groups
      .map((group) => ({
        key: group.key,
        label: group.label,
        rows: orderRuns(data, group.key, options.sort).flatMap((run): Row[] => {
          const p = plotted.find((candidate) => candidate.cell.group === group.key && candidate.cell.run === run.id);
          const style = styles.find((s) => s.id === run.id);
          return p === undefined
            ? []
            : [{ plotted: p, label: style?.label ?? run.label, className: style?.className ?? 'series-0' }];
        }),
      }))
      // A group whose runs are all left out (no baseline value) stays, to say so.
      .filter((group) => group.rows.length > 0 || data.cells.some((cell) => cell.group === group.key))
  );
}

/** The label of every bar: its value, or its ratio in one notation for the whole chart. */
function labelText(data: MetricComparison, plotted: PlottedValue[], baseline: RunRef | undefined) {
  if (baseline === undefined) {
    return (p: PlottedValue) => {
      const value = formatValue(p.cell.value, data.unit);
      return (p.cell.spread === 'stddev' || p.cell.spread === 'published-sd') && p.cell.sd !== undefined
        ? `${value} ± ${formatValue(p.cell.sd, data.unit)}`
        : value;
    };
  }
  const notation = ratioNotation(plotted.filter((p) => !p.normalized?.isBaseline).map((p) => p.value));
  return (p: PlottedValue) => (p.normalized?.isBaseline ? 'baseline' : notation(p.value));
}

/** The value axis from the label column to the room the widest label needs at the right. */
function valueAxis(
  plotted: PlottedValue[],
  scale: BarScale,
  baseline: string | undefined,
  range: [number, number],
): Scale {
  const domain = valueDomain(plotted, scale, baseline);
  const x: Scale = scale === 'log' ? scaleLog().domain(domain) : scaleLinear().domain(domain);
  if (scale === 'linear') x.nice(4);
  else x.nice();
  return x.range(range);
}

/**
 * The chart as a detached `<svg data-chart="bar" data-orientation="horizontal">` with `data-scale`
 * (the scale really used), `data-sort` and `data-baseline`; every bar a `<rect class="series-N mark
 * bar">` with `data-run`, `data-group`, `data-value` and, with a baseline, `data-ratio`; every value
 * label a `text.value-label`.
 */
export function barChart(data: MetricComparison, options: BarChartOptions): SVGSVGElement {
  const { width, document } = options;
  const baselineRun = data.runs.find((run) => run.id === options.baseline);
  const { scale, note } = barScaleFor(data, { scale: options.scale, baseline: baselineRun?.id });
  const plotted = plottedValues(data, baselineRun?.id);
  const groups = groupRows(data, plotted, options);
  const header = headerLines(data, width, baselineRun, note);
  const captionLines =
    header.length -
    (legend(data, width, baselineRun).length +
      (note === undefined ? 0 : wrapLabel(note, width, FONT_PX - 1, 2).length));
  const legendLines = header.length - (note === undefined ? 0 : wrapLabel(note, width, FONT_PX - 1, 2).length);
  const rowCount = groups.reduce((sum, group) => sum + Math.max(1, group.rows.length), 0);
  const top = header.length * LINE_PX + 6;
  const height = top + groups.length * (LINE_PX + GROUP_GAP_PX) + rowCount * ROW_PX + AXIS_PX;
  const summary = barSummary(data, { baseline: baselineRun?.id, groupNoun: options.groupNoun });
  const flagged = findingsSentence(data);
  const svg = createSvg(document, { width, height }, `${data.title}, bar chart. ${summary}${flagged}`);
  for (const [name, value] of Object.entries({
    chart: 'bar',
    orientation: 'horizontal',
    key: data.key,
    scale,
    sort: options.sort ?? 'declared',
  })) {
    svg.setAttribute(`data-${name}`, value);
  }
  if (baselineRun !== undefined) svg.setAttribute('data-baseline', baselineRun.id);
  header.forEach((line, index) => {
    const className = index < captionLines ? 'axis-caption' : index < legendLines ? 'spread-legend' : 'chart-note';
    svg.append(
      svgText(document, line, { class: className, x: 0, y: (index + 1) * LINE_PX - 3, 'font-size': FONT_PX - 1 }),
    );
  });
  const text = labelText(data, plotted, baselineRun);
  const labels = groups.flatMap((g) => g.rows);
  // Run names get up to 42 % of the width: 151 px of the verdict's 360 px chart, room for
  // "Host2, performance"; longer names end in an ellipsis (the table and titles keep them whole).
  const labelWidth = Math.min(width * 0.42, Math.max(0, ...labels.map((r) => estimateTextWidth(r.label, FONT_PX))) + 8);
  // A flagged bar's badges follow its value label: their room is kept too.
  const valueWidth =
    Math.max(
      0,
      ...labels.map((r) => estimateTextWidth(text(r.plotted), FONT_PX) + svgBadgesWidth(r.plotted.cell.findings)),
    ) + 10;
  const x = valueAxis(plotted, scale, baselineRun?.id, [labelWidth, Math.max(labelWidth + 40, width - valueWidth)]);
  const frame: Frame = { data, x, labelWidth, text, ...(baselineRun ? { baseline: baselineRun } : {}) };
  let y = top;
  for (const group of groups) {
    svg.append(
      svgText(document, group.label, {
        class: 'group-label',
        x: 0,
        y: y + LINE_PX - 3,
        'font-size': FONT_PX,
        'font-weight': 600,
      }),
    );
    y += LINE_PX;
    if (group.rows.length === 0) {
      const missing = `no ${baselineRun?.label ?? 'baseline'} value`;
      svg.append(
        svgText(document, missing, { class: 'no-data', x: labelWidth, y: y + ROW_PX / 2 + 4, 'font-size': FONT_PX }),
      );
      y += ROW_PX;
    }
    for (const row of group.rows) {
      appendRow(svg, frame, row, y);
      y += ROW_PX;
    }
    y += GROUP_GAP_PX;
  }
  appendAxis(svg, frame, { top, bottom: y, scale });
  return svg;
}

/** A run's label, bar, whisker and value label, in the row starting at `y`. */
function appendRow(svg: SVGSVGElement, frame: Frame, row: Row, y: number): void {
  const document = svg.ownerDocument;
  const { data, x, labelWidth } = frame;
  const p = row.plotted;
  const [label = ''] = wrapLabel(row.label, labelWidth - 8, FONT_PX, 1);
  const centre = y + ROW_PX / 2;
  const runLabel = svgText(document, label, {
    class: 'run-label',
    x: labelWidth - 6,
    y: centre + 4,
    'text-anchor': 'end',
    'font-size': FONT_PX,
  });
  if (label !== row.label) appendTitle(document, runLabel, row.label);
  svg.append(runLabel);
  const [axisStart = 0] = x.range();
  const start = Math.max(axisStart, x(Math.max(x.domain()[0] ?? 0, 0)));
  const end = x(p.value);
  const bar = svgElement(document, 'rect', {
    class: `${row.className} mark bar`,
    x: Math.min(start, end),
    y: centre - BAR_PX / 2,
    width: Math.max(1, Math.abs(end - start)),
    height: BAR_PX,
    'data-run': p.cell.run,
    'data-group': p.cell.group,
    'data-value': String(p.cell.value),
  });
  if (p.normalized?.ratio != null) bar.setAttribute('data-ratio', String(p.normalized.ratio));
  const spread = formatSpread(p.cell, data.unit);
  const reading = frame.baseline && !p.normalized?.isBaseline ? ` · ${frame.text(p)} vs ${frame.baseline.label}` : '';
  appendTitle(
    document,
    bar,
    `${row.label}: ${formatValue(p.cell.value, data.unit)}${spread === null ? '' : ` (${spread}, ${spreadKindText(p.cell, data)})`}${reading}`,
  );
  svg.append(bar);
  const whiskerEnd = appendWhisker(svg, frame, p, centre);
  const markerEnd = frame.baseline === undefined ? appendSampleMarker(svg, frame, p, centre) : undefined;
  const labelX = Math.max(end, whiskerEnd ?? end, markerEnd ?? end) + 5;
  const valueText = frame.text(p);
  svg.append(
    svgText(document, valueText, {
      class: 'value-label',
      'data-run': p.cell.run,
      'data-group': p.cell.group,
      x: round(labelX),
      y: centre + 4,
      'font-size': FONT_PX,
    }),
  );
  const badgesAt = { x: labelX + estimateTextWidth(valueText, FONT_PX), centre, run: p.cell.run, group: p.cell.group };
  appendSvgBadges(svg, p.cell.findings, badgesAt);
}

/** The spread as a whisker, its low end clamped at the axis (no cap there); returns its right end. */
function appendWhisker(svg: SVGSVGElement, { x }: Frame, p: PlottedValue, centre: number): number | undefined {
  if (p.low === undefined || p.high === undefined) return undefined;
  const document = svg.ownerDocument;
  const [axisLow = 0] = x.domain();
  const isClamped = p.low < axisLow || p.low <= 0;
  const low = x(isClamped ? axisLow : p.low);
  const high = x(p.high);
  const whisker = svgElement(document, 'g', { class: 'spread', 'data-run': p.cell.run, 'data-group': p.cell.group });
  whisker.append(svgElement(document, 'line', { x1: low, x2: high, y1: centre, y2: centre }));
  for (const at of isClamped ? [high] : [low, high]) {
    whisker.append(svgElement(document, 'line', { x1: at, x2: at, y1: centre - 4, y2: centre + 4 }));
  }
  svg.append(whisker);
  return high;
}

/**
 * fio's samples of one run as a marker of their own: a ring at the samples' mean and a line of
 * ± 1 sd, its low end clamped at the axis. Not a whisker of the bar: the bar is fio's `BW=`/`IOPS=`
 * (I/O over runtime), the samples' mean another number. Returns its right end.
 */
function appendSampleMarker(svg: SVGSVGElement, { x }: Frame, p: PlottedValue, centre: number): number | undefined {
  const stats = p.cell.sampleStats;
  if (stats === undefined) return undefined;
  const document = svg.ownerDocument;
  const [axisLow = 0] = x.domain();
  const lowValue = stats.mean - stats.sd;
  const isClamped = lowValue < axisLow || lowValue <= 0;
  const low = x(isClamped ? axisLow : lowValue);
  const high = x(stats.mean + stats.sd);
  const marker = svgElement(document, 'g', {
    class: 'sample-spread',
    'data-run': p.cell.run,
    'data-group': p.cell.group,
    'data-mean': String(stats.mean),
    'data-sd': String(stats.sd),
  });
  // Each line twice: a halo in the page's colour under it keeps it visible across a bar.
  const lines = [
    { x1: low, x2: high, y1: centre, y2: centre },
    ...(isClamped ? [high] : [low, high]).map((at) => ({ x1: at, x2: at, y1: centre - 4, y2: centre + 4 })),
  ];
  for (const className of ['halo', 'stroke']) {
    for (const line of lines) marker.append(svgElement(document, 'line', { class: className, ...line }));
  }
  marker.append(svgElement(document, 'circle', { cx: x(stats.mean), cy: centre, r: 3.5 }));
  svg.append(marker);
  return high;
}

/** The value axis under the bars, light grid lines up through them, and the baseline's rule at 1. */
function appendAxis(
  svg: SVGSVGElement,
  frame: Frame,
  { top, bottom, scale }: { top: number; bottom: number; scale: BarScale },
): void {
  const document = svg.ownerDocument;
  const { x, data, baseline } = frame;
  const [from = 0, to = 0] = x.range();
  const format = (tick: number) => (baseline === undefined ? formatTick(tick, data.unit) : formatRatioTick(tick));
  const ticks =
    scale === 'log'
      ? fittingLogTicks(x, logTicks(...(x.domain() as [number, number])), format)
      : fittingTicks(x, format);
  const grid = svgElement(document, 'g', { class: 'grid', 'aria-hidden': 'true' });
  const axis = svgElement(document, 'g', { class: 'axis axis-values' });
  axis.append(svgElement(document, 'line', { x1: from, x2: to, y1: bottom, y2: bottom }));
  for (const tick of ticks) {
    grid.append(svgElement(document, 'line', { x1: x(tick), x2: x(tick), y1: top, y2: bottom }));
    axis.append(svgElement(document, 'line', { x1: x(tick), x2: x(tick), y1: bottom, y2: bottom + 4 }));
    axis.append(
      svgText(document, format(tick), {
        x: x(tick),
        y: bottom + 16,
        'text-anchor': 'middle',
        'font-size': FONT_PX - 1,
      }),
    );
  }
  svg.prepend(grid);
  svg.append(axis);
  if (baseline !== undefined) {
    svg.append(svgElement(document, 'line', { class: 'baseline-rule', x1: x(1), x2: x(1), y1: top, y2: bottom }));
  }
}

/**
 * A log axis's ticks, every second, third, ... one kept (from the first) until no two labels
 * overlap: on a phone, four decades of "10 k op/s" labels do not fit side by side.
 */
function fittingLogTicks(x: Scale, ticks: readonly number[], format: (tick: number) => string): number[] {
  const halfWidth = (tick: number) => estimateTextWidth(format(tick), FONT_PX - 1) / 2;
  for (let stride = 1; stride < ticks.length; stride++) {
    const kept = ticks.filter((_, index) => index % stride === 0);
    const overlaps = kept.some((tick, index) => {
      const next = kept[index + 1];
      return next !== undefined && x(next) - x(tick) < halfWidth(tick) + halfWidth(next) + 8;
    });
    if (!overlaps) return kept;
  }
  return ticks.slice(0, 1);
}

/** The most ticks (up to 5) whose labels do not overlap on the axis's width. */
function fittingTicks(x: Scale, format: (tick: number) => string): number[] {
  const [from = 0, to = 0] = x.range();
  for (const count of [5, 4, 3, 2]) {
    const ticks = x.ticks(count);
    const widest = Math.max(...ticks.map((tick) => estimateTextWidth(format(tick), FONT_PX - 1)));
    if (ticks.length < 2 || (to - from) / (ticks.length - 1) >= widest + 8) return ticks;
  }
  return x.domain();
}
