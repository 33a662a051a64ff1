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
 * `time`; one per avg-cpu column, labelled `sample` (and `time`). The labels object is shared by
 * the measurements of one row.
 */
export function reportMeasurements(report: IostatReport): Measurement[] {
  const measurements: Measurement[] = [];
  const sample = String(report.sample);
  const time = report.timestamp;
  if (report.cpu !== null) {
    const labels: Record<string, string> = time === null ? { sample } : { sample, time };
    for (const [key, metric] of CPU_METRICS) {
      const value = report.cpu[key];
      if (value !== null) measurements.push({ tool: 'iostat', metric, unit: '%', value, labels });
    }
  }
  const columns = report.columns;
  for (const device of report.devices) {
    const name = device.isGroup ? 'group' : 'device';
    const labels: Record<string, string> =
      time === null ? { [name]: device.device, sample } : { [name]: device.device, sample, time };
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
