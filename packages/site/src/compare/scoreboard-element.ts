// The scoreboard of a compared metric, the first thing /compare shows: one bar per run for its
// geometric mean against the best (or the base run), each with how its lead was called
// (standings.ts), then a table of every number with a link to the raw file it was read from and
// the lint findings on it. Plain HTML (no SVG): it reflows on a phone, and its text is the
// page's own size.

import { formatTimes } from '../charts/normalize.ts';
import { formatList } from '../lib/format.ts';
import { formatValue } from '../lib/format-value.ts';
import type { MetricComparison } from '../view/model.ts';
import { RUN_TO_RUN_VARIATION } from '../view/run-to-run.ts';
import type { RefusedCell } from './comparability.ts';
import type { CompareCellFinding } from './compare-index.ts';
import type { LeadEvidence } from './lead-calls.ts';
import { goodness, rankedRuns, type Scoreboard, type ScoredRun } from './ratios.ts';
import type { SourceFile } from './sources.ts';
import { boardStandings, cellStanding } from './standings.ts';

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
  /** The build's noise tests and error findings: whether a lead is shown real. */
  evidence: LeadEvidence;
  /** The lint findings on a run's number in a group (every severity), for its badges. */
  findings: (run: string, group: string) => CompareCellFinding[];
  /** The numbers left out of the ranking: their workload differs in what changes the measurement. */
  refused: readonly RefusedCell[];
  /** Whether this board says under its bars how leads are called (the page's first board: once a page). */
  isMethodSaid: boolean;
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
      ? `Each run's ${metric.title} as times from the top of the selection (1× is the top), ${over}`
      : `Each run's ${metric.title} over the base run's, ${over}`;
  const scale = isLog ? `; log scale, as the ratios span ${formatTimes(board.span)}` : '';
  return `${against}. For ${metric.title}, ${better}; a longer bar is better${scale}.`;
}

const VARIATION_PERCENT = Math.round(RUN_TO_RUN_VARIATION.relative * 1000) / 10;

/** How a lead is called, as on the experiment pages: said under the first scoreboard's bars. */
const HOW_DECIDED = `How leads are called: “best” only beyond the noise, by Welch’s t-test on the repeats of one experiment’s runs (p < 0.05); single runs, or runs of different experiments, within ${VARIATION_PERCENT} % of each other are ≈, and a larger lead is not tested; a number with an error lint finding leads nothing. ${VARIATION_PERCENT} % is ${RUN_TO_RUN_VARIATION.source}.`;

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
  const refused = refusedText(options.refused, (run) => options.names(run).short);
  if (refused !== undefined) {
    const line = doc.createElement('p');
    line.className = 'compare-refused';
    line.dataset.refused = '';
    line.textContent = refused;
    caption.append(line);
  }
  figure.append(caption, bars(options));
  if (options.isMethodSaid) {
    const method = doc.createElement('p');
    method.className = 'score-method note';
    method.textContent = HOW_DECIDED;
    figure.append(method);
  }
  figure.append(table(options));
  return figure;
}

/** Each run's standing on the board (standings.ts), its notes naming runs by their short names. */
function standingsOf(options: ScoreboardOptions): ReturnType<typeof boardStandings> {
  const { metric, board, evidence } = options;
  return boardStandings(metric, board, evidence, (run) => options.names(run).short);
}

function bars(options: ScoreboardOptions): HTMLElement {
  const { document: doc, board } = options;
  const list = doc.createElement('ol');
  list.className = 'score-bars';
  const runs = rankedRuns(board);
  const standings = standingsOf(options);
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
    const standing = standings.get(run.run);
    value.textContent = standing?.text ?? (run.geomean === null ? '–' : formatTimes(run.geomean));
    if (standing?.isCrowned) item.dataset.crowned = '';
    item.append(name, track, value);
    if (standing?.note !== undefined) {
      const note = doc.createElement('span');
      note.className = 'score-note note';
      note.textContent = standing.note;
      item.append(note);
    }
    list.append(item);
  });
  return list;
}

/** The table's header row: the run, its mean, and each group any run has a number in. */
function tableHead(doc: Document, groups: readonly { label: string }[]): HTMLElement {
  const head = doc.createElement('tr');
  for (const text of ['Run', 'Geometric mean', ...groups.map((group) => group.label)]) {
    const th = doc.createElement('th');
    th.scope = 'col';
    th.textContent = text;
    head.append(th);
  }
  const thead = doc.createElement('thead');
  thead.append(head);
  return thead;
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
  const groups = metric.groups.filter((group) =>
    board.runs.some((run) => run.cells.some((c) => c.group === group.key)),
  );
  const standings = standingsOf(options);
  const body = doc.createElement('tbody');
  for (const run of rankedRuns(board)) {
    const row = doc.createElement('tr');
    row.dataset.run = run.run;
    const name = doc.createElement('th');
    name.scope = 'row';
    name.textContent = options.names(run.run).full;
    const mean = doc.createElement('td');
    mean.textContent = standings.get(run.run)?.text ?? (run.geomean === null ? '–' : formatTimes(run.geomean));
    row.append(name, mean);
    for (const group of groups) row.append(numberCell(options, run, group.key));
    body.append(row);
  }
  element.append(caption, tableHead(doc, groups), body);
  box.append(element);
  return box;
}

/** One number of the table: the value linked to its raw file, how it stands, its findings' badges. */
function numberCell(options: ScoreboardOptions, run: ScoredRun, group: string): HTMLElement {
  const { document: doc, board, metric } = options;
  const td = doc.createElement('td');
  const cell = run.cells.find((candidate) => candidate.group === group);
  if (cell === undefined) {
    td.textContent = '–';
    return td;
  }
  td.dataset.group = group;
  td.dataset.value = String(cell.value);
  const [first, ...more] = options.sources(run.run, group);
  const number = doc.createElement(first === undefined ? 'span' : 'a');
  number.textContent = formatValue(cell.value, metric.unit);
  if (first !== undefined) {
    (number as HTMLAnchorElement).href = first.href;
    number.title = [first, ...more].map((source) => source.file).join(', ');
  }
  const standing = cellStanding(metric, board, group, run.run, options.evidence);
  const ratio = doc.createElement('span');
  ratio.className = 'note';
  ratio.textContent = standing.text === '' ? '' : ` ${standing.text}`;
  if (standing.isCrowned) td.dataset.crowned = '';
  td.append(number, ratio);
  if (more.length > 0) td.append(fileLinks(doc, [first, ...more]));
  for (const found of options.findings(run.run, group)) {
    const badge = doc.createElement('span');
    badge.className = `finding-badge ${found.severity}`;
    badge.textContent = found.rule;
    badge.title = `${found.rule} (${found.severity}): see the run's page for the evidence`;
    td.append(' ', badge);
  }
  return td;
}

/** " (files 1, 2)": every raw file a number was read from. */
function fileLinks(doc: Document, sources: ReadonlyArray<SourceFile | undefined>): HTMLElement {
  const files = doc.createElement('span');
  files.className = 'note';
  files.append(' (files ');
  sources.forEach((source, index) => {
    if (source === undefined) return;
    const link = doc.createElement('a');
    link.href = source.href;
    link.textContent = String(index + 1);
    link.setAttribute('aria-label', source.file);
    files.append(index === 0 ? '' : ', ', link);
  });
  files.append(')');
  return files;
}

/** "Not ranked: ext4 · msa70 in random-write-direct, whose workload differs from xfs · loopback's: numjobs 5 vs 1." */
export function refusedText(refused: readonly RefusedCell[], name: (run: string) => string): string | undefined {
  if (refused.length === 0) return undefined;
  const parts = refused.map(
    (cell) =>
      `${name(cell.run)} in ${cell.group}, whose workload differs from ${name(cell.against)}’s: ${cell.differences.join(', ')}`,
  );
  return `Not ranked, as they measured something else: ${formatList(parts, 'and')}.`;
}
