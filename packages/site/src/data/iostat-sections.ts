import type { IostatResult, ParseOutput } from '@benchfolio/parsers';
import type { LoadedOutput, LoadedRun } from '@benchfolio/parsers/node';
import { downsample } from '../charts/downsample.ts';
import type { DeviceFigure, DeviceSeries, DeviceSummary, RunRef, ToolSection } from '../view/model.ts';
import { slug, UniqueKeys } from './keys.ts';

type Report = IostatResult['reports'][number];

/** A series is cut down to this many points (min/max per bucket) to keep the page light. */
export const MAX_SERIES_POINTS = 600;

const FIGURES: readonly DeviceFigure[] = [
  'util',
  'await',
  'readsPerSec',
  'writesPerSec',
  'readBytesPerSec',
  'writeBytesPerSec',
];

/** The canonical iostat metric (columns.ts) each figure is read from. */
const FIGURE_METRIC: Record<Exclude<DeviceFigure, 'await'>, string> = {
  util: '%util',
  readsPerSec: 'r/s',
  writesPerSec: 'w/s',
  readBytesPerSec: 'read.bw',
  writeBytesPerSec: 'write.bw',
};

/** The typed result of an iostat output (its reports); undefined for another tool's. */
export function iostatResultOf(output: ParseOutput): IostatResult | undefined {
  // ParseOutput is a union discriminated on `tool`: the check narrows the result.
  return output.tool === 'iostat' ? output.result : undefined;
}

/**
 * The iostat sections: one per workload the logs were taken during (one when they name none),
 * with each run's devices over time and their summary. A run with several logs for one workload
 * (repeats) shows its first, and the title says so. Devices that did nothing in the whole log
 * (idle disks, loop devices of other runs) are left out.
 */
export function iostatSections(runs: readonly LoadedRun[], runRefs: readonly RunRef[]): ToolSection[] {
  const byWorkload = new Map<string, Array<{ run: string; output: LoadedOutput; result: IostatResult }>>();
  for (const run of runs) {
    for (const output of run.outputs) {
      const result = iostatResultOf(output.parsed);
      if (result === undefined) continue;
      const workload = output.declared.workload ?? '';
      byWorkload.set(workload, [...(byWorkload.get(workload) ?? []), { run: run.id, output, result }]);
    }
  }
  const keys = new UniqueKeys();
  const sections: ToolSection[] = [];
  for (const [workload, logs] of byWorkload) {
    const devices: DeviceSeries[] = [];
    const deviceSummaries: DeviceSummary[] = [];
    let hasRepeats = false;
    for (const ref of runRefs) {
      const own = logs
        .filter((log) => log.run === ref.id)
        .sort((a, b) => (a.output.declared.repeat ?? 0) - (b.output.declared.repeat ?? 0));
      const first = own[0];
      if (first === undefined) continue;
      if (own.length > 1) hasRepeats = true;
      const command =
        first.output.declared.command ?? runs.find((run) => run.id === ref.id)?.run.commands.find(isIostat);
      for (const full of deviceSeries(ref.id, first.result, command)) {
        deviceSummaries.push(summarize(full));
        // The summary is of every report; the series drawn keeps each bucket's extremes.
        devices.push(downsample(full, MAX_SERIES_POINTS));
      }
    }
    sections.push({
      // One log per run (the runner's "iostat during the run") is the plain `iostat` section.
      key: keys.make(byWorkload.size === 1 ? 'iostat' : `iostat-${slug(workload)}`),
      tool: 'iostat',
      title: `${iostatTitle(workload)}${hasRepeats ? ' (the first of its repeats)' : ''}`,
      origin: 'raw',
      metrics: [],
      devices,
      deviceSummaries,
    });
  }
  return sections;
}

/** "iostat", "iostat during the run" (a workload naming iostat itself), "iostat during fio-seed". */
function iostatTitle(workload: string): string {
  if (workload === '') return 'iostat';
  return workload.startsWith('iostat') ? workload : `iostat during ${workload}`;
}

function isIostat(command: string): boolean {
  return /(?:^|[\s/])iostat\s/.test(command);
}

/**
 * The interval iostat was given, the first bare number after `iostat` in its command
 * (`iostat -x -t -k 5` → 5), or undefined.
 */
export function iostatInterval(command: string | undefined): number | undefined {
  if (command === undefined) return undefined;
  const after = /(?:^|[\s/])iostat\s+(.*)$/m.exec(command)?.[1];
  if (after === undefined) return undefined;
  for (const token of after.split(/\s+/)) {
    if (/^[;&|>]/.test(token)) break;
    if (/^\d+(?:\.\d+)?$/.test(token)) return Number(token);
  }
  return undefined;
}

/**
 * Each device's figures over the log, full resolution. The first report (averages since boot)
 * is left out. Times: seconds since the first report kept, from the timestamps iostat printed
 * (`-t`); without them, the report index times the interval of the command; with neither, the
 * report index.
 */
export function deviceSeries(run: string, result: IostatResult, command: string | undefined): DeviceSeries[] {
  const reports = result.reports.filter((report) => !report.isSinceBoot);
  if (reports.length === 0) return [];
  const times = reports.map((report) => (report.timestamp === null ? Number.NaN : Date.parse(report.timestamp)));
  const hasTimes = times.every((time) => Number.isFinite(time));
  const interval = iostatInterval(command) ?? 1;
  const t = hasTimes
    ? times.map((time) => (time - (times[0] as number)) / 1000)
    : reports.map((_, index) => index * interval);
  const names: string[] = [];
  for (const report of reports) {
    for (const device of report.devices)
      if (!device.isGroup && !names.includes(device.device)) names.push(device.device);
  }
  const series: DeviceSeries[] = [];
  for (const name of names) {
    const values = Object.fromEntries(FIGURES.map((figure) => [figure, [] as Array<number | null>])) as Record<
      DeviceFigure,
      Array<number | null>
    >;
    for (const report of reports) {
      const read = reader(report, name);
      for (const figure of FIGURES)
        values[figure].push(figure === 'await' ? awaitOf(read) : read(FIGURE_METRIC[figure]));
    }
    const isActive = FIGURES.some((figure) => values[figure].some((value) => value !== null && value !== 0));
    if (!isActive) continue;
    const entry: DeviceSeries = { run, device: name, t, values };
    const start = reports[0]?.timestamp;
    if (hasTimes && start != null) entry.start = start;
    series.push(entry);
  }
  return series;
}

/** A device's value of a canonical metric in one report, or null. */
function reader(report: Report, device: string): (metric: string) => number | null {
  const row = report.devices.find((candidate) => candidate.device === device && !candidate.isGroup);
  return (metric) => {
    if (row === undefined) return null;
    const index = report.columns.findIndex((column) => column.metric === metric);
    return index === -1 ? null : (row.values[index] ?? null);
  };
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

/** Mean and max of each figure over the full series (nulls left out). */
export function summarize(series: DeviceSeries): DeviceSummary {
  const mean = {} as Record<DeviceFigure, number | null>;
  const max = {} as Record<DeviceFigure, number | null>;
  for (const figure of FIGURES) {
    // A loop, not Math.max(...values): a long log has more values than a call takes arguments.
    let sum = 0;
    let count = 0;
    let largest = Number.NEGATIVE_INFINITY;
    for (const value of series.values[figure]) {
      if (value === null) continue;
      sum += value;
      count++;
      if (value > largest) largest = value;
    }
    mean[figure] = count === 0 ? null : sum / count;
    max[figure] = count === 0 ? null : largest;
  }
  return { run: series.run, device: series.device, mean, max };
}
