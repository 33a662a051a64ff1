import type { LoadedRun } from '../../content/loaded.ts';
import type { IostatReport, IostatResult } from '../../iostat/schema.ts';
import type { SadfResult } from '../../sadf/schema.ts';
import { escapeRegExp, findInLines, type OutputLintInput, textLines } from './finding.ts';

/**
 * A run's device-statistics logs on the wall clock, for the device under test: iostat -t with
 * S_TIME_FORMAT=ISO (each report's time with its UTC offset), and sadf -j (each entry's time in
 * UTC, sadf's default). A log whose times do not say their offset from UTC (a local time) is not
 * used: its clock is not fio's.
 */

/**
 * iostat and sadc take a sample's time cut to the second when they read the counters: the
 * interval ended half a second after the time printed, within ±0.5 s (the site's fio-log clock
 * does the same).
 */
const SAMPLE_TIME_OFFSET_MS = 500;

/** One interval of the device's traffic: [startMs, endMs], bytes read and written. */
export interface DeviceInterval {
  startMs: number;
  endMs: number;
  readBytes: number;
  writtenBytes: number;
  /** 1-based line of the report's time in the log (1 where it has none of its own: JSON). */
  line: number;
}

export interface DeviceLog {
  file: string;
  device: string;
  intervals: DeviceInterval[];
}

/** The run's iostat and sadf logs with wall-clock times, for its device under test. */
export function deviceLogs(run: LoadedRun, outputs: readonly OutputLintInput[]): DeviceLog[] {
  const logs: DeviceLog[] = [];
  for (const output of outputs) {
    const log =
      output.parsed.tool === 'iostat'
        ? iostatLog(run, output, output.parsed.result as IostatResult)
        : output.parsed.tool === 'sadf'
          ? sadfLog(run, output, output.parsed.result as SadfResult)
          : null;
    if (log !== null) logs.push(log);
  }
  return logs;
}

function iostatLog(run: LoadedRun, output: OutputLintInput, result: IostatResult): DeviceLog | null {
  const printed = new Set(result.reports.flatMap((report) => report.devices.map((row) => row.device)));
  const device = deviceUnderTest(run, printed);
  if (device === null) return null;
  const intervals = deviceIntervals(result.reports, device, textLines(output.text));
  return intervals === null ? null : { file: output.file, device, intervals };
}

/**
 * sadf -j: one host's entries, each with its interval (`timestamp.interval`, s) ending at its
 * time. Device names are as sadf printed them (`loop0` with sar's -p, `dev7-0` without, which no
 * run.yaml names). An entry without the device or with a local time: the log is not used.
 */
function sadfLog(run: LoadedRun, output: OutputLintInput, result: SadfResult): DeviceLog | null {
  const samples = result.hosts.length === 1 ? (result.hosts[0]?.samples ?? []) : [];
  const device = deviceUnderTest(run, new Set(samples.flatMap((sample) => sample.disks.map((disk) => disk.device))));
  if (device === null || samples.length === 0) return null;
  const intervals: DeviceInterval[] = [];
  for (const sample of samples) {
    const timeMs = zonedTimeMs(sample.timestamp?.iso ?? null);
    const disk = sample.disks.find((candidate) => candidate.device === device);
    const seconds = sample.intervalSec;
    const { readBytesPerSec: read, writeBytesPerSec: written } = disk ?? {};
    if (timeMs === null || seconds === null || seconds <= 0 || read == null || written == null) return null;
    const endMs = timeMs + SAMPLE_TIME_OFFSET_MS;
    intervals.push({
      startMs: endMs - seconds * 1000,
      endMs,
      readBytes: read * seconds,
      writtenBytes: written * seconds,
      line: 1,
    });
  }
  return { file: output.file, device, intervals };
}

/**
 * The device under test: the one run.yaml's mkfs command names (`mkfs.xfs -f /dev/loop0`: the
 * filesystem the tools wrote to), else the one disk run.yaml names with its device, when the log
 * has it; else none (several disks, or none named: which one the tool used is unknown).
 */
export function deviceUnderTest(run: LoadedRun, printed: ReadonlySet<string>): string | null {
  const mkfs = /\/dev\/(\S+)/.exec(run.run.system.filesystem?.mkfs ?? '')?.[1];
  if (mkfs !== undefined && printed.has(mkfs)) return mkfs;
  const disks = (run.run.system.disks ?? []).flatMap((disk) => (disk.device === undefined ? [] : [disk.device]));
  const named = disks.filter((device) => printed.has(device));
  return named.length === 1 && disks.length === 1 ? (named[0] as string) : null;
}

/** A time printed with its offset from UTC (`2026-11-24T11:01:13+0000`): a local time without one is not placed. */
function zonedTimeMs(timestamp: string | null): number | null {
  if (timestamp === null || !/(?:Z|[+-]\d{2}:?\d{2})$/.test(timestamp)) return null;
  const ms = Date.parse(timestamp.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isFinite(ms) ? ms : null;
}

/**
 * The device's bytes per interval report (since-boot reports left out), each interval iostat's
 * interval long and ending at its report's time; null when a report has no zoned time or no
 * rates for the device.
 */
function deviceIntervals(
  reports: readonly IostatReport[],
  device: string,
  lines: readonly string[],
): DeviceInterval[] | null {
  const times = reports.map((report) => zonedTimeMs(report.timestamp));
  if (times.some((time) => time === null)) return null;
  const stepMs = intervalMs(times as number[]);
  if (stepMs === null) return null;
  const intervals: DeviceInterval[] = [];
  const lineOf = reportLines(lines);
  for (const [index, report] of reports.entries()) {
    const endMs = (times[index] as number) + SAMPLE_TIME_OFFSET_MS;
    const line = lineOf(report.timestampText);
    if (report.isSinceBoot) continue;
    const startMs = endMs - stepMs;
    const row = report.devices.find((candidate) => candidate.device === device && !candidate.isGroup);
    const rate = (metric: string) => {
      const index = report.columns.findIndex((column) => column.metric === metric);
      return index < 0 ? null : (row?.values[index] ?? null);
    };
    const read = rate('read.bw');
    const written = rate('write.bw');
    // A report without the device's rates leaves a hole in its traffic: the log is not used.
    if (read === null || written === null) return null;
    const seconds = stepMs / 1000;
    intervals.push({ startMs, endMs, readBytes: read * seconds, writtenBytes: written * seconds, line });
  }
  return intervals.length === 0 ? null : intervals;
}

/**
 * iostat's interval, in ms: the median step between its reports' printed times. Each time is cut
 * to the second, so one step may read 0 or 2 s where iostat waited 1 s; its rates are over the
 * time it really waited.
 */
function intervalMs(times: readonly number[]): number | null {
  const steps = times.slice(1).map((time, index) => time - (times[index] as number));
  if (steps.length === 0) return null;
  const sorted = [...steps].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] as number;
  return median > 0 ? median : null;
}

/**
 * The line of each report's time as printed, searched from the previous one on; 1 from the first
 * time not found on a line of its own (iostat -o JSON) on, so a long log is read once.
 */
function reportLines(lines: readonly string[]): (timestampText: string | null) => number {
  let from = 1;
  let isLost = false;
  return (timestampText) => {
    if (isLost || timestampText === null) return 1;
    const escaped = escapeRegExp(timestampText);
    const found = findInLines(lines, new RegExp(`^${escaped}\\s*$`), from);
    if (found === null) isLost = true;
    else from = found.line + 1;
    return found?.line ?? 1;
  };
}
