// One compared metric as a figure: the experiment pages' bar chart, its one-line summary, a note
// when the view differs from what was asked, and the data table, made with the container's
// document (the page's, or jsdom's in tests).

import { renderFigure } from '../../figures/render-figure.ts';
import { chartTableElement } from '../../figures/table-element.ts';
import type { PageState } from '../../lib/page-state.ts';
import type { MetricComparison, RunRef } from '../../view/model.ts';

// What a group is per tool, as the experiment pages say it in their tables and summaries.
const GROUP_NOUNS: Record<string, readonly [string, string]> = {
  fio: ['job', 'jobs'],
  sysbench: ['test', 'tests'],
  bonnie: ['size', 'sizes'],
};

/** The group noun of a compared section (`fio`, `sysbench:fileio`); none for published tables. */
export function groupNounOf(sectionKey: string): readonly [string, string] | undefined {
  const [tool = sectionKey, rest] = sectionKey.split(':');
  return rest === 'published' ? undefined : GROUP_NOUNS[tool];
}

export interface CompareFigureOptions {
  metric: MetricComparison;
  /** The compared section's key: `fio`, `sysbench:fileio`. */
  sectionKey: string;
  state: PageState;
  runOrder: readonly RunRef[];
  document: Document;
  /** The width the figure has on screen, when known. */
  maxWidthPx?: number;
}

export function compareFigure(options: CompareFigureOptions): HTMLElement {
  const { metric, document } = options;
  const spec = { kind: 'bars' as const, data: metric, groupNoun: groupNounOf(options.sectionKey) };
  const rendered = renderFigure(spec, options.state, options.runOrder, document, options.maxWidthPx);
  const figure = document.createElement('figure');
  figure.className = 'compare-figure';
  figure.dataset.metric = metric.key;
  const headingId = `try-${metric.key}`;
  figure.setAttribute('aria-labelledby', headingId);

  const caption = document.createElement('figcaption');
  const title = document.createElement('h4');
  title.id = headingId;
  title.textContent = metric.title;
  const summary = document.createElement('p');
  summary.className = 'summary';
  summary.dataset.summary = '';
  summary.textContent = rendered.summary;
  caption.append(title, summary);

  const frame = document.createElement('div');
  frame.className = 'chart-frame';
  frame.dataset.chart = '';
  frame.append(rendered.svg);

  const note = document.createElement('p');
  note.className = 'chart-note';
  note.dataset.note = '';
  note.textContent = rendered.note ?? '';
  note.hidden = rendered.note === undefined;

  const details = document.createElement('details');
  details.className = 'data-table';
  const detailsSummary = document.createElement('summary');
  detailsSummary.textContent = 'Data table';
  const scroll = document.createElement('div');
  scroll.className = 'table-scroll';
  scroll.dataset.table = '';
  scroll.append(chartTableElement(rendered.table, document));
  details.append(detailsSummary, scroll);

  figure.append(caption, frame, note, details);
  return figure;
}
