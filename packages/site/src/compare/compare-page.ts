// The compare page. It ships no list of runs: the chips are counted by the site's search index
// (one record per experiment, compare/compare-search.ts), the list shows the experiments the
// index finds for them, newest first, a batch at a time, each with its runs from its own
// compare-runs.json, and the chosen runs (in the URL's hash) are fetched as run sections JSON,
// lined up by compareRuns and drawn (compare-results.ts). What the page loads depends on what is
// shown, never on how many experiments the site has.

import type { RunSectionsJson } from '../data/run-json.ts';
import { whileBusy } from '../lib/aria-busy.ts';
import { loadPagefind, type PagefindResult } from '../lib/pagefind.ts';
import { href } from '../lib/url.ts';
import { type ChipLabel, facetChips } from './chips.ts';
import { chipRows, chosenRunsRow, replaceChips } from './compare-chips.ts';
import { experimentFieldset, showMatchingRuns } from './compare-experiment-list.ts';
import { drawResults, drawSystems, type ResultElements, showControls } from './compare-results.ts';
import { compareRunName, markSharedWorkloads } from './compare-run-list.ts';
import { type ComparedSection, compareRuns } from './compare-runs.ts';
import { siteCompareRunsSource } from './compare-runs-source.ts';
import { CompareRunsStore } from './compare-runs-store.ts';
import { chipCounts, chipSearches, type ListQuery, listSearch } from './compare-search.ts';
import {
  type CompareState,
  compareHash,
  compareStateOf,
  EMPTY_COMPARE_STATE,
  linkHeads,
  readCompareLink,
  toggledRun,
} from './compare-url.ts';
import { FACETS, type Facet, type RunFacets, runFacets } from './facets.ts';
import { listCountText, runsSummaryText } from './list-text.ts';
import type { OpeningView } from './opening-view.ts';
import type { RunName } from './scoreboard-element.ts';

/** Experiments added to the list at a time ("Show more"): each is one small file to fetch. */
const BATCH_SIZE = 20;

interface CompareElements extends ResultElements {
  form: HTMLFormElement;
  chips: HTMLElement;
  runList: HTMLDetailsElement;
  runSummary: HTMLElement;
  chosen: HTMLElement;
  shared: HTMLInputElement;
  count: HTMLElement;
  list: HTMLElement;
  more: HTMLButtonElement;
  status: HTMLElement | null;
}

interface ComparePage {
  elements: CompareElements;
  store: CompareRunsStore;
  labels: readonly ChipLabel[];
  /** Every tool of the chips: the list asks for experiments with a run of any. */
  tools: readonly string[];
  facets: Map<string, RunFacets>;
  state: CompareState;
  /** What the list shows: the search (its options as JSON), what it found, how many are shown. */
  list: { key: string | null; results: PagefindResult[]; shown: number; round: number };
  /** Counts the arrivals at a URL: one whose experiments load after a newer one started is dropped. */
  arriving: number;
  /** Each run's sections, fetched once. */
  fetched: Map<string, Promise<RunSectionsJson>>;
  /** Counts the drawings started: a drawing whose runs arrive after a newer one started is dropped. */
  drawing: number;
  /** The width the results were last drawn for: a phone turned sideways draws them again. */
  drawnWidth: number;
}

/** What a bare /compare/ opens on (pages/compare/opening.json.ts): the workload most experiments share. */
type Opening = (OpeningView & { words: string }) | null;

/** The opening view, fetched only for a bare /compare/; null when there is none or it cannot be had. */
async function fetchOpening(): Promise<Opening> {
  try {
    const response = await fetch(href('compare/opening.json'));
    return response.ok ? ((await response.json()) as Opening) : null;
  } catch {
    return null; // the page opens empty, as it would without one
  }
}

const elements = compareElements();
const labelsScript = document.getElementById('compare-chip-labels');
if (elements && labelsScript?.textContent) start(JSON.parse(labelsScript.textContent) as ChipLabel[], elements);

function compareElements(): CompareElements | undefined {
  const form = document.querySelector<HTMLFormElement>('[data-compare-form]');
  const one = <T extends Element>(selector: string) => form?.querySelector<T>(selector) ?? null;
  const results = document.querySelector<HTMLElement>('[data-compare-results]');
  const [chips, runList, runSummary, chosen, shared, count, list, more] = [
    one<HTMLElement>('[data-compare-chips]'),
    one<HTMLDetailsElement>('[data-compare-runs]'),
    one<HTMLElement>('[data-compare-runs-summary]'),
    one<HTMLElement>('[data-compare-chosen]'),
    one<HTMLInputElement>('[data-compare-shared]'),
    one<HTMLElement>('[data-compare-count]'),
    one<HTMLElement>('[data-compare-list]'),
    one<HTMLButtonElement>('[data-compare-more]'),
  ];
  if (!form || !results || !chips || !runList || !runSummary || !chosen || !shared || !count || !list || !more)
    return undefined;
  return {
    form,
    chips,
    runList,
    runSummary,
    chosen,
    shared,
    count,
    list,
    more,
    status: one<HTMLElement>('[data-compare-status]'),
    base: one<HTMLSelectElement>('[data-compare-base]'),
    metric: one<HTMLSelectElement>('[data-compare-metric]'),
    results,
    empty: document.querySelector<HTMLElement>('[data-compare-empty]'),
    systems: document.querySelector<HTMLElement>('[data-compare-systems]'),
    comparability: document.querySelector<HTMLElement>('[data-compare-comparability]'),
  };
}

function start(labels: ChipLabel[], elements: CompareElements): void {
  const page: ComparePage = {
    elements,
    store: new CompareRunsStore(siteCompareRunsSource),
    labels,
    tools: labels.filter((label) => label.facet === 'tool').map((label) => label.value),
    facets: new Map(),
    state: EMPTY_COMPARE_STATE,
    list: { key: null, results: [], shown: 0, round: 0 },
    arriving: 0,
    fetched: new Map(),
    drawing: 0,
    drawnWidth: 0,
  };
  elements.form.hidden = false;
  listen(page);
  void arrive(page, { isFirst: true });
}

function listen(page: ComparePage): void {
  const { form, chips, chosen, more } = page.elements;
  form.addEventListener('submit', (event) => event.preventDefault());
  form.addEventListener('change', (event) => onControl(page, event.target as HTMLInputElement | HTMLSelectElement));
  chips.addEventListener('click', (event) => {
    const chip = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-facet]');
    if (!chip || chip.disabled) return;
    const facet = chip.dataset.facet as Facet;
    const value = chip.dataset.value ?? '';
    const filters = { ...page.state.filters };
    if (filters[facet] === value) delete filters[facet];
    else filters[facet] = value;
    go(page, { ...page.state, filters });
  });
  chosen.addEventListener('click', (event) => {
    const drop = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-drop-run]');
    if (drop) go(page, toggledRun(page.state, drop.dataset.dropRun ?? '', false));
  });
  more.addEventListener('click', () => void showMore(page));
  page.elements.runList.addEventListener('toggle', () => {
    if (page.elements.runList.open && page.list.shown === 0) void showMore(page);
  });
  const restore = () => void arrive(page, { isFirst: false });
  window.addEventListener('popstate', restore);
  window.addEventListener('hashchange', restore);
  let resizing = 0;
  window.addEventListener('resize', () => {
    window.clearTimeout(resizing);
    resizing = window.setTimeout(() => {
      if (Math.abs(page.elements.results.clientWidth - page.drawnWidth) > 1) void drawRuns(page);
    }, 150);
  });
}

function onControl(page: ComparePage, control: HTMLInputElement | HTMLSelectElement): void {
  const { state } = page;
  if (control.name === 'run') go(page, toggledRun(state, control.value, (control as HTMLInputElement).checked));
  else if (control.name === 'shared') go(page, { ...state, isSharedOnly: (control as HTMLInputElement).checked });
  else if (control.name === 'base') go(page, { ...state, base: control.value === '' ? null : control.value });
  else if (control.name === 'metric') go(page, { ...state, metric: control.value === '' ? null : control.value });
  else if (control.name === 'scale')
    go(page, { ...state, scale: control.value === 'log' || control.value === 'linear' ? control.value : 'auto' });
}

/** A new view: a new history entry (back returns to the previous view), then shown. */
function go(page: ComparePage, state: CompareState): void {
  page.state = state;
  // The opening view's note says why these runs: once the reader picks, it no longer holds.
  const note = document.querySelector<HTMLElement>('[data-compare-opening]');
  if (note) note.hidden = true;
  writeHash(page, 'push');
  show(page);
}

function writeHash(page: ComparePage, how: 'push' | 'replace'): void {
  const hash = compareHash(page.state, page.store.names);
  const url = `${window.location.pathname}${hash ? `#${hash}` : ''}`;
  if (how === 'push') window.history.pushState(null, '', url);
  else window.history.replaceState(null, '', url);
}

/**
 * The view of the URL: its runs' experiments loaded (by alias or id), then shown. An older link
 * (`?runs=…`) becomes its short form in place; with runs chosen from a link, their result comes
 * first and the list stays folded.
 */
async function arrive(page: ComparePage, { isFirst }: { isFirst: boolean }): Promise<void> {
  const ticket = ++page.arriving;
  // A bare /compare/ opens on the workload most experiments share, said in the status line.
  const isBare = isFirst && window.location.search === '' && window.location.hash === '';
  const opening = isBare ? await fetchOpening() : null;
  const asked = readCompareLink(window.location);
  const link = opening === null ? asked : { ...asked, runs: opening.runs };
  const { results, list, status } = page.elements;
  await whileBusy([results, list], () => page.store.loadHeads(linkHeads(link))).catch((error: unknown) => {
    if (status) status.textContent = `Could not load the runs of the link: ${String(error)}`;
  });
  if (ticket !== page.arriving) return;
  const state = compareStateOf(link, page.store.names);
  if (!isFirst && compareHash(state, page.store.names) === compareHash(page.state, page.store.names)) return;
  page.state = state;
  if (isFirst && window.location.search !== '' && window.location.hash === '') writeHash(page, 'replace');
  if (opening !== null && state.runs.length > 0) {
    writeHash(page, 'replace');
    const note = document.querySelector<HTMLElement>('[data-compare-opening]');
    if (note) {
      note.textContent = `Opened on ${opening.words}, the workload most experiments share (${opening.experimentCount}): pick other runs under Runs.`;
      note.hidden = false;
    }
  }
  // The list stays open on a bare page, the opening view's runs above it: nothing was chosen yet.
  if (isFirst) page.elements.runList.open = state.runs.length === 0 || opening !== null;
  show(page);
}

function show(page: ComparePage): void {
  showChosen(page);
  void searchList(page);
  void drawRuns(page);
}

function nameOf(page: ComparePage, id: string): RunName {
  return compareRunName(page.store.runs, page.store.names, id, page.state.runs);
}

function facetsOf(page: ComparePage, id: string): RunFacets | undefined {
  let facets = page.facets.get(id);
  const run = page.store.runs.get(id);
  if (facets === undefined && run !== undefined) {
    facets = runFacets(run);
    page.facets.set(id, facets);
  }
  return facets;
}

/** The chosen runs: the summary, their buttons, their boxes, and what every listed run shares with them. */
function showChosen(page: ComparePage): void {
  const { state, elements } = page;
  const chosen = state.runs.map((id) => ({ id, name: nameOf(page, id) }));
  const found = page.list.key === null ? undefined : page.list.results.length;
  elements.runSummary.textContent = runsSummaryText(
    chosen.map(({ name }) => name.short),
    found,
  );
  elements.chosen.hidden = chosen.length === 0;
  elements.chosen.replaceChildren(...(chosen.length > 0 ? [chosenRunsRow(document, chosen)] : []));
  elements.shared.checked = state.isSharedOnly;
  // Shown once there is something to share with.
  setHidden(elements.shared.closest('label'), state.runs.length === 0);
  showMatchingRuns(elements.list, (id) => facetsOf(page, id), state.filters, state.runs);
  const boxes = [...elements.list.querySelectorAll<HTMLInputElement>('input[name="run"]')];
  markSharedWorkloads(boxes, page.store.runs, state.runs);
}

function setHidden(element: HTMLElement | null, isHidden: boolean): void {
  if (element) element.hidden = isHidden;
}

function listQuery(page: ComparePage): ListQuery {
  const { state } = page;
  const keys = state.runs.flatMap((id) => page.store.runs.get(id)?.keys ?? []);
  return {
    filters: state.filters,
    sharedKeys: state.isSharedOnly && state.runs.length > 0 ? [...new Set(keys)].sort() : null,
  };
}

/** Asks the index for the list's experiments and the chips' counts, when they changed, and shows the first batch. */
async function searchList(page: ComparePage): Promise<void> {
  const query = listQuery(page);
  const key = JSON.stringify(listSearch(query, page.tools));
  if (key === page.list.key) return;
  const round = ++page.list.round;
  // Nothing of the last search is shown from now on, were the list opened before this one ends.
  Object.assign(page.list, { key, results: [], shown: 0 });
  const { chips, list, count } = page.elements;
  await whileBusy([chips, list], async () => {
    const searches = chipSearches(query, page.tools);
    const pagefind = searches.length > 0 ? await loadPagefind() : undefined;
    const answers = await Promise.all(
      searches.map(async ({ facet, options }) => ({ facet, found: await pagefind?.search(null, options) })),
    );
    if (round !== page.list.round) return;
    const counts = chipCounts(answers.map(({ facet, found }) => ({ facet, filters: found?.filters ?? {} })));
    replaceChips(chips, chipRows(document, facetChips(page.labels, query.filters, counts)));
    chips.hidden = page.labels.length === 0;
    page.list.results = answers.find(({ facet }) => facet === null)?.found?.results ?? [];
    list.replaceChildren();
    showCount(page);
    showChosen(page);
    // A folded list (runs chosen from a link) fetches its experiments when it is opened.
    if (page.elements.runList.open) await showMore(page);
  }).catch((error: unknown) => {
    if (round === page.list.round) count.textContent = `Could not search the experiments: ${String(error)}`;
  });
}

/** The list's count, and its "Show more" while some found experiments are not shown. */
function showCount(page: ComparePage): void {
  const { list, elements } = page;
  setHidden(elements.more.parentElement, list.shown >= list.results.length || !elements.runList.open);
  elements.count.textContent = listCountText({
    found: list.results.length,
    shown: list.shown,
    hasChips: FACETS.some((facet) => page.state.filters[facet] !== undefined),
    isSharedOnly: listQuery(page).sharedKeys !== null,
  });
}

/** Adds the next batch of the found experiments, each with its runs (one file each). */
async function showMore(page: ComparePage): Promise<void> {
  const { list: found, elements } = page;
  const round = found.round;
  const batch = found.results.slice(found.shown, found.shown + BATCH_SIZE);
  if (batch.length === 0) return;
  elements.more.disabled = true;
  await whileBusy([elements.list], async () => {
    const pages = await Promise.all(batch.map((result) => result.data()));
    const experiments = await Promise.all(
      pages.map((data) => (data.meta.id === undefined ? undefined : page.store.experiment(data.meta.id))),
    );
    if (round !== found.round) return;
    for (const experiment of experiments) {
      if (experiment !== undefined && experiment.runs.length > 0)
        elements.list.append(experimentFieldset(document, experiment));
    }
    found.shown += batch.length;
    showCount(page);
    showChosen(page);
  })
    .catch((error: unknown) => {
      if (round === found.round) elements.count.textContent = `Could not load the experiments: ${String(error)}`;
    })
    .finally(() => {
      elements.more.disabled = false;
    });
}

/** Fetches the chosen runs' sections and draws them; busy until drawn or failed. */
async function drawRuns(page: ComparePage): Promise<void> {
  const { state, elements } = page;
  const ticket = ++page.drawing;
  await whileBusy([elements.results], async () => {
    if (elements.status) elements.status.textContent = state.runs.length > 0 ? 'Loading the runs…' : '';
    const inputs = await Promise.all(
      state.runs.map(async (id) => ({
        ref: { id, label: nameOf(page, id).short },
        sections: (await runSectionsOf(page, id)).sections,
      })),
    ).catch((error: unknown) => {
      if (elements.status) elements.status.textContent = `Could not load a run: ${String(error)}`;
      return undefined;
    });
    if (ticket !== page.drawing || inputs === undefined) return;
    if (elements.status) elements.status.textContent = '';
    const sections = compareRuns(inputs);
    adoptLegacyMetric(page, sections);
    const chosen = {
      state: page.state,
      nameOf: (id: string) => nameOf(page, id),
      runOf: (id: string) => page.store.runs.get(id),
    };
    showControls(elements, chosen, sections);
    page.drawnWidth = drawResults(elements, chosen, sections);
    drawSystems(elements, chosen);
  });
}

/**
 * An older link names a compared metric by its key (`compare-fio-write-bw`): the state and the
 * URL take its measurement's name instead (`write.bw`), as the metric select offers it.
 */
function adoptLegacyMetric(page: ComparePage, sections: readonly ComparedSection[]): void {
  const { metric } = page.state;
  const named = sections.flatMap((section) => section.metrics).find((candidate) => candidate.key === metric);
  if (named === undefined) return;
  page.state = { ...page.state, metric: named.metric };
  writeHash(page, 'replace');
}

/** A run's sections (`RunSectionsJson`), fetched on first use. */
function runSectionsOf(page: ComparePage, id: string): Promise<RunSectionsJson> {
  let promise = page.fetched.get(id);
  if (promise === undefined) {
    const run = page.store.runs.get(id);
    if (run === undefined) return Promise.reject(new Error(`no run ${id} is loaded`));
    promise = fetch(run.sectionsHref).then((response) => {
      if (!response.ok) throw new Error(`${response.status} for ${run.sectionsHref}`);
      return response.json() as Promise<RunSectionsJson>;
    });
    page.fetched.set(id, promise);
  }
  return promise;
}
