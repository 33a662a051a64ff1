import type { Measurement } from '../measurement.ts';
import type { IostatColumn, IostatCpu, IostatReport } from './schema.ts';

/** avg-cpu fields and their metric: the section and column as iostat prints them. */
export const CPU_METRICS: readonly [keyof IostatCpu, string][] = [
  ['userPercent', 'avg-cpu.%user'],
  ['nicePercent', 'avg-cpu.%nice'],
  ['systemPercent', 'avg-cpu.%system'],
  ['iowaitPercent', 'avg-cpu.%iowait'],
  ['stealPercent', 'avg-cpu.%steal'],
  ['idlePercent', 'avg-cpu.%idle'],
];

/**
 * The tidy view of one report: one measurement per device (or group) and column, labelled
 * `device` (or `group` for a `-g` total), `sample` and, when the report has a timestamp,
 * `time`; one per avg-cpu column, labelled `sample` (and `time`). The measurements of a
 * since-boot report (a run's first, unless `-y` or `sinceBoot: false`) also carry
 * `since_boot: 'true'`; those of the interval reports have no such label. The labels object is
 * shared by the measurements of one row.
 */
export function reportMeasurements(report: IostatReport): Measurement[] {
  const measurements: Measurement[] = [];
  const sample = String(report.sample);
  if (report.cpu !== null) {
    const labels = withReportLabels({}, sample, report);
    for (const [key, metric] of CPU_METRICS) {
      const value = report.cpu[key];
      if (value !== null) measurements.push({ tool: 'iostat', metric, unit: '%', value, labels });
    }
  }
  const columns = report.columns;
  for (const device of report.devices) {
    const labels = withReportLabels(
      device.isGroup ? { group: device.device } : { device: device.device },
      sample,
      report,
    );
    const values = device.values;
    for (let i = 0; i < columns.length; i++) {
      const value = values[i];
      if (value === null || value === undefined) continue;
      const column = columns[i] as IostatColumn;
      measurements.push({ tool: 'iostat', metric: column.metric, unit: column.unit, value, labels });
    }
  }
  return measurements;
}

/** `labels` with the report's own added, in this order: `sample`, `time`, `since_boot`. */
function withReportLabels(
  labels: Record<string, string>,
  sample: string,
  report: IostatReport,
): Record<string, string> {
  labels.sample = sample;
  if (report.timestamp !== null) labels.time = report.timestamp;
  if (report.isSinceBoot) labels.since_boot = 'true';
  return labels;
}
