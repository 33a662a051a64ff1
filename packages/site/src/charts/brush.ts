// Brush to zoom, in the browser: attaches a d3 x-brush to a chart made by timeSeriesChart and
// reports the time window the reader selected. The page re-renders the chart with that window as
// its `domain` and writes it to the URL; a click without a drag reports null (the whole run).

import { brushX, type D3BrushEvent } from 'd3-brush';
import { select } from 'd3-selection';

/** The time window [t0, t1] in s (to 0.01 s) that pixels [x0, x1] of a plot `widthPx` wide showing `domain` cover. */
export function brushDomain(
  [x0, x1]: readonly [number, number],
  widthPx: number,
  [t0, t1]: readonly [number, number],
): [number, number] {
  // Hundredths of a second: finer than any iostat interval, and short in the URL.
  const at = (x: number) => Math.round((t0 + (Math.min(Math.max(x, 0), widthPx) / widthPx) * (t1 - t0)) * 100) / 100;
  return [at(Math.min(x0, x1)), at(Math.max(x0, x1))];
}

/**
 * Attaches the brush to `svg`'s brush layer and calls `onZoom` with the selected window when the
 * reader lets go. Returns a function that takes the brush off again. Throws when `svg` is not a
 * time-series chart.
 */
export function attachBrush(svg: SVGSVGElement, onZoom: (domain: [number, number] | null) => void): () => void {
  const layer = svg.querySelector<SVGGElement>('g.brush-layer');
  const domain = svg.getAttribute('data-domain')?.split(',').map(Number);
  if (!layer || !domain || domain.length !== 2 || domain.some((n) => !Number.isFinite(n))) {
    throw new Error('attachBrush: not a time-series chart (no brush layer or data-domain)');
  }
  const width = Number(layer.getAttribute('data-width'));
  const height = Number(layer.getAttribute('data-height'));
  const shownSec = domain as [number, number];
  const brush = brushX<unknown>()
    .extent([
      [0, 0],
      [width, height],
    ])
    .on('end', (event: D3BrushEvent<unknown>) => {
      // Moves made by code (clearing below) have no source event: only the reader's count.
      if (!event.sourceEvent) return;
      const selection = event.selection as [number, number] | null;
      if (!selection || Math.abs(selection[1] - selection[0]) < 2) {
        onZoom(null);
      } else {
        onZoom(brushDomain(selection, width, shownSec));
      }
      select(layer).call(brush.move, null);
    });
  select(layer).call(brush);
  return () => {
    select(layer).on('.brush', null);
    layer.replaceChildren();
  };
}
