// The hover read-out of a time-series figure: the values at the time under the pointer, as text
// (read out to screen readers too), with a rule drawn at that time. The experiment pages and the
// /try page bind it to their iostat figures.

import { readout } from '../charts/time-series-chart.ts';
import { moveHoverRule, plotGeometry, timeAtX } from '../charts/time-series-hover.ts';
import { DEVICE_FIGURES, shownFigure } from '../lib/page-state.ts';
import type { AnyDeviceFigure, DeviceSeries, RunRef } from '../view/model.ts';
import type { ViewController } from './view-controller.ts';

export interface ReadoutSource {
  /** The series drawn, or undefined when the figure is not a time series. */
  series(): readonly DeviceSeries[] | undefined;
  controller: ViewController;
  runOrder: readonly RunRef[];
  /** The figures the section offers (sadf's); iostat's when absent. */
  figures?: readonly AnyDeviceFigure[];
}

/** Shows in `output` what the chart inside `figure` reads at the pointer. */
export function bindTimeSeriesReadout(figure: HTMLElement, output: HTMLElement, source: ReadoutSource): void {
  figure.addEventListener('pointermove', (event) => {
    const svg = figure.querySelector<SVGSVGElement>('svg[data-domain]');
    const geometry = svg ? plotGeometry(svg) : null;
    const series = source.series();
    if (!svg || !geometry || series === undefined) return;
    // Client pixels to viewBox units: the svg scales with its container.
    const box = svg.getBoundingClientRect();
    const viewBoxWidth = svg.viewBox.baseVal.width || box.width;
    const tSec = timeAtX(geometry, ((event.clientX - box.left) * viewBoxWidth) / box.width);
    if (tSec === null) return;
    const state = source.controller.state();
    const shown = shownFigure(source.figures ?? DEVICE_FIGURES, state.figure);
    const readings = readout(series, shown, tSec, { runs: state.runs, runOrder: source.runOrder });
    moveHoverRule(svg, readings[0]?.tSec ?? null);
    output.textContent = readoutText(readings);
  });
  figure.addEventListener('pointerleave', () => {
    const svg = figure.querySelector<SVGSVGElement>('svg[data-domain]');
    if (svg) moveHoverRule(svg, null);
    output.textContent = '';
  });
}

function readoutText(readings: ReturnType<typeof readout>): string {
  const first = readings[0];
  if (first === undefined) return '';
  const at = `At ${Math.round(first.tSec * 10) / 10} s: `;
  return at + readings.map((reading) => `${reading.label} ${reading.text}`).join(' · ');
}
