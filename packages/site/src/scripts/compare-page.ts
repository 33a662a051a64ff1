// The compare page: the chosen runs (in the URL) are fetched as run JSON, lined up by
// compareRuns, and drawn with the experiment pages' bar charts.

import type { CompareIndex } from '../data/compare-index.ts';
import type { RunSectionsJson } from '../data/run-json.ts';
import { compareSectionNodes } from '../figures/compare-figure.ts';
import { defaultPageState, type PageState } from '../lib/page-state.ts';
import { compareRuns } from '../view/compare-runs.ts';
import type { RunRef } from '../view/model.ts';
import { compareRunLabel, type KnownRuns, markSharedWorkloads } from './compare-run-list.ts';
import { type CompareState, changedCompareState, compareQuery, compareStateFrom } from './compare-url.ts';

/** The page's parts, what it knows of the runs, and the runs it fetched. */
interface ComparePage {
  form: HTMLFormElement;
  known: KnownRuns;
  boxes: HTMLInputElement[];
  baseline: HTMLSelectElement | null;
  status: HTMLElement | null;
  results: HTMLElement | null;
  empty: HTMLElement | null;
  /** Each run's sections, fetched once. */
  fetched: Map<string, Promise<RunSectionsJson>>;
  /** Counts the drawings started: a drawing whose runs arrive after a newer one started is dropped. */
  drawing: number;
}

const indexScript = document.getElementById('compare-index');
const form = document.querySelector<HTMLFormElement>('[data-compare-form]');
if (indexScript?.textContent && form) start(JSON.parse(indexScript.textContent) as CompareIndex, form);

function start(index: CompareIndex, form: HTMLFormElement): void {
  const page: ComparePage = {
    form,
    known: new Map(index.runs.map((run) => [`${run.experiment}/${run.run}`, run])),
    boxes: [...form.querySelectorAll<HTMLInputElement>('input[name="run"]')],
    baseline: form.querySelector<HTMLSelectElement>('[data-compare-baseline]'),
    status: form.querySelector<HTMLElement>('[data-compare-status]'),
    results: document.querySelector<HTMLElement>('[data-compare-results]'),
    empty: document.querySelector<HTMLElement>('[data-compare-empty]'),
    fetched: new Map(),
    drawing: 0,
  };
  const controls = form.querySelector<HTMLElement>('[data-compare-controls]');
  if (controls) controls.hidden = false;

  form.addEventListener('submit', (event) => event.preventDefault());
  form.addEventListener('change', (event) => {
    const state = changedCompareState(readState(page), event.target as HTMLInputElement | HTMLSelectElement);
    writeState(state);
    void show(page, state);
  });
  void show(page, readState(page));
}

function readState(page: ComparePage): CompareState {
  return compareStateFrom(window.location.search, (id) => page.known.has(id));
}

function writeState(state: CompareState): void {
  const query = compareQuery(state);
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
}

/** Sets the form to `state`, then fetches the chosen runs and draws them. */
async function show(page: ComparePage, state: CompareState): Promise<void> {
  showControls(page, state);
  const ticket = ++page.drawing;
  if (page.status) page.status.textContent = state.runs.length > 0 ? 'Loading the runs…' : '';
  const inputs = await Promise.all(
    state.runs.map(async (id) => {
      const json = await runSectionsOf(page, id);
      return { ref: { id, label: compareRunLabel(page.known, id, state.runs) }, sections: json.sections };
    }),
  ).catch((error: unknown) => {
    if (page.status) page.status.textContent = `Could not load a run: ${String(error)}`;
    return undefined;
  });
  if (inputs === undefined || ticket !== page.drawing) return;
  if (page.status) page.status.textContent = '';
  draw(
    page,
    inputs.map((input) => input.ref),
    compareRuns(inputs),
    state,
  );
}

/** The run boxes, their shared-workload notes, the baseline's options and the scale, as in `state`. */
function showControls(page: ComparePage, state: CompareState): void {
  for (const box of page.boxes) box.checked = state.runs.includes(box.value);
  markSharedWorkloads(page.boxes, page.known, state.runs);
  const { baseline } = page;
  if (baseline) {
    baseline.replaceChildren(new Option('no baseline (absolute values)', ''));
    for (const id of state.runs) baseline.append(new Option(compareRunLabel(page.known, id, state.runs), id));
    baseline.value = state.baseline ?? '';
  }
  for (const radio of page.form.querySelectorAll<HTMLInputElement>('input[name="scale"]')) {
    radio.checked = radio.value === state.scale;
  }
}

/** A run's sections (`RunSectionsJson`), fetched on first use. */
function runSectionsOf(page: ComparePage, id: string): Promise<RunSectionsJson> {
  let promise = page.fetched.get(id);
  if (promise === undefined) {
    const run = page.known.get(id);
    promise = fetch(run?.sectionsHref ?? '').then((response) => {
      if (!response.ok) throw new Error(`${response.status} for ${run?.sectionsHref}`);
      return response.json() as Promise<RunSectionsJson>;
    });
    page.fetched.set(id, promise);
  }
  return promise;
}

/** The compared sections' figures, or why there are none. */
function draw(
  page: ComparePage,
  runOrder: RunRef[],
  sections: ReturnType<typeof compareRuns>,
  state: CompareState,
): void {
  const { results, empty } = page;
  if (!results) return;
  const pageState: PageState = {
    ...defaultPageState({ runs: runOrder.map((run) => run.id), sections: {} }),
    baseline: state.baseline,
    scale: state.scale,
  };
  results.replaceChildren(
    ...compareSectionNodes(sections, {
      state: pageState,
      runOrder,
      document,
      shownMetrics: state.metrics,
      // A metric picked is written to the URL; the figures are all drawn already.
      onPickMetric: (section, metric) => {
        const current = readState(page);
        writeState({ ...current, metrics: { ...current.metrics, [section]: metric } });
      },
    }),
  );
  if (empty) {
    empty.hidden = sections.length > 0;
    empty.textContent =
      state.runs.length < 2
        ? 'Pick two or more runs that share a tool and workload.'
        : 'These runs share no tool and workload: pick runs marked “shares”.';
  }
}
