// "Normalize to a baseline run": each cell of a metric as a ratio to the baseline run's cell of the
// same group, and how readers read that ratio. Pure arithmetic, no DOM: the bar chart, its data
// table and its summary all take their numbers from here, so they can never disagree.

import type { BarCell, BetterIs, MetricComparison } from '../view/model.ts';

/** Whether a change against the baseline is an improvement, given which way the metric improves. */
export type Change = 'better' | 'worse' | 'same' | 'neither';

/** One cell of a metric, relative to the baseline run's cell of its group. */
export interface NormalizedCell {
  group: string;
  run: string;
  /** `value / baseline value`; null when the group has no usable baseline value. */
  ratio: number | null;
  /**
   * The spread's ends divided by the same baseline value (the baseline's own spread is not
   * propagated: the ratio's uncertainty is not this interval). Absent when the cell has no spread
   * or the ratio is null.
   */
  lowRatio?: number;
  highRatio?: number;
  /** True for the baseline run's own cells (ratio 1 by definition). */
  isBaseline: boolean;
  /** Null when the ratio is null. */
  change: Change | null;
}

/**
 * `value / baseline`, or null when that is no meaningful ratio: a missing, zero, negative or
 * non-finite baseline, or a non-finite value. Never NaN or Infinity.
 */
export function ratioTo(value: number, baseline: number | undefined): number | null {
  if (baseline === undefined || !Number.isFinite(baseline) || baseline <= 0) return null;
  if (!Number.isFinite(value)) return null;
  const ratio = value / baseline;
  return Number.isFinite(ratio) ? ratio : null;
}

/**
 * Is `ratio` (a run against the baseline) better or worse? For a lower-is-better metric such as
 * latency a ratio below 1 is better; for higher-is-better (IOPS, bandwidth) a ratio above 1 is.
 * Counts and sizes (`neither`) have no direction. The ratio is compared as it will be printed
 * (to a tenth of a percent), so a reading of "±0 %" is never called better or worse.
 */
export function judgeChange(ratio: number, betterIs: BetterIs): Change {
  if (betterIs === 'neither') return 'neither';
  const permille = Math.round((ratio - 1) * 1000);
  if (permille === 0) return 'same';
  return permille > 0 === (betterIs === 'higher') ? 'better' : 'worse';
}

/** Each cell of `data` against `baselineRun`'s cell of the same group, in `data.cells` order. */
export function normalizeToBaseline(data: MetricComparison, baselineRun: string): NormalizedCell[] {
  const baselineByGroup = new Map<string, number>();
  for (const cell of data.cells) if (cell.run === baselineRun) baselineByGroup.set(cell.group, cell.value);
  return data.cells.map((cell) => normalizeCell(cell, baselineByGroup.get(cell.group), baselineRun, data.betterIs));
}

function normalizeCell(
  cell: BarCell,
  baseline: number | undefined,
  baselineRun: string,
  betterIs: BetterIs,
): NormalizedCell {
  const isBaseline = cell.run === baselineRun;
  const ratio = ratioTo(cell.value, baseline);
  const normalized: NormalizedCell = {
    group: cell.group,
    run: cell.run,
    ratio,
    isBaseline,
    change: ratio === null ? null : isBaseline ? 'same' : judgeChange(ratio, betterIs),
  };
  if (ratio !== null && cell.low !== undefined && cell.high !== undefined) {
    const lowRatio = ratioTo(cell.low, baseline);
    const highRatio = ratioTo(cell.high, baseline);
    if (lowRatio !== null && highRatio !== null) {
      normalized.lowRatio = lowRatio;
      normalized.highRatio = highRatio;
    }
  }
  return normalized;
}

const MINUS = '\u2212';

/** `1.2345` → "1.23×", `12.6` → "12.6×", `0.5` → "0.5×": three significant digits. */
export function formatTimes(ratio: number): string {
  return `${Number(ratio.toPrecision(3))}×`;
}

/**
 * The change a ratio stands for, in percent: `1.234` → "+23 %", `0.82` → "−18 %" (a real minus
 * sign), `1.004` → "+0.4 %", `1` → "±0 %". Whole percents from 1 % on; one decimal below, so a
 * small change does not read as none.
 */
export function formatPercentChange(ratio: number): string {
  const percent = (ratio - 1) * 100;
  const rounded = Math.abs(percent) < 0.95 ? Math.round(percent * 10) / 10 : Math.round(percent);
  if (rounded === 0) return '±0 %';
  const digits = Math.abs(rounded).toLocaleString('en', { maximumFractionDigits: 1 });
  return `${rounded > 0 ? '+' : MINUS}${digits} %`;
}

/**
 * The one reading a chart label shows for a ratio: a percent change up to double ("+23 %",
 * "−18 %", "+97 %"), times from double on ("2.47×"), where a percent ("+147 %") is harder to read.
 */
export function formatRatio(ratio: number): string {
  return ratio >= 2 ? formatTimes(ratio) : formatPercentChange(ratio);
}

/**
 * A run against the best of its group, in the verdict and the captions: a percent change within a
 * factor of two ("−29 %", "+31 %"), times beyond it upwards ("3.31×") and a fraction downwards
 * ("1/309"), where a percent would read "−100 %" for a run 300 times slower.
 */
export function formatVsBest(ratio: number): string {
  if (ratio >= 2) return formatTimes(ratio);
  if (ratio > 0 && ratio <= 0.5) return `1/${Number((1 / ratio).toPrecision(3))}`;
  return formatPercentChange(ratio);
}

/**
 * One notation for every ratio of a chart and its table: percent changes when every ratio is
 * within a factor of two ("+3 %", "−18 %"), else times for all ("1.03×", "309×"), so that a
 * chart never reads "+3 %" beside "309×".
 */
export function ratioNotation(ratios: readonly number[]): (ratio: number) => string {
  return ratios.every((ratio) => ratio > 0.5 && ratio < 2) ? formatPercentChange : formatTimes;
}
