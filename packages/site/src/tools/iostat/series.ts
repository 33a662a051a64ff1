import type { IostatResult, Measurement } from '@benchfolio/parsers';
import type { AnyDeviceFigure, DeviceFigure, DeviceSeries, DeviceValues } from '../../view/model.ts';

/**
 * iostat's figures, in the order its section draws them: every device series has them (sadf's
 * r/s and w/s as nulls, see tools/sadf/series.ts).
 */
export const FIGURES: readonly DeviceFigure[] = [
  'util',
  'await',
  'readsPerSec',
  'writesPerSec',
  'readBytesPerSec',
  'writeBytesPerSec',
];

/** The canonical iostat metric (the library's columns.ts) each figure is read from. */
const FIGURE_METRIC: Readonly<Partial<Record<AnyDeviceFigure, string>>> = {
  util: '%util',
  readsPerSec: 'r/s',
  writesPerSec: 'w/s',
  readBytesPerSec: 'read.bw',
  writeBytesPerSec: 'write.bw',
};

/** Every metric a figure is read from: the figures' own, and what `await` is made of. */
const READ_METRICS: ReadonlySet<string> = new Set([...Object.values(FIGURE_METRIC), 'await', 'r_await', 'w_await']);

/**
 * How a tool's device figures are read from its measurements: iostat's here, sadf's in
 * tools/sadf/series.ts (the library names sadf's metrics as iostat's).
 */
export interface FigureReading {
  /** The figures the tool has, in the order the section draws them; the others stay null. */
  figures: readonly AnyDeviceFigure[];
  /** Every metric read: the figures' own, and what a figure is made of. */
  metrics: ReadonlySet<string>;
  /** A figure's value in one report, from the device's values there of the metrics read. */
  value(figure: AnyDeviceFigure, read: (metric: string) => number | null): number | null;
}

/** iostat's figures: `await` as printed or made of r_await and w_await, the others a column each. */
export const IOSTAT_READING: FigureReading = {
  figures: FIGURES,
  metrics: READ_METRICS,
  value(figure, read) {
    if (figure === 'await') return awaitOf(read);
    const metric = FIGURE_METRIC[figure];
    return metric === undefined ? null : read(metric);
  },
};

/**
 * A log's interval reports (since-boot ones left out), gathered for the series: each report's
 * time, and each device's values of the metrics read, by metric, at the report's position.
 */
interface Gathered {
  /** Milliseconds since the epoch of each report kept, NaN where it has no timestamp. */
  times: number[];
  /** The first report kept's timestamp as the library wrote it (ISO 8601). */
  start: string | undefined;
  /** Device (not group) names in order of first appearance, to metric, to value by report. */
  devices: Map<string, Map<string, Array<number | null>>>;
}

/**
 * Each device's figures over an iostat output, full resolution, from its measurements: those of
 * since-boot reports (labelled `since_boot`) are left out, as are `-g` totals (labelled `group`)
 * and avg-cpu (no `device`), though an avg-cpu measurement still counts its report. Times: see
 * seriesOf.
 */
export function measuredDeviceSeries(
  run: string,
  measurements: readonly Measurement[],
  interval: number | undefined,
  reading: FigureReading = IOSTAT_READING,
): DeviceSeries[] {
  return seriesOf(run, gatherMeasured(measurements, reading.metrics), interval, reading);
}

/**
 * The same series from the typed reports of a log streamed on /try, whose output has no
 * measurements (a 100 MB log would make tens of millions of them).
 */
export function streamedDeviceSeries(run: string, result: IostatResult, interval: number | undefined): DeviceSeries[] {
  return seriesOf(run, gatherReports(result), interval, IOSTAT_READING);
}

function gatherMeasured(measurements: readonly Measurement[], metrics: ReadonlySet<string>): Gathered {
  const gathered: Gathered = { times: [], start: undefined, devices: new Map() };
  const positions = new Map<string, number>();
  // The library shares one labels object among a row's measurements: a row is looked up once.
  let lastLabels: Readonly<Record<string, string>> | undefined;
  let row: { position: number; columns: Map<string, Array<number | null>> } | null = null;
  for (const measurement of measurements) {
    const labels = measurement.labels;
    if (labels !== lastLabels) {
      lastLabels = labels;
      row = null;
      const sample = labels.sample;
      if (sample === undefined || labels.since_boot !== undefined) continue;
      let position = positions.get(sample);
      if (position === undefined) {
        position = gathered.times.length;
        positions.set(sample, position);
        gathered.times.push(labels.time === undefined ? Number.NaN : Date.parse(labels.time));
        if (position === 0) gathered.start = labels.time;
      }
      if (labels.device !== undefined) row = { position, columns: deviceColumns(gathered, labels.device) };
    }
    if (row === null || !metrics.has(measurement.metric)) continue;
    const values = columnOf(row.columns, measurement.metric);
    // A device printed twice under one metric in a report: the first value counts.
    values[row.position] ??= measurement.value;
  }
  return gathered;
}

function gatherReports(result: IostatResult): Gathered {
  const gathered: Gathered = { times: [], start: undefined, devices: new Map() };
  for (const report of result.reports) {
    if (report.isSinceBoot) continue;
    // A report of nothing (`-d -z` with no device active) has no measurement: no point either.
    if (report.devices.length === 0 && report.cpu === null) continue;
    const position = gathered.times.length;
    gathered.times.push(report.timestamp === null ? Number.NaN : Date.parse(report.timestamp));
    if (position === 0) gathered.start = report.timestamp ?? undefined;
    // Each metric's first column, and each device's first row, as a reader of the table would.
    const indexes = [...READ_METRICS].map((metric) => ({
      metric,
      index: report.columns.findIndex((column) => column.metric === metric),
    }));
    const seen = new Set<string>();
    for (const device of report.devices) {
      if (device.isGroup || seen.has(device.device)) continue;
      seen.add(device.device);
      const columns = deviceColumns(gathered, device.device);
      for (const { metric, index } of indexes) {
        if (index !== -1) columnOf(columns, metric)[position] = device.values[index] ?? null;
      }
    }
  }
  return gathered;
}

function deviceColumns(gathered: Gathered, device: string): Map<string, Array<number | null>> {
  let columns = gathered.devices.get(device);
  if (columns === undefined) {
    columns = new Map();
    gathered.devices.set(device, columns);
  }
  return columns;
}

function columnOf(columns: Map<string, Array<number | null>>, metric: string): Array<number | null> {
  let values = columns.get(metric);
  if (values === undefined) {
    values = [];
    columns.set(metric, values);
  }
  return values;
}

/**
 * The series of the gathered reports. Times: seconds since the first report kept, from the
 * timestamps iostat printed (`-t`); without them, the report index times the interval of the
 * command (see iostatInterval); with neither, the report index. Devices that did nothing in the whole log are left out.
 */
function seriesOf(
  run: string,
  gathered: Gathered,
  interval: number | undefined,
  reading: FigureReading,
): DeviceSeries[] {
  const { times } = gathered;
  if (times.length === 0) return [];
  const hasTimes = times.every((time) => Number.isFinite(time));
  const step = interval ?? 1;
  const t = hasTimes
    ? times.map((time) => (time - (times[0] as number)) / 1000)
    : times.map((_, index) => index * step);
  const series: DeviceSeries[] = [];
  for (const [device, columns] of gathered.devices) {
    const values = {} as DeviceValues<Array<number | null>>;
    const own = reading.figures.map((figure) => {
      const column: Array<number | null> = [];
      values[figure] = column;
      return { figure, column };
    });
    for (let i = 0; i < times.length; i++) {
      const read = (metric: string) => columns.get(metric)?.[i] ?? null;
      for (const { figure, column } of own) column.push(reading.value(figure, read));
    }
    const isActive = own.some(({ column }) => column.some((value) => value !== null && value !== 0));
    if (!isActive) continue;
    // A figure the tool does not have (sadf's r/s and w/s) is null throughout.
    for (const figure of FIGURES) values[figure] ??= times.map(() => null);
    const entry: DeviceSeries = { run, device, t, values };
    if (hasTimes && gathered.start !== undefined) entry.start = gathered.start;
    series.push(entry);
  }
  return series;
}

/**
 * `await` as iostat printed it (sysstat up to 11.x, and `-s`), else the mean of r_await and
 * w_await weighted by r/s and w/s: the same quantity (time per request, reads and writes
 * together) that sysstat 12 splits in two.
 */
function awaitOf(read: (metric: string) => number | null): number | null {
  const printed = read('await');
  if (printed !== null) return printed;
  const readAwait = read('r_await');
  const writeAwait = read('w_await');
  const reads = read('r/s') ?? 0;
  const writes = read('w/s') ?? 0;
  if (readAwait === null && writeAwait === null) return null;
  if (reads + writes === 0) return 0;
  return ((readAwait ?? 0) * reads + (writeAwait ?? 0) * writes) / (reads + writes);
}
