// The compare page: chips that filter the run list, the chosen runs (in the URL's hash) fetched
// as run JSON and lined up by compareRuns, each compared metric as a scoreboard against the best
// of the selection or a base run, the experiment pages' bar chart, and the systems of the runs.

import { isLogByDefault, positiveSpan } from '../charts/scale-span.ts';
import { runNames } from '../compare/aliases.ts';
import {
  FACET_TITLES,
  FACETS,
  type Facet,
  facetChips,
  matchesFilters,
  type RunFacets,
  runFacets,
} from '../compare/facets.ts';
import { scoreboard } from '../compare/ratios.ts';
import { type RunName, scoreboardFigure } from '../compare/scoreboard-element.ts';
import { cellSources } from '../compare/sources.ts';
import { systemsTable, workloadDifferences } from '../compare/systems.ts';
import { systemsNodes } from '../compare/systems-element.ts';
import type { CompareIndex } from '../data/compare-index.ts';
import type { RunSectionsJson } from '../data/run-json.ts';
import { compareFigure } from '../figures/compare-figure.ts';
import { defaultPageState } from '../lib/page-state.ts';
import { type ComparedSection, compareRuns } from '../view/compare-runs.ts';
import type { MetricComparison } from '../view/model.ts';
import { compareRunName, type KnownRuns, markSharedWorkloads } from './compare-run-list.ts';
import { type CompareState, compareHash, compareStateFrom, toggledRun } from './compare-url.ts';

interface ComparePage {
  known: KnownRuns;
  names: ReturnType<typeof runNames>;
  facets: Map<string, RunFacets>;
  boxes: HTMLInputElement[];
  chips: HTMLElement;
  runList: HTMLDetailsElement | null;
  runSummary: HTMLElement | null;
  base: HTMLSelectElement | null;
  metric: HTMLSelectElement | null;
  status: HTMLElement | null;
  results: HTMLElement;
  empty: HTMLElement | null;
  systems: HTMLElement | null;
  state: CompareState;
  /** Each run's sections, fetched once. */
  fetched: Map<string, Promise<RunSectionsJson>>;
  /** Counts the drawings started: a drawing whose runs arrive after a newer one started is dropped. */
  drawing: number;
  /** The width the results were last drawn for: a phone turned sideways draws them again. */
  drawnWidth: number;
}

const indexScript = document.getElementById('compare-index');
const form = document.querySelector<HTMLFormElement>('[data-compare-form]');
const results = document.querySelector<HTMLElement>('[data-compare-results]');
const chips = document.querySelector<HTMLElement>('[data-compare-chips]');
if (indexScript?.textContent && form && results && chips)
  start(JSON.parse(indexScript.textContent) as CompareIndex, form, results, chips);

function start(index: CompareIndex, form: HTMLFormElement, results: HTMLElement, chips: HTMLElement): void {
  const ids = index.runs.map((run) => `${run.experiment}/${run.run}`);
  const names = runNames(ids);
  const page: ComparePage = {
    known: new Map(index.runs.map((run, i) => [ids[i] ?? '', run])),
    names,
    facets: new Map(index.runs.map((run, i) => [ids[i] ?? '', runFacets(run)])),
    boxes: [...form.querySelectorAll<HTMLInputElement>('input[name="run"]')],
    chips,
    runList: form.querySelector<HTMLDetailsElement>('[data-compare-runs]'),
    runSummary: form.querySelector<HTMLElement>('[data-compare-runs-summary]'),
    base: form.querySelector<HTMLSelectElement>('[data-compare-base]'),
    metric: form.querySelector<HTMLSelectElement>('[data-compare-metric]'),
    status: form.querySelector<HTMLElement>('[data-compare-status]'),
    results,
    empty: document.querySelector<HTMLElement>('[data-compare-empty]'),
    systems: document.querySelector<HTMLElement>('[data-compare-systems]'),
    state: compareStateFrom(window.location, names),
    fetched: new Map(),
    drawing: 0,
    drawnWidth: 0,
  };
  const controls = form.querySelector<HTMLElement>('[data-compare-controls]');
  if (controls) controls.hidden = false;
  chips.hidden = false;
  // An older link (`?runs=…`) becomes its short form, in place.
  if (window.location.search !== '' && window.location.hash === '') {
    const hash = compareHash(page.state, names);
    window.history.replaceState(null, '', `${window.location.pathname}${hash ? `#${hash}` : ''}`);
  }
  // With runs chosen from a link, their result comes first: the list stays folded.
  if (page.runList) page.runList.open = page.state.runs.length === 0;

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
  const restore = () => {
    const state = compareStateFrom(window.location, names);
    if (compareHash(state, names) === compareHash(page.state, names)) return;
    page.state = state;
    void show(page);
  };
  window.addEventListener('popstate', restore);
  window.addEventListener('hashchange', restore);
  let resizing = 0;
  window.addEventListener('resize', () => {
    window.clearTimeout(resizing);
    resizing = window.setTimeout(() => {
      if (Math.abs(page.results.clientWidth - page.drawnWidth) > 1) void show(page);
    }, 150);
  });
  void show(page);
}

function onControl(page: ComparePage, control: HTMLInputElement | HTMLSelectElement): void {
  const { state } = page;
  if (control.name === 'run') go(page, toggledRun(state, control.value, (control as HTMLInputElement).checked));
  else if (control.name === 'base') go(page, { ...state, base: control.value === '' ? null : control.value });
  else if (control.name === 'metric') go(page, { ...state, metric: control.value === '' ? null : control.value });
  else if (control.name === 'scale')
    go(page, { ...state, scale: control.value === 'log' || control.value === 'linear' ? control.value : 'auto' });
}

/** A new view: a new history entry (back returns to the previous view), then drawn. */
function go(page: ComparePage, state: CompareState): void {
  page.state = state;
  const hash = compareHash(state, page.names);
  window.history.pushState(null, '', `${window.location.pathname}${hash ? `#${hash}` : ''}`);
  void show(page);
}

function nameOf(page: ComparePage, id: string): RunName {
  return compareRunName(page.known, page.names, id, page.state.runs);
}

/** Sets the chips and the form to the state, then fetches the chosen runs and draws them. */
async function show(page: ComparePage): Promise<void> {
  const { state } = page;
  showChips(page);
  showRunList(page);
  const ticket = ++page.drawing;
  // Busy until the runs are drawn or have failed to load (the browser tests wait for this too).
  page.results.setAttribute('aria-busy', 'true');
  if (page.status) page.status.textContent = state.runs.length > 0 ? 'Loading the runs…' : '';
  const inputs = await Promise.all(
    state.runs.map(async (id) => ({
      ref: { id, label: nameOf(page, id).short },
      sections: (await runSectionsOf(page, id)).sections,
    })),
  ).catch((error: unknown) => {
    if (page.status) page.status.textContent = `Could not load a run: ${String(error)}`;
    return undefined;
  });
  if (ticket !== page.drawing) return;
  if (inputs !== undefined) {
    if (page.status) page.status.textContent = '';
    const sections = compareRuns(inputs);
    adoptLegacyMetric(page, sections);
    showControls(page, sections);
    drawResults(page, sections);
    drawSystems(page);
  }
  page.results.removeAttribute('aria-busy');
}

function showChips(page: ComparePage): void {
  const runs = [...page.known].map(([id, run]) => ({ ...run, facets: page.facets.get(id) as RunFacets }));
  const byFacet = facetChips(runs, page.state.filters);
  const rows = FACETS.map((facet) => {
    const row = document.createElement('div');
    row.className = 'chip-row';
    row.setAttribute('role', 'group');
    const title = document.createElement('span');
    title.className = 'chip-title';
    title.id = `chips-${facet}`;
    title.textContent = FACET_TITLES[facet];
    row.setAttribute('aria-labelledby', title.id);
    row.append(title);
    for (const chip of byFacet[facet]) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'chip';
      button.dataset.facet = facet;
      button.dataset.value = chip.value;
      button.setAttribute('aria-pressed', String(chip.isChosen));
      button.textContent = `${chip.label} `;
      const count = document.createElement('span');
      count.className = 'chip-count';
      count.textContent = String(chip.count);
      button.append(count);
      if (!chip.isChosen && !chip.isComparable) {
        button.disabled = true;
        button.title =
          chip.count === 0
            ? `No run is ${chip.label} with the other chips chosen`
            : `The ${chip.count === 1 ? 'one run' : `${chip.count} runs`} left would share no tool and workload: nothing to compare`;
      }
      row.append(button);
    }
    return row;
  });
  page.chips.replaceChildren(...rows);
}

/** The boxes as chosen, the runs the chips leave shown (the chosen ones always), and the list's summary. */
function showRunList(page: ComparePage): void {
  const { state } = page;
  let shown = 0;
  for (const box of page.boxes) {
    box.checked = state.runs.includes(box.value);
    const facets = page.facets.get(box.value);
    const isShown = box.checked || (facets !== undefined && matchesFilters(facets, state.filters));
    const label = box.closest<HTMLElement>('.compare-run');
    if (label) label.hidden = !isShown;
    if (isShown) shown++;
  }
  for (const fieldset of document.querySelectorAll<HTMLElement>('.compare-experiment')) {
    fieldset.hidden = fieldset.querySelector('.compare-run:not([hidden])') === null;
  }
  markSharedWorkloads(page.boxes, page.known, state.runs);
  if (page.runSummary) {
    const chosen = state.runs.map((id) => nameOf(page, id).short).join(', ');
    page.runSummary.textContent = `Runs: ${state.runs.length} chosen${chosen ? ` (${chosen})` : ''} · ${shown} of ${page.boxes.length} listed`;
  }
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
  const hash = compareHash(page.state, page.names);
  window.history.replaceState(null, '', `${window.location.pathname}${hash ? `#${hash}` : ''}`);
}

/** The base run's options (the chosen runs), the metrics compared, the scale. */
function showControls(page: ComparePage, sections: readonly ComparedSection[]): void {
  const { base, metric } = page;
  const { state } = page;
  if (base) {
    base.replaceChildren(new Option('the best of the selection', ''));
    for (const id of state.runs) base.append(new Option(nameOf(page, id).full, id));
    base.value = state.base ?? '';
  }
  if (metric) {
    const metrics = new Map<string, string>();
    for (const section of sections)
      for (const m of section.metrics) if (!metrics.has(m.metric)) metrics.set(m.metric, m.title);
    metric.replaceChildren(new Option('each section’s first', ''));
    for (const [name, title] of metrics) metric.append(new Option(`${title} (${name})`, name));
    metric.value = state.metric !== null && metrics.has(state.metric) ? state.metric : '';
  }
  for (const radio of document.querySelectorAll<HTMLInputElement>('input[name="scale"]')) {
    radio.checked = radio.value === state.scale;
  }
}

/** The metric a section shows: the one the state names (by measurement, or by key from an old link), else its first. */
function shownMetric(section: ComparedSection, chosen: string | null): MetricComparison | undefined {
  return section.metrics.find((metric) => metric.metric === chosen || metric.key === chosen) ?? section.metrics[0];
}

function drawResults(page: ComparePage, sections: readonly ComparedSection[]): void {
  const { state, results, empty } = page;
  page.drawnWidth = results.clientWidth;
  const runOrder = state.runs.map((id) => ({ id, label: nameOf(page, id).short }));
  const nodes: HTMLElement[] = [];
  sections.forEach((section, index) => {
    const metric = shownMetric(section, state.metric);
    if (metric === undefined) return;
    const board = scoreboard(
      metric,
      state.runs,
      state.base !== null && metric.cells.some((cell) => cell.run === state.base) ? state.base : null,
    );
    const isLog = state.scale === 'log' || (state.scale === 'auto' && isLogByDefault(board.span));
    const chartSpan =
      board.reference.kind === 'base' ? board.span : positiveSpan(metric.cells.map((cell) => cell.value));
    const chartScale = state.scale === 'auto' ? (isLogByDefault(chartSpan) ? 'log' : 'linear') : state.scale;
    nodes.push(
      scoreboardFigure({
        document,
        metric,
        board,
        sectionTitle: section.title,
        names: (run) => nameOf(page, run),
        sources: (run, group) => {
          const known = page.known.get(run);
          return known === undefined ? [] : cellSources(known, section.key, group);
        },
        isLog,
        id: `score-${index}`,
      }),
      compareFigure({
        metric,
        sectionKey: section.key,
        state: {
          ...defaultPageState({ runs: state.runs, sections: {} }),
          baseline: board.reference.kind === 'base' ? board.reference.run : null,
          scale: chartScale,
        },
        runOrder,
        document,
        maxWidthPx: results.clientWidth || undefined,
        idPrefix: `compare-${index}-`,
        fullName: (run) => nameOf(page, run).full,
      }),
    );
  });
  results.replaceChildren(...nodes);
  if (empty) {
    empty.hidden = sections.length > 0;
    empty.textContent =
      state.runs.length < 2
        ? 'Pick two or more runs that share a tool and workload: the chips narrow the list.'
        : 'These runs share no tool and workload: pick runs marked “shares”.';
  }
}

function drawSystems(page: ComparePage): void {
  const { state, systems } = page;
  if (!systems) return;
  const section = systems.closest<HTMLElement>('section');
  const chosen = state.runs.flatMap((id) => {
    const run = page.known.get(id);
    return run === undefined ? [] : [{ id, run, name: nameOf(page, id) }];
  });
  if (section) section.hidden = chosen.length < 2;
  if (chosen.length < 2) {
    systems.replaceChildren();
    return;
  }
  const [first, ...others] = chosen;
  systems.replaceChildren(
    ...systemsNodes({
      document,
      runs: chosen.map(({ id, name }) => ({ id, name })),
      table: systemsTable(chosen.map(({ run }) => run.system)),
      workloads: others.map(({ id, run }) => ({
        run: id,
        differences: workloadDifferences(first?.run.fingerprints ?? [], run.fingerprints),
      })),
    }),
  );
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
