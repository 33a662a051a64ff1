// The SVG building blocks charts share: elements made from the given document with rounded
// coordinates, titles, line paths, the empty-chart message. Legends are in legend.ts, axes in
// axes.ts, run colours in run-styles.ts, text widths in label-fit.ts.

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
