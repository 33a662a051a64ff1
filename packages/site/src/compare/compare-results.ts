// The compare page's result for the chosen runs, once their sections are lined up (compareRuns):
// the base and metric selects and the scale, each compared metric as a scoreboard against the
// best of the selection or a base run with the experiment pages' bar chart under it, and the
// systems of the runs side by side.

import { isLogByDefault, positiveSpan } from '../charts/scale-span.ts';
import { defaultPageState } from '../lib/page-state.ts';
import type { MetricComparison } from '../view/model.ts';
import { comparabilityLine, type RefusedCell, refusedCells } from './comparability.ts';
import { compareFigure } from './compare-figure.ts';
import type { CompareCellFinding, CompareRun } from './compare-index.ts';
import type { ComparedSection } from './compare-runs.ts';
import type { CompareState } from './compare-url.ts';
import { comparedNoise, leadEvidenceOf } from './lead-calls.ts';
import { scoreboard } from './ratios.ts';
import { type RunName, scoreboardFigure } from './scoreboard-element.ts';
import { cellSources, groupFingerprints } from './sources.ts';
import { systemsTable, workloadDifferences } from './systems.ts';
import { systemsNodes } from './systems-element.ts';

/** Where the result goes. */
export interface ResultElements {
  base: HTMLSelectElement | null;
  metric: HTMLSelectElement | null;
  results: HTMLElement;
  empty: HTMLElement | null;
  systems: HTMLElement | null;
  /** The line above the rankings: what differs among the ranked runs besides the workload. */
  comparability: HTMLElement | null;
}

/** The chosen runs as the result needs them. */
export interface ChosenRuns {
  state: CompareState;
  nameOf(id: string): RunName;
  runOf(id: string): CompareRun | undefined;
}

/** The base run's options (the chosen runs), the metrics compared, the scale. */
export function showControls(elements: ResultElements, chosen: ChosenRuns, sections: readonly ComparedSection[]): void {
  const { base, metric } = elements;
  const { state } = chosen;
  if (base) {
    base.replaceChildren(new Option('the best of the selection', ''));
    for (const id of state.runs) base.append(new Option(chosen.nameOf(id).full, id));
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
function shownMetric(section: ComparedSection, name: string | null): MetricComparison | undefined {
  return section.metrics.find((metric) => metric.metric === name || metric.key === name) ?? section.metrics[0];
}

/**
 * The numbers of a metric a ranking leaves out (comparability.ts), and the metric without them,
 * with the noise tests the build made between its runs.
 */
function rankableMetric(
  metric: MetricComparison,
  sectionKey: string,
  chosen: ChosenRuns,
): { metric: MetricComparison; refused: RefusedCell[] } {
  const refused = refusedCells(metric.cells, chosen.state.runs, (run, group) => {
    const known = chosen.runOf(run);
    return known === undefined ? [] : groupFingerprints(known, sectionKey, group);
  });
  const isRefused = (cell: { run: string; group: string }) =>
    refused.some((left) => left.run === cell.run && left.group === cell.group);
  const rankable = { ...metric, cells: metric.cells.filter((cell) => !isRefused(cell)) };
  // The experiment pages' charts read the noise tests from the metric: those the build made.
  const noise = comparedNoise(rankable, leadEvidenceOf(sectionKey, rankable, chosen.runOf));
  return { metric: noise === undefined ? rankable : { ...rankable, noise }, refused };
}

/** The lint findings on a run's number in a group of the section, of the shown metric. */
function findingsOf(chosen: ChosenRuns, sectionKey: string, metric: string) {
  return (run: string, group: string): CompareCellFinding[] =>
    (chosen.runOf(run)?.findings ?? []).filter(
      (found) =>
        found.section === sectionKey &&
        found.group === group &&
        (found.metrics === undefined || found.metrics.includes(metric)),
    );
}

/** One compared section's scoreboard and bar chart, for the shown metric; none without one. */
function sectionNodes(section: ComparedSection, index: number, chosen: ChosenRuns, widthPx: number): HTMLElement[] {
  const { state } = chosen;
  const shown = shownMetric(section, state.metric);
  if (shown === undefined) return [];
  const { metric, refused } = rankableMetric(shown, section.key, chosen);
  const board = scoreboard(
    metric,
    state.runs,
    state.base !== null && metric.cells.some((cell) => cell.run === state.base) ? state.base : null,
  );
  const isLog = state.scale === 'log' || (state.scale === 'auto' && isLogByDefault(board.span));
  const chartSpan = board.reference.kind === 'base' ? board.span : positiveSpan(metric.cells.map((cell) => cell.value));
  const chartScale = state.scale === 'auto' ? (isLogByDefault(chartSpan) ? 'log' : 'linear') : state.scale;
  return [
    scoreboardFigure({
      document,
      metric,
      board,
      sectionTitle: section.title,
      names: (run) => chosen.nameOf(run),
      sources: (run, group) => {
        const known = chosen.runOf(run);
        return known === undefined ? [] : cellSources(known, section.key, group);
      },
      isLog,
      id: `score-${index}`,
      evidence: leadEvidenceOf(section.key, metric, chosen.runOf),
      findings: findingsOf(chosen, section.key, metric.metric),
      refused,
      isMethodSaid: index === 0,
    }),
    chartUnderBoard(
      compareFigure({
        metric,
        sectionKey: section.key,
        state: {
          ...defaultPageState({ runs: state.runs, sections: {} }),
          baseline: board.reference.kind === 'base' ? board.reference.run : null,
          scale: chartScale,
        },
        runOrder: state.runs.map((id) => ({ id, label: chosen.nameOf(id).short })),
        document,
        maxWidthPx: widthPx || undefined,
        idPrefix: `compare-${index}-`,
        fullName: (run) => chosen.nameOf(run).full,
      }),
    ),
  ];
}

/**
 * The experiment pages' bar chart under a scoreboard, its summary pointing up to the scoreboard:
 * the chart's own lead sentence (charts/lead-summary.ts) counts leads between single runs and
 * over numbers with error findings, which the scoreboard's calls (standings.ts) do not.
 */
function chartUnderBoard(figure: HTMLElement): HTMLElement {
  const summary = figure.querySelector<HTMLElement>('figcaption .summary');
  if (summary)
    summary.textContent =
      'Every number as a bar, as the experiment pages draw it: whether a lead is beyond the noise is said in the scoreboard above.';
  return figure;
}

/**
 * The line above the rankings: what differs among the runs ranked besides their workload
 * (comparability.ts), hidden when fewer than two runs are ranked.
 */
function showComparability(
  element: HTMLElement | null,
  chosen: ChosenRuns,
  sections: readonly ComparedSection[],
): void {
  if (!element) return;
  const ranked = chosen.state.runs.filter((id) =>
    sections.some((section) => shownMetric(section, chosen.state.metric)?.cells.some((cell) => cell.run === id)),
  );
  const runs = ranked.flatMap((id) => {
    const run = chosen.runOf(id);
    return run === undefined ? [] : [run];
  });
  const tools = [...new Set(sections.map((section) => section.key.split(':')[0] ?? section.key))];
  const line = comparabilityLine(runs, tools);
  element.hidden = line === undefined;
  element.textContent = line?.text ?? '';
  element.toggleAttribute('data-differs', line?.differs === true);
}

/** Draws each compared metric for the results' width; returns that width. */
export function drawResults(
  elements: ResultElements,
  chosen: ChosenRuns,
  sections: readonly ComparedSection[],
): number {
  const { results, empty } = elements;
  const { state } = chosen;
  showComparability(elements.comparability, chosen, sections);
  results.replaceChildren(
    ...sections.flatMap((section, index) => sectionNodes(section, index, chosen, results.clientWidth)),
  );
  if (empty) {
    empty.hidden = sections.length > 0;
    empty.textContent =
      state.runs.length < 2
        ? 'Pick two or more runs that share a tool and workload: the chips narrow the list.'
        : 'These runs share no tool and workload: pick runs marked “shares”.';
  }
  return results.clientWidth;
}

/** The chosen runs' systems side by side, and how their workloads differ from the first one's. */
export function drawSystems(elements: ResultElements, chosen: ChosenRuns): void {
  const { systems } = elements;
  if (!systems) return;
  const section = systems.closest<HTMLElement>('section');
  const runs = chosen.state.runs.flatMap((id) => {
    const run = chosen.runOf(id);
    return run === undefined ? [] : [{ id, run, name: chosen.nameOf(id) }];
  });
  if (section) section.hidden = runs.length < 2;
  if (runs.length < 2) {
    systems.replaceChildren();
    return;
  }
  const [first, ...others] = runs;
  systems.replaceChildren(
    ...systemsNodes({
      document,
      runs: runs.map(({ id, name }) => ({ id, name })),
      table: systemsTable(runs.map(({ run }) => run.system)),
      workloads: others.map(({ id, run }) => ({
        run: id,
        differences: workloadDifferences(first?.run.fingerprints ?? [], run.fingerprints),
      })),
    }),
  );
}
