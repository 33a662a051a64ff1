// An iostat log in a few numbers per device: the mean, 95th percentile and maximum of %util,
// await, r/s and w/s over its interval reports. How /try compares a reader's iostat log with the
// published runs' logs (which ran other workloads for other lengths of time, so their curves do
// not line up, while their summaries do), and how it shows a log of one report. Pure.

import type { IostatResult } from '@benchfolio/parsers';
import { IOSTAT_READING } from '../../tools/iostat/series.ts';
import type { BaseUnit, DeviceFigure } from '../../view/model.ts';

/** The figures summarised, as iostat names them, with their unit (values in base units). */
export const SUMMARY_FIGURES: ReadonlyArray<{ figure: DeviceFigure; title: string; unit: BaseUnit }> = [
  { figure: 'util', title: '%util', unit: '%' },
  { figure: 'await', title: 'await', unit: 'ns' },
  { figure: 'readsPerSec', title: 'r/s', unit: 'op/s' },
  { figure: 'writesPerSec', title: 'w/s', unit: 'op/s' },
];

export interface FigureStats {
  mean: number;
  /** Nearest rank: the smallest value at least 95 % of the reports are at or below. */
  p95: number;
  max: number;
}

export interface DeviceSummaryRow {
  device: string;
  /** Reports the device has a row in (of those read). */
  reports: number;
  /** Per summarised figure; null where the log has no such column (`iostat` without `-x`: no %util). */
  figures: Partial<Record<DeviceFigure, FigureStats | null>>;
}

export interface IostatSummary {
  /** Reports read: the interval reports, or the since-boot one when it is all the log has. */
  reports: number;
  /** True when the log has no interval report: its one report holds averages since boot. */
  isSinceBootOnly: boolean;
  devices: DeviceSummaryRow[];
}

/**
 * Per device (in printed order), the summary of its figures over the log's interval reports.
 * The since-boot first report averages the whole uptime and is left out, unless it is the only
 * report (`iostat -x` run once): then it is all there is, and said to be.
 */
export function iostatSummary(result: IostatResult): IostatSummary {
  const intervals = result.reports.filter((report) => !report.isSinceBoot);
  const reports = intervals.length > 0 ? intervals : result.reports;
  const values = new Map<string, Map<DeviceFigure, number[]>>();
  const counts = new Map<string, number>();
  for (const report of reports) {
    const columnOf = new Map<string, number>();
    report.columns.forEach((column, index) => {
      if (!columnOf.has(column.metric)) columnOf.set(column.metric, index);
    });
    for (const row of report.devices) {
      const read = (metric: string): number | null => {
        const index = columnOf.get(metric);
        return index === undefined ? null : (row.values[index] ?? null);
      };
      counts.set(row.device, (counts.get(row.device) ?? 0) + 1);
      const figures = values.get(row.device) ?? new Map<DeviceFigure, number[]>();
      values.set(row.device, figures);
      for (const { figure } of SUMMARY_FIGURES) {
        const value = IOSTAT_READING.value(figure, read);
        if (value === null || !Number.isFinite(value)) continue;
        const list = figures.get(figure) ?? [];
        list.push(value);
        figures.set(figure, list);
      }
    }
  }
  return {
    reports: reports.length,
    isSinceBootOnly: intervals.length === 0 && reports.length > 0,
    devices: [...values].map(([device, figures]) => ({
      device,
      reports: counts.get(device) ?? 0,
      figures: Object.fromEntries(
        SUMMARY_FIGURES.map(({ figure }) => [figure, statsOf(figures.get(figure) ?? [])]),
      ) as DeviceSummaryRow['figures'],
    })),
  };
}

/** Mean, nearest-rank 95th percentile and maximum; null for no values. */
export function statsOf(values: readonly number[]): FigureStats | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(0.95 * sorted.length));
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length;
  return { mean, p95: sorted[rank - 1] as number, max: sorted.at(-1) as number };
}
