// Where a run stands among the published runs of its workload: a strip of dots on one value
// axis, one dot per run, this run's ringed and labelled, each other dot a link to its run's page
// (provenance one click away). A log axis where the numbers span more than ten times. Dots that
// would overlap are stacked. The svg is a group of links, not an image (an image may hold no
// control); its links are named for screen readers, and the list under it says the same.

import { axisBottom } from 'd3-axis';
import { scaleLinear, scaleLog } from 'd3-scale';
import { formatValue } from '../lib/format-value.ts';
import type { BaseUnit, BetterIs } from '../view/model.ts';
import { appendAxis } from './axes.ts';
import { formatTick, logTicks } from './axis-format.ts';
import { estimateTextWidth } from './label-fit.ts';
import { appendTitle, round, svgElement, svgText } from './plot-parts.ts';
import { isLogByDefault, positiveSpan } from './scale-span.ts';
import { type ChartContext, createSvg } from './svg.ts';

export interface StandingDot {
  value: number;
  /** Who it is, for its tooltip and link name: "xfs · ext4 vs xfs vs btrfs". */
  label: string;
  /** The run's page; absent for this run's own dot. */
  href?: string;
}

export interface StandingChartData {
  /** The metric's title, for the chart's name. */
  title: string;
  unit: BaseUnit;
  betterIs: BetterIs;
  /** This run's number and its words ("this run", "your run"). */
  own: { value: number; label: string };
  others: readonly StandingDot[];
}

const DOT_RADIUS_PX = 5;
const OWN_RADIUS_PX = 7;
const SIDE_PX = 28;
const TOP_PX = 22;
const ROW_PX = 11;
const AXIS_PX = 42;
/** The run's label above its dot, in the chart's 12 px. */
const LABEL_FONT_PX = 12;

/** Stacks dots that would overlap: each goes to the first row whose last dot is far enough left. */
function rows(xs: readonly number[]): number[] {
  const order = xs.map((x, index) => ({ x, index })).sort((a, b) => a.x - b.x);
  const rowEnds: number[] = [];
  const rowOf: number[] = new Array(xs.length).fill(0);
  for (const { x, index } of order) {
    let row = rowEnds.findIndex((end) => x - end >= 2 * DOT_RADIUS_PX + 1);
    if (row === -1) row = rowEnds.length;
    rowEnds[row] = x;
    rowOf[index] = row;
  }
  return rowOf;
}

function valueScale(values: readonly number[], width: number) {
  const low = Math.min(...values);
  const high = Math.max(...values);
  const range: [number, number] = [SIDE_PX + OWN_RADIUS_PX, width - SIDE_PX - OWN_RADIUS_PX];
  if (low > 0 && isLogByDefault(positiveSpan(values))) {
    const scale = scaleLog()
      .domain([low / 1.1, high * 1.1])
      .range(range);
    return { scale, ticks: logTicks(low / 1.1, high * 1.1), isLog: true };
  }
  const pad = high === low ? Math.abs(high) * 0.1 || 1 : (high - low) * 0.08;
  const scale = scaleLinear()
    .domain([Math.max(0, low - pad), high + pad])
    .range(range)
    .nice();
  return { scale, ticks: scale.ticks(Math.max(2, Math.floor(width / 110))), isLog: false };
}

/** The strip: the other runs as linked dots, this run ringed and labelled above its dot. */
export function standingChart(data: StandingChartData, { width, document }: ChartContext): SVGSVGElement {
  const values = [data.own.value, ...data.others.map((dot) => dot.value)];
  const { scale, ticks, isLog } = valueScale(values, width);
  const otherXs = data.others.map((dot) => scale(dot.value));
  const rowOf = rows(otherXs);
  const rowCount = Math.max(1, ...rowOf.map((row) => row + 1));
  const baseline = TOP_PX + rowCount * ROW_PX + OWN_RADIUS_PX;
  const height = baseline + AXIS_PX;
  const better = data.betterIs === 'lower' ? 'lower is better' : 'higher is better';
  const svg = createSvg(
    document,
    { width, height },
    `${data.title}: ${data.own.label} ${formatValue(data.own.value, data.unit)} among ${data.others.length} other runs; ${better}${isLog ? ', log scale' : ''}`,
  );
  svg.setAttribute('role', 'group');
  svg.classList.add('standing-chart');
  appendAxis(
    document,
    svg,
    axisBottom(scale)
      .tickValues(ticks)
      .tickFormat((tick) => formatTick(Number(tick), data.unit))
      .tickSizeOuter(0),
    { className: 'x', y: baseline },
  );
  data.others.forEach((dot, index) => {
    const link = svgElement(document, 'a', {
      href: dot.href ?? '#',
      class: 'standing-dot',
      'aria-label': `${dot.label}: ${formatValue(dot.value, data.unit)}`,
    });
    const circle = svgElement(document, 'circle', {
      cx: round(otherXs[index] ?? 0),
      cy: round(baseline - OWN_RADIUS_PX - (rowOf[index] ?? 0) * ROW_PX),
      r: DOT_RADIUS_PX,
    });
    appendTitle(document, circle, `${dot.label}: ${formatValue(dot.value, data.unit)}`);
    link.append(circle);
    svg.append(link);
  });
  appendOwn(document, svg, data, { x: scale(data.own.value), y: baseline - OWN_RADIUS_PX, width });
  svg.append(
    svgText(
      document,
      `${data.betterIs === 'lower' ? '← ' : ''}${better}${data.betterIs === 'lower' ? '' : ' →'}${isLog ? ' · log scale' : ''}`,
      {
        class: 'axis-caption',
        x: data.betterIs === 'lower' ? SIDE_PX : width - SIDE_PX,
        y: height - 4,
        'text-anchor': data.betterIs === 'lower' ? 'start' : 'end',
      },
    ),
  );
  return svg;
}

/** This run's dot, ringed, with its label above it kept inside the chart. */
function appendOwn(
  document: Document,
  svg: SVGSVGElement,
  data: StandingChartData,
  { x, y, width }: { x: number; y: number; width: number },
): void {
  const group = svgElement(document, 'g', { class: 'standing-own' });
  const circle = svgElement(document, 'circle', { cx: round(x), cy: round(y), r: OWN_RADIUS_PX });
  appendTitle(document, circle, `${data.own.label}: ${formatValue(data.own.value, data.unit)}`);
  group.append(svgElement(document, 'line', { x1: round(x), x2: round(x), y1: 18, y2: round(y - OWN_RADIUS_PX) }));
  group.append(circle);
  const text = fittedLabel(`${data.own.label}: ${formatValue(data.own.value, data.unit)}`, width - 4);
  // Bold runs wider than the estimate's regular weight.
  const textWidth = estimateTextWidth(text, LABEL_FONT_PX) * 1.1;
  const left = Math.min(Math.max(2, x - textWidth / 2), width - 2 - textWidth);
  group.append(
    svgText(document, text, {
      class: 'standing-own-label',
      x: round(Math.max(2, left)),
      y: 14,
      'text-anchor': 'start',
    }),
  );
  svg.append(group);
}

/** The label cut with an ellipsis to fit `widthPx` (a long run label on a phone's strip). */
function fittedLabel(text: string, widthPx: number): string {
  if (estimateTextWidth(text, LABEL_FONT_PX) * 1.1 <= widthPx) return text;
  let cut = text;
  while (cut.length > 1 && estimateTextWidth(`${cut}…`, LABEL_FONT_PX) * 1.1 > widthPx) cut = cut.slice(0, -1);
  return `${cut}…`;
}
