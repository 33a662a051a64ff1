// iostat's figures over time: one line per run and device, x in seconds since the run's first
// report, y in the figure's unit. A plain function of the data; zoom is the `domain` option (the
// page's brush sets it, see brush.ts), and the hover read-out is computed by `readout`, which the
// page's script calls with the time under the pointer.

import { bisector, extent, max, mean } from 'd3-array';
import { axisBottom } from 'd3-axis';
import { type ScaleLinear, scaleLinear } from 'd3-scale';
import { formatValue } from '../lib/format-value.ts';
import type { AnyDeviceFigure, BaseUnit, DeviceSeries, RunRef, TimeSpan } from '../view/model.ts';
import { appendPlotFrame, PLOT_BOTTOM_PX, PLOT_RIGHT_PX, plotLeftPx } from './axes.ts';
import type { ChartTable } from './data-table.ts';
import { appendJobSpans, JOB_SPAN_KEY } from './job-spans.ts';
import { type LegendItem, legendHeight } from './legend.ts';
import { appendEmptyMessage, appendTitle, linePath, round, svgElement } from './plot-parts.ts';
import { runStyles } from './run-styles.ts';
import { type ChartContext, createSvg } from './svg.ts';

/** What each figure is called and the unit its values are in. */
export const DEVICE_FIGURES: Record<AnyDeviceFigure, { title: string; unit: BaseUnit }> = {
  util: { title: 'Utilization', unit: '%' },
  await: { title: 'Average wait per request', unit: 'ns' },
  readsPerSec: { title: 'Reads per second', unit: 'op/s' },
  writesPerSec: { title: 'Writes per second', unit: 'op/s' },
  readBytesPerSec: { title: 'Read throughput', unit: 'B/s' },
  writeBytesPerSec: { title: 'Write throughput', unit: 'B/s' },
  transfersPerSec: { title: 'Transfers per second', unit: 'op/s' },
};

/** A series' values of a figure; none where its tool has no such figure. */
function valuesOf(series: DeviceSeries, figure: AnyDeviceFigure): ReadonlyArray<number | null> {
  return series.values[figure] ?? [];
}

export interface TimeSeriesOptions {
  figure: AnyDeviceFigure;
  /** The time window shown, in seconds since start: the zoom. The whole run when absent. */
  domain?: readonly [number, number];
  /** The run ids to draw (the run selector); every run when absent. */
  runs?: readonly string[];
  /** The experiment's runs in declared order: labels, and each run's colour across the page. */
  runOrder?: readonly RunRef[];
}

export interface TimeSeriesChartOptions extends ChartContext, TimeSeriesOptions {
  /** fio's jobs on the time axis, where they share iostat's clock (job-spans.ts). */
  spans?: readonly TimeSpan[];
}

/** How a line is drawn: its series, label, colour class and (for a run's second device on) dash class. */
export interface SeriesLine {
  series: DeviceSeries;
  key: string;
  label: string;
  className: string;
  /** `device-1`, `device-2` …: a dash pattern telling a run's devices apart; '' for its first. */
  deviceClass: string;
}

/**
 * The lines to draw, in the order given: the selected runs' series, each coloured by its run
 * (declared order), dashed by its device's place within the run. Colours and dashes come from
 * the whole list, so selecting runs never recolours a line.
 */
export function seriesLines(
  series: readonly DeviceSeries[],
  options: { runs?: readonly string[]; runOrder?: readonly RunRef[] } = {},
): SeriesLine[] {
  const runIds = [...new Set(series.map((s) => s.run))];
  const styles = runStyles(runIds, options.runOrder);
  const devicesSeen = new Map<string, string[]>();
  const lines: SeriesLine[] = [];
  for (const s of series) {
    const devices = devicesSeen.get(s.run) ?? [];
    if (!devices.includes(s.device)) devices.push(s.device);
    devicesSeen.set(s.run, devices);
    if (options.runs && !options.runs.includes(s.run)) continue;
    const style = styles.find((candidate) => candidate.id === s.run);
    const deviceIndex = devices.indexOf(s.device);
    lines.push({
      series: s,
      key: `${s.run}/${s.device}`,
      label: `${style?.label ?? s.run} · ${s.device}`,
      className: style?.className ?? 'series-0',
      deviceClass: deviceIndex === 0 ? '' : `device-${Math.min(deviceIndex, 3)}`,
    });
  }
  return lines;
}

/** First and last time of all series, in s; [0, 1] when there is none. */
export function timeExtent(series: readonly DeviceSeries[]): [number, number] {
  const [low, high] = extent(series.flatMap((s) => s.t));
  return low === undefined || high === undefined ? [0, 1] : [low, high > low ? high : low + 1];
}

/** The index of the sample nearest `tSec` (ties to the earlier one); -1 for an empty series. */
export function nearestIndex(series: Pick<DeviceSeries, 't'>, tSec: number): number {
  if (series.t.length === 0) return -1;
  return bisector((t: number) => t).center(series.t, tSec);
}

/** One line of the hover read-out. */
export interface Reading {
  run: string;
  device: string;
  label: string;
  /** The time of the sample read, s since start. */
  tSec: number;
  value: number | null;
  /** "87.5%", "20.1 MB/s", or "no value". */
  text: string;
}

/** Each series' value of `figure` at the sample nearest `tSec`: what the hover read-out shows. */
export function readout(
  series: readonly DeviceSeries[],
  figure: AnyDeviceFigure,
  tSec: number,
  options: { runs?: readonly string[]; runOrder?: readonly RunRef[] } = {},
): Reading[] {
  const { unit } = DEVICE_FIGURES[figure];
  return seriesLines(series, options).flatMap((drawn) => {
    const index = nearestIndex(drawn.series, tSec);
    if (index < 0) return [];
    const value = valuesOf(drawn.series, figure)[index] ?? null;
    return [
      {
        run: drawn.series.run,
        device: drawn.series.device,
        label: drawn.label,
        tSec: drawn.series.t[index] ?? tSec,
        value,
        text: value === null ? 'no value' : formatValue(value, unit),
      },
    ];
  });
}

/** "45 s" within the first two minutes, then "m:ss", and "h:mm:ss" for logs of two hours or more. */
export function formatElapsed(tSec: number, spanSec: number): string {
  if (spanSec < 120) return `${Number(tSec.toFixed(1))} s`;
  const whole = Math.round(tSec);
  const seconds = String(whole % 60).padStart(2, '0');
  if (spanSec < 7200) return `${Math.floor(whole / 60)}:${seconds}`;
  return `${Math.floor(whole / 3600)}:${String(Math.floor(whole / 60) % 60).padStart(2, '0')}:${seconds}`;
}

/** The lines of `figure` as a detached `<svg role="img">`, with an empty brush layer and hover rule. */
export function timeSeriesChart(series: readonly DeviceSeries[], options: TimeSeriesChartOptions): SVGSVGElement {
  const { document, width, height, figure } = options;
  const { title, unit } = DEVICE_FIGURES[figure];
  const lines = seriesLines(series, options);
  const domain = options.domain ?? timeExtent(lines.map((drawn) => drawn.series));
  const [t0, t1] = domain;
  const svg = createSvg(document, options, `${title} over time, per run and device`);
  svg.setAttribute('data-chart', 'time-series');
  svg.setAttribute('data-figure', figure);
  svg.setAttribute('data-domain', `${t0},${t1}`);
  if (lines.length === 0) {
    appendEmptyMessage(document, svg, 'No device time series for the selected runs.', width, height);
    return svg;
  }

  const visible = visibleSamples(lines, domain);
  const { y: y0, ticks: yTicks } = valueScale(visible, figure);
  const formatTick = (value: number) => formatValue(value, unit);
  const legendItems: LegendItem[] = lines.map((drawn) => ({
    run: drawn.series.run,
    label: drawn.label,
    className: drawn.className,
    kind: 'line',
    ...(drawn.deviceClass ? { swatchClass: drawn.deviceClass } : {}),
  }));
  const hasSpans = (options.spans ?? []).some((span) => lines.some((drawn) => drawn.series.run === span.run));
  if (hasSpans) legendItems.push({ ...JOB_SPAN_KEY });
  const left = plotLeftPx(yTicks.map(formatTick));
  const plotWidth = width - left - PLOT_RIGHT_PX;
  const topPx = legendHeight(legendItems, plotWidth) + 10;
  const plotHeight = height - topPx - PLOT_BOTTOM_PX;
  const y = y0.range([plotHeight, 0]);
  const x = scaleLinear().domain([t0, t1]).range([0, plotWidth]);
  svg.setAttribute('data-plot', [left, topPx, plotWidth, plotHeight].map(round).join(','));

  const { plot } = appendPlotFrame(
    document,
    svg,
    { left, top: topPx, width: plotWidth, height: plotHeight, bottom: PLOT_BOTTOM_PX },
    {
      legend: legendItems,
      x: axisBottom(x)
        .ticks(Math.max(2, Math.floor(plotWidth / 80)))
        .tickFormat((value) => formatElapsed(Number(value), t1)),
      y: { scale: y, ticks: yTicks, format: formatTick },
      xTitle: `Time since start (${t1 < 120 ? 's' : t1 < 7200 ? 'min:s' : 'h:min:s'})`,
      yTitle: title,
    },
  );
  if (options.spans !== undefined && options.spans.length > 0) {
    const classOf = (run: string) => lines.find((drawn) => drawn.series.run === run)?.className;
    const runsInOrder = [...new Set(lines.map((drawn) => drawn.series.run))];
    appendJobSpans(plot, options.spans, { x, plotHeight, classOf, runsInOrder });
  }
  appendSeriesPaths(plot, visible, { figure, x, y });
  appendPointerLayers(plot, plotWidth, plotHeight);
  return svg;
}

/** A line to draw and the indexes of its samples inside the time window. */
interface VisibleLine {
  drawn: SeriesLine;
  indexes: number[];
}

/** Only the samples inside the window are drawn: a zoomed chart is built from fewer points. */
function visibleSamples(lines: readonly SeriesLine[], [t0, t1]: readonly [number, number]): VisibleLine[] {
  return lines.map((drawn) => {
    const indexes: number[] = [];
    drawn.series.t.forEach((t, i) => {
      if (t >= t0 && t <= t1) indexes.push(i);
    });
    return { drawn, indexes };
  });
}

/** The value axis, from zero to the highest value in the window (rounded), before its range is known. */
function valueScale(visible: readonly VisibleLine[], figure: AnyDeviceFigure) {
  const { unit } = DEVICE_FIGURES[figure];
  const values = visible.flatMap(({ drawn, indexes }) =>
    indexes.map((i) => valuesOf(drawn.series, figure)[i]).filter((value): value is number => value != null),
  );
  const highest = max(values) ?? 0;
  // Utilization has a natural top; other figures scale to what the window holds.
  const top = unit === '%' && highest <= 100 ? 100 : highest > 0 ? highest : 1;
  const y = scaleLinear().domain([0, top]).nice();
  return { y, ticks: y.ticks(5) };
}

/**
 * `<g class="lines">` in the plot: a path per visible line, with gaps where a sample has no
 * value, titled with its mean and peak over the window.
 */
function appendSeriesPaths(
  plot: SVGGElement,
  visible: readonly VisibleLine[],
  { figure, x, y }: { figure: AnyDeviceFigure; x: ScaleLinear<number, number>; y: ScaleLinear<number, number> },
): void {
  const document = plot.ownerDocument;
  const { unit } = DEVICE_FIGURES[figure];
  const group = svgElement(document, 'g', { class: 'lines' });
  plot.append(group);
  for (const { drawn, indexes } of visible) {
    const column = valuesOf(drawn.series, figure);
    const points = indexes.map((i) => {
      const value = column[i];
      return value == null ? null : ([x(drawn.series.t[i] ?? 0), y(value)] as const);
    });
    const element = svgElement(document, 'path', {
      class: `${drawn.className} line${drawn.deviceClass ? ` ${drawn.deviceClass}` : ''}`,
      d: linePath(points),
      'data-run': drawn.series.run,
      'data-device': drawn.series.device,
    });
    const shown = indexes.map((i) => column[i]).filter((value): value is number => value != null);
    appendTitle(
      document,
      element,
      shown.length === 0
        ? `${drawn.label}: no values`
        : `${drawn.label}: mean ${formatValue(mean(shown) ?? 0, unit)}, max ${formatValue(max(shown) ?? 0, unit)}`,
    );
    group.append(element);
  }
}

/**
 * The layers the page's script brings to life: the hover rule (it moves the rule and fills the
 * read-out) and the empty brush layer (brush.ts fills it).
 */
function appendPointerLayers(plot: SVGGElement, plotWidth: number, plotHeight: number): void {
  const document = plot.ownerDocument;
  const hover = svgElement(document, 'g', { class: 'hover', 'aria-hidden': 'true' });
  hover.append(
    svgElement(document, 'line', { class: 'hover-rule', x1: 0, x2: 0, y1: 0, y2: plotHeight, visibility: 'hidden' }),
  );
  plot.append(hover);
  plot.append(svgElement(document, 'g', { class: 'brush-layer', 'data-width': plotWidth, 'data-height': plotHeight }));
}

/** One line: each drawn series' mean and peak of the figure over the window. */
export function timeSeriesSummary(series: readonly DeviceSeries[], options: TimeSeriesOptions): string {
  const { title, unit } = DEVICE_FIGURES[options.figure];
  const rows = seriesStats(series, options);
  const parts = rows.flatMap((row) =>
    row.mean === null || row.max === null
      ? []
      : [`${row.label} mean ${formatValue(row.mean, unit)}, peak ${formatValue(row.max, unit)} at ${row.maxAt}`],
  );
  return parts.length === 0 ? `${title}: no values.` : `${title}: ${parts.join('; ')}.`;
}

/** The chart's numbers: per drawn series, its samples, mean, peak and when the peak was. */
export function timeSeriesTable(series: readonly DeviceSeries[], options: TimeSeriesOptions): ChartTable {
  const { title, unit } = DEVICE_FIGURES[options.figure];
  return {
    caption: `${title} per run and device`,
    columns: ['Run · device', 'Samples', 'Mean', 'Peak', 'Peak at'],
    rows: seriesStats(series, options).map((row) => ({
      label: row.label,
      cells: [
        String(row.samples),
        row.mean === null ? '' : formatValue(row.mean, unit),
        row.max === null ? '' : formatValue(row.max, unit),
        row.maxAt,
      ],
    })),
  };
}

function seriesStats(series: readonly DeviceSeries[], options: TimeSeriesOptions) {
  const lines = seriesLines(series, options);
  const [t0, t1] = options.domain ?? timeExtent(lines.map((drawn) => drawn.series));
  return lines.map((drawn) => {
    const column = valuesOf(drawn.series, options.figure);
    let samples = 0;
    let sum = 0;
    let peak: number | null = null;
    let peakAt = 0;
    drawn.series.t.forEach((t, i) => {
      const value = column[i];
      if (t < t0 || t > t1 || value == null) return;
      samples += 1;
      sum += value;
      if (peak === null || value > peak) {
        peak = value;
        peakAt = t;
      }
    });
    return {
      label: drawn.label,
      samples,
      mean: samples === 0 ? null : sum / samples,
      max: peak as number | null,
      maxAt: peak === null ? '' : formatElapsed(peakAt, t1),
    };
  });
}
