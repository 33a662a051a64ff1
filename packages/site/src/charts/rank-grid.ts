// bonnie++'s whole result grid as an HTML table, each cell coloured by how it ranks in its
// column, as bonnie++'s own bon_csv2html colours its table. An HTML table rather than an SVG: it is
// the data table itself, read by screen readers and copied by readers as it is.
//
// How bon_csv2html colours a column (bon_csv2html.cpp, calc_vals and get_col): it takes the
// column's lowest and highest value, and when the highest is less than twice the lowest it widens
// that range by sqrt(2 / ratio) each way, so values within a few percent of each other are not
// painted as best and worst; a value's place in the range picks its colour between red and green
// (reversed for latencies). CPU columns are not coloured: %CPU means something only against the
// work done. Here the place in the range is cut into RANK_LEVELS classes, `rank-0` (best) to
// `rank-4` (worst), coloured in charts.css; `betterIs: 'neither'` columns stay `unranked`.
// Unlike bon_csv2html, a colour is shown only where the difference is real (shownRanks): a cell
// is coloured only where it is behind the column's best beyond the noise (Welch's t-test on the
// runs' repeats, else more than this project's typical run-to-run variation), and the best is
// green only where its lead over the next is; the rest stay uncoloured (`within-noise`).

import { formatValue } from '../lib/format-value.ts';
import type { BaseUnit, BetterIs, RankGrid, RunRef } from '../view/model.ts';
import { RUN_TO_RUN_VARIATION, singleRunLead } from '../view/run-to-run.ts';
import { findingBadgesElement } from './finding-badges.ts';
import { runStyles } from './run-styles.ts';

/** How many colour classes a column is cut into: rank-0 … rank-4. */
export const RANK_LEVELS = 5;

/** bon_csv2html widens a column's range until its highest value is at least this times its lowest. */
const MIN_RANGE_RATIO = 2;

/**
 * The rank class level of each value of a column, 0 (best) to levels - 1 (worst), or null for a
 * value that is not measured or a column that is not ranked: `neither` better, or fewer than two
 * distinct values.
 */
export function columnRanks(
  values: ReadonlyArray<number | null>,
  betterIs: BetterIs,
  levels = RANK_LEVELS,
): Array<number | null> {
  const measured = values.filter((value): value is number => value !== null && Number.isFinite(value));
  if (betterIs === 'neither' || new Set(measured).size < 2) return values.map(() => null);
  let low = Math.min(...measured);
  let high = Math.max(...measured);
  if (low > 0 && high / low < MIN_RANGE_RATIO) {
    const widen = Math.sqrt(MIN_RANGE_RATIO / (high / low));
    high *= widen;
    low /= widen;
  }
  return values.map((value) => {
    if (value === null || !Number.isFinite(value)) return null;
    const place = (value - low) / (high - low);
    const goodness = betterIs === 'higher' ? place : 1 - place;
    return Math.round((1 - goodness) * (levels - 1));
  });
}

/**
 * Which way a column ranks: %CPU columns never do (CPU time means something only against the
 * work done, and bon_csv2html leaves them uncoloured), whatever the metric's betterIs says.
 */
export function rankingOf(column: RankGrid['columns'][number]): BetterIs {
  return column.unit === '%' ? 'neither' : column.betterIs;
}

/** What a column's unit is called in its header. */
const UNIT_NAMES: Record<BaseUnit, string> = {
  B: 'bytes',
  'B/s': 'bytes/s',
  ns: 'time',
  s: 'seconds',
  'op/s': 'per second',
  '%': '% CPU',
  count: 'count',
};

/** Whether row `b` of a column is behind row `a` (its best) beyond the noise. */
function isBehind(data: RankGrid, c: number, a: number, b: number): boolean {
  const column = data.columns[c];
  const [best, other] = [data.rows[a], data.rows[b]];
  const [x, y] = [best?.values[c], other?.values[c]];
  if (column === undefined || best === undefined || other === undefined || x == null || y == null) return false;
  const test = data.noise?.tests.find(
    (t) =>
      t.group === column.key &&
      ((t.better === best.run && t.worse === other.run) || (t.better === other.run && t.worse === best.run)),
  );
  if (test !== undefined && data.noise !== undefined) return test.pValue < data.noise.alpha;
  return singleRunLead(x, y, rankingOf(column) === 'lower').kind === 'ahead';
}

/**
 * The rank classes a column shows: bon_csv2html's place in the range (columnRanks), but only for
 * a cell behind the column's best beyond the noise (never in the best colour then), and the best
 * in the best colour only where its lead over the next is beyond it; null elsewhere.
 */
export function shownRanks(data: RankGrid, c: number): Array<number | null> {
  const column = data.columns[c];
  const values = data.rows.map((row) => row.values[c] ?? null);
  if (column === undefined) return values.map(() => null);
  const betterIs = rankingOf(column);
  const ranks = columnRanks(values, betterIs);
  const order = values
    .map((value, index) => ({ value, index }))
    .filter((entry): entry is { value: number; index: number } => entry.value !== null && Number.isFinite(entry.value))
    .sort((p, q) => (betterIs === 'lower' ? p.value - q.value : q.value - p.value));
  const [best, second] = order;
  if (betterIs === 'neither' || best === undefined || second === undefined) return values.map(() => null);
  return ranks.map((rank, r) => {
    if (rank === null) return null;
    if (r === best.index) return isBehind(data, c, best.index, second.index) ? 0 : null;
    return isBehind(data, c, best.index, r) ? Math.max(1, rank) : null;
  });
}

const BETTER_MARKS: Record<BetterIs, string> = { higher: ' ↑', lower: ' ↓', neither: '' };

export interface RankGridOptions {
  /** The document to create elements with: jsdom's at build time, the page's in the browser. */
  document: Document;
  /** The experiment's runs in declared order, for row labels. */
  runOrder?: readonly RunRef[];
}

/**
 * The grid as a detached `<table class="rank-grid">`: a caption, a header row naming each column
 * with its unit and which way is better, and a row per run whose cells carry `rank-N`,
 * `unranked` or `not-measured`, with the raw value in `data-value`.
 */
export function rankGrid(data: RankGrid, { document, runOrder }: RankGridOptions): HTMLTableElement {
  const element = <K extends keyof HTMLElementTagNameMap>(name: K, text?: string, className?: string) => {
    const node = document.createElement(name);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    return node;
  };
  const table = element('table', undefined, 'rank-grid');
  table.dataset.key = data.key;

  const caption = element('caption', data.title);
  caption.append(
    element(
      'span',
      'Each column is coloured from best (green) to worst (red) by where a value lies between the ' +
        'column’s lowest and highest, as bon_csv2html does, but only where it differs from the column’s best ' +
        `beyond the noise (${data.noise === undefined ? `one run each: by more than the ${(RUN_TO_RUN_VARIATION.relative * 100).toFixed(1)} % two runs of one configuration typically differ by` : `Welch’s t-test on the repeats, p < ${data.noise.alpha}`}); ` +
        'cells without colour are within it. ↑ higher is better, ↓ lower is better.',
      'rank-grid-key',
    ),
  );
  table.append(caption);

  const head = element('thead');
  const headRow = element('tr');
  const corner = element('th', 'Run');
  corner.scope = 'col';
  headRow.append(corner);
  for (const column of data.columns) {
    const th = element('th', column.title);
    th.scope = 'col';
    th.dataset.column = column.key;
    th.append(element('span', `${UNIT_NAMES[column.unit]}${BETTER_MARKS[column.betterIs]}`, 'unit'));
    headRow.append(th);
  }
  head.append(headRow);
  table.append(head);

  const ranks = data.columns.map((_, c) => shownRanks(data, c));
  const styles = runStyles(
    data.rows.map((row) => row.run),
    runOrder,
  );
  const body = element('tbody');
  data.rows.forEach((row, r) => {
    const tr = element('tr');
    const th = element('th', styles[r]?.label ?? row.run);
    th.scope = 'row';
    th.dataset.run = row.run;
    tr.append(th);
    data.columns.forEach((column, c) => {
      const value = row.values[c] ?? null;
      const rank = ranks[c]?.[r] ?? null;
      const isWithinNoise = rank === null && rankingOf(column) !== 'neither';
      const td =
        value === null
          ? element('td', 'not measured', 'not-measured')
          : element(
              'td',
              formatValue(value, column.unit),
              rank !== null ? `rank-${rank}` : isWithinNoise ? 'unranked within-noise' : 'unranked',
            );
      if (value !== null) td.dataset.value = String(value);
      // The lint's findings on the cell's number (or on why it is missing: +++++).
      const badges = findingBadgesElement(document, row.findings?.[column.key]);
      if (badges !== null) td.append(badges);
      tr.append(td);
    });
    body.append(tr);
  });
  table.append(body);
  return table;
}

/**
 * One line: in how many ranked columns each run is in the best colour, most first, rates and
 * latencies counted apart ("Rates: xfs is in the best colour in 9 of 12 columns, ext4 in 3.
 * Latencies: …"). %CPU columns are not counted: they are not ranked.
 */
export function rankGridSummary(data: RankGrid, options: { runOrder?: readonly RunRef[] } = {}): string {
  const ranks = data.columns.map((_, c) => shownRanks(data, c));
  const styles = runStyles(
    data.rows.map((row) => row.run),
    options.runOrder,
  );
  const kinds: Array<[string, (unit: BaseUnit) => boolean]> = [
    ['Rates', (unit) => unit === 'B/s' || unit === 'op/s'],
    ['Latencies', (unit) => unit === 'ns' || unit === 's'],
  ];
  const sentences = kinds.flatMap(([name, isKind]) => {
    const columns = data.columns.flatMap((column, c) =>
      isKind(column.unit) && ranks[c]?.some((rank) => rank !== null) ? [ranks[c] ?? []] : [],
    );
    const best = data.rows
      .map((row, r) => ({
        label: styles[r]?.label ?? row.run,
        count: columns.filter((ranked) => ranked[r] === 0).length,
      }))
      .filter((entry) => entry.count > 0)
      .sort((a, b) => b.count - a.count);
    const [first, ...rest] = best;
    if (first === undefined) return [];
    const others = rest.map((entry) => `, ${entry.label} in ${entry.count}`).join('');
    return [`${name}: ${first.label} is in the best colour in ${first.count} of ${columns.length} columns${others}.`];
  });
  if (sentences.length === 0) return `${data.title}: no column to rank.`;
  return `${data.title}. ${sentences.join(' ')} %CPU columns are not ranked.`;
}
