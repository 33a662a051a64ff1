// One tool (and workload) of the reader's run, as the experiment page shows it
// (ToolSectionView.astro): its metrics as bar charts, one at a time through a metric picker, then
// its sweeps, figures over time (sysbench --report-interval), latency distributions, histograms,
// bonnie++'s rank grid and iostat's devices.

import type { LatencyView } from '../../charts/latency-chart.ts';
import { rankGrid, rankGridSummary } from '../../charts/rank-grid.ts';
import { groupNounOf } from '../../figures/group-nouns.ts';
import type { ViewController } from '../../figures/view-controller.ts';
import type { LatencyDistribution, RankGrid, RunRef, ToolSection } from '../../view/model.ts';
import { deviceBlock } from './device-block.ts';
import { element, option } from './elements.ts';
import type { FigureBoard } from './figure-board.ts';

export interface SectionContext {
  document: Document;
  runOrder: readonly RunRef[];
  store: ViewController;
  board: FigureBoard;
}

// Ids on the /try page start with this: other parts of the page draw figures too.
const ID_PREFIX = 'try-';

export function sectionNode(section: ToolSection, context: SectionContext): HTMLElement {
  const { document, board } = context;
  const headingId = `${ID_PREFIX}section-${section.key}`;
  const node = element(document, 'section', { className: 'tool-section try-section', data: { section: section.key } });
  node.setAttribute('aria-labelledby', headingId);
  const heading = element(document, 'h3', { text: section.title });
  heading.id = headingId;
  node.append(heading);
  if (section.origin === 'published') {
    const text = `From a published table${section.citation ? `: ${section.citation}` : ''}.`;
    node.append(element(document, 'p', { text, className: 'citation' }));
  }

  const groupNoun = groupNounOf(section);
  const bars = section.metrics.map((metric) => {
    const figure = board.add({ kind: 'bars', data: metric, groupNoun });
    figure.dataset.metric = metric.key;
    return figure;
  });
  if (bars.length > 1) node.append(metricPicker(section, bars, context));
  node.append(...bars);

  const sweeps = section.sweeps ?? [];
  if (sweeps.length > 0) {
    const figures = sweeps.map((data) => board.add({ kind: 'sweep', data }));
    const title = `Against ${sweeps[0]?.xLabel ?? 'threads'} (${sweeps.length})`;
    node.append(figureGroup(document, title, sweeps.length <= 2, figures));
  }
  const intervals = section.intervals ?? [];
  if (intervals.length > 0) {
    const figures = intervals.map((data) => board.add({ kind: 'sweep', data }));
    node.append(figureGroup(document, `Over time (${intervals.length})`, intervals.length <= 2, figures));
  }
  const latency = section.latency ?? [];
  if (latency.length > 0) {
    const figures = latency.flatMap((data) =>
      latencyViews(data).map((view) => board.add({ kind: 'latency', data, view })),
    );
    node.append(figureGroup(document, `Latency distributions (${latency.length})`, latency.length <= 2, figures));
  }
  for (const data of section.histograms ?? []) node.append(board.add({ kind: 'histogram', data }));
  if (section.grid) node.append(rankGridBlock(section.grid, context));
  if ((section.devices ?? []).length > 0) node.append(deviceBlock(section, context));
  return node;
}

/** One bar chart at a time: the select names the metric shown, the others are hidden. */
function metricPicker(section: ToolSection, figures: readonly HTMLElement[], context: SectionContext): HTMLElement {
  const { document, store } = context;
  const label = element(document, 'label', { className: 'metric-picker', data: { metricPicker: '' } });
  const select = element(document, 'select', { data: { metricSelect: '' } });
  select.name = `metric-${section.key}`;
  for (const metric of section.metrics) select.append(option(document, metric.title, metric.key));
  label.append('Metric ', select);
  select.addEventListener('change', () => {
    store.update({ metrics: { ...store.state().metrics, [section.key]: select.value } });
  });
  store.subscribe((state) => {
    const shown = state.metrics[section.key] ?? section.metrics[0]?.key;
    select.value = shown ?? '';
    for (const figure of figures) figure.hidden = figure.dataset.metric !== shown;
  });
  return label;
}

/** Figures of one kind in a <details>, open when there are few. */
function figureGroup(document: Document, title: string, isOpen: boolean, figures: HTMLElement[]): HTMLElement {
  const details = element(document, 'details', { className: 'latency-block' });
  details.open = isOpen;
  details.append(element(document, 'summary', { text: title }), ...figures);
  return details;
}

/** Percentiles where fio printed them (2.x and later), and the buckets, which every version prints. */
function latencyViews(latency: LatencyDistribution): LatencyView[] {
  const views: LatencyView[] = [];
  if (latency.runs.some((run) => run.percentiles.length >= 2)) views.push('percentiles');
  if (latency.runs.some((run) => run.buckets.length > 0)) views.push('buckets');
  return views;
}

/** bonnie++'s grid: an HTML table (it is its own data table), with its title and summary. */
function rankGridBlock(grid: RankGrid, { document, runOrder }: SectionContext): HTMLElement {
  const block = element(document, 'div', {
    className: 'rank-grid-block',
    data: { figureKey: grid.key, kind: 'rank-grid' },
  });
  const title = element(document, 'h4', { text: grid.title });
  const summary = element(document, 'p', {
    text: rankGridSummary(grid, { runOrder }),
    className: 'summary',
    data: { summary: '' },
  });
  const scroll = element(document, 'section', { className: 'table-scroll rank-grid-scroll' });
  scroll.tabIndex = 0;
  scroll.setAttribute('aria-label', `${grid.title}, scrollable`);
  scroll.append(rankGrid(grid, { document, runOrder }));
  block.append(title, summary, scroll);
  return block;
}
