// iostat summaries (iostat-summary.ts) as tables the /try page shows: a log of one report as its
// values per device, and several runs' logs side by side per figure. Plain data (ResultTable),
// drawn by render-outputs' table element.

import { formatValue } from '../../lib/format-value.ts';
import type { ResultTable } from '../../view/result-tables.ts';
import { type IostatSummary, SUMMARY_FIGURES } from './iostat-summary.ts';

/**
 * A log of a single report (iostat run once: averages since boot), or of a single interval report
 * after the since-boot one: per device, that report's figures.
 */
export function oneReportTable(name: string, summary: IostatSummary): ResultTable {
  return {
    caption: summary.isSinceBootOnly
      ? `The one report of ${name} (averages since boot), per device`
      : `The one interval report of ${name} (the since-boot one left out), per device`,
    columns: ['Device', ...SUMMARY_FIGURES.map(({ title }) => title)],
    numeric: [false, ...SUMMARY_FIGURES.map(() => true)],
    rows: summary.devices.map((row) => [
      row.device,
      ...SUMMARY_FIGURES.map(({ figure, unit }) => {
        const stats = row.figures[figure];
        return stats === null || stats === undefined ? '—' : formatValue(stats.mean, unit);
      }),
    ]),
    omittedRows: 0,
  };
}

/** One log of a run, named for the table: "Your run", "ext4 (Ext4, XFS and Btrfs…)". */
export interface NamedSummary {
  run: string;
  summary: IostatSummary;
}

/**
 * Per figure (%util, await, r/s, w/s), a table of every run's devices: mean, 95th percentile and
 * maximum over the log's reports. Four columns, so that it fits a phone: the run and device share
 * the first ("ext4 · 2026-11 · loop0"). Devices without the figure (no `-x`) are left out of its table.
 */
export function summaryComparisonTables(logs: readonly NamedSummary[]): ResultTable[] {
  return SUMMARY_FIGURES.map(({ figure, title, unit }) => {
    const rows = logs.flatMap(({ run, summary }) =>
      summary.devices.flatMap((row) => {
        const stats = row.figures[figure];
        if (stats === null || stats === undefined) return [];
        return [
          [
            `${run} · ${row.device}`,
            formatValue(stats.mean, unit),
            formatValue(stats.p95, unit),
            formatValue(stats.max, unit),
          ],
        ];
      }),
    );
    return {
      caption: `${title} per device: mean, 95th percentile and maximum over each log's reports`,
      columns: ['Run · device', 'Mean', 'p95', 'Max'],
      numeric: [false, true, true, true],
      rows,
      omittedRows: 0,
    };
  });
}

/** "Reports read: Your run 38; ext4 · 2026-11 41": how many reports each summary is over. */
export function reportsText(logs: readonly NamedSummary[]): string {
  return `Reports read: ${logs.map(({ run, summary }) => `${run} ${summary.reports}`).join('; ')}.`;
}
