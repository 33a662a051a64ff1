// "Compare with": the reader's run beside several published runs at once. The site's search index
// names the experiments with workloads like the reader's, the newest few dozen at most
// (compare/candidate-experiments.ts), and only their runs are fetched (compare/published-runs.ts).
// Those runs are ranked by how alike their workloads are to the reader's (compare/ranked-runs.ts:
// the library's fingerprints, not job names), the best few of the best kind ticked. The ticked runs' sections
// are fetched, their bar groups paired with the reader's (compare/paired-sections.ts) so that a
// `randwrite` job stands beside a `random-write-direct`, and drawn with the experiment pages' bar
// charts, relative to a baseline, on a log axis when the bars span more than ten times. iostat
// logs are compared as per-device summaries. Everything happens in the browser.

import { LOG_SCALE_SPAN } from '../charts/scale-span.ts';
import { compareSectionNodes } from '../compare/compare-figure.ts';
import type { CompareRun } from '../compare/compare-index.ts';
import { type ComparedSection, compareRuns } from '../compare/compare-runs.ts';
import type { RunSectionsJson } from '../data/run-json.ts';
import { defaultPageState, type PageState, type ScaleKind } from '../lib/page-state.ts';
import type { Pagefind } from '../lib/pagefind.ts';
import type { RunRef, ToolSection } from '../view/model.ts';
import { autoScale } from './compare/auto-scale.ts';
import { scopeText } from './compare/candidate-experiments.ts';
import type { IostatSummary } from './compare/iostat-summary.ts';
import { type NamedSummary, reportsText, summaryComparisonTables } from './compare/iostat-tables.ts';
import { publishedRunRef } from './compare/matching-runs.ts';
import { type GroupPair, pairedSections, withYourBars } from './compare/paired-sections.ts';
import { publishedIostatSummary } from './compare/published-iostat.ts';
import { type PublishedRuns, publishedRuns } from './compare/published-runs.ts';
import { publishedWorkloadsText } from './compare/published-workloads.ts';
import { defaultChosenRuns, type RankedRun, rankPublishedRuns, type YourFingerprint } from './compare/ranked-runs.ts';
import { runChoices } from './compare/run-choices.ts';
import { tableElement } from './render-outputs.ts';

export interface CompareWithOptions {
  /** The reader's sections, made by the data layer as run `yourRun`. */
  yours: readonly ToolSection[];
  yourRun: RunRef;
  /** What the reader's outputs ran, one per workload. */
  yourFingerprints: readonly YourFingerprint[];
  /** The reader's iostat logs, summarised per device. */
  yourIostat: ReadonlyArray<{ file: string; summary: IostatSummary }>;
  /** The site's search index (pagefind.ts loadPagefind), asked which experiments to fetch runs from. */
  loadSearch: () => Promise<Pagefind>;
  /** The site's base path (`/`, `/benchfolio/`): where the experiments' files are. */
  base: string;
}

interface Controls {
  status: HTMLElement;
  error: HTMLElement;
  choices: HTMLElement;
  view: HTMLElement;
  baseline: HTMLSelectElement;
  scales: HTMLInputElement[];
  scaleNote: HTMLElement;
  results: HTMLElement;
}

/** The compare view once the published runs are ranked: what is ticked and shown, and what was fetched. */
interface Picker {
  controls: Controls;
  options: CompareWithOptions;
  ranked: readonly RankedRun[];
  /** Ticked run ids, in the ranking's order when drawn. */
  chosen: Set<string>;
  /** The baseline run's id; null for absolute values. The reader's run unless they say otherwise. */
  baseline: string | null;
  /** The scale the reader picked; null while the page chooses it from the bars' span. */
  pickedScale: ScaleKind | null;
  /** Each published run's sections and iostat summary, fetched once (again after a failure). */
  fetched: Map<string, Promise<Fetched>>;
  /** Counts the drawings started: one whose runs arrive after a newer one started is dropped. */
  drawing: number;
  /** The metric each compared section shows, kept when the runs, baseline or scale change. */
  shownMetrics: Record<string, string>;
}

/**
 * Draws the compare view into `container` and resolves once the published runs are ranked (or
 * the failure to list them is shown); the ticked runs are then fetched and drawn.
 */
export async function mountCompareWith(container: HTMLElement, options: CompareWithOptions): Promise<void> {
  const document = container.ownerDocument;
  const controls = skeleton(document);
  container.replaceChildren(controls.status, controls.error, controls.choices, controls.view, controls.results);
  const found = await rankedRuns(options, controls);
  if (found === undefined) return;
  const { ranked, notes } = found;
  const picker: Picker = {
    controls,
    options,
    ranked,
    chosen: new Set(defaultChosenRuns(ranked)),
    baseline: options.yourRun.id,
    pickedScale: null,
    fetched: new Map(),
    drawing: 0,
    shownMetrics: {},
  };
  controls.status.textContent = [statusText(ranked, picker.chosen.size), ...notes].join(' ');
  controls.choices.replaceChildren(
    runChoices(document, {
      ranked,
      chosen: picker.chosen,
      base: options.base,
      labelOf: (run) => publishedRunRef(run.run).label,
      onToggle: (id, checked) => {
        if (checked) picker.chosen.add(id);
        else picker.chosen.delete(id);
        void draw(picker);
      },
    }),
  );
  wire(picker);
  await draw(picker);
}

/**
 * The published runs like the reader's, ranked, with what the status line adds (how the
 * candidates were bounded, what did not load); undefined once the view says why there are none.
 */
async function rankedRuns(
  options: CompareWithOptions,
  controls: Controls,
): Promise<{ ranked: RankedRun[]; notes: string[] } | undefined> {
  const { status, error } = controls;
  if (options.yourFingerprints.length === 0) {
    status.textContent =
      'Your outputs do not say what workload they ran (a fio log alone has no job parameters): there is nothing to match published runs with. Add the output fio printed beside it.';
    return undefined;
  }
  status.textContent = 'Loading the published runs like yours…';
  let search: Pagefind;
  let published: PublishedRuns;
  try {
    search = await options.loadSearch();
    const fingerprints = options.yourFingerprints.map((each) => each.fingerprint);
    published = await publishedRuns(search, fingerprints, options.base);
  } catch (caught) {
    status.textContent = '';
    showError(error, `Could not load the published runs: ${messageOf(caught)}.`);
    return undefined;
  }
  const ranked = rankPublishedRuns(options.yourFingerprints, published.runs);
  const notes = [scopeText(published.scope), failuresText(published.failures)].filter((note) => note !== '');
  if (ranked.length > 0) return { ranked, notes };
  const kinds = [...new Set(options.yourFingerprints.map(({ fingerprint }) => fingerprint.summary))];
  status.textContent = [
    `No published run ran a workload related to yours (${kinds.slice(0, 4).join('; ')}).`,
    await publishedWorkloadsText(search).catch(() => ''),
    ...notes,
  ]
    .filter((sentence) => sentence !== '')
    .join(' ');
  return undefined;
}

/** "9 published runs ran workloads like yours; the 3 most alike of the same kind are ticked." */
function statusText(ranked: readonly RankedRun[], ticked: number): string {
  const runs = `${ranked.length} published ${ranked.length === 1 ? 'run ran a workload' : 'runs ran workloads'} like yours`;
  const kind = ranked[0]?.kindMatch === 'same' ? 'of the same kind ' : '';
  return `${runs}; the ${ticked === 1 ? 'most alike' : `${ticked} most alike`} ${kind}${ticked === 1 ? 'is' : 'are'} ticked.`;
}

/** "Left out what did not load: 404 Not Found for /experiments/x/compare-runs.json (and 2 more)." */
function failuresText(failures: readonly string[]): string {
  if (failures.length === 0) return '';
  const more = failures.length > 1 ? ` (and ${failures.length - 1} more)` : '';
  return `Left out what did not load: ${failures[0]}${more}.`;
}

function wire(picker: Picker): void {
  const { baseline, scales } = picker.controls;
  baseline.addEventListener('change', () => {
    picker.baseline = baseline.value === '' ? null : baseline.value;
    void draw(picker);
  });
  for (const radio of scales) {
    radio.addEventListener('change', () => {
      if (!radio.checked) return;
      picker.pickedScale = radio.value === 'log' ? 'log' : 'linear';
      void draw(picker);
    });
  }
}

/** A ticked run, fetched: its reference for the charts and its sections with the reader's group keys. */
interface Fetched {
  ranked: RankedRun;
  ref: RunRef;
  sections: ToolSection[];
  pairs: GroupPair[];
  iostat: NamedSummary | undefined;
}

/** The ticked runs beside the reader's. */
async function draw(picker: Picker): Promise<void> {
  const { controls, options } = picker;
  const ticket = ++picker.drawing;
  hideError(controls.error);
  const chosen = picker.ranked.filter((run) => picker.chosen.has(run.id));
  if (chosen.length === 0) {
    controls.view.hidden = true;
    controls.results.replaceChildren(
      paragraph(controls.results.ownerDocument, 'Tick a published run to compare with.'),
    );
    return;
  }
  controls.results.setAttribute('aria-busy', 'true');
  const settled = await Promise.all(
    chosen.map((ranked) => fetchRun(picker, ranked).catch((caught: unknown) => caught)),
  );
  if (ticket !== picker.drawing) return;
  controls.results.removeAttribute('aria-busy');
  const fetched = settled.filter((each): each is Fetched => !(each instanceof Error) && typeof each === 'object');
  const failed = settled.filter((each): each is Error => each instanceof Error);
  if (failed.length > 0) showError(controls.error, failed.map((each) => `${each.message}.`).join(' '));
  const runOrder = [options.yourRun, ...fetched.map((each) => each.ref)];
  if (picker.baseline !== null && !runOrder.some((run) => run.id === picker.baseline))
    picker.baseline = options.yourRun.id;
  fillBaseline(controls.baseline, runOrder, picker.baseline);
  const compared = withYourBars(
    compareRuns([
      { ref: options.yourRun, sections: options.yours },
      ...fetched.map((each) => ({ ref: each.ref, sections: each.sections })),
    ]),
    options.yourRun.id,
  );
  const scale = chooseScale(picker, compared);
  const document = controls.results.ownerDocument;
  controls.view.hidden = compared.length === 0;
  const widthPx = controls.results.clientWidth;
  const state: PageState = {
    ...defaultPageState({ runs: runOrder.map((run) => run.id), sections: {} }),
    baseline: picker.baseline,
    scale,
  };
  const nodes: HTMLElement[] = [];
  if (compared.length > 0) {
    nodes.push(pairsNote(document, fetched));
    nodes.push(
      ...compareSectionNodes(compared, {
        state,
        runOrder,
        document,
        maxWidthPx: widthPx > 0 ? widthPx : undefined,
        // Ids on the /try page start with this: its sections draw figures too.
        idPrefix: 'try-',
        shownMetrics: picker.shownMetrics,
        onPickMetric: (section, metric) => {
          picker.shownMetrics[section] = metric;
        },
      }),
    );
  } else if (options.yours.some((section) => section.metrics.length > 0)) {
    nodes.push(
      paragraph(
        document,
        'No bars line up: the ticked runs ran alike workloads with other tools (fio beside sysbench) or measured them in other units. The reasons above say what is alike.',
      ),
    );
  }
  nodes.push(...iostatNodes(document, picker, fetched));
  controls.results.replaceChildren(...nodes);
}

/** The reader's pick, else log when the bars shown span more than ten times; the note says which and why. */
function chooseScale(picker: Picker, compared: readonly ComparedSection[]): ScaleKind {
  const shown = compared.flatMap((section) => {
    const metric =
      section.metrics.find((candidate) => candidate.key === picker.shownMetrics[section.key]) ?? section.metrics[0];
    return metric === undefined ? [] : [metric];
  });
  const auto = autoScale(shown, picker.baseline);
  const scale = picker.pickedScale ?? auto.scale;
  for (const radio of picker.controls.scales) radio.checked = radio.value === scale;
  const { scaleNote } = picker.controls;
  scaleNote.dataset.span = String(auto.span);
  scaleNote.textContent =
    picker.pickedScale === null && auto.scale === 'log'
      ? `Log scale: the bars span ${spanText(auto.span)}, more than ${LOG_SCALE_SPAN}×; a linear axis would flatten all but the longest.`
      : '';
  return scale;
}

function spanText(span: number): string {
  return `${span >= 100 ? Math.round(span) : Number(span.toPrecision(2))}×`;
}

/**
 * Under which of the reader's groups the runs' bars are drawn, where names differ: one line per
 * pairing, naming the runs it holds for ("its random-write-direct beside your randwrite: ext3 ·
 * 2011-07, ext4 · 2011-07").
 */
function pairsNote(document: Document, fetched: readonly Fetched[]): HTMLElement {
  const runsOf = new Map<string, string[]>();
  for (const each of fetched) {
    for (const pair of each.pairs) {
      if (pair.theirGroup === pair.yourGroup) continue;
      const line = `its ${pair.theirGroup} beside your ${pair.yourGroup}`;
      runsOf.set(line, [...(runsOf.get(line) ?? []), each.ref.label]);
    }
  }
  if (runsOf.size === 0) return document.createElement('span');
  const list = document.createElement('ul');
  list.className = 'note compare-pairs';
  list.dataset.comparePairs = '';
  for (const [line, runs] of runsOf) {
    const item = document.createElement('li');
    item.textContent = `${line}: ${runs.join(', ')}`;
    list.append(item);
  }
  const box = document.createElement('div');
  const lead = paragraph(
    document,
    'Bars are paired by workload, not by name: each of your workloads stands beside the most alike of each run.',
  );
  lead.className = 'note';
  box.append(lead, list);
  return box;
}

/** The reader's iostat logs and the ticked runs' as per-device summaries, one table per figure. */
function iostatNodes(document: Document, picker: Picker, fetched: readonly Fetched[]): HTMLElement[] {
  const { yourIostat, yourRun } = picker.options;
  if (yourIostat.length === 0) return [];
  const heading = document.createElement('h3');
  heading.textContent = 'Device activity (iostat)';
  const logs: NamedSummary[] = [
    ...yourIostat.map(({ file, summary }) => ({
      run: yourIostat.length === 1 ? yourRun.label : `${yourRun.label} · ${file}`,
      summary,
    })),
    ...fetched.flatMap((each) => (each.iostat === undefined ? [] : [each.iostat])),
  ];
  const box = document.createElement('div');
  box.dataset.compareIostat = '';
  const note =
    logs.length === yourIostat.length
      ? 'None of the ticked runs has an iostat log: your devices alone.'
      : 'Each log summarised over its interval reports: the workloads ran for different lengths of time, so their figures are compared as mean, 95th percentile and maximum.';
  const reports = paragraph(document, reportsText(logs));
  reports.className = 'note';
  box.append(
    heading,
    paragraph(document, note),
    reports,
    ...summaryComparisonTables(logs).map((table) => tableElement(document, table)),
  );
  return [box];
}

/** A ticked run's sections (paired with the reader's groups) and its iostat summary, fetched once. */
function fetchRun(picker: Picker, ranked: RankedRun): Promise<Fetched> {
  let promise = picker.fetched.get(ranked.id);
  if (promise === undefined) {
    promise = loadRun(picker.options, ranked);
    picker.fetched.set(ranked.id, promise);
    promise.catch(() => picker.fetched.delete(ranked.id));
  }
  return promise;
}

async function loadRun(options: CompareWithOptions, ranked: RankedRun): Promise<Fetched> {
  const ref = publishedRunRef(ranked.run);
  const iostatLog = options.yourIostat.length > 0 ? iostatFileOf(ranked.run) : undefined;
  try {
    const [json, iostat] = await Promise.all([
      fetchJson<RunSectionsJson>(ranked.run.sectionsHref),
      iostatLog === undefined ? undefined : publishedIostatSummary(iostatLog.fileHref, iostatLog.file),
    ]);
    const { sections, pairs } = pairedSections(
      options.yours,
      options.yourFingerprints,
      json.sections,
      ranked.run.fingerprints,
    );
    return {
      ranked,
      ref,
      sections,
      pairs,
      iostat: iostat === undefined ? undefined : { run: ref.label, summary: iostat },
    };
  } catch (caught) {
    throw new Error(`Could not load ${ref.label}: ${messageOf(caught)}`);
  }
}

/** The run's first iostat log (a run has one per experiment), if it has any. */
function iostatFileOf(run: CompareRun): { file: string; fileHref: string } | undefined {
  return run.fingerprints.find((each) => each.fingerprint.tool === 'iostat');
}

/** The baseline choices: none, or any run shown; `selected` selected. */
function fillBaseline(select: HTMLSelectElement, runs: readonly RunRef[], selected: string | null): void {
  const document = select.ownerDocument;
  select.replaceChildren(
    option(document, '', 'no baseline (absolute values)'),
    ...runs.map((run) => option(document, run.id, run.label)),
  );
  select.value = selected ?? '';
}

/** The view's parts, made once; the controls are hidden until there are bars to draw. */
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
  const choices = document.createElement('div');
  choices.className = 'compare-with';
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
  const scaleNote = document.createElement('p');
  scaleNote.className = 'note link-note';
  scaleNote.dataset.compareScaleNote = '';
  const view = document.createElement('div');
  view.className = 'view-controls compare-controls';
  view.dataset.compareControls = '';
  view.hidden = true;
  view.append(baselineLabel, scaleSet, scaleNote);
  const results = document.createElement('div');
  results.dataset.compareResults = '';
  results.setAttribute('aria-live', 'polite');
  return { status, error, choices, view, baseline, scales, scaleNote, results };
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
