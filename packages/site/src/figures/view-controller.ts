// The experiment page's view state in the browser: read from the URL on load, changed by the
// controls, written back to the URL, and announced to every figure.

import { formatPageState, type PageChoices, type PageState, parsePageState } from '../lib/page-state.ts';

export type StateListener = (state: PageState) => void;

export interface ViewController {
  readonly choices: PageChoices;
  state(): PageState;
  /** Applies a change, writes the URL (replacing the entry: controls are not navigation), notifies. */
  update(change: Partial<PageState>): void;
  subscribe(listener: StateListener): void;
}

export function createViewController(choices: PageChoices, location: Location, history: History): ViewController {
  let current = parsePageState(location.search, choices);
  const listeners: StateListener[] = [];
  return {
    choices,
    state: () => current,
    update(change) {
      current = { ...current, ...change };
      const query = formatPageState(current, choices);
      history.replaceState(history.state, '', `${location.pathname}${query}${location.hash}`);
      for (const listener of listeners) listener(current);
    },
    subscribe(listener) {
      listeners.push(listener);
      listener(current);
    },
  };
}

/**
 * Wires the form of view controls (ViewControls.astro) to the controller: the controls show the
 * state (also the one restored from the URL) and every change goes to the controller.
 */
export function bindViewControls(form: HTMLFormElement, controller: ViewController): void {
  form.hidden = false;
  const runBoxes = [...form.querySelectorAll<HTMLInputElement>('input[name="runs"]')];
  const baseline = form.querySelector<HTMLSelectElement>('select[name="baseline"]');
  const radios = (name: string) => [...form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`)];

  controller.subscribe((state) => {
    for (const box of runBoxes) box.checked = state.runs.includes(box.value);
    if (baseline !== null) baseline.value = state.baseline ?? '';
    for (const radio of radios('scale')) radio.checked = radio.value === state.scale;
    for (const radio of radios('sort')) radio.checked = radio.value === state.sort;
  });

  form.addEventListener('submit', (event) => event.preventDefault());
  form.addEventListener('change', (event) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    switch (target.name) {
      case 'runs': {
        const runs = runBoxes.filter((box) => box.checked).map((box) => box.value);
        // At least one run stays: an empty chart answers nothing.
        if (runs.length === 0) {
          (target as HTMLInputElement).checked = true;
          return;
        }
        controller.update({ runs });
        return;
      }
      case 'baseline':
        controller.update({ baseline: target.value === '' ? null : target.value });
        return;
      case 'scale':
        controller.update({ scale: target.value === 'log' ? 'log' : 'linear' });
        return;
      case 'sort':
        controller.update({ sort: target.value === 'value' ? 'value' : 'declared' });
        return;
    }
  });
}
