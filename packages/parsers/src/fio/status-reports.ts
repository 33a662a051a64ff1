import { type DirectionStats, type FioJob, type FioRun, type FioStatusReport, REPORT_DIRECTIONS } from './schema.ts';

/**
 * `--status-interval=N`: fio prints a complete report every N seconds and the final one at the
 * end, each by the same code (stat.c: __show_running_run_stats calls __show_run_stats), so
 * they look like runs of their own: normal text blocks with the same job headers, one JSON
 * document each (concatenated), one set of terse lines each. Their values are cumulative since
 * the start: io, I/O counts and runtimes grow, and BW/IOPS are the means so far.
 *
 * This module tells such a sequence from separate runs and folds it into one run: the final
 * report stays the run's `jobs`, the earlier ones go to `statusReports`. What proves that two
 * reports come from one invocation:
 * - every counter of the later one is at least the earlier one's (same jobs, same order), and
 *   the runtime or the bytes moved have grown (a report pasted twice is not a later one);
 * - normal text: the later one prints no version line of its own (`fio-3.33`, printed once at
 *   the start of an invocation), each job has the same pid in both (a new invocation has new
 *   pids, but a fresh container gives the same ones again), and the job header dates are no
 *   further apart than the runtime grew (two seconds of slack: NORMAL_DATE_SLACK_MS);
 * - JSON: the same `job_start` (fio >= 3.36), else the time between the two documents
 *   (`timestamp_ms`, or `timestamp` in s) is shorter than the later one's runtime (a separate
 *   run printed its report only after running for all of its own runtime) and no longer than
 *   the runtime grew, with a second of slack;
 * - terse prints neither pids nor times: the longest runtime grows by at least 50 ms from
 *   report to report (the clones of a numjobs job, printed one after the other, have the same
 *   runtime within a few ms), except that the final report may follow the last status report
 *   closer when at least two status reports came before it.
 */

/** Runtime growth that tells terse status reports from clones of a job (see above). */
const MIN_TERSE_GROWTH_MS = 50;

/** Folds each sequence of status reports among `items` (in input order) into its last item. */
export function _foldStatusReports<T extends { run: FioRun; start: number }>(items: T[]): T[] {
  const out: T[] = [];
  for (const item of items) {
    const previous = out[out.length - 1];
    if (previous !== undefined && _isNextReport(previous.run, item.run)) {
      _foldInto(previous.run, item.run);
      out[out.length - 1] = { ...item, start: previous.start };
      continue;
    }
    out.push(item);
  }
  return out;
}

/**
 * Makes `later` (the report after `earlier`, _isNextReport) the run of both: `earlier` becomes
 * its last status report. The series moves on in one array, appended to: copying it at each
 * report made the fold quadratic (a 50 MB series held 57 MiB per MB of input, most of it
 * garbage). `later` keeps what the invocation printed once, before its first report: the line
 * it starts on and the version line (`fio-3.33`).
 */
export function _foldInto(earlier: FioRun, later: FioRun): void {
  const series = earlier.statusReports;
  series.push(reportOf(earlier));
  earlier.statusReports = [];
  later.statusReports = series;
  later.line = earlier.line;
  later.fioVersion ??= earlier.fioVersion;
}

/**
 * A terse block holds every report of the run, one set of lines after the other. When its job
 * names repeat with a period and the sets are successive status reports, the run keeps the
 * last set as its jobs and the others as status reports; otherwise it is left as it is.
 */
export function _splitTerseReports(run: FioRun): void {
  const { jobs } = run;
  const count = jobs.length;
  for (let period = 1; period * 2 <= count; period++) {
    // A long block of one job's lines is tried at every divisor of its length: each try reads
    // the sets from the first on and stops at the first pair that is not two reports, so most
    // tries end after one set.
    if (count % period !== 0) continue;
    const sets = count / period;
    let isReports = true;
    for (let k = 1; k < sets && isReports; k++) {
      const needed = k === sets - 1 && sets >= 3 ? 1 : MIN_TERSE_GROWTH_MS;
      isReports = isNextTerseSet(jobs, (k - 1) * period, k * period, period, needed);
    }
    if (!isReports) continue;
    run.statusReports = [];
    for (let at = 0; at + period < count; at += period) {
      run.statusReports.push({ line: run.line, timestamp: null, timestampMs: null, jobs: jobs.slice(at, at + period) });
    }
    run.jobs = jobs.slice(count - period);
    return;
  }
}

/** Whether jobs[after, after + period) is the status report after jobs[before, before + period). */
function isNextTerseSet(
  jobs: readonly FioJob[],
  before: number,
  after: number,
  period: number,
  needed: number,
): boolean {
  const earlier = jobs.slice(before, before + period);
  const later = jobs.slice(after, after + period);
  if (!isCumulative(earlier, later)) return false;
  const growth = maxRuntime(later) - maxRuntime(earlier);
  return growth >= needed && totalIo(later) > totalIo(earlier);
}

/** The run as a status report, for the run that follows it. */
function reportOf(run: FioRun): FioStatusReport {
  return { line: run.line, timestamp: run.timestamp, timestampMs: run.timestampMs, jobs: run.jobs };
}

/**
 * Whether `later` is the status report (or final report) after `earlier`, of one invocation.
 * `reportsBefore`: how many status reports came before `earlier` (a stream keeps none of them).
 */
export function _isNextReport(
  earlier: FioRun,
  later: FioRun,
  reportsBefore: number = earlier.statusReports.length,
): boolean {
  const family = (run: FioRun) => (run.format === 'json+' ? 'json' : run.format);
  if (family(earlier) !== family(later) || later.statusReports.length > 0) return false;
  if (earlier.jobs.length === 0 || earlier.jobs.length !== later.jobs.length) return false;
  for (let i = 0; i < earlier.jobs.length; i++) if (earlier.jobs[i]?.name !== later.jobs[i]?.name) return false;
  if (!isCumulative(earlier.jobs, later.jobs)) return false;
  // The same report pasted twice is not a later one: something must have moved on.
  const hasGrown = maxRuntime(later.jobs) > maxRuntime(earlier.jobs) || totalIo(later.jobs) > totalIo(earlier.jobs);
  if (!hasGrown) return false;
  switch (family(later)) {
    case 'normal':
      return (
        // A new invocation prints its version line (`fio-3.33`) before its results; a status
        // report comes without one.
        later.fioVersion === null &&
        earlier.jobs.every((job, i) => job.pid !== null && job.pid === later.jobs[i]?.pid) &&
        isCloseEnough(ctimeMs(earlier.time), ctimeMs(later.time), earlier, later, NORMAL_DATE_SLACK_MS)
      );
    case 'json':
      return isSameJsonInvocation(earlier, later);
    default: {
      // Once two reports were found to follow each other, a later one may come closer (the final one).
      const needed = reportsBefore > 0 ? 1 : MIN_TERSE_GROWTH_MS;
      const growth = maxRuntime(later.jobs) - maxRuntime(earlier.jobs);
      return growth >= needed && totalIo(later.jobs) > totalIo(earlier.jobs);
    }
  }
}

function isSameJsonInvocation(earlier: FioRun, later: FioRun): boolean {
  const starts = earlier.jobs.map((job, i) => [job.startTimeMs, later.jobs[i]?.startTimeMs ?? null] as const);
  if (starts.every(([a, b]) => a !== null && b !== null)) return starts.every(([a, b]) => a === b);
  const runtime = maxRuntime(later.jobs);
  if (earlier.timestampMs !== null && later.timestampMs !== null) {
    const elapsed = later.timestampMs - earlier.timestampMs;
    return elapsed >= 0 && elapsed < runtime && isCloseEnough(earlier.timestampMs, later.timestampMs, earlier, later);
  }
  if (earlier.timestamp !== null && later.timestamp !== null) {
    // Whole seconds: the time between them may be up to a second longer than printed.
    const elapsedMs = (later.timestamp - earlier.timestamp) * 1000;
    return elapsedMs >= 0 && elapsedMs + 1000 < runtime;
  }
  return false;
}

/**
 * Two reports of one run are about as far apart in time as the runtime grew between them. Two
 * separate runs are at least the later one's runtime apart, however little the runtimes differ.
 * Unknown times (null) do not decide. `slackMs`: how far the times printed may stray from the
 * growth (see NORMAL_DATE_SLACK_MS; JSON's `timestamp_ms` is exact to a second).
 */
function isCloseEnough(
  earlierMs: number | null,
  laterMs: number | null,
  earlier: FioRun,
  later: FioRun,
  slackMs = 1000,
): boolean {
  if (earlierMs === null || laterMs === null) return true;
  const growth = maxRuntime(later.jobs) - maxRuntime(earlier.jobs);
  const elapsed = laterMs - earlierMs;
  return elapsed > -slackMs && elapsed < growth + slackMs;
}

/**
 * The job header dates of normal text stray up to two seconds from the runtime's growth: they
 * print whole seconds, taken when the report is printed, not when its runtime was. fio 3.33 here
 * (`--status-interval=1`, fixtures/fio/fio-3.33--status-interval-1s.normal.txt) dated two reports
 * 999 ms of runtime apart both 23:03:42, and the next one, 1000 ms later, 23:03:44.
 */
const NORMAL_DATE_SLACK_MS = 2000;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * fio's job header date, ctime's `Tue Nov 24 08:39:21 2026`, in ms on a clock of its own (the
 * time zone is not printed: only differences between two dates of one output mean something).
 */
function ctimeMs(text: string | null): number | null {
  const match = text === null ? null : /^\w{3} (\w{3}) +(\d{1,2}) (\d\d):(\d\d):(\d\d) (\d{4})$/.exec(text.trim());
  if (match === null) return null;
  const month = MONTHS.indexOf(match[1] as string);
  if (month === -1) return null;
  const [, , day, hours, minutes, seconds, year] = match.map(Number) as number[];
  return Date.UTC(year as number, month, day, hours, minutes, seconds);
}

/** Every counter of `after` is at least the one of `before`, job by job and direction by direction. */
function isCumulative(before: readonly FioJob[], after: readonly FioJob[]): boolean {
  for (let i = 0; i < before.length; i++) {
    const a = before[i] as FioJob;
    const b = after[i];
    if (b === undefined || a.name !== b.name) return false;
    for (const direction of REPORT_DIRECTIONS) {
      const x = a[direction];
      const y = b[direction];
      if (x === null) continue;
      if (y === null) {
        if ((x.ioBytes ?? 0) > 0) return false;
        continue;
      }
      if (!isAtLeast(y.ioBytes, x.ioBytes) || !isAtLeast(y.runtimeMs, x.runtimeMs)) return false;
      if (!isAtLeast(y.totalIos, x.totalIos)) return false;
    }
  }
  return true;
}

function isAtLeast(later: number | null, earlier: number | null): boolean {
  return later === null || earlier === null || later >= earlier;
}

/** The longest runtime among the jobs' directions (or job_runtime), in ms. */
function maxRuntime(jobs: readonly FioJob[]): number {
  let max = 0;
  for (const job of jobs) {
    max = Math.max(max, job.jobRuntimeMs ?? 0);
    for (const direction of REPORT_DIRECTIONS) max = Math.max(max, job[direction]?.runtimeMs ?? 0);
  }
  return max;
}

function totalIo(jobs: readonly FioJob[]): number {
  let sum = 0;
  for (const job of jobs) for (const direction of REPORT_DIRECTIONS) sum += job[direction]?.ioBytes ?? 0;
  return sum;
}

/** One step of the series of a job's direction: the cumulative values and the differences. */
export interface StatusStep {
  sample: number;
  /** Unix time in ms of the report, when it printed one. */
  timestampMs: number | null;
  cumulative: DirectionStats;
  /** Differences from the previous report (from zero for the first); null where a value is missing. */
  interval: {
    ioBytes: number | null;
    totalIos: number | null;
    runtimeMs: number | null;
    bandwidthBytesPerSec: number | null;
    iops: number | null;
  };
}

/**
 * The series of one job's direction over the status reports and the final report: the
 * cumulative values as printed, and per interval the differences of bytes, I/O counts and
 * runtime, with bandwidth and IOPS over the interval from them (bytes or I/Os over runtime).
 * An interval without runtime (the direction did nothing in it) has no bandwidth or IOPS.
 */
export function _statusSeries(
  run: FioRun,
  jobIndex: number,
  direction: (typeof REPORT_DIRECTIONS)[number],
): StatusStep[] {
  const reports = [
    ...run.statusReports,
    { line: run.line, timestamp: run.timestamp, timestampMs: run.timestampMs, jobs: run.jobs },
  ];
  const steps: StatusStep[] = [];
  let previous: DirectionStats | null = null;
  reports.forEach((report, sample) => {
    const stats = report.jobs[jobIndex]?.[direction] ?? null;
    if (stats === null) return;
    steps.push({
      sample,
      timestampMs: report.timestampMs ?? (report.timestamp === null ? null : report.timestamp * 1000),
      cumulative: stats,
      interval: _intervalOf(stats, previous),
    });
    previous = stats;
  });
  return steps;
}

/**
 * The differences of bytes, I/O counts and runtime from `previous` (from zero when null), with
 * bandwidth and IOPS over the interval from them; null where a value is missing, and no
 * bandwidth or IOPS for an interval without runtime (the direction did nothing in it).
 */
export function _intervalOf(stats: DirectionStats, previous: DirectionStats | null): StatusStep['interval'] {
  const diff = (pick: (s: DirectionStats) => number | null): number | null => {
    const now = pick(stats);
    if (now === null) return null;
    if (previous === null) return now;
    const before = pick(previous);
    return before === null ? null : now - before;
  };
  const ioBytes = diff((s) => s.ioBytes);
  const totalIos = diff((s) => s.totalIos);
  const runtimeMs = diff((s) => s.runtimeMs);
  const perSecond = (amount: number | null) =>
    amount === null || runtimeMs === null || runtimeMs <= 0 ? null : (amount * 1000) / runtimeMs;
  return { ioBytes, totalIos, runtimeMs, bandwidthBytesPerSec: perSecond(ioBytes), iops: perSecond(totalIos) };
}
