import type { IostatDevice, IostatReport } from './schema.ts';

/**
 * A device's values keyed by canonical metric (`read.bw`, `r_await`, `%util`), built on demand
 * from the report's columns: the convenient view of one row. Values the device has none of
 * (null) are left out.
 */
export function deviceValues(report: IostatReport, device: IostatDevice): Record<string, number> {
  const values: Record<string, number> = {};
  for (let i = 0; i < report.columns.length; i++) {
    const value = device.values[i];
    if (value !== null && value !== undefined)
      values[(report.columns[i] as IostatReport['columns'][number]).metric] = value;
  }
  return values;
}

/** One value of a device by canonical metric, or null when the report has no such column or no value under it. */
export function deviceValue(report: IostatReport, device: IostatDevice, metric: string): number | null {
  const index = report.columns.findIndex((column) => column.metric === metric);
  return index === -1 ? null : (device.values[index] ?? null);
}
