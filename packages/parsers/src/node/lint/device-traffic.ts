import type { LoadedRun } from '../../content/loaded.ts';
import type { IostatReport, IostatResult } from '../../iostat/schema.ts';
import {
  bytesWords,
  findInLines,
  finding,
  type GroupLintInput,
  type LintFinding,
  nameInMessage,
  type TextPosition,
  textLines,
} from './finding.ts';
import { fioJobWindows, type JobWindow } from './job-windows.ts';

/**
 * The device's traffic against the tool's (BF005, BF006): in a run with an iostat log on the wall
 * clock beside fio's output, the bytes the device under the filesystem read and wrote over each
 * job's seconds, against what fio says the job read and wrote.
 *
 * iostat reports once an interval, to the second: the seconds of a job are known to about one
 * interval. Each rule counts the reports in the way that leans against a finding: reads over
 * every interval that touches the job (more device reads than the job's own), writes over the
 * intervals wholly inside it (fewer device writes than the job's own, and none of the writeback
 * after it).
 */

/** Device reads under this share of the tool's reads: the rest came from memory (BF005). */
export const DEVICE_READ_SHARE = 0.1;
/** Device writes over this many times the tool's: the filesystem or device multiplied them (BF006). */
export const WRITE_AMPLIFICATION = 2;
/**
 * A difference between the two under this is not judged: a device's own background traffic (a
 * journal commit, another process) can make it up, and iostat's rates are rounded.
 */
export const MIN_DIFFERENCE_BYTES = 16 * 2 ** 20;
/**
 * iostat prints a report's time cut to the second when it read the counters: the interval ended
 * half a second after the time printed, within ±0.5 s (the site's fio-log clock does the same).
 */
const REPORT_TIME_OFFSET_MS = 500;

/** One interval of the device's traffic: [startMs, endMs], bytes read and written. */
interface DeviceInterval {
  startMs: number;
  endMs: number;
  readBytes: number;
  writtenBytes: number;
  /** 1-based line of the report's time in the iostat output. */
  line: number;
}

interface DeviceLog {
  file: string;
  device: string;
  intervals: DeviceInterval[];
}

export function deviceTrafficFindings(input: GroupLintInput): LintFinding[] {
  const entry = input.runs[0];
  if (entry === undefined) return [];
  const logs = deviceLogs(entry.run, entry.outputs);
  if (logs.length === 0) return [];
  return fioJobWindows(entry.run, entry.outputs).flatMap((window) => {
    const log = logs.find((candidate) => covers(candidate, window));
    return log === undefined ? [] : [...readFinding(window, log), ...writeFinding(window, log)];
  });
}

/** Whether the log's reports span the job's seconds. */
function covers(log: DeviceLog, window: JobWindow): boolean {
  const first = log.intervals[0];
  const last = log.intervals.at(-1);
  return first !== undefined && last !== undefined && first.startMs <= window.startMs && last.endMs >= window.endMs;
}

/**
 * The device under test: the one run.yaml's mkfs command names (`mkfs.xfs -f /dev/loop0`: the
 * filesystem the tools wrote to), else the one disk run.yaml names with its device, when the iostat
 * log has it; else none (several disks, or none named: which one the tool used is unknown).
 */
export function deviceUnderTest(run: LoadedRun, printed: ReadonlySet<string>): string | null {
  const mkfs = /\/dev\/(\S+)/.exec(run.run.system.filesystem?.mkfs ?? '')?.[1];
  if (mkfs !== undefined && printed.has(mkfs)) return mkfs;
  const disks = (run.run.system.disks ?? []).flatMap((disk) => (disk.device === undefined ? [] : [disk.device]));
  const named = disks.filter((device) => printed.has(device));
  return named.length === 1 && disks.length === 1 ? (named[0] as string) : null;
}

/** The run's iostat logs with wall-clock times (each report's time with its UTC offset), for its device. */
function deviceLogs(run: LoadedRun, outputs: GroupLintInput['runs'][number]['outputs']): DeviceLog[] {
  const logs: DeviceLog[] = [];
  for (const output of outputs) {
    if (output.parsed.tool !== 'iostat') continue;
    const result = output.parsed.result as IostatResult;
    const printed = new Set(result.reports.flatMap((report) => report.devices.map((row) => row.device)));
    const device = deviceUnderTest(run, printed);
    if (device === null) continue;
    const intervals = deviceIntervals(result.reports, device, textLines(output.text));
    if (intervals !== null) logs.push({ file: output.file, device, intervals });
  }
  return logs;
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
    const endMs = (times[index] as number) + REPORT_TIME_OFFSET_MS;
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
    const escaped = timestampText.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const found = findInLines(lines, new RegExp(`^${escaped}\\s*$`), from);
    if (found === null) isLost = true;
    else from = found.line + 1;
    return found?.line ?? 1;
  };
}

/** The job's direction line in the fio output (`  read: IOPS=`, else JSON's `"read" : {`), else its report or first line. */
function directionPosition(window: JobWindow, direction: 'read' | 'write'): TextPosition {
  const lines = textLines(window.output.text);
  const escaped = window.job.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const report = findInLines(lines, new RegExp(`^${escaped}: \\(groupid=`));
  if (report !== null) return findInLines(lines, new RegExp(`^\\s+${direction}\\s*:`), report.line) ?? report;
  const json = findInLines(lines, new RegExp(`^\\s*"jobname" : "${escaped}"`));
  const inJson = json === null ? null : findInLines(lines, new RegExp(`^\\s*"${direction}" : \\{`), json.line);
  return inJson ?? json ?? { line: 1, column: 1 };
}

function readFinding(window: JobWindow, log: DeviceLog): LintFinding[] {
  const toolBytes = window.job.read?.ioBytes ?? 0;
  if (toolBytes <= 0) return [];
  // Every interval that touches the job's seconds: the device's reads can only be overcounted.
  const touching = log.intervals.filter(
    (interval) => interval.endMs > window.startMs && interval.startMs < window.endMs,
  );
  const deviceBytes = touching.reduce((sum, interval) => sum + interval.readBytes, 0);
  if (touching.length === 0 || deviceBytes >= DEVICE_READ_SHARE * toolBytes) return [];
  if (toolBytes - deviceBytes < MIN_DIFFERENCE_BYTES) return [];
  const share = deviceBytes / toolBytes;
  return [
    finding(window.output, 'BF005', directionPosition(window, 'read'), {
      workload: window.job.name,
      values: trafficValues(window, log, touching, toolBytes, deviceBytes, share),
      metrics: ['read.bw', 'read.iops'],
      message: `fio job ${nameInMessage(window.job.name)} read ${bytesWords(toolBytes)}, but ${log.device} read ${bytesWords(deviceBytes)} over its seconds (iostat ${log.file}, ${Number((share * 100).toPrecision(2))} %): the rest came from memory, and the read rate is the page cache's`,
    }),
  ];
}

function writeFinding(window: JobWindow, log: DeviceLog): LintFinding[] {
  const toolBytes = window.job.write?.ioBytes ?? 0;
  const runtimeMs = window.job.write?.runtimeMs ?? 0;
  if (toolBytes <= 0 || runtimeMs <= 0) return [];
  // Only the intervals wholly inside the job: the device's writes can only be undercounted.
  const inside = log.intervals.filter(
    (interval) => interval.startMs >= window.startMs && interval.endMs <= window.endMs,
  );
  const seconds = inside.reduce((sum, interval) => sum + (interval.endMs - interval.startMs), 0) / 1000;
  const deviceBytes = inside.reduce((sum, interval) => sum + interval.writtenBytes, 0);
  // The tool's bytes over the same seconds, at its mean rate.
  const toolOverSame = (toolBytes / runtimeMs) * 1000 * seconds;
  if (inside.length === 0 || deviceBytes <= WRITE_AMPLIFICATION * toolOverSame) return [];
  if (deviceBytes - toolOverSame < MIN_DIFFERENCE_BYTES) return [];
  const ratio = deviceBytes / toolOverSame;
  return [
    finding(window.output, 'BF006', directionPosition(window, 'write'), {
      workload: window.job.name,
      values: trafficValues(window, log, inside, toolOverSame, deviceBytes, ratio),
      metrics: ['write.bw', 'write.iops'],
      message: `over ${seconds} s of fio job ${nameInMessage(window.job.name)}, ${log.device} wrote ${bytesWords(deviceBytes)} where fio wrote ${bytesWords(toolOverSame)} at its mean rate (${Number(ratio.toPrecision(2))}×, iostat ${log.file}): the filesystem or the device wrote more than the job asked`,
    }),
  ];
}

function trafficValues(
  window: JobWindow,
  log: DeviceLog,
  intervals: readonly DeviceInterval[],
  toolBytes: number,
  deviceBytes: number,
  ratio: number,
): LintFinding['values'] {
  return {
    toolBytes: Math.round(toolBytes),
    deviceBytes: Math.round(deviceBytes),
    ratio: Number(ratio.toPrecision(3)),
    device: log.device,
    iostatFile: log.file,
    iostatLine: intervals[0]?.line ?? 1,
    intervals: intervals.length,
    windowSource: window.source,
  };
}
