// One compared metric (compareRuns) as a figure: the experiment pages' bar chart with its caption,
// note and data table, drawn once for the view state; and a compared section as a heading and its
// figures. The compare page and the /try page's "Compare with" both show comparisons with them.

import type { PageState } from '../lib/page-state.ts';
import type { ComparedSection } from '../view/compare-runs.ts';
import type { MetricComparison, RunRef, ToolSection } from '../view/model.ts';
import { figureNode } from './figure-node.ts';
import { type GroupNoun, groupNounOf } from './group-nouns.ts';

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
}

/** A heading (h3) per compared section, then a figure per metric it compares. */
export function compareSectionNodes(
  sections: readonly ComparedSection[],
  options: Omit<CompareFigureOptions, 'metric' | 'sectionKey'>,
): HTMLElement[] {
  return sections.flatMap((section) => {
    const heading = options.document.createElement('h3');
    heading.textContent = section.title;
    const figures = section.metrics.map((metric) => compareFigure({ ...options, metric, sectionKey: section.key }));
    return [heading, ...figures];
  });
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
  node.draw(options.state, options.maxWidthPx);
  return node.element;
}

/** The group noun of a compare key: its tool, and `published` after the colon for a published table. */
function compareGroupNoun(sectionKey: string): GroupNoun | undefined {
  const [tool = sectionKey, rest] = sectionKey.split(':');
  const origin: ToolSection['origin'] = rest === 'published' ? 'published' : 'raw';
  return groupNounOf({ tool, origin });
}
