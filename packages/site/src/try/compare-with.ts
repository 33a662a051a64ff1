// "Compare with": the reader's run beside any published run that ran the same tool and workload.
// The published runs and their keys come from /compare/runs.json; the chosen run's sections from
// its sections JSON. Both are lined up by compareRuns and drawn with the experiment pages' bar
// charts, normalized to a baseline as there. Everything happens in the browser.

import type { CompareIndex } from '../data/compare-index.ts';
import type { RunSectionsJson } from '../data/run-json.ts';
import { compareSectionNodes } from '../figures/compare-figure.ts';
import { defaultPageState, type PageState, type ScaleKind } from '../lib/page-state.ts';
import { experimentHref, href } from '../lib/url.ts';
import { compareRuns } from '../view/compare-runs.ts';
import type { RunRef, ToolSection } from '../view/model.ts';
import { sectionsCompareKeys, workloadsText } from './compare/compare-keys.ts';
import { type MatchingRun, matchingRuns, publishedRunRef, sharesText } from './compare/matching-runs.ts';

export interface CompareWithOptions {
  /** The reader's sections, made by the data layer as run `yourRun`. */
  yours: readonly ToolSection[];
  yourRun: RunRef;
  /** The site's `/compare/runs.json`, with the base path. */
  indexHref: string;
}

/** Which run the bars are shown relative to; the published one unless the reader says otherwise. */
type BaselineRole = 'none' | 'yours' | 'theirs';

interface Controls {
  status: HTMLElement;
  error: HTMLElement;
  picker: HTMLElement;
  run: HTMLSelectElement;
  shares: HTMLElement;
  view: HTMLElement;
  baseline: HTMLSelectElement;
  scales: HTMLInputElement[];
  experimentLink: HTMLAnchorElement;
  results: HTMLElement;
}

/**
 * Draws the picker into `container` and resolves once the published runs are listed (or the
 * failure to list them is shown). Choosing a run fetches and draws it.
 */
export async function mountCompareWith(container: HTMLElement, options: CompareWithOptions): Promise<void> {
  const document = container.ownerDocument;
  const controls = skeleton(document);
  container.replaceChildren(controls.status, controls.error, controls.picker, controls.results);
  const { status, error, run: runSelect } = controls;

  status.textContent = 'Loading the published runs…';
  let index: CompareIndex;
  try {
    index = await fetchJson<CompareIndex>(options.indexHref);
    if (!Array.isArray(index.runs)) throw new Error(`${options.indexHref} has no list of runs`);
  } catch (caught) {
    status.textContent = '';
    showError(error, `Could not load the published runs: ${messageOf(caught)}.`);
    return;
  }

  const yourKeys = sectionsCompareKeys(options.yours);
  const matches = matchingRuns(index, yourKeys);
  const publishedWorkloads = workloadsText(
    index.runs.flatMap((run) => run.keys),
    4,
  );
  if (yourKeys.length === 0) {
    status.textContent = `Your outputs have no bars to compare (an iostat log alone has none). The published runs have ${publishedWorkloads}.`;
    return;
  }
  if (matches.length === 0) {
    status.textContent =
      `No published run has the same tool and workload as yours (${workloadsText(yourKeys, 4)}). ` +
      `The published runs have ${publishedWorkloads}.`;
    return;
  }

  status.textContent = `${matches.length} published ${matches.length === 1 ? 'run shares' : 'runs share'} a tool and workload with yours.`;
  for (const match of matches) {
    runSelect.append(option(document, match.id, `${publishedRunRef(match.run).label} · ${sharesText(match.shared)}`));
  }
  controls.picker.hidden = false;
  wire(controls, options, matches, indexBase(options.indexHref));
}

/** The picker once the published runs are listed: what it shows, and what it fetched. */
interface Picker {
  controls: Controls;
  options: CompareWithOptions;
  matches: readonly MatchingRun[];
  /** The site's base path. */
  base: string;
  /** Each published run's sections, fetched once (again after a failure). */
  fetched: Map<string, Promise<RunSectionsJson>>;
  role: BaselineRole;
  scale: ScaleKind;
  /** Counts the drawings started: one whose run arrives after a newer one started is dropped. */
  drawing: number;
  /** The metric each compared section shows, kept when the run, baseline or scale changes. */
  shownMetrics: Record<string, string>;
}

/** Reacts to the picker and the view controls; redraws from fetched (and kept) sections. */
function wire(controls: Controls, options: CompareWithOptions, matches: readonly MatchingRun[], base: string): void {
  const picker: Picker = {
    controls,
    options,
    matches,
    base,
    fetched: new Map(),
    role: 'theirs',
    scale: 'linear',
    drawing: 0,
    shownMetrics: {},
  };
  const { run: runSelect, baseline } = controls;
  runSelect.addEventListener('change', () => void show(picker));
  baseline.addEventListener('change', () => {
    picker.role = baseline.value === '' ? 'none' : baseline.value === options.yourRun.id ? 'yours' : 'theirs';
    void show(picker);
  });
  for (const radio of controls.scales) {
    radio.addEventListener('change', () => {
      if (!radio.checked) return;
      picker.scale = radio.value === 'log' ? 'log' : 'linear';
      void show(picker);
    });
  }
}

/** The chosen published run beside the reader's, or nothing when none is chosen. */
async function show(picker: Picker): Promise<void> {
  const { controls } = picker;
  const { results, error } = controls;
  const ticket = ++picker.drawing;
  const match = picker.matches.find((candidate) => candidate.id === controls.run.value);
  hideError(error);
  if (match === undefined) {
    controls.view.hidden = true;
    controls.shares.textContent = '';
    results.replaceChildren();
    return;
  }
  const theirRun = publishedRunRef(match.run);
  showChosenRun(picker, match, theirRun);
  results.setAttribute('aria-busy', 'true');
  let json: RunSectionsJson;
  try {
    json = await sectionsOf(picker, match);
  } catch (caught) {
    if (ticket !== picker.drawing) return;
    results.replaceChildren();
    results.removeAttribute('aria-busy');
    showError(error, `Could not load ${theirRun.label}: ${messageOf(caught)}.`);
    return;
  }
  if (ticket !== picker.drawing) return;
  results.removeAttribute('aria-busy');
  drawPair(picker, theirRun, json);
}

/** What the chosen run shares with the reader's, the baseline choices, and its experiment's link. */
function showChosenRun(picker: Picker, match: MatchingRun, theirRun: RunRef): void {
  const { controls } = picker;
  controls.shares.textContent = `Shared with ${theirRun.label}: ${workloadsText(match.shared, 6)}.${match.run.hardware ? ` Its hardware: ${match.run.hardware}.` : ''}`;
  fillBaseline(controls.baseline, picker.options.yourRun, theirRun, picker.role);
  controls.experimentLink.href = experimentHref(match.run.experiment, picker.base);
  controls.experimentLink.textContent = `${match.run.label} on its experiment page: ${match.run.experimentTitle}`;
  controls.view.hidden = false;
}

/** A published run's sections, fetched on first use; a failed fetch is tried again when the run is chosen again. */
function sectionsOf(picker: Picker, match: MatchingRun): Promise<RunSectionsJson> {
  let promise = picker.fetched.get(match.id);
  if (promise === undefined) {
    promise = fetchJson<RunSectionsJson>(match.run.sectionsHref);
    picker.fetched.set(match.id, promise);
    promise.catch(() => picker.fetched.delete(match.id));
  }
  return promise;
}

/** The sections both runs have, lined up and drawn, relative to the chosen baseline. */
function drawPair(picker: Picker, theirRun: RunRef, json: RunSectionsJson): void {
  const { options, role, scale, shownMetrics } = picker;
  const { results } = picker.controls;
  const document = results.ownerDocument;
  const runOrder = [options.yourRun, theirRun];
  const compared = compareRuns([
    { ref: options.yourRun, sections: options.yours },
    { ref: theirRun, sections: json.sections },
  ]);
  const state: PageState = {
    ...defaultPageState({ runs: runOrder.map((run) => run.id), sections: {} }),
    baseline: role === 'none' ? null : role === 'yours' ? options.yourRun.id : theirRun.id,
    scale,
  };
  const widthPx = results.clientWidth;
  results.replaceChildren(
    ...compareSectionNodes(compared, {
      state,
      runOrder,
      document,
      maxWidthPx: widthPx > 0 ? widthPx : undefined,
      // Ids on the /try page start with this: its sections draw figures too.
      idPrefix: 'try-',
      shownMetrics,
      onPickMetric: (section, metric) => {
        shownMetrics[section] = metric;
      },
    }),
  );
  if (compared.length === 0) {
    results.replaceChildren(
      paragraph(document, 'These runs share a workload, but no metric in the same unit: nothing to line up.'),
    );
  }
}

/** The baseline choices for this pair of runs, `role` selected. */
function fillBaseline(select: HTMLSelectElement, yours: RunRef, theirs: RunRef, role: BaselineRole): void {
  const document = select.ownerDocument;
  select.replaceChildren(
    option(document, '', 'no baseline (absolute values)'),
    option(document, yours.id, yours.label),
    option(document, theirs.id, theirs.label),
  );
  select.value = role === 'none' ? '' : role === 'yours' ? yours.id : theirs.id;
}

/** The page's parts, made once; `picker` holds the controls and is hidden until there are runs. */
function skeleton(document: Document): Controls {
  const status = document.createElement('p');
  status.className = 'note';
  status.setAttribute('role', 'status');
  status.dataset.compareStatus = '';

  const error = document.createElement('p');
  error.className = 'warning';
  error.setAttribute('role', 'alert');
  error.dataset.compareError = '';
  error.hidden = true;

  const run = document.createElement('select');
  run.name = 'compare-run';
  run.dataset.compareRun = '';
  run.append(option(document, '', 'Pick a published run'));
  const runLabel = labelled(document, 'Compare with', run);

  const shares = document.createElement('p');
  shares.className = 'note';
  shares.dataset.compareShares = '';

  const baseline = document.createElement('select');
  baseline.name = 'compare-baseline';
  baseline.dataset.compareBaseline = '';
  const baselineLabel = labelled(document, 'Relative to', baseline);

  const scaleSet = document.createElement('fieldset');
  scaleSet.className = 'inline';
  const legend = document.createElement('legend');
  legend.textContent = 'Scale';
  scaleSet.append(legend);
  const scales = (['linear', 'log'] as const).map((value) => {
    const radio = document.createElement('input');
    radio.type = 'radio';
    radio.name = 'compare-scale';
    radio.value = value;
    radio.checked = value === 'linear';
    radio.dataset.compareScale = '';
    const label = document.createElement('label');
    label.append(radio, ` ${value}`);
    scaleSet.append(label);
    return radio;
  });

  const experimentLink = document.createElement('a');
  experimentLink.dataset.compareExperiment = '';
  const linkLine = document.createElement('p');
  linkLine.append(experimentLink);

  const view = document.createElement('div');
  view.className = 'view-controls compare-controls';
  view.dataset.compareControls = '';
  view.hidden = true;
  view.append(baselineLabel, scaleSet, linkLine);

  const picker = document.createElement('div');
  picker.className = 'compare-with';
  picker.hidden = true;
  picker.append(runLabel, shares, view);

  const results = document.createElement('div');
  results.dataset.compareResults = '';
  results.setAttribute('aria-live', 'polite');

  return { status, error, picker, run, shares, view, baseline, scales, experimentLink, results };
}

function labelled(document: Document, text: string, control: HTMLElement): HTMLLabelElement {
  const label = document.createElement('label');
  label.append(`${text} `, control);
  return label;
}

function option(document: Document, value: string, text: string): HTMLOptionElement {
  const element = document.createElement('option');
  element.value = value;
  element.textContent = text;
  return element;
}

function paragraph(document: Document, text: string): HTMLParagraphElement {
  const element = document.createElement('p');
  element.textContent = text;
  return element;
}

function showError(element: HTMLElement, message: string): void {
  element.textContent = message;
  element.hidden = false;
}

function hideError(element: HTMLElement): void {
  element.textContent = '';
  element.hidden = true;
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} ${response.statusText} for ${url}`.replace('  ', ' '));
  return (await response.json()) as T;
}

function messageOf(caught: unknown): string {
  return caught instanceof Error ? caught.message : String(caught);
}

/** The site's base path, from the index's address (`/benchfolio/compare/runs.json` → `/benchfolio/`). */
function indexBase(indexHref: string): string {
  const at = indexHref.lastIndexOf('compare/runs.json');
  return at === -1 ? href('') : indexHref.slice(0, at);
}
