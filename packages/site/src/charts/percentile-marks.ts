// Percentiles marked on a chart whose x axis is latency (sysbench's histograms): per run, a
// dashed rule in the run's colour at its p50, p99 and p99.9, named above the plot on a row of
// its own, so the median and the tail of each run read without the table.

import type { ScaleContinuousNumeric } from 'd3-scale';
import { estimateTextWidth } from './label-fit.ts';
import { formatLatency, percentileLabel } from './latency-scales.ts';
import { appendTitle, svgElement, svgText } from './plot-parts.ts';

/** A run's marked percentiles: latency in ns by percentile. */
export interface RunPercentiles {
  run: string;
  label: string;
  className: string;
  points: ReadonlyArray<{ p: number; ns: number }>;
}

const LABEL_FONT_PX = 10;
const ROW_PX = 12;

/** The height the labels take above the plot: a row per run. */
export function percentileRowsHeight(runs: number): number {
  return runs * ROW_PX;
}

/**
 * `<g class="percentile-marks">` in the plot: the rules, and each label where it does not run
 * into the one before it on its row (p99 and p99.9 can be a few pixels apart; the rule and its
 * title remain).
 */
export function appendPercentileMarks(
  plot: SVGGElement,
  runs: readonly RunPercentiles[],
  { x, plotHeight }: { x: ScaleContinuousNumeric<number, number>; plotHeight: number },
): void {
  const document = plot.ownerDocument;
  const group = svgElement(document, 'g', { class: 'percentile-marks' });
  runs.forEach((run, row) => {
    let labelEnd = Number.NEGATIVE_INFINITY;
    for (const point of run.points) {
      const at = x(point.ns);
      const rule = svgElement(document, 'line', {
        class: `${run.className} percentile-rule run-rule`,
        x1: at,
        x2: at,
        y1: 0,
        y2: plotHeight,
        'data-run': run.run,
        'data-p': String(point.p),
        'data-value': String(point.ns),
      });
      appendTitle(document, rule, `${run.label} · ${percentileLabel(point.p)}: ${formatLatency(point.ns)}`);
      group.append(rule);
      const text = percentileLabel(point.p);
      if (at + 2 < labelEnd) continue;
      group.append(
        svgText(document, text, {
          class: `${run.className} percentile-label run-label`,
          x: at + 2,
          // Rows above the plot, in the band the chart reserves (percentileRowsHeight).
          y: (row + 1 - runs.length) * ROW_PX - 3,
          'font-size': LABEL_FONT_PX,
          'aria-hidden': 'true',
        }),
      );
      labelEnd = at + 2 + estimateTextWidth(text, LABEL_FONT_PX) + 4;
    }
  });
  plot.append(group);
}
