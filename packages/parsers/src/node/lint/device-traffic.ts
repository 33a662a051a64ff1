import { type DeviceInterval, type DeviceLog, deviceLogs } from './device-logs.ts';
import {
  bytesWords,
  escapeRegExp,
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
 * The device's traffic against the tool's (BF005, BF006): in a run with an iostat or sadf log on
 * the wall clock (device-logs.ts) beside fio's output, the bytes the device under the filesystem
 * read and wrote over each job's seconds (job-windows.ts), against what fio says the job read and
 * wrote.
 *
 * iostat and sadf report once an interval, to the second: the seconds of a job are known to about one
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

/** The job's direction line in the fio output (`  read: IOPS=`, else JSON's `"read" : {`), else its report or first line. */
function directionPosition(window: JobWindow, direction: 'read' | 'write'): TextPosition {
  const lines = textLines(window.output.text);
  const escaped = escapeRegExp(window.job.name);
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
      ...directionMetrics(window, 'read'),
      message: `fio job ${nameInMessage(window.job.name)} read ${bytesWords(toolBytes)}, but ${log.device} read ${bytesWords(deviceBytes)} over its seconds (${log.file}, ${Number((share * 100).toPrecision(2))} %): the rest came from memory, and the read rate is the page cache's`,
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
      ...directionMetrics(window, 'write'),
      message: `over ${seconds} s of fio job ${nameInMessage(window.job.name)}, ${log.device} wrote ${bytesWords(deviceBytes)} where fio wrote ${bytesWords(toolOverSame)} at its mean rate (${Number(ratio.toPrecision(2))}×, ${log.file}): the filesystem or the device wrote more than the job asked`,
    }),
  ];
}

/**
 * The metrics a finding is about: none named (every number of the job) when the job moved data in
 * that direction only; else that direction's rates, not the other direction's numbers.
 */
function directionMetrics(window: JobWindow, direction: 'read' | 'write'): { metrics?: string[] } {
  const other = direction === 'read' ? window.job.write : window.job.read;
  return (other?.ioBytes ?? 0) > 0 ? { metrics: [`${direction}.bw`, `${direction}.iops`] } : {};
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
    deviceLogFile: log.file,
    deviceLogLine: intervals[0]?.line ?? 1,
    intervals: intervals.length,
    windowSource: window.source,
  };
}
