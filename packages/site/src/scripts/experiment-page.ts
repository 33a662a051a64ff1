// The experiment page's script: restores the view from the URL, wires the controls, and redraws
// the figures when the view changes. Without it the page shows the default view, complete.

import { bindTimeSeriesReadout } from '../figures/time-series-readout.ts';
import { bindViewControls, createViewController, type ViewController } from '../figures/view-controller.ts';
import { ANY_DEVICE_FIGURES, type PageChoices, type PageState, shownFigure } from '../lib/page-state.ts';
import type { RunRef } from '../view/model.ts';
import { FigureElement } from './figure-element.ts';
import { revealAnchoredFigures } from './reveal-anchor.ts';

customElements.define('bf-figure', FigureElement);

const choicesScript = document.getElementById('page-choices');
if (choicesScript?.textContent) {
  const { runOrder, ...choices } = JSON.parse(choicesScript.textContent) as PageChoices & { runOrder: RunRef[] };
  const controller = createViewController(choices, window.location, window.history);
  const form = document.querySelector<HTMLFormElement>('[data-view-controls]');
  if (form) bindViewControls(form, controller);
  for (const section of document.querySelectorAll<HTMLElement>('[data-section]'))
    bindSection(section, controller, runOrder);
  bindFigures(controller, runOrder);
  revealAnchoredFigures(controller);
}

/** A section's metric select: one bar chart at a time, the one the state names. */
function bindSection(section: HTMLElement, controller: ViewController, runOrder: readonly RunRef[]): void {
  const key = section.dataset.section ?? '';
  const select = section.querySelector<HTMLSelectElement>('[data-metric-select]');
  const figures = [...section.querySelectorAll<FigureElement>('bf-figure[data-metric]')];
  if (select && figures.length > 1) {
    select.closest<HTMLElement>('[data-metric-picker]')?.removeAttribute('hidden');
    select.addEventListener('change', () => {
      controller.update({ metrics: { ...controller.state().metrics, [key]: select.value } });
    });
    controller.subscribe((state) => {
      const metric = state.metrics[key] ?? figures[0]?.dataset.metric;
      select.value = metric ?? '';
      for (const figure of figures) {
        figure.hidden = figure.dataset.metric !== metric;
        // A hidden chart had no width to be laid out for: once shown on a phone, drawn for it.
        if (!figure.hidden && figure.isCramped()) figure.draw(state, runOrder);
      }
    });
  }
  const deviceControls = section.querySelector<HTMLElement>('[data-device-controls]');
  if (deviceControls) bindDeviceControls(section, deviceControls, controller, runOrder);
}

/** iostat's and sadf's devices: the figure select, the zoom reset, and the read-out under the pointer. */
function bindDeviceControls(
  section: HTMLElement,
  controls: HTMLElement,
  controller: ViewController,
  runOrder: readonly RunRef[],
): void {
  controls.hidden = false;
  const select = controls.querySelector<HTMLSelectElement>('[data-figure-select]');
  const reset = controls.querySelector<HTMLButtonElement>('[data-zoom-reset]');
  // The section's own figures, as its select lists them (sadf has tps where iostat has r/s, w/s).
  const figures = ANY_DEVICE_FIGURES.filter((figure) =>
    [...(select?.options ?? [])].some((option) => option.value === figure),
  );
  select?.addEventListener('change', () => {
    const figure = figures.find((candidate) => candidate === select.value);
    if (figure !== undefined) controller.update({ figure });
  });
  reset?.addEventListener('click', () => controller.update({ zoom: null }));
  // The window typed in, for readers who zoom by keyboard: applied when both ends make a window.
  const from = controls.querySelector<HTMLInputElement>('input[name="zoom-from"]');
  const to = controls.querySelector<HTMLInputElement>('input[name="zoom-to"]');
  const applyTyped = () => {
    const start = from?.valueAsNumber ?? Number.NaN;
    const end = to?.valueAsNumber ?? Number.NaN;
    if (Number.isFinite(start) && Number.isFinite(end) && start >= 0 && start < end) {
      controller.update({ zoom: [start, end] });
    }
  };
  from?.addEventListener('change', applyTyped);
  to?.addEventListener('change', applyTyped);
  controller.subscribe((state) => {
    if (select) select.value = shownFigure(figures, state.figure);
    if (reset) reset.disabled = state.zoom === null;
    if (from) from.value = state.zoom === null ? '' : String(state.zoom[0]);
    if (to) to.value = state.zoom === null ? '' : String(state.zoom[1]);
  });
  const figure = section.querySelector<FigureElement>('bf-figure[data-kind="time-series"]');
  const output = section.querySelector<HTMLElement>('[data-readout]');
  if (figure && output) {
    const series = () => (figure.spec.kind === 'time-series' ? figure.spec.data : undefined);
    bindTimeSeriesReadout(figure, output, { series, controller, runOrder, figures });
  }
}

/** Every figure redraws when the view changes; the first draw only when the URL asked for a view. */
function bindFigures(controller: ViewController, runOrder: readonly RunRef[]): void {
  const figures = [...document.querySelectorAll<FigureElement>('bf-figure')];
  let previous: PageState | undefined;
  controller.subscribe((state) => {
    for (const figure of figures) {
      // The default view is already drawn, unless a narrow screen needs it laid out again.
      if (previous === undefined && isDefaultView(state, controller.choices) && !figure.isCramped()) continue;
      if (previous !== undefined && !affects(figure, previous, state)) continue;
      figure.draw(state, runOrder, (zoom) => controller.update({ zoom }));
    }
    // The time series needs its brush even in the default view.
    if (previous === undefined && isDefaultView(state, controller.choices)) {
      for (const figure of figures) {
        if (figure.spec.kind === 'time-series' && !figure.isCramped()) {
          figure.draw(state, runOrder, (zoom) => controller.update({ zoom }));
        }
      }
    }
    previous = state;
  });
}

function isDefaultView(state: PageState, choices: PageChoices): boolean {
  return (
    state.baseline === null &&
    state.scale === 'linear' &&
    state.sort === 'declared' &&
    state.runs.length === choices.runs.length &&
    state.figure === 'util' &&
    state.zoom === null
  );
}

/** Whether a change of view changes what this figure draws (a metric switch changes none). */
function affects(figure: FigureElement, before: PageState, after: PageState): boolean {
  if (before.runs.join() !== after.runs.join()) return true;
  switch (figure.spec.kind) {
    case 'bars':
      return before.baseline !== after.baseline || before.scale !== after.scale || before.sort !== after.sort;
    case 'time-series':
      return before.figure !== after.figure || before.zoom?.join() !== after.zoom?.join();
    default:
      return false;
  }
}
