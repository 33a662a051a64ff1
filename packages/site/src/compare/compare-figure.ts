// One compared metric (compareRuns) as a figure: the experiment pages' bar chart with its caption,
// note and data table, drawn once for the view state; and a compared section as a heading and its
// figures. The compare page and the /try page's "Compare with" both show comparisons with them.

import { figureNode } from '../figures/figure-node.ts';
import { type GroupNoun, groupNounOf } from '../figures/group-nouns.ts';
import type { PageState } from '../lib/page-state.ts';
import type { MetricComparison, RunRef, ToolSection } from '../view/model.ts';
import type { ComparedSection } from './compare-runs.ts';

export interface CompareFigureOptions {
  metric: MetricComparison;
  /** The compared section's key (sectionCompareKey): `fio`, `sysbench:fileio`, `fio:published`. */
  sectionKey: string;
  state: PageState;
  runOrder: readonly RunRef[];
  document: Document;
  /** The width the figure has on screen, when known. */
  maxWidthPx?: number;
  /** Prefix of the caption heading's id, unique on the page. */
  idPrefix?: string;
  /**
   * A run's name in full, by run id: shown on hover over its legend entry (an SVG `<title>`),
   * where the legend shows the shorter `RunRef.label`.
   */
  fullName?: (run: string) => string | undefined;
}

export interface CompareSectionsOptions extends Omit<CompareFigureOptions, 'metric' | 'sectionKey'> {
  /** The metric each section shows, by section key; its first metric when absent or unknown. */
  shownMetrics?: Readonly<Record<string, string>>;
  /** Called when the reader picks another metric of a section (to keep the choice). */
  onPickMetric?: (sectionKey: string, metricKey: string) => void;
}

/**
 * A heading (h3) per compared section, then its figures: one metric at a time, as on the
 * experiment pages, with a picker when the section compares more than one. Every figure is
 * drawn; the picker only shows one and hides the others.
 */
export function compareSectionNodes(
  sections: readonly ComparedSection[],
  options: CompareSectionsOptions,
): HTMLElement[] {
  const { document, shownMetrics = {}, onPickMetric, ...figureOptions } = options;
  return sections.flatMap((section) => {
    const heading = document.createElement('h3');
    heading.textContent = section.title;
    const figures = section.metrics.map((metric) =>
      compareFigure({ ...figureOptions, document, metric, sectionKey: section.key }),
    );
    if (figures.length < 2) return [heading, ...figures];
    const known = section.metrics.some((metric) => metric.key === shownMetrics[section.key]);
    const shown = known ? shownMetrics[section.key] : section.metrics[0]?.key;
    const show = (key: string | undefined) => {
      for (const figure of figures) figure.hidden = figure.dataset.metric !== key;
    };
    show(shown);
    const picker = metricPicker(section, shown, document, (key) => {
      show(key);
      onPickMetric?.(section.key, key);
    });
    return [heading, picker, ...figures];
  });
}

/** "Metric [select]": the section's metrics by title, `shown` selected. */
function metricPicker(
  section: ComparedSection,
  shown: string | undefined,
  document: Document,
  onPick: (metricKey: string) => void,
): HTMLElement {
  const label = document.createElement('label');
  label.className = 'metric-picker';
  const select = document.createElement('select');
  select.name = `metric-${section.key}`;
  select.dataset.metricSelect = section.key;
  for (const metric of section.metrics) {
    const option = document.createElement('option');
    option.value = metric.key;
    option.textContent = metric.title;
    select.append(option);
  }
  select.value = shown ?? '';
  select.addEventListener('change', () => onPick(select.value));
  label.append('Metric ', select);
  return label;
}

/** The `<figure class="compare-figure" data-metric=…>`, drawn. */
export function compareFigure(options: CompareFigureOptions): HTMLElement {
  const { metric } = options;
  const spec = { kind: 'bars' as const, data: metric, groupNoun: compareGroupNoun(options.sectionKey) };
  const node = figureNode(spec, options.runOrder, options.document, {
    idPrefix: options.idPrefix,
    className: 'compare-figure',
  });
  node.element.dataset.metric = metric.key;
  const svg = node.draw(options.state, options.maxWidthPx);
  if (options.fullName) titleRunNames(svg, options.runOrder, options.fullName, options.document);
  return node.element;
}

/**
 * Gives each run's name in the chart a `<title>`, its full name on hover: the legend's entries
 * (by `data-run`) and the bar chart's run labels (by their text, a run's label in `runOrder`).
 */
function titleRunNames(
  svg: SVGSVGElement,
  runOrder: readonly RunRef[],
  fullName: (run: string) => string | undefined,
  document: Document,
): void {
  const byLabel = new Map(runOrder.map((run) => [run.label, run.id]));
  const named: Array<[Element, string | undefined]> = [
    ...[...svg.querySelectorAll<SVGGElement>('.legend-item[data-run]')].map((entry): [Element, string | undefined] => [
      entry,
      entry.dataset.run,
    ]),
    ...[...svg.querySelectorAll('text.run-label')].map((text): [Element, string | undefined] => [
      text,
      byLabel.get(text.textContent ?? ''),
    ]),
  ];
  for (const [element, run] of named) {
    const name = run === undefined ? undefined : fullName(run);
    if (name === undefined) continue;
    const title = document.createElementNS('http://www.w3.org/2000/svg', 'title');
    title.textContent = name;
    element.prepend(title);
  }
}

/** The group noun of a compare key: its tool, and `published` after the colon for a published table. */
function compareGroupNoun(sectionKey: string): GroupNoun | undefined {
  const [tool = sectionKey, rest] = sectionKey.split(':');
  const origin: ToolSection['origin'] = rest === 'published' ? 'published' : 'raw';
  return groupNounOf({ tool, origin });
}
