// What every chart module shares: a detached <svg> made from the document it is given, so the
// same function renders at build time (jsdom) and in the browser.

export const SVG_NS = 'http://www.w3.org/2000/svg';

/** The size a chart is laid out in, in CSS pixels; the SVG scales with its container. */
export interface ChartSize {
  width: number;
  height: number;
}

/** What a chart module is called with besides its data. */
export interface ChartContext extends ChartSize {
  /** The document to create elements with: jsdom's at build time, the page's in the browser. */
  document: Document;
}

/**
 * A detached, responsive `<svg>` of the given size, labelled for assistive technology. Charts
 * are `role="img"`: their data table beside them is what screen readers read.
 */
export function createSvg(document: Document, { width, height }: ChartSize, label: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg') as SVGSVGElement;
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(height));
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('class', 'chart');
  return svg;
}

/**
 * The class that colours series `index` (a run, in the experiment's declared order). Colours
 * live in `styles/charts.css`, one pair per class for light and dark, so a chart rendered at
 * build time follows the reader's colour scheme without re-rendering.
 */
export function seriesClass(index: number): string {
  return `series-${index % SERIES_COLOURS}`;
}

/** How many distinct series colours `styles/charts.css` defines. */
export const SERIES_COLOURS = 8;
