// fio's logs and iostat of one run on one clock. fio 3.33 writes its log times in ms since the
// Unix epoch with log_unix_epoch=1 (the library's `timeBase`), and iostat with
// S_TIME_FORMAT=ISO prints each report's time with its UTC offset: both are then wall-clock
// times, and a job's seconds can be looked up in the iostat log of the same run. Pure: loaded
// outputs in, numbers out.

import type { FioLogResult, IostatReport, IostatResult } from '@benchfolio/parsers';
import type { LoadedOutput, LoadedRun } from '@benchfolio/parsers/node';
import { windowLengthMs } from './series.ts';

/** A job's repeat on the wall clock, from its logs' epoch times. */
export interface JobClock {
  job: string;
  repeat: number;
  /**
   * When the job started, ms since the epoch (see jobClocks). fio 3.33's JSON has no job_start (it
   * came with fio 3.36): the end less fio's printed runtime, or the earliest first line of its
   * logs less one window (a log's first window closes log_avg_msec or log_hist_msec after the
   * start, a few ms late: stat.c logs a window when its time has passed).
   */
  startMs: number;
  /** The last line of its logs, ms since the epoch: the end of its last (maybe short) window. */
  endMs: number;
}

/** Why a run's fio logs are not placed on its iostat log's clock. */
export type UnalignedReason = 'relative-fio' | 'no-iostat' | 'iostat-no-times' | 'iostat-no-offset' | 'outside';

/**
 * iostat prints a report's time to the second, cut down (strftime of the time it read the
 * counters), so the interval really ended in the second after the time printed: half a second
 * later is the best single guess, within ±0.5 s, where the printed time would be up to a second
 * early.
 */
export const REPORT_TIME_OFFSET_MS = 500;

/**
 * An iostat log's interval reports with wall-clock times: ms since the epoch of each interval's
 * end, the time printed plus REPORT_TIME_OFFSET_MS.
 */
export interface IostatClock {
  /** When iostat started: its first report's time (the since-boot one, printed at the start). */
  fromMs: number;
  reports: ReadonlyArray<{ timeMs: number; report: IostatReport }>;
}

/** The device's figure drawn beside each fio figure, by fio log kind (and direction below). */
const DEVICE_METRICS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  bw: { read: 'read.bw', write: 'write.bw', trim: 'discard.bw' },
  iops: { read: 'r/s', write: 'w/s', trim: 'd/s' },
  // Completion (and total) latency beside the device's time per request: the wait in its queue
  // and its service, as iostat's r_await/w_await count them.
  clat: { read: 'r_await', write: 'w_await', trim: 'd_await' },
  lat: { read: 'r_await', write: 'w_await', trim: 'd_await' },
  'clat.p50': { read: 'r_await', write: 'w_await', trim: 'd_await' },
  'clat.p99': { read: 'r_await', write: 'w_await', trim: 'd_await' },
};

/** The iostat metric drawn beside a fio figure, or undefined where the device has none (slat). */
export function deviceMetricOf(metric: string, direction: string): string | undefined {
  return DEVICE_METRICS[metric]?.[direction];
}

/**
 * How long after the job's last log line the device line goes on: buffered writes fio counted
 * as done reach the device later (writeback, a sync), and the reader should see them.
 */
export const AFTER_JOB_MS = 5000;

/** The job a fio log belongs to: run.yaml's `workload`, else the file name's prefix, else the file. */
export function logJobOf(output: LoadedOutput, result: FioLogResult): string {
  return output.declared.workload ?? result.fileName?.prefix ?? output.file;
}

/** The times of a log's lines, as printed (ms). */
export function logTimesMs(result: FioLogResult): readonly number[] {
  return result.type === 'histogram' ? result.intervals.timeMs : result.rows.timeMs;
}

const clockKey = (job: string, repeat: number) => `${repeat}|${job}`;

/**
 * A run's jobs on the wall clock, by job and repeat (`clockOf` looks one up), from their logs that
 * count from the epoch. A job whose logs count from its start has none. The end is its logs' last
 * line (fio logs a process's last, short window when it ends). The start, where fio's output of
 * the same repeat names the job: its `job_start` (fio 3.36+), else the end less its runtime as fio
 * printed it (its longest process's, `run=...-<max>msec`; the processes start together). Else
 * (/try, a log alone) the earliest first window end less one window, the logs' own step
 * (windowLengthMs): a job shorter than one window, whose processes wrote one line each, has no
 * step of its own, and its start is then taken too late.
 */
export function jobClocks(run: LoadedRun): Map<string, JobClock> {
  const clocks = new Map<string, JobClock>();
  for (const output of run.outputs) {
    if (output.parsed.tool !== 'fio-log') continue;
    const result = output.parsed.result;
    const job = logJobOf(output, result);
    const repeat = output.declared.repeat ?? 1;
    const key = clockKey(job, repeat);
    const times = logTimesMs(result);
    if (times.length === 0) continue;
    if (result.timeBase !== 'unix-epoch') continue;
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const time of times) {
      if (time < first) first = time;
      if (time > last) last = time;
    }
    const startMs = first - (windowLengthMs(times) ?? 0);
    const known = clocks.get(key);
    clocks.set(key, {
      job,
      repeat,
      startMs: Math.min(startMs, known?.startMs ?? startMs),
      endMs: Math.max(last, known?.endMs ?? last),
    });
  }
  const printed = fioJobTimes(run);
  for (const [key, clock] of clocks) {
    const times = printed.get(key);
    if (times?.startMs != null) clock.startMs = times.startMs;
    else if (times?.runtimeMs != null) clock.startMs = clock.endMs - times.runtimeMs;
  }
  return clocks;
}

/**
 * What fio's own output of each repeat says of its jobs' times, by job name and repeat: `job_start`
 * (ms since the epoch, fio 3.36+) and the runtime, the longest of its directions' (a
 * group_reporting job's is its longest process's).
 */
function fioJobTimes(run: LoadedRun): Map<string, { startMs: number | null; runtimeMs: number | null }> {
  const times = new Map<string, { startMs: number | null; runtimeMs: number | null }>();
  for (const output of run.outputs) {
    if (output.parsed.tool !== 'fio') continue;
    const repeat = output.declared.repeat ?? 1;
    for (const fioRun of output.parsed.result.runs) {
      for (const job of fioRun.jobs) {
        const runtimes = [job.read, job.write, job.trim].flatMap((stats) =>
          stats?.runtimeMs == null ? [] : [stats.runtimeMs],
        );
        times.set(clockKey(job.name, repeat), {
          startMs: job.startTimeMs,
          runtimeMs: runtimes.length === 0 ? null : Math.max(...runtimes),
        });
      }
    }
  }
  return times;
}

/** The clock of a job's repeat in `clocks` (jobClocks), or undefined. */
export function clockOf(clocks: ReadonlyMap<string, JobClock>, job: string, repeat: number): JobClock | undefined {
  return clocks.get(clockKey(job, repeat));
}

/** Whether an ISO 8601 time says its offset from UTC (`+00:00`, `-0500`, `Z`). */
export function isZoned(iso: string): boolean {
  return /(?:Z|[+-]\d{2}:?\d{2})$/.test(iso);
}

/** The typed iostat results of a run's outputs, in file order. */
function iostatResults(run: LoadedRun): IostatResult[] {
  return run.outputs.flatMap((output) => (output.parsed.tool === 'iostat' ? [output.parsed.result] : []));
}

/**
 * A run's iostat logs with wall-clock times, or why there is none: every interval report must
 * have a time with its UTC offset (iostat -t under S_TIME_FORMAT=ISO). A time without an offset
 * is the machine's local time, which the log does not name.
 */
export function iostatClocks(run: LoadedRun): IostatClock[] | Exclude<UnalignedReason, 'relative-fio' | 'outside'> {
  const results = iostatResults(run);
  if (results.length === 0) return 'no-iostat';
  const clocks: IostatClock[] = [];
  let reason: 'iostat-no-times' | 'iostat-no-offset' = 'iostat-no-times';
  for (const result of results) {
    const reports = result.reports.filter((report) => !report.isSinceBoot);
    if (reports.length === 0) continue;
    if (reports.some((report) => report.timestamp === null)) continue;
    if (!reports.every((report) => isZoned(report.timestamp as string))) {
      reason = 'iostat-no-offset';
      continue;
    }
    const first = result.reports[0]?.timestamp;
    clocks.push({
      fromMs:
        (first != null && isZoned(first) ? Date.parse(first) : Date.parse(reports[0]?.timestamp as string)) +
        REPORT_TIME_OFFSET_MS,
      reports: reports.map((report) => ({
        timeMs: Date.parse(report.timestamp as string) + REPORT_TIME_OFFSET_MS,
        report,
      })),
    });
  }
  return clocks.length === 0 ? reason : clocks;
}

/**
 * The iostat log that ran while the job did (from its start to its last report), or undefined. A
 * log that started or stopped within the job's seconds still has the reports it has: the runner
 * starts iostat just before the first job, whose first interval report comes a second later.
 */
export function iostatClockOf(clocks: readonly IostatClock[], job: JobClock): IostatClock | undefined {
  return clocks.find((clock) => {
    const last = clock.reports.at(-1)?.timeMs ?? Number.NEGATIVE_INFINITY;
    return clock.fromMs < job.endMs && last > job.startMs;
  });
}

/**
 * The reports of a job's seconds: those whose interval ends after the job started and no later
 * than AFTER_JOB_MS after its end, nor after `untilMs` (the start of the run's next job: what the
 * device does then is that job's). iostat prints a report when its interval ends (iostat.c
 * rw_io_stat_loop reads the counters, then the time), so the report printed at T is the device
 * over the interval before T.
 */
export function jobReports(
  clock: IostatClock,
  job: JobClock,
  untilMs = Number.POSITIVE_INFINITY,
): IostatClock['reports'] {
  const lastMs = Math.min(job.endMs + AFTER_JOB_MS, untilMs);
  return clock.reports.filter(({ timeMs }) => timeMs > job.startMs && timeMs <= lastMs);
}

/** When the run's next job after `job` started (the earliest start after its end), or undefined. */
export function nextJobStartMs(clocks: ReadonlyMap<string, JobClock>, job: JobClock): number | undefined {
  let next: number | undefined;
  for (const other of clocks.values()) {
    if (other.startMs >= job.endMs && (next === undefined || other.startMs < next)) next = other.startMs;
  }
  return next;
}

/** A device's value of a metric in a report (its first row of that name, not a group), or null. */
export function deviceValue(report: IostatReport, device: string, metric: string): number | null {
  const column = report.columns.findIndex((entry) => entry.metric === metric);
  if (column === -1) return null;
  const row = report.devices.find((entry) => !entry.isGroup && entry.device === device);
  return row?.values[column] ?? null;
}

/**
 * Among the devices of the reports of a job's seconds, the one that read and wrote the most
 * bytes: where nothing names the device the job ran on (/try has no run.yaml), the busiest in the
 * job's own seconds is the one its I/O reached, and an idle disk iostat also watched is never it.
 * Undefined when no device moved a byte.
 */
export function busiestDevice(reports: IostatClock['reports']): string | undefined {
  const bytes = new Map<string, number>();
  for (const { report } of reports) {
    const read = report.columns.findIndex((column) => column.metric === 'read.bw');
    const write = report.columns.findIndex((column) => column.metric === 'write.bw');
    for (const row of report.devices) {
      if (row.isGroup) continue;
      const moved = (row.values[read] ?? 0) + (row.values[write] ?? 0);
      bytes.set(row.device, (bytes.get(row.device) ?? 0) + moved);
    }
  }
  let busiest: string | undefined;
  let most = 0;
  for (const [device, moved] of bytes) {
    if (moved > most) [busiest, most] = [device, moved];
  }
  return busiest;
}

/** One report of the device beside a job: seconds since the job started (its interval's end), and the value. */
export interface DevicePoint {
  x: number;
  value: number;
}

/** The device's `metric` over the job's seconds, one point per report, x in seconds since the job started. */
export function devicePoints(
  reports: IostatClock['reports'],
  job: JobClock,
  device: string,
  metric: string,
): DevicePoint[] {
  return reports.flatMap(({ timeMs, report }) => {
    const value = deviceValue(report, device, metric);
    return value === null ? [] : [{ x: (timeMs - job.startMs) / 1000, value }];
  });
}
