// The legend of runs that bar and sweep charts share: a swatch in the run's series colour and its
// label, laid out left to right and wrapped into rows by estimated text width.

import type { Selection } from 'd3-selection';
import { estimateTextWidth } from './label-fit.ts';
import { seriesClass } from './svg.ts';

export interface LegendItem {
  /** The run id, as `data-run`. */
  run: string;
  label: string;
  /** The run's index in the experiment's declared order: its colour. */
  seriesIndex: number;
}

export const LEGEND_FONT_PX = 12;
const SWATCH_PX = 10;
const GAP_PX = 16;
const ROW_PX = 18;

/** Where each item goes in a legend `width` wide, and how tall the legend is. */
export function layoutLegend(
  items: readonly LegendItem[],
  width: number,
): { x: number; y: number }[] & { height: number } {
  const positions: { x: number; y: number }[] = [];
  let x = 0;
  let row = 0;
  for (const item of items) {
    const itemWidth = SWATCH_PX + 4 + estimateTextWidth(item.label, LEGEND_FONT_PX);
    if (x > 0 && x + itemWidth > width) {
      row += 1;
      x = 0;
    }
    positions.push({ x, y: row * ROW_PX });
    x += itemWidth + GAP_PX;
  }
  return Object.assign(positions, { height: items.length === 0 ? 0 : (row + 1) * ROW_PX });
}

/** Draws the legend into `parent` (a `<g>` placed by the chart); returns its height in px. */
export function drawLegend(
  parent: Selection<SVGGElement, unknown, null, undefined>,
  items: readonly LegendItem[],
  width: number,
): number {
  const positions = layoutLegend(items, width);
  parent.attr('class', 'legend');
  items.forEach((item, index) => {
    const { x, y } = positions[index] ?? { x: 0, y: 0 };
    const entry = parent
      .append('g')
      .attr('class', `legend-item ${seriesClass(item.seriesIndex)}`)
      .attr('data-run', item.run)
      .attr('transform', `translate(${x},${y})`);
    entry.append('rect').attr('class', 'mark').attr('width', SWATCH_PX).attr('height', SWATCH_PX).attr('y', 2);
    entry
      .append('text')
      .attr('x', SWATCH_PX + 4)
      .attr('y', 11)
      .attr('font-size', LEGEND_FONT_PX)
      .text(item.label);
  });
  return positions.height;
}
