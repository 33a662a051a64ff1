// fio's latency of one job and direction, per run: the latency buckets as grouped bars, or the
// percentiles as one curve per run on a "nines" axis. A plain function of the data; the page
// renders both views at build time and its script switches between them.

import { max, min } from 'd3-array';
import { axisBottom } from 'd3-axis';
import { type ScaleBand, type ScaleLinear, type ScaleLogarithmic, scaleBand, scaleLinear, scaleLog } from 'd3-scale';
import { formatValue } from '../lib/format-value.ts';
import type { LatencyDistribution, RunRef } from '../view/model.ts';
import { appendPlotFrame, PLOT_BOTTOM_PX, PLOT_RIGHT_PX, plotLeftPx, tickLabelWidth } from './axes.ts';
import type { ChartTable } from './data-table.ts';
import {
  bucketKey,
  bucketLabel,
  formatLatency,
  formatShareTick,
  latencyTicks,
  MARKED_PERCENTILES,
  NINES_TICKS,
  nines,
  percentileLabel,
  shareScale,
  shareTicks,
} from './latency-scales.ts';
import { type LegendItem, legendHeight } from './legend.ts';
import { appendEmptyMessage, appendTitle, linePath, svgElement, svgText } from './plot-parts.ts';
import { type RunStyle, runStyles } from './run-styles.ts';
import { type ChartContext, createSvg } from './svg.ts';

export type LatencyView = 'buckets' | 'percentiles';

export interface LatencyChartOptions extends ChartContext {
  /** Which view to draw; defaultLatencyView(data) when absent. */
  view?: LatencyView;
  /** The experiment's runs in declared order: labels, and each run's colour across the page. */
  runOrder?: readonly RunRef[];
}

/** The percentiles when any run has two or more (fio 1.x prints none), else the buckets. */
export function defaultLatencyView(data: LatencyDistribution): LatencyView {
  return data.runs.some((run) => percentilePoints(run).length >= 2) ? 'percentiles' : 'buckets';
}

/** The chart of `data` in the chosen view, as a detached `<svg role="img">`. */
export function latencyChart(data: LatencyDistribution, options: LatencyChartOptions): SVGSVGElement {
  const view = options.view ?? defaultLatencyView(data);
  const label =
    view === 'buckets'
      ? `${data.title}: share of IOs per latency bucket, per run`
      : `${data.title}: latency percentiles per run`;
  const svg = createSvg(options.document, options, label);
  svg.setAttribute('data-chart', 'latency');
  svg.setAttribute('data-key', data.key);
  svg.setAttribute('data-view', view);
  const styles = runStyles(
    data.runs.map((run) => run.run),
    options.runOrder,
  );
  if (view === 'buckets') drawBuckets(svg, data, styles, options);
  else drawPercentiles(svg, data, styles, options);
  return svg;
}

/** The legend of the drawn runs: squares for bars, lines for curves. */
function legendOf(styles: readonly RunStyle[], kind: 'mark' | 'line'): LegendItem[] {
  return styles.map((style) => ({ run: style.id, label: style.label, className: style.className, kind }));
}

// --- buckets ---------------------------------------------------------------------------------

interface Bucket {
  key: string;
  label: string;
  upToNs: number;
  isAtLeast: boolean;
}

/**
 * The buckets of every run, in latency order, without the leading and trailing ones where every
 * run has 0 % (fio prints all its bounds, 2 ns to ≥2 s, whatever the job did). Empty buckets
 * between used ones stay: a gap in latency is information.
 */
export function latencyBuckets(data: LatencyDistribution): Bucket[] {
  const byKey = new Map<string, Bucket & { percent: number }>();
  for (const run of data.runs) {
    for (const bucket of run.buckets) {
      const key = bucketKey(bucket);
      const known = byKey.get(key);
      if (known) known.percent = Math.max(known.percent, bucket.percent);
      else
        byKey.set(key, {
          key,
          label: bucketLabel(bucket),
          upToNs: bucket.upToNs,
          isAtLeast: bucket.isAtLeast === true,
          percent: bucket.percent,
        });
    }
  }
  const sorted = [...byKey.values()].sort((a, b) => a.upToNs - b.upToNs || Number(a.isAtLeast) - Number(b.isAtLeast));
  const first = sorted.findIndex((bucket) => bucket.percent > 0);
  const last = sorted.findLastIndex((bucket) => bucket.percent > 0);
  if (first < 0) return [];
  return sorted.slice(first, last + 1).map(({ key, label, upToNs, isAtLeast }) => ({ key, label, upToNs, isAtLeast }));
}

function bucketPercent(run: LatencyDistribution['runs'][number], key: string): number | undefined {
  return run.buckets.find((bucket) => bucketKey(bucket) === key)?.percent;
}

function drawBuckets(
  svg: SVGSVGElement,
  data: LatencyDistribution,
  allStyles: RunStyle[],
  { document, width, height }: LatencyChartOptions,
): void {
  const buckets = latencyBuckets(data);
  const runs = data.runs.filter((run) => run.buckets.length > 0);
  const styles = allStyles.filter((style) => runs.some((run) => run.run === style.id));
  if (buckets.length === 0 || runs.length === 0) {
    appendEmptyMessage(document, svg, 'No latency buckets in these runs.', width, height);
    return;
  }
  const legend = legendOf(styles, 'mark');
  // Shares on a log scale: the tail's buckets (0.01 % of the I/Os) stay visible beside the body's.
  const y0 = shareScale(runs.flatMap((run) => run.buckets.map((bucket) => bucket.percent)));
  const yTicks = shareTicks(y0);
  const yTickFormat = formatShareTick;
  const left = plotLeftPx(yTicks.map(yTickFormat));
  const plotWidth = width - left - PLOT_RIGHT_PX;
  const top = legendHeight(legend, plotWidth) + 10;
  const x = scaleBand<string>()
    .domain(buckets.map((bucket) => bucket.key))
    .range([0, plotWidth])
    .paddingInner(0.2)
    .paddingOuter(0.1);
  // Bucket names are turned when they are wider than their band.
  const labelWidth = tickLabelWidth(buckets.map((bucket) => bucket.label));
  const isTurned = labelWidth > x.step() - 4;
  // Turned names need their diagonal below the plot instead of a line.
  const bottom = isTurned ? PLOT_BOTTOM_PX - 8 + labelWidth * Math.sin(Math.PI / 4) : PLOT_BOTTOM_PX;
  const plotHeight = height - top - bottom;
  const y = y0.range([plotHeight, 0]);
  const xRun = scaleBand<string>()
    .domain(runs.map((run) => run.run))
    .range([0, x.bandwidth()])
    .padding(0.08);

  const labels = new Map(buckets.map((bucket) => [bucket.key, bucket.label]));
  const { plot, xAxis } = appendPlotFrame(
    document,
    svg,
    { left, top, width: plotWidth, height: plotHeight, bottom },
    {
      legend,
      x: axisBottom(x).tickFormat((key) => labels.get(key) ?? key),
      y: { scale: y, ticks: yTicks, format: yTickFormat },
      xTitle: 'Latency (fio bucket: below the bound)',
      yTitle: 'Share of IOs (log scale)',
    },
  );
  if (isTurned) turnTickLabels(xAxis);
  appendBucketBars(plot, buckets, { runs, styles, x, xRun, y, plotHeight });
}

/** Tick labels turned 45° to fit, anchored at their end under their tick. */
function turnTickLabels(axis: SVGGElement): void {
  for (const text of axis.querySelectorAll('text')) {
    text.setAttribute('transform', 'rotate(-45)');
    text.setAttribute('text-anchor', 'end');
    text.setAttribute('dx', '-0.4em');
    text.setAttribute('dy', '0.3em');
  }
}

/** What the bucket bars are drawn with. */
interface BucketBars {
  runs: LatencyDistribution['runs'];
  styles: readonly RunStyle[];
  /** A band per bucket, and a slot per run inside it. */
  x: ScaleBand<string>;
  xRun: ScaleBand<string>;
  /** Log: a bar runs from the bottom of the plot, the scale's smallest share, up to its own. */
  y: ScaleLogarithmic<number, number>;
  plotHeight: number;
}

/** `<g class="marks">` in the plot: a titled bar per run and bucket with a share above 0 %. */
function appendBucketBars(plot: SVGGElement, buckets: readonly Bucket[], bars: BucketBars): void {
  const { runs, styles, x, xRun, y, plotHeight } = bars;
  const document = plot.ownerDocument;
  const marks = svgElement(document, 'g', { class: 'marks' });
  plot.append(marks);
  runs.forEach((run) => {
    const style = styles.find((s) => s.id === run.run);
    if (!style) return;
    for (const bucket of buckets) {
      const percent = bucketPercent(run, bucket.key);
      if (percent === undefined || percent <= 0) continue;
      const bar = svgElement(document, 'rect', {
        class: `${style.className} mark`,
        x: (x(bucket.key) ?? 0) + (xRun(run.run) ?? 0),
        y: y(percent),
        width: xRun.bandwidth(),
        height: plotHeight - y(percent),
        'data-run': run.run,
        'data-bucket': bucket.key,
        'data-value': String(percent),
      });
      appendTitle(document, bar, `${style.label} · ${bucket.label}: ${formatValue(percent, '%')} of IOs`);
      marks.append(bar);
    }
  });
}

// --- percentiles -----------------------------------------------------------------------------

/** A run's percentiles that a nines axis and a log scale can show: p < 100, latency > 0, in order. */
export function percentilePoints(run: LatencyDistribution['runs'][number]): Array<{ p: number; ns: number }> {
  return run.percentiles.filter((point) => point.p > 0 && point.p < 100 && point.ns > 0).sort((a, b) => a.p - b.p);
}

function drawPercentiles(
  svg: SVGSVGElement,
  data: LatencyDistribution,
  allStyles: RunStyle[],
  { document, width, height }: LatencyChartOptions,
): void {
  const runs = data.runs
    .map((run) => ({ run: run.run, points: percentilePoints(run) }))
    .filter((run) => run.points.length > 0);
  const styles = allStyles.filter((style) => runs.some((run) => run.run === style.id));
  if (runs.length === 0) {
    appendEmptyMessage(document, svg, 'No latency percentiles in these runs.', width, height);
    return;
  }
  const legend = legendOf(styles, 'line');
  const all = runs.flatMap((run) => run.points);
  const lowNs = min(all, (point) => point.ns) ?? 1;
  const highNs = max(all, (point) => point.ns) ?? 1;
  // One value gives no span: a factor of two either side keeps the log scale finite.
  const y0 = scaleLog()
    .domain(lowNs === highNs ? [lowNs / 2, highNs * 2] : [lowNs, highNs])
    .nice();
  const yTicks = latencyTicks(y0.ticks());
  const left = plotLeftPx(yTicks.map(formatLatency));
  const plotWidth = width - left - PLOT_RIGHT_PX;
  const top = legendHeight(legend, plotWidth) + 10;
  const plotHeight = height - top - PLOT_BOTTOM_PX;
  const y = y0.range([plotHeight, 0]);
  const maxNines = max(all, (point) => nines(point.p)) ?? 2;
  // Whole nines, at least to p99: the tail gets room even when a run stops early.
  const ninesEnd = Math.max(2, Math.ceil(maxNines - 1e-9));
  const x = scaleLinear().domain([0, ninesEnd]).range([0, plotWidth]);
  const xTicks = NINES_TICKS.filter((p) => nines(p) <= ninesEnd + 1e-9);

  const { plot } = appendPlotFrame(
    document,
    svg,
    { left, top, width: plotWidth, height: plotHeight, bottom: PLOT_BOTTOM_PX },
    {
      legend,
      x: axisBottom(x)
        .tickValues(xTicks.map((p) => nines(p)))
        .tickFormat((_, i) => percentileLabel(xTicks[i] ?? 0)),
      y: { scale: y, ticks: yTicks, format: formatLatency },
      xTitle: 'Percentile (evenly spaced nines)',
      yTitle: 'Latency (log scale)',
    },
  );

  appendPercentileRules(plot, { x, plotHeight, ninesEnd });
  appendCurves(plot, runs, { styles, x, y });
}

/**
 * `<g class="percentile-rules">`: a dashed rule across the plot at p50, p99 and p99.9 (where the
 * axis reaches them), named at its top, so the median and the tail read at a glance.
 */
function appendPercentileRules(
  plot: SVGGElement,
  { x, plotHeight, ninesEnd }: { x: ScaleLinear<number, number>; plotHeight: number; ninesEnd: number },
): void {
  const document = plot.ownerDocument;
  const rules = svgElement(document, 'g', { class: 'percentile-rules', 'aria-hidden': 'true' });
  for (const p of MARKED_PERCENTILES) {
    if (nines(p) > ninesEnd + 1e-9) continue;
    const at = x(nines(p));
    rules.append(
      svgElement(document, 'line', {
        class: 'percentile-rule',
        x1: at,
        x2: at,
        y1: 0,
        y2: plotHeight,
        'data-p': String(p),
      }),
      svgText(document, percentileLabel(p), { class: 'percentile-label', x: at + 3, y: 10 }),
    );
  }
  plot.prepend(rules);
}

/**
 * `<g class="lines">` and `<g class="marks">` in the plot: a titled curve per run through its
 * percentiles, and a titled dot on each.
 */
function appendCurves(
  plot: SVGGElement,
  runs: ReadonlyArray<{ run: string; points: Array<{ p: number; ns: number }> }>,
  {
    styles,
    x,
    y,
  }: { styles: readonly RunStyle[]; x: ScaleLinear<number, number>; y: ScaleLogarithmic<number, number> },
): void {
  const document = plot.ownerDocument;
  const lines = svgElement(document, 'g', { class: 'lines' });
  const marks = svgElement(document, 'g', { class: 'marks' });
  plot.append(lines, marks);
  for (const run of runs) {
    const style = styles.find((s) => s.id === run.run);
    if (!style) continue;
    const curve = svgElement(document, 'path', {
      class: `${style.className} line`,
      d: linePath(run.points.map((point) => [x(nines(point.p)), y(point.ns)] as const)),
      'data-run': run.run,
    });
    appendTitle(document, curve, `${style.label}: latency percentiles`);
    lines.append(curve);
    for (const point of run.points) {
      const dot = svgElement(document, 'circle', {
        class: `${style.className} mark`,
        cx: x(nines(point.p)),
        cy: y(point.ns),
        r: 3,
        'data-run': run.run,
        'data-p': String(point.p),
        'data-value': String(point.ns),
      });
      appendTitle(document, dot, `${style.label} · ${percentileLabel(point.p)}: ${formatLatency(point.ns)}`);
      marks.append(dot);
    }
  }
}

// --- text ------------------------------------------------------------------------------------

/** The percentiles a summary names, where runs have them. */
const SUMMARY_PERCENTILES = [50, 99, 99.9] as const;

/**
 * One line saying what the chart shows, for readers without the chart. Percentiles: p50, p99 and
 * p99.9 of each run and the run with the lowest p99; buckets: each run's largest bucket.
 */
export function latencySummary(
  data: LatencyDistribution,
  options: { view?: LatencyView; runOrder?: readonly RunRef[] } = {},
): string {
  const view = options.view ?? defaultLatencyView(data);
  const styles = runStyles(
    data.runs.map((run) => run.run),
    options.runOrder,
  );
  const labelOf = (id: string) => styles.find((style) => style.id === id)?.label ?? id;
  if (view === 'buckets') {
    const parts = data.runs
      .filter((run) => run.buckets.length > 0)
      .map((run) => {
        const largest = run.buckets.reduce((best, bucket) => (bucket.percent > best.percent ? bucket : best));
        return `${labelOf(run.run)} ${formatValue(largest.percent, '%')} ${bucketLabel(largest)}`;
      });
    return parts.length === 0
      ? `${data.title}: no latency buckets.`
      : `${data.title}, the largest latency bucket of each run: ${parts.join('; ')}.`;
  }
  const parts: string[] = [];
  for (const run of data.runs) {
    const named = SUMMARY_PERCENTILES.flatMap((p) => {
      const point = run.percentiles.find((candidate) => candidate.p === p);
      return point ? [`${percentileLabel(p)} ${formatLatency(point.ns)}`] : [];
    });
    if (named.length > 0) parts.push(`${labelOf(run.run)} ${named.join(', ')}`);
  }
  if (parts.length === 0) return `${data.title}: no latency percentiles.`;
  const p99s = data.runs.flatMap((run) => {
    const point = run.percentiles.find((candidate) => candidate.p === 99);
    return point ? [{ run: run.run, ns: point.ns }] : [];
  });
  const lowest = p99s.length >= 2 ? p99s.reduce((best, point) => (point.ns < best.ns ? point : best)) : undefined;
  // One distribution per run: nothing to weigh the difference against.
  const verdict = lowest ? ` Lowest p99: ${labelOf(lowest.run)} (one run each, not tested for noise).` : '';
  return `${data.title}: ${parts.join('; ')}.${verdict}`;
}

/** The chart's numbers as a table: a row per bucket or per percentile, a column per run. */
export function latencyTable(
  data: LatencyDistribution,
  options: { view?: LatencyView; runOrder?: readonly RunRef[] } = {},
): ChartTable {
  const view = options.view ?? defaultLatencyView(data);
  const styles = runStyles(
    data.runs.map((run) => run.run),
    options.runOrder,
  );
  const columns = styles.map((style) => style.label);
  if (view === 'buckets') {
    return {
      caption: `${data.title}: share of IOs per latency bucket`,
      columns: ['Latency', ...columns],
      rows: latencyBuckets(data).map((bucket) => ({
        label: bucket.label,
        cells: data.runs.map((run) => {
          const percent = bucketPercent(run, bucket.key);
          return percent === undefined ? '' : formatValue(percent, '%');
        }),
      })),
    };
  }
  const percentiles = [...new Set(data.runs.flatMap((run) => run.percentiles.map((point) => point.p)))].sort(
    (a, b) => a - b,
  );
  return {
    caption: `${data.title}: latency percentiles`,
    columns: ['Percentile', ...columns],
    rows: percentiles.map((p) => ({
      label: percentileLabel(p),
      cells: data.runs.map((run) => {
        const point = run.percentiles.find((candidate) => candidate.p === p);
        return point ? formatLatency(point.ns) : '';
      }),
    })),
  };
}
