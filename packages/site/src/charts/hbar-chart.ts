// Horizontal bars: one metric across runs, a block per group (a fio job, a bonnie++ size), a bar
// per run inside it, best first, each with its value printed at the bar's end (never turned),
// its spread drawn as a whisker, and on the chart itself the unit, which way is better and what
// the whiskers are. A plain function of data and a width: its height follows from the rows.

import { scaleLinear } from 'd3-scale';
import { formatValue } from '../lib/format-value.ts';
import type { BarCell, MetricComparison, RunRef } from '../view/model.ts';
import { rankedCells } from '../view/noise.ts';
import { formatTick } from './axis-format.ts';
import { formatSpread, spreadKindText, spreadLegend } from './bar-summary.ts';
import { estimateTextWidth, wrapLabel } from './label-fit.ts';
import { appendTitle, round, svgElement, svgText } from './plot-parts.ts';
import { runStyles } from './run-styles.ts';
import { createSvg } from './svg.ts';

const FONT_PX = 12;
const ROW_PX = 20;
const BAR_PX = 14;
const GROUP_GAP_PX = 10;
const LINE_PX = 15;
const AXIS_PX = 22;

export interface HBarChartOptions {
  width: number;
  document: Document;
  /** The experiment's runs in declared order: each run keeps its colour. */
  runOrder?: readonly RunRef[];
  /** The accessible name's summary sentence. */
  summary?: string;
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
  cell: BarCell;
  label: string;
  className: string;
}

/** The header lines: "op/s · higher is better", then what the whiskers are, wrapped to the width. */
function headerLines(data: MetricComparison, width: number): string[] {
  const better = data.betterIs === 'neither' ? undefined : `${data.betterIs} is better`;
  const unit = `${data.title}, ${UNIT_WORDS[data.unit]}`;
  const lines = [[unit, better].filter((part) => part !== undefined).join(' · ')];
  const legend = spreadLegend(data);
  if (legend !== null) lines.push(...wrapLabel(legend, width, FONT_PX - 1, 3));
  return lines;
}

/** Rows per group, best first (the groups keep their order; a run keeps its colour). */
function groupRows(data: MetricComparison, runOrder: readonly RunRef[]): Array<{ label: string; rows: Row[] }> {
  const styles = runStyles(
    data.runs.map((run) => run.id),
    runOrder.length > 0 ? runOrder : data.runs,
  );
  return data.groups
    .map((group) => ({
      label: group.label,
      rows: rankedCells(data, group.key).map((cell) => {
        const style = styles.find((s) => s.id === cell.run);
        return { cell, label: style?.label ?? cell.run, className: style?.className ?? 'series-0' };
      }),
    }))
    .filter((group) => group.rows.length > 0);
}

/**
 * The chart as a detached `<svg>`: `data-chart="hbar"`; every bar a `<rect class="series-N mark
 * bar">` with `data-run`, `data-group` and `data-value`; every value label a `text.value-label`.
 */
export function hbarChart(data: MetricComparison, options: HBarChartOptions): SVGSVGElement {
  const { width, document } = options;
  const groups = groupRows(data, options.runOrder ?? []);
  const header = headerLines(data, width);
  const rowCount = groups.reduce((sum, group) => sum + group.rows.length, 0);
  const showGroups = groups.length > 1 || (groups[0]?.label ?? '') !== '';
  const top = header.length * LINE_PX + 6;
  const height = top + groups.length * ((showGroups ? LINE_PX : 0) + GROUP_GAP_PX) + rowCount * ROW_PX + AXIS_PX;
  const svg = createSvg(
    document,
    { width, height },
    `${data.title}, horizontal bar chart. ${options.summary ?? ''}`.trim(),
  );
  svg.setAttribute('data-chart', 'hbar');
  svg.setAttribute('data-key', data.key);
  header.forEach((line, index) => {
    svg.append(
      svgText(document, line, {
        class: index === 0 ? 'axis-caption' : 'spread-legend axis-caption',
        x: 0,
        y: (index + 1) * LINE_PX - 3,
        'font-size': FONT_PX - 1,
      }),
    );
  });
  const labelWidth = Math.min(
    width * 0.36,
    Math.max(...groups.flatMap((g) => g.rows.map((r) => estimateTextWidth(r.label, FONT_PX)))) + 8,
  );
  const valueWidth =
    Math.max(...groups.flatMap((g) => g.rows.map((r) => estimateTextWidth(valueText(data, r.cell), FONT_PX)))) + 10;
  const highest = Math.max(0, ...data.cells.map((cell) => Math.max(cell.value, cell.high ?? 0)));
  const x = scaleLinear()
    .domain([0, highest || 1])
    .nice(4)
    .range([labelWidth, Math.max(labelWidth + 40, width - valueWidth)]);
  let y = top;
  for (const group of groups) {
    if (showGroups) {
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
    }
    for (const row of group.rows) {
      appendRow(svg, data, row, { x, y, labelWidth });
      y += ROW_PX;
    }
    y += GROUP_GAP_PX;
  }
  appendAxis(svg, data, x, y);
  return svg;
}

/** "7.37 k op/s", or with the tool's sd "645 µs ± 4.65 ms". */
function valueText(data: MetricComparison, cell: BarCell): string {
  const value = formatValue(cell.value, data.unit);
  return cell.spread === 'stddev' && cell.sd !== undefined ? `${value} ± ${formatValue(cell.sd, data.unit)}` : value;
}

function appendRow(
  svg: SVGSVGElement,
  data: MetricComparison,
  row: Row,
  { x, y, labelWidth }: { x: ReturnType<typeof scaleLinear<number, number>>; y: number; labelWidth: number },
): void {
  const { document } = { document: svg.ownerDocument };
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
  const x0 = x(0);
  const end = x(row.cell.value);
  const bar = svgElement(document, 'rect', {
    class: `${row.className} mark bar`,
    x: x0,
    y: centre - BAR_PX / 2,
    width: Math.max(1, end - x0),
    height: BAR_PX,
    'data-run': row.cell.run,
    'data-group': row.cell.group,
    'data-value': String(row.cell.value),
  });
  const spread = formatSpread(row.cell, data.unit);
  appendTitle(
    document,
    bar,
    `${row.label}: ${formatValue(row.cell.value, data.unit)}${spread === null ? '' : ` (${spread}, ${spreadKindText(row.cell, data)})`}`,
  );
  svg.append(bar);
  let labelX = end;
  if (row.cell.low !== undefined && row.cell.high !== undefined) {
    const low = x(Math.max(0, row.cell.low));
    const high = x(row.cell.high);
    const whisker = svgElement(document, 'g', { class: 'spread', 'data-run': row.cell.run });
    whisker.append(svgElement(document, 'line', { x1: low, x2: high, y1: centre, y2: centre }));
    for (const at of row.cell.low > 0 ? [low, high] : [high]) {
      whisker.append(svgElement(document, 'line', { x1: at, x2: at, y1: centre - 4, y2: centre + 4 }));
    }
    svg.append(whisker);
    labelX = Math.max(end, high);
  }
  svg.append(
    svgText(document, valueText(data, row.cell), {
      class: 'value-label',
      'data-run': row.cell.run,
      'data-group': row.cell.group,
      x: round(labelX + 5),
      y: centre + 4,
      'font-size': FONT_PX,
    }),
  );
}

/** The value axis under the bars: a line, and three to five ticks in the metric's unit. */
function appendAxis(
  svg: SVGSVGElement,
  data: MetricComparison,
  x: ReturnType<typeof scaleLinear<number, number>>,
  y: number,
): void {
  const document = svg.ownerDocument;
  const axis = svgElement(document, 'g', { class: 'axis axis-x-values' });
  axis.append(svgElement(document, 'line', { x1: x.range()[0] ?? 0, x2: x.range()[1] ?? 0, y1: y, y2: y }));
  for (const tick of fittingTicks(x, data)) {
    axis.append(svgElement(document, 'line', { x1: x(tick), x2: x(tick), y1: y, y2: y + 4 }));
    axis.append(
      svgText(document, formatTick(tick, data.unit), {
        x: x(tick),
        y: y + 16,
        'text-anchor': 'middle',
        'font-size': FONT_PX - 1,
      }),
    );
  }
  svg.append(axis);
}

/** The most ticks (up to 5) whose labels do not overlap on the axis's width. */
function fittingTicks(x: ReturnType<typeof scaleLinear<number, number>>, data: MetricComparison): number[] {
  const [from = 0, to = 0] = x.range();
  for (const count of [5, 4, 3, 2]) {
    const ticks = x.ticks(count);
    const widest = Math.max(...ticks.map((tick) => estimateTextWidth(formatTick(tick, data.unit), FONT_PX - 1)));
    if (ticks.length < 2 || (to - from) / (ticks.length - 1) >= widest + 8) return ticks;
  }
  return x.domain();
}
