import type { IostatColumn, IostatDeviceSummary, IostatReport, IostatStats } from './schema.ts';

interface DeviceSeries {
  device: string;
  isGroup: boolean;
  metrics: Map<string, number[]>;
}

/**
 * Collects the per-device summary (mean, max, p95 of each metric) over reports, leaving out the
 * since-boot ones, whose averages cover the whole uptime and not the run. It keeps every value
 * (p95 needs them all): a few bytes per value, fine for a whole-text parse; a stream of a huge
 * log can feed only the reports it wants summarized.
 */
export class IostatSummaryBuilder {
  private readonly series = new Map<string, DeviceSeries>();

  add(report: IostatReport): void {
    if (report.isSinceBoot) return;
    for (const device of report.devices) {
      const key = `${device.isGroup ? 'g' : 'd'}:${device.device}`;
      let series = this.series.get(key);
      if (series === undefined) {
        series = { device: device.device, isGroup: device.isGroup, metrics: new Map() };
        this.series.set(key, series);
      }
      for (let i = 0; i < report.columns.length; i++) {
        const value = device.values[i];
        if (value === null || value === undefined) continue;
        const metric = (report.columns[i] as IostatColumn).metric;
        const values = series.metrics.get(metric);
        if (values === undefined) series.metrics.set(metric, [value]);
        else values.push(value);
      }
    }
  }

  build(): IostatDeviceSummary[] {
    return [...this.series.values()].map((series) => ({
      device: series.device,
      isGroup: series.isGroup,
      metrics: Object.fromEntries([...series.metrics].map(([metric, values]) => [metric, stats(values)])),
    }));
  }
}

/** Mean, max and the nearest-rank 95th percentile of a non-empty list. */
export function stats(values: readonly number[]): IostatStats {
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (const value of sorted) sum += value;
  const rank = Math.max(1, Math.ceil(0.95 * sorted.length));
  return {
    mean: sum / sorted.length,
    max: sorted[sorted.length - 1] as number,
    p95: sorted[rank - 1] as number,
    count: sorted.length,
  };
}

/** The summary of a list of reports. */
export function summarize(reports: readonly IostatReport[]): IostatDeviceSummary[] {
  const builder = new IostatSummaryBuilder();
  for (const report of reports) builder.add(report);
  return builder.build();
}
