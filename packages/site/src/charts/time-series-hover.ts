// The hover read-out's geometry, for the page's script: which time is under the pointer, and
// where the hover rule goes. Reads only what timeSeriesChart wrote on the svg (data-plot,
// data-domain), so it works on the server-rendered chart and on one re-rendered after a zoom.

/** The plot area in viewBox units and the time window it shows. */
export interface PlotGeometry {
  left: number;
  top: number;
  width: number;
  height: number;
  t0: number;
  t1: number;
}

/** The geometry of a time-series chart, or null when `svg` is not one (or shows no line). */
export function plotGeometry(svg: SVGSVGElement): PlotGeometry | null {
  const plot = (svg.getAttribute('data-plot') ?? '').split(',').map(Number);
  const domain = (svg.getAttribute('data-domain') ?? '').split(',').map(Number);
  if (plot.length !== 4 || domain.length !== 2) return null;
  if ([...plot, ...domain].some((n) => !Number.isFinite(n))) return null;
  const [left, top, width, height] = plot as [number, number, number, number];
  const [t0, t1] = domain as [number, number];
  return width > 0 && t1 > t0 ? { left, top, width, height, t0, t1 } : null;
}

/**
 * The time in s at `xViewBox` (a pointer's x in the svg's viewBox units: the script scales client
 * pixels by viewBox width / rendered width), or null outside the plot.
 */
export function timeAtX(geometry: PlotGeometry, xViewBox: number): number | null {
  const x = xViewBox - geometry.left;
  if (x < 0 || x > geometry.width) return null;
  return geometry.t0 + (x / geometry.width) * (geometry.t1 - geometry.t0);
}

/** Shows the hover rule at `tSec` (a sample's time), or hides it with null. */
export function moveHoverRule(svg: SVGSVGElement, tSec: number | null): void {
  const rule = svg.querySelector('line.hover-rule');
  const geometry = plotGeometry(svg);
  if (!rule || !geometry) return;
  if (tSec === null || tSec < geometry.t0 || tSec > geometry.t1) {
    rule.setAttribute('visibility', 'hidden');
    return;
  }
  const x = ((tSec - geometry.t0) / (geometry.t1 - geometry.t0)) * geometry.width;
  const rounded = String(Math.round(x * 100) / 100);
  rule.setAttribute('x1', rounded);
  rule.setAttribute('x2', rounded);
  rule.setAttribute('visibility', 'visible');
}
