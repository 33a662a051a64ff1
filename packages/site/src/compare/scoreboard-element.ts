// The scoreboard of a compared metric, the first thing /compare shows: one bar per run for its
// geometric mean against the best (or the base run), then a table of every number with a link
// to the raw file it was read from. Plain HTML (no SVG): it reflows on a phone, and its text is
// the page's own size.

import { formatTimes } from '../charts/normalize.ts';
import { formatValue } from '../lib/format-value.ts';
import type { MetricComparison } from '../view/model.ts';
import type { Scoreboard, ScoredRun } from './ratios.ts';
import type { SourceFile } from './sources.ts';

export interface RunName {
  /** Short, for bars: `ext4 · msa70`. */
  short: string;
  /** In full, for the table and hovers: `ext4 — ext3 vs ext4 vs xfs with fio 1.57 on an MSA70`. */
  full: string;
}

export interface ScoreboardOptions {
  document: Document;
  metric: MetricComparison;
  board: Scoreboard;
  /** A sentence's worth for the heading: the section's title (`fio`, `sysbench fileio`). */
  sectionTitle: string;
  names: (run: string) => RunName;
  sources: (run: string, group: string) => SourceFile[];
  isLog: boolean;
  /** Unique on the page: the caption's id. */
  id: string;
}

/**
 * How good a run's geometric mean is, for the bar's length: 1/ratio against the best (1 for the
 * best); against a base run, the ratio itself where higher is better, its inverse where lower is.
 */
function goodness(board: Scoreboard, ratio: number): number {
  if (board.reference.kind === 'best') return 1 / ratio;
  return board.betterIs === 'lower' ? 1 / ratio : ratio;
}

/**
 * Bar lengths in percent of the track, the best 100: linear in goodness; or on a log axis that
 * reaches down to twice the span of the ratios shown (`span`), so that the worst bar still shows
 * and a bar's length says how many times it is from the best whatever the selection.
 */
export function barLengths(goodnesses: readonly number[], isLog: boolean, span: number): number[] {
  const max = Math.max(...goodnesses);
  if (!isLog) return goodnesses.map((value) => (value / max) * 100);
  const floor = Math.log(2 * Math.max(span, 1));
  return goodnesses.map((value) => Math.max(2, 100 * (1 - Math.log(max / value) / floor)));
}

function ratioText(board: Scoreboard, ratio: number | null): string {
  if (ratio === null) return '–';
  if (board.reference.kind === 'best') return ratio === 1 ? 'best' : `${formatTimes(ratio)} from best`;
  return formatTimes(ratio);
}

function captionText(options: ScoreboardOptions): string {
  const { board, metric, isLog } = options;
  const better = board.betterIs === 'neither' ? 'neither higher nor lower is better' : `${board.betterIs} is better`;
  const groups = board.commonGroups.length;
  const over =
    groups === 0
      ? 'no test is common to every run, so there is no geometric mean'
      : `the geometric mean over the ${groups === 1 ? 'one test' : `${groups} tests`} every run has`;
  const against =
    board.reference.kind === 'best'
      ? `Each run's ${metric.title} as times from the best of the selection (1× is the best), ${over}`
      : `Each run's ${metric.title} over the base run's, ${over}`;
  const scale = isLog ? `; log scale, as the ratios span ${formatTimes(board.span)}` : '';
  return `${against}. For ${metric.title}, ${better}; a longer bar is better${scale}.`;
}

/** The `<figure class="compare-scoreboard">`: caption, bars, table. */
export function scoreboardFigure(options: ScoreboardOptions): HTMLElement {
  const { document: doc, metric } = options;
  const figure = doc.createElement('figure');
  figure.className = 'compare-scoreboard';
  figure.dataset.metric = metric.key;
  figure.dataset.scale = options.isLog ? 'log' : 'linear';
  figure.setAttribute('aria-labelledby', options.id);
  const caption = doc.createElement('figcaption');
  const heading = doc.createElement('h4');
  heading.id = options.id;
  heading.textContent = `${metric.title} · ${options.sectionTitle}`;
  const summary = doc.createElement('p');
  summary.className = 'summary';
  summary.textContent = captionText(options);
  caption.append(heading, summary);
  figure.append(caption, bars(options), table(options));
  return figure;
}

/** Runs with a geometric mean, best first; then those without one. */
function ranked(board: Scoreboard): ScoredRun[] {
  const withMean = board.runs.filter((run) => run.geomean !== null);
  withMean.sort((a, b) => goodness(board, b.geomean as number) - goodness(board, a.geomean as number));
  return [...withMean, ...board.runs.filter((run) => run.geomean === null)];
}

function bars(options: ScoreboardOptions): HTMLElement {
  const { document: doc, board } = options;
  const list = doc.createElement('ol');
  list.className = 'score-bars';
  const runs = ranked(board);
  const means = runs.flatMap((run) => (run.geomean === null ? [] : [goodness(board, run.geomean)]));
  const lengths = barLengths(means, options.isLog, board.span);
  runs.forEach((run, index) => {
    const item = doc.createElement('li');
    item.dataset.run = run.run;
    const name = doc.createElement('span');
    name.className = 'score-name';
    const { short, full } = options.names(run.run);
    name.textContent = short;
    name.title = full;
    const track = doc.createElement('span');
    track.className = 'score-track';
    const bar = doc.createElement('span');
    bar.className = 'score-bar';
    const length = lengths[index];
    if (length !== undefined) bar.style.width = `${length.toFixed(1)}%`;
    track.append(bar);
    const value = doc.createElement('span');
    value.className = 'score-value';
    if (run.geomean !== null) value.dataset.geomean = String(run.geomean);
    value.textContent = ratioText(board, run.geomean);
    item.append(name, track, value);
    list.append(item);
  });
  return list;
}

function table(options: ScoreboardOptions): HTMLElement {
  const { document: doc, board, metric } = options;
  const box = doc.createElement('section');
  box.className = 'table-scroll';
  box.tabIndex = 0;
  box.setAttribute('aria-label', `${metric.title}: every number, scrollable`);
  const element = doc.createElement('table');
  element.className = 'data score-table';
  const caption = doc.createElement('caption');
  caption.textContent = `${metric.title}, every number with the raw file it was read from`;
  const head = doc.createElement('tr');
  const groups = metric.groups.filter((group) =>
    board.runs.some((run) => run.cells.some((c) => c.group === group.key)),
  );
  for (const text of ['Run', 'Geometric mean', ...groups.map((group) => group.label)]) {
    const th = doc.createElement('th');
    th.scope = 'col';
    th.textContent = text;
    head.append(th);
  }
  const thead = doc.createElement('thead');
  thead.append(head);
  const body = doc.createElement('tbody');
  for (const run of ranked(board)) {
    const row = doc.createElement('tr');
    row.dataset.run = run.run;
    const name = doc.createElement('th');
    name.scope = 'row';
    name.textContent = options.names(run.run).full;
    const mean = doc.createElement('td');
    mean.textContent = ratioText(board, run.geomean);
    row.append(name, mean);
    for (const group of groups) {
      const td = doc.createElement('td');
      const cell = run.cells.find((candidate) => candidate.group === group.key);
      if (cell !== undefined) {
        td.dataset.group = group.key;
        td.dataset.value = String(cell.value);
        const [first, ...more] = options.sources(run.run, group.key);
        const number = doc.createElement(first === undefined ? 'span' : 'a');
        number.textContent = formatValue(cell.value, metric.unit);
        if (first !== undefined) {
          (number as HTMLAnchorElement).href = first.href;
          number.title = [first, ...more].map((source) => source.file).join(', ');
        }
        const ratio = doc.createElement('span');
        ratio.className = 'note';
        ratio.textContent = ` ${ratioText(board, cell.ratio)}`;
        td.append(number, ratio);
        if (more.length > 0) {
          const files = doc.createElement('span');
          files.className = 'note';
          files.append(' (files ');
          [first, ...more].forEach((source, index) => {
            if (source === undefined) return;
            const link = doc.createElement('a');
            link.href = source.href;
            link.textContent = String(index + 1);
            link.setAttribute('aria-label', source.file);
            files.append(index === 0 ? '' : ', ', link);
          });
          files.append(')');
          td.append(files);
        }
      } else td.textContent = '–';
      row.append(td);
    }
    body.append(row);
  }
  element.append(caption, thead, body);
  box.append(element);
  return box;
}
