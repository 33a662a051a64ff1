// The legend every chart with runs shares: a swatch in the series colour (a filled square for
// bars and points, a stroked line for lines) and its label, laid out left to right and wrapped
// into rows by estimated text width (charts are built detached and cannot measure text).

import { estimateTextWidth, wrapLabel } from './label-fit.ts';
import { appendTitle, round, svgElement, svgText } from './plot-parts.ts';

/** One entry of a legend. */
export interface LegendItem {
  label: string;
  /** The series class, `series-N` (see runStyles). */
  className: string;
  /** A filled square (the default) or a stroked line. */
  kind?: 'mark' | 'line';
  /** Extra classes of the swatch, such as a line's dash pattern. */
  swatchClass?: string;
  /** The run id, written as `data-run`. */
  run?: string;
}

export const LEGEND_FONT_PX = 12;
const ROW_PX = 18;
const GAP_PX = 16;
const LABEL_GAP_PX = 4;
const MARK_PX = 10;
/** Longer than a mark, so a dash pattern shows. */
const LINE_PX = 16;

function swatchWidth(item: LegendItem): number {
  return item.kind === 'line' ? LINE_PX : MARK_PX;
}

/**
 * An item's label as drawn: whole when it fits a row of `width` beside its swatch, else cut to
 * fit with an ellipsis ("md RAID 0 of three Crucial…" on a phone; the full name is its title).
 */
function shownLabel(item: LegendItem, width: number): string {
  const room = width - swatchWidth(item) - LABEL_GAP_PX;
  if (estimateTextWidth(item.label, LEGEND_FONT_PX) <= room) return item.label;
  return wrapLabel(item.label, Math.max(room, 0), LEGEND_FONT_PX, 1)[0] ?? '';
}

/** Where each item goes (its row's top left) in a legend `width` wide, and how tall the legend is. */
export function legendLayout(
  items: readonly LegendItem[],
  width: number,
): { positions: Array<{ x: number; y: number }>; height: number } {
  const positions: Array<{ x: number; y: number }> = [];
  let x = 0;
  let row = 0;
  for (const item of items) {
    const itemWidth = swatchWidth(item) + LABEL_GAP_PX + estimateTextWidth(shownLabel(item, width), LEGEND_FONT_PX);
    if (x > 0 && x + itemWidth > width) {
      row += 1;
      x = 0;
    }
    positions.push({ x, y: row * ROW_PX });
    x += itemWidth + GAP_PX;
  }
  return { positions, height: items.length === 0 ? 0 : (row + 1) * ROW_PX };
}

/** The height in px a legend of `items` takes in `width` px. */
export function legendHeight(items: readonly LegendItem[], width: number): number {
  return legendLayout(items, width).height;
}

/**
 * Appends a `<g class="legend">` to `parent`, wrapped to `width`, translated to `at` when given;
 * returns its height in px.
 */
export function appendLegend(
  document: Document,
  parent: Element,
  items: readonly LegendItem[],
  { width, at }: { width: number; at?: { x: number; y: number } },
): number {
  const { positions, height } = legendLayout(items, width);
  const legend = svgElement(document, 'g', {
    class: 'legend',
    ...(at ? { transform: `translate(${round(at.x)},${round(at.y)})` } : {}),
  });
  items.forEach((item, index) => {
    const { x, y } = positions[index] ?? { x: 0, y: 0 };
    const entry = svgElement(document, 'g', {
      class: `legend-item ${item.className}`,
      ...(item.run === undefined ? {} : { 'data-run': item.run }),
      transform: `translate(${round(x)},${round(y)})`,
    });
    const extra = item.swatchClass ? ` ${item.swatchClass}` : '';
    entry.append(
      item.kind === 'line'
        ? svgElement(document, 'line', { class: `line${extra}`, x1: 0, x2: LINE_PX, y1: 7, y2: 7 })
        : svgElement(document, 'rect', { class: `mark${extra}`, width: MARK_PX, height: MARK_PX, y: 2 }),
      labelText(document, item, width),
    );
    legend.append(entry);
  });
  parent.append(legend);
  return height;
}

/** The item's label, cut to the legend's width when it must be, with the whole label as its title. */
function labelText(document: Document, item: LegendItem, width: number): SVGTextElement {
  const shown = shownLabel(item, width);
  const text = svgText(document, shown, { x: swatchWidth(item) + LABEL_GAP_PX, y: 11, 'font-size': LEGEND_FONT_PX });
  if (shown !== item.label) appendTitle(document, text, item.label);
  return text;
}
