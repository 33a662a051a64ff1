// The verdict an experiment page opens with: for its headline metrics (experiment.yaml
// `headline`, else each section's first bar metric whose numbers carry no lint finding), one
// line per workload in numbers, each run against the best, and a ratio table per metric. Nothing
// is crowned (bold, "best", a green cell) unless view/lead.ts finds its lead beyond the noise and
// its number free of error findings. Built at build time from the page's sections, which are
// built from the measurements; plain JSON for the Verdict component.

import type { Experiment } from '@benchfolio/parsers/content';
import { againstBestNotes, aheadText, leadSentence } from '../charts/lead-summary.ts';
import { formatPercentChange } from '../charts/normalize.ts';
import { formatValue } from '../lib/format-value.ts';
import { errorFindings, flaggedText, groupRanking, isWithinNoise, leadCall, similarText } from '../view/lead.ts';
import type { BarCell, CellFinding, MetricComparison, RankGrid, ToolSection } from '../view/model.ts';
import { noiseMethodText } from '../view/noise.ts';
import type { ExperimentView } from './experiment-view.ts';
import { type LikeForLike, likeForLikeRuns } from './like-for-like.ts';
import { decidedText } from './verdict-method.ts';

/** How many headline metrics a verdict shows at most: it must fit above the first chart. */
const MAX_METRICS = 3;
/** Up to this many workloads, each gets its own line; more are summed up in one. */
const MAX_LINES = 4;

/**
 * How far a run is from the best of its row: colour classes of the ratio table, given only where
 * the difference is real (view/lead.ts); `best` only to a crowned leader.
 */
export type Closeness = 'best' | 'near' | 'mid' | 'far';

export interface VerdictCell {
  run: string;
  /** In the metric's base unit, as the bar chart's cell; null where the run has none. */
  value: number | null;
  /** value / best of the row; null without a value. */
  ratio: number | null;
  text: string;
  /** Null where the difference from the row's best is within the noise, untested or flagged. */
  closeness: Closeness | null;
  /** Within the noise of the row's best (Welch's t-test, or one run each within the variation). */
  isWithinNoise: boolean;
  /** The crowned best of its row. */
  isLead?: boolean;
  /** "flagged BF001: not ranked": the number has an error finding. */
  flagged?: string;
  /** The lint's findings on the number (the bar cell's), for its badges; absent where none. */
  findings?: CellFinding[];
}

/** A run's number in a verdict line. */
export interface VerdictEntry {
  run: string;
  label: string;
  /** In the metric's base unit: the bar chart's cell, made from the measurements. */
  value: number;
  valueText: string;
  /** Against the line's best: "−3 %", "3.31×"; absent for the best. */
  ratioText?: string;
  /** Within the noise of the line's best: written after "≈". */
  isWithinNoise: boolean;
  /** Welch's verdict against the best, or why one run each is ≈: "within the noise: p = 0.41". */
  noiseText?: string;
  /** The line's crowned best: bold, and marked data-lead on the page. */
  isLead: boolean;
  /** How the lead was shown: Welch's p against the runner-up, or one run each by its margin. */
  lead?: { kind: 'welch'; pValue: number; over: string } | { kind: 'one-run'; margin: number; over: string };
  /** "ahead by 16 %, one run each, not tested": said of a crowned run with one value each. */
  leadText?: string;
  /** "flagged BF001: not ranked": the number has an error finding, listed last. */
  flagged?: string;
  /** The lint's findings on the number (the bar cell's), for its badges; absent where none. */
  findings?: CellFinding[];
}

export interface VerdictLine {
  /** The workload, where the metric has several. */
  group?: string;
  groupKey: string;
  entries: VerdictEntry[];
}

export interface VerdictMetric {
  /** The metric itself, for the verdict's chart (the first headline metric only). */
  chart?: MetricComparison;
  /** The bar chart's key, for the link to it; undefined for a grid column. */
  chartKey?: string;
  /** "fio", "bonnie++". */
  toolTitle: string;
  /** "Write IOPS". */
  title: string;
  betterIs: MetricComparison['betterIs'];
  /** Why it is the headline, when experiment.yaml says. */
  why?: string;
  /** "one run each, not tested for noise", "Welch’s t-test on 2 repeats each, p < 0.05". */
  noise: string;
  /** How the verdict was decided, one sentence, with the glossary entries it names (verdict-method.ts). */
  decided: ReturnType<typeof decidedText>;
  /** Runs the verdict leaves out, not differing in the variable alone: "Host1, Host3 are not ranked: …". */
  leftOut?: string;
  /**
   * One per workload, best first: "random-write-direct: ext4 7.37 k op/s, ext3 7.12 k op/s (−3 %),
   * …". Too many workloads for a line each: none, and `summary` says who leads where.
   */
  lines: VerdictLine[];
  summary?: string;
  /** Rows of the ratio table: one per workload (a row of geometric means last, when comparable). */
  table?: {
    runs: Array<{ id: string; label: string }>;
    rows: Array<{ label: string; cells: VerdictCell[]; isMean?: boolean }>;
    /** What the ratios are, what the geometric mean is of, and why a cell has no colour. */
    note: string;
  };
}

/** A headline metric, found in a section's bars or in its grid (bonnie++'s stat and delete rates). */
interface Headline {
  section: ToolSection;
  data: MetricComparison;
  why?: string;
  isGridColumn: boolean;
}

/**
 * Whether every number of the metric carries a lint finding about that metric itself (bonnie++'s
 * per-character tests bound by the CPU, BF202): the metric as a whole measures something else. A
 * finding on a whole workload (a page-cache job, a stall) is on each of its metrics alike and
 * chooses none over another; the verdict leaves those numbers uncrowned.
 */
function isFlaggedThroughout(data: MetricComparison): boolean {
  return (
    data.cells.length > 0 &&
    data.cells.every((cell) => cell.findings?.some((found) => found.aboutMetric === true) ?? false)
  );
}

/**
 * The headline metrics found in the sections: declared ones first, else each section's first bar
 * metric not flagged throughout (a CPU-bound per-character test is never a default headline; a
 * section whose every bar metric is gives none).
 */
export function headlineComparisons(sections: readonly ToolSection[], declared: Experiment['headline']): Headline[] {
  if (declared !== undefined) {
    return declared.flatMap(({ tool, metric, why }): Headline[] => {
      for (const section of sections.filter((s) => s.tool === tool)) {
        const bars = section.metrics.find((m) => m.metric === metric);
        if (bars !== undefined) return [{ section, data: bars, ...(why ? { why } : {}), isGridColumn: false }];
        const column = section.grid === undefined ? undefined : gridColumn(section.grid, metric, section);
        if (column !== undefined) return [{ section, data: column, ...(why ? { why } : {}), isGridColumn: true }];
      }
      return [];
    });
  }
  return sections
    .flatMap((section) => {
      const clean = section.metrics.find((metric) => !isFlaggedThroughout(metric));
      return clean === undefined ? [] : [{ section, data: clean, isGridColumn: false } as Headline];
    })
    .slice(0, MAX_METRICS);
}
/** One column of bonnie++'s grid as a one-group comparison (the stat and delete rates have no bars). */
function gridColumn(grid: RankGrid, metric: string, section: ToolSection): MetricComparison | undefined {
  const index = grid.columns.findIndex((column) => column.key === metric);
  const column = grid.columns[index];
  if (column === undefined) return undefined;
  const runs = section.metrics[0]?.runs ?? grid.rows.map((row) => ({ id: row.run, label: row.run }));
  const group = { key: 'grid', label: grid.title };
  const cells: BarCell[] = grid.rows.flatMap((row) => {
    const value = row.values[index];
    const findings = row.findings?.[metric];
    if (value === null || value === undefined) return [];
    return [{ group: group.key, run: row.run, value, ...(findings === undefined ? {} : { findings }) }];
  });
  return {
    key: `${grid.key}-${metric}`,
    metric,
    title: column.title,
    unit: column.unit,
    betterIs: column.betterIs,
    groups: [group],
    runs,
    cells,
  };
}

/** The metric with only the like-for-like runs (like-for-like.ts), for the verdict to rank. */
function onlyRuns(data: MetricComparison, runs: readonly string[] | undefined): MetricComparison {
  if (runs === undefined) return data;
  return {
    ...data,
    runs: data.runs.filter((run) => runs.includes(run.id)),
    cells: data.cells.filter((cell) => runs.includes(cell.run)),
  };
}

/** "Host1 and Host3 are not ranked: they differ in more than the CPU governor (host, raid.controller)." */
function leftOutText(likeForLike: LikeForLike, variable: string, label: (id: string) => string): string | undefined {
  if (likeForLike.left.length === 0) return undefined;
  const names = likeForLike.left.map((left) => label(left.run));
  const differing = [...new Set(likeForLike.left.flatMap((left) => left.paths))];
  // The first few fields; the systems table below lists them all.
  const paths = differing.length > 4 ? [...differing.slice(0, 3), `${differing.length - 3} more`] : differing;
  const who = names.length === 1 ? `${names[0]} is` : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are`;
  const they = names.length === 1 ? 'it differs' : 'they differ';
  return `${who} not ranked here: ${they} from ${likeForLike.runs.map(label).join(' and ')} in more than the ${variable} (${paths.join(', ')}); the charts below show every run.`;
}

/** What the verdict needs of the experiment beyond its sections. */
export interface VerdictContext {
  /** The runs that differ in the variable alone, where the experiment has others too. */
  likeForLike?: LikeForLike;
  /** The variable's name, lowercased in a sentence: "CPU governor". */
  variable?: string;
}

/** An experiment view's context for its verdict: the like-for-like runs, and the variable's name. */
export function verdictContext(view: Pick<ExperimentView, 'runs' | 'systemDifferences' | 'variable'>): VerdictContext {
  const likeForLike = likeForLikeRuns(
    view.runs.map((run) => run.id),
    view.systemDifferences,
    view.variable.kind,
  );
  const variable = /^[A-Z]{2}/.test(view.variable.name) ? view.variable.name : view.variable.name.toLowerCase();
  return likeForLike === undefined ? { variable } : { likeForLike, variable };
}

/** The verdict of an experiment page: none where no section has a bar metric. */
export function verdict(
  sections: readonly ToolSection[],
  declared: Experiment['headline'],
  context: VerdictContext = {},
): VerdictMetric[] {
  return headlineComparisons(sections, declared).map(({ section, data: all, why, isGridColumn }, index) => {
    const data = onlyRuns(all, context.likeForLike?.runs);
    const label = (id: string) => all.runs.find((run) => run.id === id)?.label ?? id;
    const groups = data.groups.filter((group) => data.cells.some((cell) => cell.group === group.key));
    const lines = groups.length <= MAX_LINES ? groups.map((group) => verdictLine(data, group, groups.length > 1)) : [];
    const summary =
      groups.length <= MAX_LINES
        ? undefined
        : leadSentence(
            data,
            groups.map((g) => g.key),
            {
              metric: data.title.toLowerCase(),
              extreme: data.betterIs === 'lower' ? 'lowest' : 'highest',
              many: 'workloads',
              label,
            },
          );
    const table = groups.length > 1 ? ratioTable(data) : undefined;
    const metric: VerdictMetric = {
      toolTitle: section.title,
      title: data.title,
      betterIs: data.betterIs,
      noise: noiseMethodText(data),
      decided: decidedText(data),
      lines,
    };
    const leftOut = context.likeForLike && leftOutText(context.likeForLike, context.variable ?? 'variable', label);
    if (leftOut) metric.leftOut = leftOut;
    if (summary !== undefined) metric.summary = summary;
    if (!isGridColumn) metric.chartKey = data.key;
    if (index === 0) metric.chart = all;
    if (why !== undefined) metric.why = why;
    if (table !== undefined) metric.table = table;
    return metric;
  });
}

/** A run's entry in a line: its number, against the best, and whether it is within the best's noise. */
function entryOf(data: MetricComparison, cell: BarCell, best: BarCell | undefined): VerdictEntry {
  const label = data.runs.find((run) => run.id === cell.run)?.label ?? cell.run;
  const entry: VerdictEntry = {
    run: cell.run,
    label,
    value: cell.value,
    valueText: formatValue(cell.value, data.unit),
    isWithinNoise: false,
    isLead: false,
  };
  if (cell.findings !== undefined) entry.findings = cell.findings;
  if (errorFindings(cell).length > 0) {
    entry.flagged = flaggedText(cell);
    return entry;
  }
  if (best === undefined || cell === best) return entry;
  const [ratioText, noiseText] = againstBestNotes(data, best, cell);
  if (ratioText !== undefined) entry.ratioText = ratioText;
  if (noiseText !== undefined) entry.noiseText = noiseText;
  entry.isWithinNoise = isWithinNoise(leadCall(data, best, cell));
  return entry;
}

/** A workload's runs best first (a crowned best in bold), each after the first against the best; flagged ones last. */
function verdictLine(data: MetricComparison, group: MetricComparison['groups'][number], isNamed: boolean): VerdictLine {
  const { ranked, flagged, leader, call } = groupRanking(data, group.key);
  const [best, next] = ranked;
  const entries = [...ranked, ...flagged].map((cell) => entryOf(data, cell, best));
  // Why a one-run-each entry is ≈ is said once per line, on the first: the same words each time.
  const similar = similarText();
  entries
    .filter((entry) => entry.noiseText === similar)
    .slice(1)
    .forEach((entry) => {
      delete entry.noiseText;
    });
  const first = entries[0];
  if (first !== undefined && leader !== undefined && next !== undefined && call !== undefined) {
    first.isLead = true;
    if (call.kind === 'beyond') first.lead = { kind: 'welch', pValue: call.pValue, over: next.run };
    if (call.kind === 'ahead') {
      first.lead = { kind: 'one-run', margin: call.margin, over: next.run };
      first.leadText = aheadText(call.margin, data);
    }
  }
  const line: VerdictLine = { groupKey: group.key, entries };
  if (isNamed) line.group = group.label;
  return line;
}

/**
 * Closeness to the best of a run that is not the crowned lead, from its ratio to the best in the
 * better direction (1 = level with it, towards 0 = worse). Never `best`: that colour is the
 * crowned lead's alone, and a run behind it beyond the noise can still be within 0.1 % of it
 * (Welch on tight repeats: sysbench rndwr at 64 threads, 13112 against 13115 writes/s).
 */
function closenessOf(goodness: number): Closeness {
  if (goodness >= 0.9) return 'near';
  if (goodness >= 0.5) return 'mid';
  return 'far';
}

/**
 * A ratio in times, with two significant digits ("0.97×", "0.0032×", narrow enough for a phone),
 * or more where two would round a run that is not the best to "1×" (0.996 reads "0.996×").
 */
export function timesText(ratio: number): string {
  for (const digits of [2, 3, 4]) {
    const rounded = Number(ratio.toPrecision(digits));
    if (rounded !== 1 || ratio === 1) return `${rounded}×`;
  }
  return '≈1×';
}

/** A ratio-table cell before its text: the run's ratio to the row's reference and what may colour it. */
interface RatioCell {
  run: string;
  value: number | null;
  ratio: number | null;
  isWithinNoise: boolean;
  isLead: boolean;
  /** The difference from the best is real (beyond the noise), so its magnitude may be coloured. */
  isReal: boolean;
  flagged?: string;
  findings?: CellFinding[];
}

/** Each run of a row against its best free of error findings (or, where all are flagged, its best). */
function ratioRow(data: MetricComparison, group: string): RatioCell[] {
  const { ranked, flagged, leader } = groupRanking(data, group);
  const best = ranked[0] ?? flagged[0];
  return data.runs.map((run) => {
    const cell = data.cells.find((c) => c.group === group && c.run === run.id);
    const ratio = cell === undefined || best === undefined || best.value === 0 ? null : cell.value / best.value;
    const row: RatioCell = {
      run: run.id,
      value: cell?.value ?? null,
      ratio,
      isWithinNoise: false,
      isLead: false,
      isReal: false,
    };
    if (cell?.findings !== undefined) row.findings = cell.findings;
    if (cell === undefined || best === undefined) return row;
    if (errorFindings(cell).length > 0) return { ...row, flagged: flaggedText(cell) };
    if (cell === best)
      return { ...row, isLead: cell === leader, isWithinNoise: leader === undefined && ranked.length > 1 };
    const call = leadCall(data, best, cell);
    return { ...row, isWithinNoise: isWithinNoise(call), isReal: call.kind === 'beyond' || call.kind === 'ahead' };
  });
}

/**
 * Each run against the best of each workload: percent changes when every ratio is within a factor
 * of two, else times for all (one table never mixes "−3 %" with "300×"). A cell is coloured only
 * where its difference from the best is real, and "best" only for a crowned leader.
 */
function ratioTable(data: MetricComparison): VerdictMetric['table'] {
  const groups = data.groups.filter((group) => data.cells.some((cell) => cell.group === group.key));
  const grid = groups.map((group) => ({ label: group.label, cells: ratioRow(data, group.key) }));
  const all = grid.flatMap((row) => row.cells.flatMap((cell) => (cell.ratio === null ? [] : [cell.ratio])));
  const isPercent = all.every((ratio) => ratio > 0.5 && ratio < 2);
  const text = (ratio: number | null) =>
    ratio === null ? '—' : isPercent ? formatPercentChange(ratio) : timesText(ratio);
  const goodness = (ratio: number) => (data.betterIs === 'lower' ? 1 / ratio : ratio);
  const toCells = (cells: readonly RatioCell[], isMean: boolean): VerdictCell[] =>
    cells.map(({ isReal, isLead, flagged, ...cell }) => {
      const isColoured = cell.ratio !== null && data.betterIs !== 'neither' && !isMean && (isReal || isLead);
      const result: VerdictCell = {
        ...cell,
        text: isLead ? 'best' : text(cell.ratio),
        closeness: isColoured && cell.ratio !== null ? (isLead ? 'best' : closenessOf(goodness(cell.ratio))) : null,
      };
      if (isLead) result.isLead = true;
      if (flagged !== undefined) result.flagged = flagged;
      return result;
    });
  const rows: NonNullable<VerdictMetric['table']>['rows'] = grid.map((row) => ({
    label: row.label,
    cells: toCells(row.cells, false),
  }));
  const mean = geometricMeanRow(
    data,
    grid.map((row) => row.cells),
  );
  if (mean !== undefined) rows.push({ label: 'Geometric mean', cells: toCells(mean, true), isMean: true });
  return {
    runs: data.runs.map(({ id, label }) => ({ id, label })),
    rows,
    note: ratioNote(data, isPercent, groups.length, mean !== undefined),
  };
}

/** What the ratio table's numbers are, and why some cells have no colour. */
function ratioNote(data: MetricComparison, isPercent: boolean, rows: number, hasMean: boolean): string {
  const better = data.betterIs === 'lower' ? 'lowest' : 'highest';
  const mean = hasMean
    ? ` The geometric mean is of each run’s ${rows} ratios (one metric in every row, so they compare); it is not tested, so not coloured.`
    : '';
  return `Each run against the ${better} of its row (${isPercent ? 'change in %' : 'times'}).${mean} Colour only where a difference from the row’s best is beyond the noise; “best” only for a lead beyond it.`;
}

/** Each run's geometric mean of its ratios, where every run has a value in every row and none is flagged. */
function geometricMeanRow(data: MetricComparison, rows: ReadonlyArray<readonly RatioCell[]>): RatioCell[] | undefined {
  if (rows.length < 2 || data.betterIs === 'neither') return undefined;
  if (rows.some((row) => row.some((cell) => cell.ratio === null || cell.ratio <= 0 || cell.flagged !== undefined))) {
    return undefined;
  }
  return data.runs.map((run) => {
    const ratios = rows.map((row) => row.find((cell) => cell.run === run.id)?.ratio ?? 1);
    const ratio = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
    return { run: run.id, value: null, ratio, isWithinNoise: false, isLead: false, isReal: false };
  });
}
