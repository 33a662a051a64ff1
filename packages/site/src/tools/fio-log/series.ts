// A job's windows from one fio log of one direction. With per_job_logs=0 the job's processes
// (numjobs) share one file: each process appends its own lines, in time order, when it ends, so
// the file holds one run of ascending times per process (1001, 2001, 2525, then 1000, 2001, 3001,
// ...), and a window has one line per process with near-duplicate times. Pure: numbers in,
// windows out.

/** One line of a log, in file order: fio's msec column and its value (base units). */
export interface LogLine {
  timeMs: number;
  value: number;
  /** The window's maximum (log_window_value=both, fio 3.37+), when the log has it. */
  windowMax?: number;
}

/** Where a line belongs: its process (0-based run of ascending times) and its window (1-based). */
export interface LinePlace {
  process: number;
  window: number;
}

/**
 * Each line's process and window (times since the job's start; `isWindowed`: a log_avg_msec or
 * histogram log, see isOneLinePerProcess). A process starts where a time does not rise. The window length
 * is the median step between a process's lines (its last step left out: fio ends a job with a
 * short window); a line's window is its time over that length, rounded (fio's windows close a few
 * ms late), and always after the process's previous window (a short last window, or a window that
 * had no I/O and so no latency line). Without a step to measure (one line per process), the k-th
 * line of a process is its k-th window.
 */
export function placeLines(
  times: readonly number[],
  { isWindowed = false }: { isWindowed?: boolean } = {},
): LinePlace[] {
  const windowMs = windowLengthMs(times);
  if (isWindowed && isOneLinePerProcess(times, windowMs)) return times.map((_, process) => ({ process, window: 1 }));
  const places: LinePlace[] = [];
  let process = -1;
  let previousTime = Number.POSITIVE_INFINITY;
  let previousWindow = 0;
  for (const time of times) {
    if (!(time > previousTime)) {
      process++;
      previousWindow = 0;
    }
    const rounded = windowMs === undefined ? 0 : Math.round(time / windowMs);
    const window = Math.max(previousWindow + 1, rounded);
    places.push({ process, window });
    previousTime = time;
    previousWindow = window;
  }
  return places;
}

/**
 * Whether a windowed log's lines, times since the job's start, are its processes' only lines: a
 * job shorter than one window, whose processes each wrote one short last window as they ended,
 * in the order they ended. Their times then never fall, as one process's would not, but step by
 * far less than a window, where a process's first window closes a whole window after the start:
 * three lines or more, never falling, whose step is under half the first time. (Two lines are
 * also one process's full window and short last one: those are left as they are.)
 */
export function isOneLinePerProcess(times: readonly number[], windowMs = windowLengthMs(times)): boolean {
  if (windowMs === undefined || times.length < 3) return false;
  for (let i = 1; i < times.length; i++) if ((times[i] as number) < (times[i - 1] as number)) return false;
  return windowMs < (times[0] as number) / 2;
}

/** The median step between successive lines of a process, its last step left out; undefined without one. */
export function windowLengthMs(times: readonly number[]): number | undefined {
  const steps: number[] = [];
  let run: number[] = [];
  const flush = () => {
    for (let i = 1; i < run.length - 1; i++) steps.push((run[i] as number) - (run[i - 1] as number));
    // A process of two lines has only its (maybe short) last step: better than none.
    if (run.length === 2) steps.push((run[1] as number) - (run[0] as number));
    run = [];
  };
  for (const time of times) {
    if (run.length > 0 && !(time > (run.at(-1) as number))) flush();
    run.push(time);
  }
  flush();
  const positive = steps.filter((step) => step > 0).sort((a, b) => a - b);
  if (positive.length === 0) return undefined;
  return positive[Math.floor((positive.length - 1) / 2)];
}

/** The job in one window: its processes' lines added up or averaged. */
export interface JobWindow {
  /** 1-based window of the job (see placeLines). */
  window: number;
  /** The mean of its processes' times, ms since the job started. */
  timeMs: number;
  /** The processes' values added up (`sum`: bw, iops) or their mean (`mean`: latencies). */
  value: number;
  /** The lowest and highest of the processes' values; the highest window maximum where the log has them. */
  low: number;
  high: number;
  /** How many processes logged the window. */
  processes: number;
}

/**
 * The job's windows: per window, `sum` adds the processes' values (bandwidth and IOPS: the job's
 * total), `mean` averages them with each process counted once (latency: a process's line is the
 * mean of its I/Os in the window, and the log does not say how many I/Os that was).
 */
export function jobWindows(
  lines: readonly LogLine[],
  combine: 'sum' | 'mean',
  options: { isWindowed?: boolean } = {},
): JobWindow[] {
  const places = placeLines(
    lines.map((line) => line.timeMs),
    options,
  );
  const byWindow = new Map<number, LogLine[]>();
  lines.forEach((line, index) => {
    const window = (places[index] as LinePlace).window;
    byWindow.set(window, [...(byWindow.get(window) ?? []), line]);
  });
  return [...byWindow.entries()]
    .sort(([a], [b]) => a - b)
    .map(([window, members]) => {
      const values = members.map((line) => line.value);
      const total = values.reduce((sum, value) => sum + value, 0);
      const maxima = members.flatMap((line) => (line.windowMax === undefined ? [] : [line.windowMax]));
      return {
        window,
        timeMs: members.reduce((sum, line) => sum + line.timeMs, 0) / members.length,
        value: combine === 'sum' ? total : total / members.length,
        low: Math.min(...values),
        high: Math.max(...values, ...maxima),
        processes: members.length,
      };
    });
}
