// Draws a figure for a view state: the chart, its data table and its one-line summary. The page
// calls it at build time with jsdom's document, and the page script calls it again in the
// browser whenever the reader changes the view.

import { barChart, barScaleFor } from '../charts/bar-chart.ts';
import { barSummary } from '../charts/bar-summary.ts';
import type { ChartTable } from '../charts/data-table.ts';
import { histogramChart, histogramSummary, histogramTable } from '../charts/histogram-chart.ts';
import { latencyChart, latencySummary, latencyTable } from '../charts/latency-chart.ts';
import { sweepChart } from '../charts/sweep-chart.ts';
import { formatSweepX, sweepSummary, sweepTableRows } from '../charts/sweep-summary.ts';
import { timeSeriesChart, timeSeriesSummary, timeSeriesTable } from '../charts/time-series-chart.ts';
import { formatValue } from '../lib/format-value.ts';
import { DEVICE_FIGURES, type PageState, shownFigure } from '../lib/page-state.ts';
import type { MetricComparison, RunRef, SweepSeries } from '../view/model.ts';
import { barChartTable } from './bar-table.ts';
import { type FigureSpec, figureSize } from './figure-spec.ts';

export interface RenderedFigure {
  svg: SVGSVGElement;
  table: ChartTable;
  summary: string;
  /** Why the view differs from what was asked (a log scale drawn linear), when it does. */
  note?: string;
}

/** The figure in `state`: only the runs shown, normalized, scaled and sorted as chosen. */
export function renderFigure(
  spec: FigureSpec,
  state: PageState,
  runOrder: readonly RunRef[],
  document: Document,
  maxWidthPx?: number,
): RenderedFigure {
  const sizeOf = (kind: FigureSpec['kind']) => figureSize(kind, maxWidthPx);
  const shown = new Set(state.runs);
  switch (spec.kind) {
    case 'bars': {
      const data = comparisonOfRuns(spec.data, shown);
      const baseline = state.baseline !== null && shown.has(state.baseline) ? state.baseline : undefined;
      const options = { baseline, groupNoun: spec.groupNoun };
      return {
        // Horizontal bars: value labels at the bar ends, never turned; the height follows the rows.
        svg: barChart(data, {
          width: sizeOf('bars').width,
          document,
          ...options,
          scale: state.scale,
          sort: state.sort,
          runOrder,
        }),
        table: barChartTable(data, options),
        summary: barSummary(data, options),
        note: barScaleFor(data, { scale: state.scale, baseline }).note,
      };
    }
    case 'sweep': {
      const data: SweepSeries = { ...spec.data, runs: spec.data.runs.filter((run) => shown.has(run.run)) };
      if (spec.data.companions !== undefined)
        data.companions = spec.data.companions.filter((companion) => shown.has(companion.run));
      return {
        svg: sweepChart(data, { ...sizeOf('sweep'), document, runs: runOrder }),
        table: sweepTable(data, runOrder),
        summary: sweepSummary(data, runOrder),
      };
    }
    case 'latency': {
      const data = { ...spec.data, runs: spec.data.runs.filter((run) => shown.has(run.run)) };
      return {
        svg: latencyChart(data, { ...sizeOf('latency'), document, runOrder, view: spec.view }),
        table: latencyTable(data, { runOrder, view: spec.view }),
        summary: latencySummary(data, { runOrder, view: spec.view }),
      };
    }
    case 'histogram': {
      const data = { ...spec.data, runs: spec.data.runs.filter((run) => shown.has(run.run)) };
      return {
        svg: histogramChart(data, { ...sizeOf('histogram'), document, runOrder }),
        table: histogramTable(data, { runOrder }),
        summary: histogramSummary(data, { runOrder }),
      };
    }
    case 'time-series': {
      const options = {
        figure: shownFigure(spec.figures ?? DEVICE_FIGURES, state.figure),
        domain: state.zoom ?? undefined,
        runs: state.runs,
        runOrder,
      };
      return {
        svg: timeSeriesChart(spec.data, { ...sizeOf('time-series'), document, ...options, spans: spec.spans }),
        table: timeSeriesTable(spec.data, options),
        summary: timeSeriesSummary(spec.data, options),
      };
    }
  }
}

/** The comparison restricted to the runs shown. */
function comparisonOfRuns(data: MetricComparison, shown: ReadonlySet<string>): MetricComparison {
  return {
    ...data,
    runs: data.runs.filter((run) => shown.has(run.id)),
    cells: data.cells.filter((cell) => shown.has(cell.run)),
  };
}

/** A sweep's numbers as a table: a row per x, a column per run (and per companion line after them). */
function sweepTable(data: SweepSeries, runOrder: readonly RunRef[]): ChartTable {
  const rows = sweepTableRows(data, runOrder);
  const runs = [...new Map(rows.map((row) => [row.runId, row.run])).entries()];
  const companions = companionColumns(data, runOrder);
  const xs = [
    ...new Map([
      ...rows.map((row) => [row.x, row.xText] as const),
      ...companions.flatMap((column) => column.points.map((p) => [p.x, formatSweepX(p.x, data.xLabel)] as const)),
    ]).entries(),
  ].sort(([a], [b]) => a - b);
  // By x and run: a run over time has thousands of intervals.
  const cell = new Map(rows.map((row) => [`${row.x}|${row.runId}`, row.valueText]));
  return {
    caption: data.title,
    columns: [data.xLabel, ...runs.map(([, label]) => label), ...companions.map((column) => column.label)],
    rows: xs.map(([x, xText]) => ({
      label: xText,
      cells: [
        ...runs.map(([runId]) => cell.get(`${x}|${runId}`) ?? ''),
        ...companions.map((column) => column.cells.get(x) ?? ''),
      ],
    })),
  };
}

/** The companion lines as table columns: "ext4 · device (iostat, loop0)", their values by x. */
function companionColumns(data: SweepSeries, runOrder: readonly RunRef[]) {
  return (data.companions ?? []).map((companion) => ({
    label: `${runOrder.find((run) => run.id === companion.run)?.label ?? companion.run} · ${companion.label}`,
    points: companion.points,
    cells: new Map(companion.points.map((p) => [p.x, formatValue(p.value, data.unit)])),
  }));
}
