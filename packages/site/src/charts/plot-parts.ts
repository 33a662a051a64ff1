// Parts the distribution, time-series and histogram charts share: elements made from the given
// document, rounded coordinates, axes. The legend is in legend.ts, run colours in run-styles.ts,
// text width estimates in label-fit.ts.

import type { Axis, AxisDomain } from 'd3-axis';
import { select } from 'd3-selection';
import { SVG_NS } from './svg.ts';

/** Attribute values as charts write them; numbers are rounded to 0.01 px first. */
export type Attributes = Record<string, string | number>;

/** A detached SVG element of `document` with the given attributes. */
export function svgElement<K extends keyof SVGElementTagNameMap>(
  document: Document,
  name: K,
  attributes: Attributes = {},
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, name) as SVGElementTagNameMap[K];
  for (const [key, value] of Object.entries(attributes)) {
    element.setAttribute(key, typeof value === 'number' ? String(round(value)) : value);
  }
  return element;
}

/** `<text>` with content. */
export function svgText(document: Document, text: string, attributes: Attributes = {}): SVGTextElement {
  const element = svgElement(document, 'text', attributes);
  element.textContent = text;
  return element;
}

/** Adds a `<title>` (the tooltip browsers show on hover, and a name for the mark) to an element. */
export function appendTitle(document: Document, element: SVGElement, text: string): void {
  const title = svgElement(document, 'title');
  title.textContent = text;
  element.append(title);
}

/** Two decimals: enough for a crisp chart, and snapshots free of float noise. */
export function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Draws a d3 axis into a new `<g class="axis …">` of `parent`. d3-axis sets its own font on the
 * group; it is removed so the chart's CSS decides.
 */
export function appendAxis<Domain extends AxisDomain>(
  document: Document,
  parent: SVGElement,
  axis: Axis<Domain>,
  { className, x = 0, y = 0 }: { className: string; x?: number; y?: number },
): SVGGElement {
  const group = svgElement(document, 'g', {
    class: `axis ${className}`,
    transform: `translate(${round(x)},${round(y)})`,
  });
  parent.append(group);
  select(group).call(axis).attr('font-size', null).attr('font-family', null);
  // d3-axis writes positions at full float precision; two decimals keep snapshots stable.
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

/**
 * An SVG path through `points` in order, lifting the pen at each null: a line with gaps where a
 * value is missing. d3-shape's line() does the same, but ships whole to the browser (about 16 KB
 * of minified code), where the time-series chart is drawn again on every zoom. A lone point
 * between gaps is a zero-length segment, which round line caps show as a dot.
 */
export function linePath(points: ReadonlyArray<readonly [number, number] | null>): string {
  let d = '';
  let previous: readonly [number, number] | null = null;
  points.forEach((point, i) => {
    if (point === null) {
      previous = null;
      return;
    }
    const xy = `${round(point[0])},${round(point[1])}`;
    const isLone = previous === null && (points[i + 1] ?? null) === null;
    d += previous === null ? `M${xy}${isLone ? `L${xy}` : ''}` : `L${xy}`;
    previous = point;
  });
  return d;
}

/** Horizontal grid lines across the plot at the given y positions. */
export function appendGridLines(document: Document, parent: SVGElement, ys: readonly number[], width: number): void {
  const grid = svgElement(document, 'g', { class: 'grid', 'aria-hidden': 'true' });
  for (const y of ys) grid.append(svgElement(document, 'line', { x1: 0, x2: width, y1: y, y2: y }));
  parent.append(grid);
}

/** An axis title: below the x axis, or rotated beside the y axis. */
export function appendAxisTitle(
  document: Document,
  parent: SVGElement,
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

/** The chart a run list has no data for: a labelled svg with a one-line message. */
export function appendEmptyMessage(
  document: Document,
  svg: SVGSVGElement,
  text: string,
  width: number,
  height: number,
) {
  svg.append(svgText(document, text, { class: 'empty', x: width / 2, y: height / 2, 'text-anchor': 'middle' }));
}
