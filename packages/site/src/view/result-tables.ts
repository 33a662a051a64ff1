// The typed result of an output as tables a reader can scan: every measurement of a benchmark,
// and for an iostat log each device's mean and peak over the log (a log's measurements are one
// per report and device: millions in a long one).

import type { IostatReport, Measurement, ParseOutput, Unit } from '@benchfolio/parsers';
import { formatValue } from '../lib/format-value.ts';

/** A table of a parsed result, as text cells: what the reader sees beside the charts. */
export interface ResultTable {
  caption: string;
  columns: string[];
  /** Which columns hold numbers (right-aligned). */
  numeric: boolean[];
  rows: string[][];
  /** Rows left out to keep the page light (a long log), 0 when none. */
  omittedRows: number;
}

/** A table longer than this is cut: the page stays light, and the charts show the rest. */
export const MAX_TABLE_ROWS = 1000;

/** Every measurement: what, for which job/test/device, readable and exact. */
export function measurementTable(caption: string, measurements: readonly Measurement[]): ResultTable {
  const shown = measurements.slice(0, MAX_TABLE_ROWS);
  return {
    caption,
    columns: ['Metric', 'Of', 'Value', 'Exact value'],
    numeric: [false, false, true, true],
    rows: shown.map((measurement) => [
      measurement.metric,
      Object.entries(measurement.labels)
        .map(([key, value]) => `${key} ${value}`)
        .join(', '),
      formatValue(measurement.value, measurement.unit),
      exactValue(measurement.value, measurement.unit),
    ]),
    omittedRows: measurements.length - shown.length,
  };
}

/** The value as the parser holds it, in its base unit: "7118 op/s", "58312704 B/s". */
export function exactValue(value: number, unit: string): string {
  return unit === 'count' ? String(value) : unit === '%' ? `${value}%` : `${value} ${unit}`;
}

interface Accumulator {
  count: number;
  sum: number;
  max: number;
}

/**
 * Per device and metric: mean and maximum over the reports read so far, the since-boot first
 * report left out (its averages cover the whole uptime). Keeps three numbers per pair, so a
 * 100 MB log is summarized as it streams.
 */
export class DeviceStats {
  private readonly devices = new Map<string, Map<string, Accumulator & { unit: Unit }>>();
  private reports = 0;

  add(report: IostatReport): void {
    if (report.isSinceBoot) return;
    this.reports++;
    for (const device of report.devices) {
      let metrics = this.devices.get(device.device);
      if (metrics === undefined) {
        metrics = new Map();
        this.devices.set(device.device, metrics);
      }
      report.columns.forEach((column, index) => {
        const value = device.values[index];
        if (value === null || value === undefined) return;
        const entry = metrics.get(column.metric) ?? { count: 0, sum: 0, max: -Infinity, unit: column.unit };
        entry.count++;
        entry.sum += value;
        entry.max = Math.max(entry.max, value);
        metrics.set(column.metric, entry);
      });
    }
  }

  table(caption: string): ResultTable {
    const rows: string[][] = [];
    for (const [device, metrics] of this.devices) {
      for (const [metric, { count, sum, max, unit }] of metrics) {
        const mean = sum / count;
        rows.push([
          device,
          metric,
          formatValue(mean, unit),
          formatValue(max, unit),
          exactValue(Number(mean.toPrecision(6)), unit),
          exactValue(max, unit),
        ]);
      }
    }
    const shown = rows.slice(0, MAX_TABLE_ROWS);
    return {
      caption: `${caption} (${this.reports} reports after the since-boot one)`,
      columns: ['Device', 'Metric', 'Mean', 'Peak', 'Exact mean', 'Exact peak'],
      numeric: [false, false, true, true, true, true],
      rows: shown,
      omittedRows: rows.length - shown.length,
    };
  }
}

/** The tables of a parsed benchmark output (not iostat: see DeviceStats). */
export function resultTables(name: string, parsed: ParseOutput): ResultTable[] {
  return [measurementTable(`Measurements of ${name}`, parsed.measurements)];
}
