// The verdict an experiment page opens with: for its headline metrics (experiment.yaml
// `headline`, else each section's first bar metric, which follows its tool's `metrics.headline`),
// one line per workload in numbers, each run against the best, and a ratio table per metric.
// Built at build time from the page's sections, which are built from the measurements; plain
// JSON for the Verdict component.

import type { Experiment } from '@benchfolio/parsers/content';
import { leadSentence } from '../charts/lead-summary.ts';
import { formatPercentChange, formatVsBest } from '../charts/normalize.ts';
import { formatValue } from '../lib/format-value.ts';
import type { BarCell, CellFinding, MetricComparison, RankGrid, ToolSection } from '../view/model.ts';
import { noiseCall, noiseMethodText, noiseNote, rankedCells } from '../view/noise.ts';

/** How many headline metrics a verdict shows at most: it must fit above the first chart. */
const MAX_METRICS = 3;
/** Up to this many workloads, each gets its own line; more are summed up in one. */
const MAX_LINES = 4;

/** How far a run is from the best of its row: colour classes of the ratio table. */
export type Closeness = 'best' | 'near' | 'mid' | 'far';

export interface VerdictCell {
  run: string;
  /** In the metric's base unit, as the bar chart's cell; null where the run has none. */
  value: number | null;
  /** value / best of the row; null without a value. */
  ratio: number | null;
  text: string;
  closeness: Closeness | null;
  /** Within the noise of the row's best (Welch's t-test), when the build tested it. */
  isWithinNoise: boolean;
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
  isWithinNoise: boolean;
  /** Welch's verdict against the best, where tested: "within the noise: p = 0.41". */
  noiseText?: string;
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
    /** What the ratios are, and what the geometric mean is of (said because it is comparable). */
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

/** The headline metrics found in the sections: declared ones first, else each section's first. */
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
    .flatMap((section) =>
      section.metrics[0] === undefined ? [] : [{ section, data: section.metrics[0], isGridColumn: false } as Headline],
    )
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

/** The verdict of an experiment page: none where no section has a bar metric. */
export function verdict(sections: readonly ToolSection[], declared: Experiment['headline']): VerdictMetric[] {
  return headlineComparisons(sections, declared).map(({ section, data, why, isGridColumn }, index) => {
    const label = (id: string) => data.runs.find((run) => run.id === id)?.label ?? id;
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
    const metric: VerdictMetric = {
      toolTitle: section.title,
      title: data.title,
      betterIs: data.betterIs,
      noise: noiseMethodText(data),
      lines,
    };
    if (summary !== undefined) metric.summary = summary;
    if (!isGridColumn) metric.chartKey = data.key;
    if (index === 0) metric.chart = data;
    if (why !== undefined) metric.why = why;
    const table = groups.length > 1 ? ratioTable(data) : undefined;
    if (table !== undefined) metric.table = table;
    return metric;
  });
}

/** A workload's runs best first, each after the first against the best. */
function verdictLine(data: MetricComparison, group: MetricComparison['groups'][number], isNamed: boolean): VerdictLine {
  const [best, ...others] = rankedCells(data, group.key);
  const entry = (cell: BarCell): VerdictEntry => {
    const label = data.runs.find((run) => run.id === cell.run)?.label ?? cell.run;
    const isBest = cell === best;
    const result: VerdictEntry = {
      run: cell.run,
      label,
      value: cell.value,
      valueText: formatValue(cell.value, data.unit),
      isWithinNoise: !isBest && best !== undefined && noiseCall(data, group.key, best.run, cell.run).kind === 'inside',
    };
    if (!isBest && best !== undefined && best.value !== 0) result.ratioText = formatVsBest(cell.value / best.value);
    const noise = isBest || best === undefined ? undefined : noiseNote(noiseCall(data, group.key, best.run, cell.run));
    if (noise !== undefined) result.noiseText = noise;
    if (cell.findings !== undefined) result.findings = cell.findings;
    return result;
  };
  const line: VerdictLine = { groupKey: group.key, entries: best === undefined ? [] : [best, ...others].map(entry) };
  if (isNamed) line.group = group.label;
  return line;
}

/** Closeness to the best from a ratio to it, in the better direction (1 = best, towards 0 = worse). */
function closenessOf(goodness: number): Closeness {
  if (goodness >= 0.999) return 'best';
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

/**
 * Each run against the best of each workload: percent changes when every ratio is within a factor
 * of two, else times for all (one table never mixes "−3 %" with "300×").
 */
function ratioTable(data: MetricComparison): VerdictMetric['table'] {
  const groups = data.groups.filter((group) => data.cells.some((cell) => cell.group === group.key));
  const ratiosOf = (group: string) => {
    const [best] = rankedCells(data, group);
    return data.runs.map((run) => {
      const cell = data.cells.find((c) => c.group === group && c.run === run.id);
      const ratio = cell === undefined || best === undefined || best.value === 0 ? null : cell.value / best.value;
      const isWithinNoise =
        best !== undefined &&
        cell !== undefined &&
        cell.run !== best.run &&
        noiseCall(data, group, best.run, cell.run).kind === 'inside';
      const findings = cell?.findings === undefined ? {} : { findings: cell.findings };
      return { run: run.id, value: cell?.value ?? null, ratio, isWithinNoise, ...findings };
    });
  };
  const grid = groups.map((group) => ({ label: group.label, cells: ratiosOf(group.key) }));
  const all = grid.flatMap((row) => row.cells.flatMap((cell) => (cell.ratio === null ? [] : [cell.ratio])));
  const isPercent = all.every((ratio) => ratio > 0.5 && ratio < 2);
  const text = (ratio: number | null) =>
    ratio === null ? '—' : isPercent ? formatPercentChange(ratio) : timesText(ratio);
  const goodness = (ratio: number) => (data.betterIs === 'lower' ? 1 / ratio : ratio);
  const toCells = (cells: ReturnType<typeof ratiosOf>): VerdictCell[] =>
    cells.map((cell) => ({
      ...cell,
      text: cell.ratio !== null && Math.abs(cell.ratio - 1) < 1e-9 ? 'best' : text(cell.ratio),
      closeness: cell.ratio === null || data.betterIs === 'neither' ? null : closenessOf(goodness(cell.ratio)),
    }));
  const rows: NonNullable<VerdictMetric['table']>['rows'] = grid.map((row) => ({
    label: row.label,
    cells: toCells(row.cells),
  }));
  const mean = geometricMeanRow(
    data,
    grid.map((row) => row.cells),
  );
  if (mean !== undefined) rows.push({ label: 'Geometric mean', cells: toCells(mean), isMean: true });
  const better = data.betterIs === 'lower' ? 'lowest' : 'highest';
  const noteMean =
    mean === undefined
      ? ''
      : ` The geometric mean is of each run’s ${groups.length} ratios: one metric in every row, so they compare.`;
  return {
    runs: data.runs.map(({ id, label }) => ({ id, label })),
    rows,
    note: `Each run against the ${better} of its row (${isPercent ? 'change in %' : 'times'}).${noteMean}`,
  };
}

/** Each run's geometric mean of its ratios, where every run has a value in every row. */
function geometricMeanRow(
  data: MetricComparison,
  rows: ReadonlyArray<ReadonlyArray<{ run: string; ratio: number | null }>>,
) {
  if (rows.length < 2 || data.betterIs === 'neither') return undefined;
  if (rows.some((row) => row.some((cell) => cell.ratio === null || cell.ratio <= 0))) return undefined;
  return data.runs.map((run) => {
    const ratios = rows.map((row) => row.find((cell) => cell.run === run.id)?.ratio ?? 1);
    const ratio = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
    return { run: run.id, value: null, ratio, isWithinNoise: false };
  });
}
