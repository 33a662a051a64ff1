// sysbench's `--histogram` latency histograms, one per run, as grouped bars on a log axis of
// latency. sysbench keeps 1024 buckets between 1 µs and 100 s, about 1.8 % apart, and prints the
// non-empty ones; that is too fine to read, so bins are merged into a fixed number per decade
// (ten by default) before drawing. Same bins for every run, so runs compare bin by bin.

import { max } from 'd3-array';
import { axisBottom } from 'd3-axis';
import { type ScaleContinuousNumeric, type ScaleLogarithmic, scaleLinear, scaleLog } from 'd3-scale';
import { formatValue } from '../lib/format-value.ts';
import type { LatencyHistogram, RunRef } from '../view/model.ts';
import { appendPlotFrame, PLOT_BOTTOM_PX, PLOT_RIGHT_PX, plotLeftPx } from './axes.ts';
import type { ChartTable } from './data-table.ts';
import {
  formatLatency,
  formatShareTick,
  latencyTicks,
  MARKED_PERCENTILES,
  shareScale,
  shareTicks,
} from './latency-scales.ts';
import { type LegendItem, legendHeight } from './legend.ts';
import { appendPercentileMarks, percentileRowsHeight } from './percentile-marks.ts';
import { appendEmptyMessage, appendTitle, svgElement } from './plot-parts.ts';
import { type RunStyle, runStyles } from './run-styles.ts';
import { type ChartContext, createSvg } from './svg.ts';

/** What the bars measure: each run's share of its events (runs of different lengths compare), or counts. */
export type HistogramMeasure = 'share' | 'count';

export interface HistogramOptions {
  /** `share` unless told. */
  measure?: HistogramMeasure;
  /** Bins per decade of latency; 10 unless told. */
  binsPerDecade?: number;
  /** The experiment's runs in declared order: labels, and each run's colour across the page. */
  runOrder?: readonly RunRef[];
}

export interface HistogramChartOptions extends ChartContext, HistogramOptions {}

/** A display bin: latencies from `lowNs` up to, not including, `highNs`, and each run's events in it. */
export interface HistogramBin {
  /** Its index on the log axis, floor(log10(ns) × binsPerDecade): stable, for data attributes. */
  index: number;
  lowNs: number;
  highNs: number;
  /** Events per run id. */
  counts: Record<string, number>;
}

const DEFAULT_BINS_PER_DECADE = 10;

/**
 * The runs' histograms merged into `binsPerDecade` bins per decade, from the lowest used bin to
 * the highest. Bins no run used in between are kept (they are gaps in latency).
 */
export function histogramBins(data: LatencyHistogram, binsPerDecade = DEFAULT_BINS_PER_DECADE): HistogramBin[] {
  const indexOf = (ns: number) => Math.floor(Math.log10(ns) * binsPerDecade + 1e-9);
  const byIndex = new Map<number, Record<string, number>>();
  for (const run of data.runs) {
    for (const bin of run.bins) {
      if (!(bin.ns > 0) || bin.count <= 0) continue;
      const index = indexOf(bin.ns);
      const counts = byIndex.get(index) ?? {};
      counts[run.run] = (counts[run.run] ?? 0) + bin.count;
      byIndex.set(index, counts);
    }
  }
  if (byIndex.size === 0) return [];
  const indexes = [...byIndex.keys()];
  const first = Math.min(...indexes);
  const last = Math.max(...indexes);
  const bins: HistogramBin[] = [];
  for (let index = first; index <= last; index++) {
    bins.push({
      index,
      lowNs: 10 ** (index / binsPerDecade),
      highNs: 10 ** ((index + 1) / binsPerDecade),
      counts: byIndex.get(index) ?? {},
    });
  }
  return bins;
}

/** "39.8–50.1 µs" when both ends print in one unit, else "631 µs–1 ms". */
export function binLabel(bin: { lowNs: number; highNs: number }): string {
  const low = formatLatency(bin.lowNs);
  const high = formatLatency(bin.highNs);
  const lowUnit = low.split(' ')[1];
  const highUnit = high.split(' ')[1];
  return lowUnit === highUnit ? `${low.split(' ')[0]}–${high}` : `${low}–${high}`;
}

/** Events per run: the denominators of shares. */
function totals(data: LatencyHistogram): Record<string, number> {
  return Object.fromEntries(data.runs.map((run) => [run.run, run.bins.reduce((sum, bin) => sum + bin.count, 0)]));
}

/** The histograms of `data` as a detached `<svg role="img">`. */
export function histogramChart(data: LatencyHistogram, options: HistogramChartOptions): SVGSVGElement {
  const { document, width, height } = options;
  const measure = options.measure ?? 'share';
  const svg = createSvg(document, options, `${data.title}: latency histogram per run`);
  svg.setAttribute('data-chart', 'histogram');
  svg.setAttribute('data-key', data.key);
  svg.setAttribute('data-measure', measure);
  const bins = histogramBins(data, options.binsPerDecade);
  const runs = data.runs.filter((run) => run.bins.some((bin) => bin.count > 0));
  if (bins.length === 0 || runs.length === 0) {
    appendEmptyMessage(document, svg, 'No latency histogram in these runs.', width, height);
    return svg;
  }
  const styles = runStyles(
    runs.map((run) => run.run),
    options.runOrder,
  );
  const total = totals(data);
  const barValue = (run: string, bin: HistogramBin) => {
    const count = bin.counts[run] ?? 0;
    return measure === 'count' ? count : (100 * count) / (total[run] || 1);
  };
  const formatTick = (value: number) => (measure === 'count' ? formatValue(value, 'count') : formatShareTick(value));

  const legend: LegendItem[] = styles.map((style) => ({
    run: style.id,
    label: style.label,
    className: style.className,
  }));
  const highest = max(bins, (bin) => max(runs, (run) => barValue(run.run, bin))) ?? 1;
  // Shares on a log scale, so the tail's bins (a few events in a hundred thousand) show.
  const y0: ScaleContinuousNumeric<number, number> =
    measure === 'share'
      ? shareScale(bins.flatMap((bin) => runs.map((run) => barValue(run.run, bin))))
      : scaleLinear()
          .domain([0, highest > 0 ? highest : 1])
          .nice();
  const yTicks = measure === 'share' ? shareTicks(y0 as ScaleLogarithmic<number, number>) : y0.ticks(5);
  const left = plotLeftPx(yTicks.map(formatTick));
  const plotWidth = width - left - PLOT_RIGHT_PX;
  const top = legendHeight(legend, plotWidth) + 10 + percentileRowsHeight(runs.length);
  const plotHeight = height - top - PLOT_BOTTOM_PX;
  const y = y0.range([plotHeight, 0]);
  const firstBin = bins[0] as HistogramBin;
  const lastBin = bins.at(-1) as HistogramBin;
  const x = scaleLog().domain([firstBin.lowNs, lastBin.highNs]).range([0, plotWidth]);

  const { plot } = appendPlotFrame(
    document,
    svg,
    { left, top, width: plotWidth, height: plotHeight, bottom: PLOT_BOTTOM_PX },
    {
      legend,
      x: axisBottom(x)
        .tickValues(latencyTicks(x.ticks()))
        .tickFormat((value) => formatLatency(Number(value))),
      y: { scale: y, ticks: yTicks, format: formatTick },
      xTitle: 'Latency (log scale)',
      yTitle: measure === 'count' ? 'Events per bin' : 'Share of events (log scale)',
    },
  );

  appendBars(plot, bins, { runs, styles, total, barValue, x, y, plotHeight });
  appendPercentileMarks(
    plot,
    runs.map((run, i) => ({
      run: run.run,
      label: styles[i]?.label ?? run.run,
      className: styles[i]?.className ?? '',
      points: MARKED_PERCENTILES.flatMap((p) => {
        const ns = histogramPercentile(run.bins, p);
        return ns === null ? [] : [{ p, ns }];
      }),
    })),
    { x, plotHeight },
  );
  return svg;
}

/** What the bars of a histogram are drawn with. */
interface HistogramBars {
  /** The runs with events, in the order of their bars within a bin. */
  runs: LatencyHistogram['runs'];
  /** Each run's label and colour, in the same order. */
  styles: RunStyle[];
  /** Events per run id. */
  total: Record<string, number>;
  /** A bar's height on the value axis: a share or a count, as the chart measures. */
  barValue: (run: string, bin: HistogramBin) => number;
  x: ScaleLogarithmic<number, number>;
  y: ScaleContinuousNumeric<number, number>;
  plotHeight: number;
}

/**
 * `<g class="marks">` in the plot: in each bin, the runs side by side with a small gap between
 * bins, one titled bar per run with events in it.
 */
function appendBars(plot: SVGGElement, bins: readonly HistogramBin[], bars: HistogramBars): void {
  const { runs, styles, total, barValue, x, y, plotHeight } = bars;
  const document = plot.ownerDocument;
  const marks = svgElement(document, 'g', { class: 'marks' });
  plot.append(marks);
  const GAP = 0.1;
  for (const bin of bins) {
    const x0 = x(bin.lowNs);
    const binWidth = x(bin.highNs) - x0;
    const barWidth = (binWidth * (1 - GAP)) / runs.length;
    runs.forEach((run, i) => {
      const count = bin.counts[run.run] ?? 0;
      if (count <= 0) return;
      const style = styles[i];
      if (!style) return;
      const value = barValue(run.run, bin);
      const share = (100 * count) / (total[run.run] || 1);
      const bar = svgElement(document, 'rect', {
        class: `${style.className} mark`,
        x: x0 + (binWidth * GAP) / 2 + i * barWidth,
        y: y(value),
        width: barWidth,
        height: plotHeight - y(value),
        'data-run': run.run,
        'data-bin': String(bin.index),
        'data-value': String(count),
        'data-share': share.toFixed(4),
      });
      appendTitle(document, bar, `${style.label} · ${binLabel(bin)}: ${count} events (${formatValue(share, '%')})`);
      marks.append(bar);
    });
  }
}

/**
 * The latency below which `percent` % of a run's events fall, read from its histogram: the
 * first bucket value where the running count reaches that share. As precise as sysbench's
 * buckets (about 1.8 % apart).
 */
export function histogramPercentile(
  bins: ReadonlyArray<{ ns: number; count: number }>,
  percent: number,
): number | null {
  const sorted = [...bins].filter((bin) => bin.count > 0).sort((a, b) => a.ns - b.ns);
  const total = sorted.reduce((sum, bin) => sum + bin.count, 0);
  if (total === 0) return null;
  let running = 0;
  for (const bin of sorted) {
    running += bin.count;
    if (running >= (total * percent) / 100) return bin.ns;
  }
  return sorted.at(-1)?.ns ?? null;
}

/** One line: each run's events, median and p99 as read from its histogram. */
export function histogramSummary(data: LatencyHistogram, options: HistogramOptions = {}): string {
  const styles = runStyles(
    data.runs.map((run) => run.run),
    options.runOrder,
  );
  const parts = data.runs.flatMap((run, i) => {
    const median = histogramPercentile(run.bins, 50);
    const p99 = histogramPercentile(run.bins, 99);
    if (median === null || p99 === null) return [];
    const events = run.bins.reduce((sum, bin) => sum + bin.count, 0);
    return [
      `${styles[i]?.label ?? run.run} median ${formatLatency(median)}, p99 ${formatLatency(p99)} (${events} events)`,
    ];
  });
  return parts.length === 0
    ? `${data.title}: no latency histogram.`
    : `${data.title}, from the histogram: ${parts.join('; ')}.`;
}

/** The chart's numbers: a row per merged bin any run used, a column per run, events and share. */
export function histogramTable(data: LatencyHistogram, options: HistogramOptions = {}): ChartTable {
  const styles = runStyles(
    data.runs.map((run) => run.run),
    options.runOrder,
  );
  const total = totals(data);
  return {
    caption: `${data.title}: events per latency bin`,
    columns: ['Latency', ...styles.map((style) => style.label)],
    rows: histogramBins(data, options.binsPerDecade)
      .filter((bin) => Object.keys(bin.counts).length > 0)
      .map((bin) => ({
        label: binLabel(bin),
        cells: data.runs.map((run) => {
          const count = bin.counts[run.run] ?? 0;
          return `${count} (${formatValue((100 * count) / (total[run.run] || 1), '%')})`;
        }),
      })),
  };
}
