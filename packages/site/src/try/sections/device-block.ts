// iostat's (or sadf's) part of a section: the figure picker (utilization, wait, r/s, w/s, read
// and write throughput; sadf: tps instead of r/s and w/s), the time window (brush on the chart, or
// typed), the devices over time, and each device's mean and peak over the whole run. As on the
// experiment pages (ToolSectionView.astro).

import type { ChartTable } from '../../charts/data-table.ts';
import { DEVICE_FIGURES } from '../../charts/time-series-chart.ts';
import { chartTableElement } from '../../figures/table-element.ts';
import { bindTimeSeriesReadout } from '../../figures/time-series-readout.ts';
import type { ViewController } from '../../figures/view-controller.ts';
import { formatValue } from '../../lib/format-value.ts';
import { DEVICE_FIGURES as DEVICE_FIGURE_ORDER, deviceFiguresOf, shownFigure } from '../../lib/page-state.ts';
import type { AnyDeviceFigure, DeviceSummary, RunRef, ToolSection } from '../../view/model.ts';
import { element, labelled, option } from './elements.ts';
import type { FigureBoard } from './figure-board.ts';

export function deviceBlock(
  section: ToolSection,
  context: { document: Document; runOrder: readonly RunRef[]; store: ViewController; board: FigureBoard },
): HTMLElement {
  const { document, runOrder, store, board } = context;
  const block = element(document, 'div', { className: 'device-block' });
  const figures = deviceFiguresOf(section);
  block.append(deviceControls(document, store, figures));
  const series = section.devices ?? [];
  const figure = board.add({
    kind: 'time-series',
    key: `${section.key}-series`,
    title: 'Devices over time',
    data: series,
    ...(section.spans ? { spans: section.spans } : {}),
    ...(section.deviceFigures === undefined ? {} : { figures: section.deviceFigures }),
  });
  // The values under the pointer, as on the experiment pages.
  const output = element(document, 'p', { className: 'readout', data: { readout: '' } });
  output.setAttribute('aria-live', 'polite');
  bindTimeSeriesReadout(figure, output, { series: () => series, controller: store, runOrder, figures });
  block.append(figure, output);
  const summaries = section.deviceSummaries ?? [];
  if (summaries.length > 0) {
    const scroll = element(document, 'div', { className: 'table-scroll' });
    scroll.append(deviceSummaryElement(summaries, runOrder, document, figures));
    block.append(scroll);
  }
  return block;
}

/** The figure select, the typed time window and the reset, bound to the store. */
function deviceControls(document: Document, store: ViewController, figures: readonly AnyDeviceFigure[]): HTMLElement {
  const controls = element(document, 'div', { className: 'device-controls', data: { deviceControls: '' } });
  const select = element(document, 'select', { data: { figureSelect: '' } });
  select.name = 'figure';
  for (const figure of figures) select.append(option(document, DEVICE_FIGURES[figure].title, figure));
  select.addEventListener('change', () => {
    const figure = figures.find((candidate) => candidate === select.value);
    if (figure !== undefined) store.update({ figure });
  });

  // The window typed in, for readers who zoom by keyboard: applied when both ends make a window.
  const from = secondsInput(document, 'zoom-from');
  const to = secondsInput(document, 'zoom-to');
  const applyTyped = () => {
    const [start, end] = [from.valueAsNumber, to.valueAsNumber];
    if (Number.isFinite(start) && Number.isFinite(end) && start >= 0 && start < end)
      store.update({ zoom: [start, end] });
  };
  from.addEventListener('change', applyTyped);
  to.addEventListener('change', applyTyped);
  const window = element(document, 'fieldset', { className: 'zoom-window', data: { zoomWindow: '' } });
  window.append(
    element(document, 'legend', { text: 'Time window (s)' }),
    labelled(document, 'from', from),
    labelled(document, 'to', to),
  );

  const reset = element(document, 'button', { text: 'Show the whole run', data: { zoomReset: '' } });
  reset.type = 'button';
  reset.addEventListener('click', () => store.update({ zoom: null }));

  const note = element(document, 'p', { text: 'Drag across the chart, or type a window, to zoom.', className: 'note' });
  controls.append(labelled(document, 'Figure', select), window, reset, note);

  store.subscribe((state) => {
    select.value = shownFigure(figures, state.figure);
    reset.disabled = state.zoom === null;
    from.value = state.zoom === null ? '' : String(state.zoom[0]);
    to.value = state.zoom === null ? '' : String(state.zoom[1]);
  });
  return controls;
}

function secondsInput(document: Document, name: string): HTMLInputElement {
  const input = document.createElement('input');
  Object.assign(input, { type: 'number', name, min: '0', step: 'any', inputMode: 'decimal' });
  return input;
}

/**
 * Each device over the whole run: a row per run and device, each figure's mean (and peak), for
 * the section's figures (iostat's by default).
 */
export function deviceSummaryTable(
  summaries: readonly DeviceSummary[],
  runOrder: readonly RunRef[],
  figures: readonly AnyDeviceFigure[] = DEVICE_FIGURE_ORDER,
): ChartTable {
  const labelOf = (id: string) => runOrder.find((run) => run.id === id)?.label ?? id;
  const text = (value: number | null, figure: AnyDeviceFigure) =>
    value === null ? '—' : formatValue(value, DEVICE_FIGURES[figure].unit);
  return {
    caption: 'Each device over the whole run: mean (and peak).',
    columns: ['Run', 'Device', ...figures.map((figure) => DEVICE_FIGURES[figure].title)],
    rows: summaries.map((summary) => ({
      label: labelOf(summary.run),
      cells: [
        summary.device,
        ...figures.map((figure) => {
          const max = summary.max[figure] ?? null;
          return `${text(summary.mean[figure] ?? null, figure)}${max === null ? '' : ` (${text(max, figure)})`}`;
        }),
      ],
    })),
  };
}

function deviceSummaryElement(
  summaries: readonly DeviceSummary[],
  runOrder: readonly RunRef[],
  document: Document,
  figures: readonly AnyDeviceFigure[],
): HTMLTableElement {
  const table = chartTableElement(deviceSummaryTable(summaries, runOrder, figures), document);
  table.classList.add('device-summary');
  table.dataset.deviceSummary = '';
  // The device column is a name, not a number: left-aligned.
  for (const row of table.tBodies[0]?.rows ?? []) row.cells[1]?.removeAttribute('class');
  return table;
}
