// Each run of a compared metric against the best of the selection (as ClickBench does) or
// against a chosen base run, with a geometric mean over the tests every run has. Pure
// arithmetic: the scoreboard's bars, numbers and captions all read it.

import { positiveSpan } from '../charts/scale-span.ts';
import type { BarCell, BetterIs, MetricComparison } from '../view/model.ts';

/** One run's value in one group (a fio job, a sysbench test), and its ratio. */
export interface ScoredCell {
  group: string;
  value: number;
  /**
   * Against the best: how many times worse than the group's best (1 for the best, never below).
   * Against a base run: value / the base's value. Null where no ratio is meaningful (no best for
   * a metric without a better direction, a value of zero, a group the base lacks).
   */
  ratio: number | null;
}

export interface ScoredRun {
  run: string;
  cells: ScoredCell[];
  /** Geometric mean of the ratios over `commonGroups`; null when one of them has no ratio. */
  geomean: number | null;
}

export interface Scoreboard {
  /** `best`: times from the best (the top) of the selection; `base`: value over the base run's. */
  reference: { kind: 'best' } | { kind: 'base'; run: string };
  betterIs: BetterIs;
  /** The groups every run has a value in: the geometric mean is over these. */
  commonGroups: string[];
  /** Runs in the order of `runOrder`, those without any value left out. */
  runs: ScoredRun[];
  /** Largest ratio over smallest, of every ratio shown; 1 when fewer than two. */
  span: number;
}

/** The best value of a group: the highest where higher is better, the lowest where lower is. */
function bestOf(values: readonly number[], betterIs: BetterIs): number | undefined {
  const positive = values.filter((value) => value > 0 && Number.isFinite(value));
  if (betterIs === 'neither' || positive.length === 0) return undefined;
  return betterIs === 'higher' ? Math.max(...positive) : Math.min(...positive);
}

/** How many times worse than `best` a value is: 1 for the best, more for the others. */
export function timesFromBest(value: number, best: number, betterIs: BetterIs): number | null {
  if (!(value > 0) || !(best > 0) || betterIs === 'neither') return null;
  return betterIs === 'higher' ? best / value : value / best;
}

/** The geometric mean of positive numbers; null for none, or when one is missing or not positive. */
export function geometricMean(values: readonly (number | null)[]): number | null {
  if (values.length === 0 || values.some((value) => value === null || !(value > 0))) return null;
  const logs = (values as number[]).reduce((sum, value) => sum + Math.log(value), 0);
  return Math.exp(logs / values.length);
}

/**
 * The scoreboard of a compared metric: every run's cells, each against the best of its group
 * (`base` null) or the base run's cell of the group, and their geometric mean over the groups
 * every run has.
 */
export function scoreboard(metric: MetricComparison, runOrder: readonly string[], base: string | null): Scoreboard {
  const valuesByGroup = new Map<string, BarCell[]>();
  for (const cell of metric.cells) valuesByGroup.set(cell.group, [...(valuesByGroup.get(cell.group) ?? []), cell]);
  const reference = (group: string): number | undefined => {
    const cells = valuesByGroup.get(group) ?? [];
    if (base === null)
      return bestOf(
        cells.map((cell) => cell.value),
        metric.betterIs,
      );
    return cells.find((cell) => cell.run === base)?.value;
  };
  const ratioOf = (group: string, value: number): number | null => {
    const against = reference(group);
    if (against === undefined) return null;
    if (base === null) return timesFromBest(value, against, metric.betterIs);
    return value > 0 && against > 0 ? value / against : null;
  };
  const groupOrder = metric.groups.map((group) => group.key);
  const runsWithCells = runOrder.filter((run) => metric.cells.some((cell) => cell.run === run));
  const commonGroups = groupOrder.filter((group) =>
    runsWithCells.every((run) => metric.cells.some((cell) => cell.run === run && cell.group === group)),
  );
  const runs = runsWithCells.map((run): ScoredRun => {
    const cells = groupOrder.flatMap((group) => {
      const cell = metric.cells.find((candidate) => candidate.run === run && candidate.group === group);
      return cell === undefined ? [] : [{ group, value: cell.value, ratio: ratioOf(group, cell.value) }];
    });
    const common = cells.filter((cell) => commonGroups.includes(cell.group)).map((cell) => cell.ratio);
    return { run, cells, geomean: geometricMean(common) };
  });
  const ratios = runs.flatMap((run) => [run.geomean, ...run.cells.map((cell) => cell.ratio)]);
  const span = positiveSpan(ratios.filter((ratio): ratio is number => ratio !== null));
  return {
    reference: base === null ? { kind: 'best' } : { kind: 'base', run: base },
    betterIs: metric.betterIs,
    commonGroups,
    runs,
    span,
  };
}

/**
 * How good a run's geometric mean is, for the bar's length: 1/ratio against the best (1 for the
 * best); against a base run, the ratio itself where higher is better, its inverse where lower is.
 */
export function goodness(board: Scoreboard, ratio: number): number {
  if (board.reference.kind === 'best') return 1 / ratio;
  return board.betterIs === 'lower' ? 1 / ratio : ratio;
}

/** Runs with a geometric mean, best first; then those without one. */
export function rankedRuns(board: Scoreboard): ScoredRun[] {
  const withMean = board.runs.filter((run) => run.geomean !== null);
  withMean.sort((a, b) => goodness(board, b.geomean as number) - goodness(board, a.geomean as number));
  return [...withMean, ...board.runs.filter((run) => run.geomean === null)];
}
