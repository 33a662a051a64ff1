// Axes, grid lines and axis titles, and the frame the distribution and time-series charts share:
// a legend above a plot with a grid, an x axis, a y axis and a title for each.

import type { Axis, AxisDomain } from 'd3-axis';
import { axisLeft } from 'd3-axis';
import type { ScaleContinuousNumeric } from 'd3-scale';
import { select } from 'd3-selection';
import { estimateTextWidth } from './label-fit.ts';
import { appendLegend, type LegendItem } from './legend.ts';
import { round, svgElement, svgText } from './plot-parts.ts';

/**
 * Draws a d3 axis into a new `<g class="axis …">` of `parent`. Offset 0: d3-axis would otherwise
 * pick one from the global window's devicePixelRatio, and the chart would differ between build
 * time and the browser. d3-axis sets its own font on the group; the family is removed so the
 * chart's CSS decides, and the size is `fontSizePx` (matching the chart's width estimates) or
 * the CSS's. Positions are rounded to two decimals, as every other coordinate.
 */
export function appendAxis<Domain extends AxisDomain>(
  document: Document,
  parent: Element,
  axis: Axis<Domain>,
  { className, x = 0, y = 0, fontSizePx }: { className: string; x?: number; y?: number; fontSizePx?: number },
): SVGGElement {
  const group = svgElement(document, 'g', {
    class: `axis ${className}`,
    transform: `translate(${round(x)},${round(y)})`,
  });
  parent.append(group);
  select(group)
    .call(axis.offset(0))
    .attr('font-size', fontSizePx ?? null)
    .attr('font-family', null);
  for (const element of group.querySelectorAll('[transform], path')) {
    for (const name of ['transform', 'd']) {
      const value = element.getAttribute(name);
      if (value) element.setAttribute(name, roundNumbers(value));
    }
  }
  return group;
}

/** Every decimal number in an attribute value (a path, a transform) rounded to two decimals. */
export function roundNumbers(text: string): string {
  return text.replace(/-?\d+\.\d{3,}(e-?\d+)?/g, (number) => String(round(Number(number))));
}

/** Horizontal grid lines from `x1` to `x2` at the given y positions. */
export function appendGridLines(
  document: Document,
  parent: Element,
  ys: readonly number[],
  { x1, x2 }: { x1: number; x2: number },
): void {
  const grid = svgElement(document, 'g', { class: 'grid', 'aria-hidden': 'true' });
  for (const y of ys) grid.append(svgElement(document, 'line', { x1, x2, y1: y, y2: y }));
  parent.append(grid);
}

/** An axis title: below the x axis, or rotated beside the y axis. */
export function appendAxisTitle(
  document: Document,
  parent: Element,
  text: string,
  { x, y, rotate = false }: { x: number; y: number; rotate?: boolean },
): void {
  parent.append(
    svgText(document, text, {
      class: 'axis-title',
      x: rotate ? 0 : x,
      y: rotate ? 0 : y,
      'text-anchor': 'middle',
      ...(rotate ? { transform: `translate(${round(x)},${round(y)}) rotate(-90)` } : {}),
    }),
  );
}

/** The y axis of a plot: its scale (ranged to the plot), the ticks it shows, and their text. */
export interface ValueAxis {
  scale: ScaleContinuousNumeric<number, number>;
  ticks: readonly number[];
  format: (value: number) => string;
}

/**
 * Grid lines from `x1` to `x2` at the y ticks, then the y axis (`<g class="axis {className}">`)
 * at `x1` labelling them.
 */
export function appendValueAxis(
  document: Document,
  parent: Element,
  { scale, ticks, format }: ValueAxis,
  { x1, x2, className, fontSizePx }: { x1: number; x2: number; className: string; fontSizePx?: number },
): void {
  appendGridLines(
    document,
    parent,
    ticks.map((tick) => scale(tick)),
    { x1, x2 },
  );
  appendAxis(
    document,
    parent,
    axisLeft(scale)
      .tickValues(ticks)
      .tickFormat((value) => format(Number(value)))
      .tickSizeOuter(0),
    { className, x: x1, fontSizePx },
  );
}

// --- the plot frame ----------------------------------------------------------------------------

/** Room for an axis title, beside the y axis or below the x axis. */
export const AXIS_TITLE_PX = 22;
/** Room for a tick and its gap to the label. */
export const TICK_PX = 9;
/** Right of the plot: the last x tick label's overhang. */
export const PLOT_RIGHT_PX = 20;
/** Below the plot: a line of x tick labels and the x axis title. */
export const PLOT_BOTTOM_PX = AXIS_TITLE_PX + TICK_PX + 20;
/** Tick labels are set in the chart's 12 px (styles/charts.css). */
const TICK_FONT_PX = 12;

/** The widest of `texts` as tick labels, estimated. */
export function tickLabelWidth(texts: readonly string[]): number {
  return Math.max(0, ...texts.map((text) => estimateTextWidth(text, TICK_FONT_PX)));
}

/** Left of the plot: the y axis title, ticks, and the widest y tick label. */
export function plotLeftPx(yTickTexts: readonly string[]): number {
  return AXIS_TITLE_PX + TICK_PX + 4 + tickLabelWidth(yTickTexts);
}

/** Where the plot sits in the svg: its top left corner, its size, and the room below it. */
export interface PlotBox {
  left: number;
  top: number;
  width: number;
  height: number;
  bottom: number;
}

/**
 * The legend above the plot (aligned with it), then `<g class="plot">` translated to the box
 * with grid lines at the y ticks, the y axis, the x axis at its bottom and both axis titles.
 * Returns the plot group, for the marks, and the x axis group.
 */
export function appendPlotFrame<XDomain extends AxisDomain>(
  document: Document,
  svg: SVGSVGElement,
  box: PlotBox,
  parts: { legend: readonly LegendItem[]; x: Axis<XDomain>; y: ValueAxis; xTitle: string; yTitle: string },
): { plot: SVGGElement; xAxis: SVGGElement } {
  const { left, top, width, height, bottom } = box;
  appendLegend(document, svg, parts.legend, { width, at: { x: left, y: 0 } });
  const plot = svgElement(document, 'g', { class: 'plot', transform: `translate(${round(left)},${round(top)})` });
  svg.append(plot);
  appendValueAxis(document, plot, parts.y, { x1: 0, x2: width, className: 'y' });
  const xAxis = appendAxis(document, plot, parts.x.tickSizeOuter(0), { className: 'x', y: height });
  appendAxisTitle(document, plot, parts.xTitle, { x: width / 2, y: height + bottom - 4 });
  appendAxisTitle(document, plot, parts.yTitle, { x: -left + 14, y: height / 2, rotate: true });
  return { plot, xAxis };
}
