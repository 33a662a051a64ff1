// A metric against a swept parameter (sysbench threads), or over the seconds of a run (sysbench's
// --report-interval lines): one line per run, a point per measured x with a hover title, a
// legend. A plain function of data and size: it builds a detached <svg> with the document it is
// given.

import { axisBottom } from 'd3-axis';
import { type ScaleContinuousNumeric, type ScaleLinear, scaleLinear, scaleLog } from 'd3-scale';
import { select } from 'd3-selection';
import { area, line } from 'd3-shape';
import { formatValue } from '../lib/format-value.ts';
import type { RunRef, SweepPoint, SweepSeries } from '../view/model.ts';
import { appendAxis, appendValueAxis } from './axes.ts';
import { formatTick } from './axis-format.ts';
import { estimateTextWidth, wrapLabel } from './label-fit.ts';
import { appendLegend, type LegendItem } from './legend.ts';
import { round } from './plot-parts.ts';
import type { RunStyle } from './run-styles.ts';
import { type ChartContext, type ChartSize, createSvg } from './svg.ts';
import { formatSweepX, SECONDS, spreadNote, sweepRuns, sweepSummary } from './sweep-summary.ts';

export interface SweepChartOptions extends ChartContext {
  /**
   * The experiment's runs in their declared order: the lines' labels and colours (a run has the
   * same colour here as in the bar charts). Runs missing from it are labelled by their id.
   */
  runs?: readonly RunRef[];
}

const TICK_FONT_PX = 11;
const LINE_PX = 14;
const POINT_RADIUS_PX = 3.5;
/** A line of more points than this is drawn without a mark per point (a long --report-interval run). */
const MAX_POINT_MARKS = 120;
/** Up to this many distinct x values each get a tick; more, and the scale picks round ones. */
const MAX_X_TICKS = 12;

/**
 * `log2` when every x is a power of two (1, 2, 4, … threads; 4096, 8192 … bytes) and there are at
 * least two: doublings then sit at equal distances, as sweeps are usually designed. Else linear.
 */
export function sweepXScale(data: SweepSeries): 'log2' | 'linear' {
  // Time runs on evenly: 1, 2, 4 s of a short run are not doublings.
  if (data.xLabel === SECONDS) return 'linear';
  const xs = new Set(data.runs.flatMap((run) => run.points.map((p) => p.x)));
  const isPowerOfTwo = (x: number) => x > 0 && Number.isInteger(Math.log2(x));
  return xs.size >= 2 && [...xs].every(isPowerOfTwo) ? 'log2' : 'linear';
}

/** The x tick text: the number alone, the axis title says what it is. */
function formatXTick(x: number): string {
  return Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(3)));
}

/**
 * Lines of `data`. Each line is a `<path class="series-N line">` with `data-run`; each point a
 * `<circle class="series-N mark point">` with `data-run`, `data-x`, `data-value` (base units) and
 * a `<title>`. The svg carries `data-x-scale` (`log2` or `linear`, see `sweepXScale`).
 */
export function sweepChart(data: SweepSeries, options: SweepChartOptions): SVGSVGElement {
  const { width, height, document } = options;
  const runs = sweepRuns(data, options.runs);
  const summary = sweepSummary(data, options.runs);
  const xScaleKind = sweepXScale(data);

  const svg = createSvg(document, { width, height }, `${data.title}, line chart. ${summary}`);
  select(svg).attr('data-chart', 'sweep').attr('data-key', data.key).attr('data-x-scale', xScaleKind);
  const topPx = appendHeader(svg, data, runs, width);
  const layout = sweepLayout(data, { xScaleKind, width, height, topPx });
  appendAxes(svg, data, layout, { width, height });
  appendSpread(svg, data, runs, layout);
  appendCompanions(svg, data, runs, layout);
  appendLines(svg, data, runs, layout);
  return svg;
}

/**
 * The top of the chart: the legend, then a caption line saying which way is better (none for a
 * metric that is neither). Returns the height they take, with a gap below.
 */
function appendHeader(svg: SVGSVGElement, data: SweepSeries, runs: RunStyle[], width: number): number {
  const legendHeight = appendLegend(
    svg.ownerDocument,
    svg,
    [...runs.map((run) => ({ run: run.id, label: run.label, className: run.className })), ...companionKeys(data, runs)],
    { width },
  );
  let top = legendHeight + 4;
  const parts = [data.betterIs === 'neither' ? undefined : `${data.betterIs} is better`, spreadNote(data)].filter(
    (part) => part !== undefined,
  );
  const caption = parts.join(' · ');
  // One line where it fits; on a narrow chart (a phone) a line per part, each wrapped if need be,
  // rather than run past the edge.
  const lines =
    estimateTextWidth(caption, TICK_FONT_PX) <= width
      ? [caption].filter((line) => line !== '')
      : parts.flatMap((part) => wrapLabel(part, width, TICK_FONT_PX));
  for (const text of lines) {
    select(svg)
      .append('text')
      .attr('class', 'axis-caption')
      .attr('x', 0)
      .attr('y', top + 11)
      .attr('font-size', TICK_FONT_PX)
      .text(text);
    top += LINE_PX + 4;
  }
  return top + 6;
}

/** Where the plot goes: both scales ranged to it, their ticks, and its edges. */
interface SweepLayout {
  x: ScaleContinuousNumeric<number, number>;
  xTicks: number[];
  y: ScaleLinear<number, number>;
  yTicks: number[];
  left: number;
  right: number;
  /** The bottom of the plot, above the x tick labels and the axis title. */
  bottom: number;
}

function sweepLayout(
  data: SweepSeries,
  { xScaleKind, width, height, topPx }: { xScaleKind: 'log2' | 'linear'; width: number; height: number; topPx: number },
): SweepLayout {
  // The companion lines' points too: they share both axes.
  const points: SweepPoint[] = [
    ...data.runs.flatMap((run) => run.points),
    ...(data.companions ?? []).flatMap((c) => c.points),
  ];
  const xs = [...new Set(points.map((p) => p.x))].sort((a, b) => a - b);
  // The spread's ends too: a whisker must not leave the plot.
  const values = points.flatMap((p) => [
    p.value,
    ...(p.low === undefined ? [] : [p.low]),
    ...(p.high === undefined ? [] : [p.high]),
  ]);

  // y first: its tick labels set the left margin.
  const yLow = Math.min(0, ...values);
  const yHigh = Math.max(0, ...values);
  const tickCount = Math.max(2, Math.floor((height - topPx) / 60));
  const y = scaleLinear()
    .domain(yHigh === yLow ? [0, 1] : [yLow, yHigh])
    .nice(tickCount);
  const yTicks = y.ticks(tickCount);
  const left =
    Math.ceil(Math.max(0, ...yTicks.map((t) => estimateTextWidth(formatTick(t, data.unit), TICK_FONT_PX)))) + 12;
  const right = 12;
  // Bottom: x tick labels, then the axis title.
  const bottom = height - (2 * LINE_PX + 14);
  y.range([bottom, topPx]);

  const [xFirst = 0, xLast = xFirst] = [xs[0], xs.at(-1)];
  const x: ScaleContinuousNumeric<number, number> =
    xScaleKind === 'log2'
      ? scaleLog().base(2).domain([xFirst, xLast])
      : scaleLinear().domain(xFirst === xLast ? [xFirst - 1, xFirst + 1] : [xFirst, xLast]);
  // Inset so the first and last points are not cut by the axes.
  x.range([left + 10, width - right - 10]);
  // Measured times of fio's logs (1.017 s, 1.04 s) would crowd each other: round ticks instead.
  const xTicks =
    xs.length <= MAX_X_TICKS && xs.every(Number.isInteger) ? xs : x.ticks(Math.min(MAX_X_TICKS, width / 60));
  return { x, xTicks, y, yTicks, left, right, bottom };
}

/** The value axis with its grid, the x axis below the plot, and the x axis's caption. */
function appendAxes(svg: SVGSVGElement, data: SweepSeries, layout: SweepLayout, { width, height }: ChartSize): void {
  const { x, xTicks, y, yTicks, left, right, bottom } = layout;
  const document = svg.ownerDocument;
  appendValueAxis(
    document,
    svg,
    { scale: y, ticks: yTicks, format: (value) => formatTick(value, data.unit) },
    { x1: left, x2: width - right, className: 'axis-y', fontSizePx: TICK_FONT_PX },
  );
  appendAxis(
    document,
    svg,
    axisBottom(x)
      .tickValues(xTicks)
      .tickFormat((value) => formatXTick(Number(value)))
      .tickSizeOuter(0),
    { className: 'axis-x-ticks', y: bottom, fontSizePx: TICK_FONT_PX },
  );
  select(svg)
    .append('text')
    .attr('class', 'axis-caption')
    .attr('x', round((left + width - right) / 2))
    .attr('y', round(height - 6))
    .attr('text-anchor', 'middle')
    .attr('font-size', TICK_FONT_PX)
    .text(data.xCaption ?? (data.xLabel === SECONDS ? 'seconds since the start of the run' : data.xLabel));
}

/**
 * Each run's spread, under its line: a band from low to high through the points that have one,
 * and a whisker at each of them (of a short line: a long run over time has no repeats).
 */
function appendSpread(svg: SVGSVGElement, data: SweepSeries, runs: RunStyle[], { x, y }: SweepLayout): void {
  const band = area<SweepPoint>()
    .defined((p) => p.low !== undefined && p.high !== undefined)
    .x((p) => round(x(p.x)))
    .y0((p) => round(y(p.low ?? p.value)))
    .y1((p) => round(y(p.high ?? p.value)));
  const hasSpread = data.runs.some((run) => run.points.some((p) => p.low !== undefined && p.high !== undefined));
  if (!hasSpread) return;
  const group = select(svg).append('g').attr('class', 'spread-marks');
  for (const run of runs) {
    const sorted = [...(data.runs.find((l) => l.run === run.id)?.points ?? [])].sort((a, b) => a.x - b.x);
    const withSpread = sorted.filter((p) => p.low !== undefined && p.high !== undefined);
    if (withSpread.length === 0) continue;
    if (withSpread.length >= 2) {
      group
        .append('path')
        .attr('class', `${run.className} sweep-band`)
        .attr('data-run', run.id)
        .attr('d', band(sorted) ?? '');
    }
    if (sorted.length > MAX_POINT_MARKS) continue;
    for (const point of withSpread) {
      const at = round(x(point.x));
      const [low, high] = [round(y(point.low ?? point.value)), round(y(point.high ?? point.value))];
      const whisker = `M${at},${low}V${high}M${at - 4},${low}H${at + 4}M${at - 4},${high}H${at + 4}`;
      group
        .append('path')
        .attr('class', `${run.className} sweep-whisker`)
        .attr('data-run', run.id)
        .attr('data-x', String(point.x))
        .attr('data-low', String(point.low))
        .attr('data-high', String(point.high))
        .attr('d', whisker);
    }
  }
}

/**
 * The legend's entries of the companion lines: one dashed key where they all have one name
 * ("device (iostat, loop0)", each in its run's colour), else one per run, named with it.
 */
function companionKeys(data: SweepSeries, runs: RunStyle[]): LegendItem[] {
  const companions = (data.companions ?? []).filter((c) => runs.some((run) => run.id === c.run));
  if (companions.length === 0) return [];
  const names = new Set(companions.map((c) => c.label));
  if (names.size === 1) {
    return [{ label: companions[0]?.label ?? '', className: 'companion-key', kind: 'line', swatchClass: 'companion' }];
  }
  return companions.map((c) => {
    const run = runs.find((style) => style.id === c.run);
    return {
      run: c.run,
      label: `${run?.label ?? c.run}: ${c.label}`,
      className: run?.className ?? 'series-0',
      kind: 'line' as const,
      swatchClass: 'companion',
    };
  });
}

/**
 * Each run's companion line (the device beside a fio log figure), dashed in the run's colour,
 * under the runs' own lines: `<path class="series-N line companion">` with `data-run`,
 * `data-device` and a title of its mean and peak.
 */
function appendCompanions(svg: SVGSVGElement, data: SweepSeries, runs: RunStyle[], { x, y }: SweepLayout): void {
  if (data.companions === undefined || data.companions.length === 0) return;
  const path = line<{ x: number; value: number }>()
    .x((p) => round(x(p.x)))
    .y((p) => round(y(p.value)));
  const group = select(svg).append('g').attr('class', 'companions');
  for (const run of runs) {
    for (const companion of data.companions.filter((c) => c.run === run.id)) {
      const sorted = [...companion.points].sort((a, b) => a.x - b.x);
      if (sorted.length === 0) continue;
      const values = sorted.map((p) => p.value);
      const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
      const only = sorted[0];
      if (sorted.length === 1 && only !== undefined) {
        // One report in the job's seconds: a line of one point would not show; a small ring does.
        group
          .append('circle')
          .attr('class', `${run.className} line companion companion-point`)
          .attr('data-run', run.id)
          .attr('data-device', companion.device)
          .attr('cx', round(x(only.x)))
          .attr('cy', round(y(only.value)))
          .attr('r', POINT_RADIUS_PX)
          .append('title')
          .text(`${run.label} · ${companion.label}: ${formatValue(only.value, data.unit)}`);
        continue;
      }
      group
        .append('path')
        .attr('class', `${run.className} line companion`)
        .attr('data-run', run.id)
        .attr('data-device', companion.device)
        .attr('d', path(sorted) ?? '')
        .append('title')
        .text(
          `${run.label} · ${companion.label}: mean ${formatValue(mean, data.unit)}, peak ${formatValue(Math.max(...values), data.unit)}`,
        );
    }
  }
}

/** A line per run, in `runs` order, and a mark with a hover title per point of a short one. */
function appendLines(svg: SVGSVGElement, data: SweepSeries, runs: RunStyle[], { x, y }: SweepLayout): void {
  const path = line<{ x: number; value: number }>()
    .x((p) => round(x(p.x)))
    .y((p) => round(y(p.value)));
  const root = select(svg);
  const lines = root.append('g').attr('class', 'lines');
  const marks = root.append('g').attr('class', 'points');
  for (const run of runs) {
    const sorted = [...(data.runs.find((l) => l.run === run.id)?.points ?? [])].sort((a, b) => a.x - b.x);
    lines
      .append('path')
      .attr('class', `${run.className} line`)
      .attr('data-run', run.id)
      .attr('d', path(sorted) ?? '');
    // A long run's intervals make a line; a mark per point would only crowd it.
    if (sorted.length > MAX_POINT_MARKS) continue;
    for (const point of sorted) {
      marks
        .append('circle')
        .attr('class', `${run.className} mark point`)
        .attr('cx', round(x(point.x)))
        .attr('cy', round(y(point.value)))
        .attr('r', POINT_RADIUS_PX)
        .attr('data-run', run.id)
        .attr('data-x', String(point.x))
        .attr('data-value', String(point.value))
        .append('title')
        .text(`${run.label} · ${formatSweepX(point.x, data.xLabel)}: ${formatValue(point.value, data.unit)}`);
    }
  }
}
