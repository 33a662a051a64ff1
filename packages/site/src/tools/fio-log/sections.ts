// fio's log files as figures over time: one section per job (run.yaml `workload`), one figure per
// log kind and direction (bandwidth, IOPS, latencies, and p50/p99 from the histogram log), the
// runs as lines. The windows of a log are the job's (tools/fio-log/series.ts: its processes added up or
// averaged); repeats are averaged, with their min–max as the band. x is seconds since the job
// started; where the logs count from the epoch and the run's iostat log has zoned times, each run's
// device is drawn beside (tools/fio-log/device.ts).

import {
  type FioHistogramLog,
  type FioSampleLog,
  interpolatedPercentiles,
  type Measurement,
  type ParseOutput,
} from '@benchfolio/parsers';
import type { LoadedRun } from '@benchfolio/parsers/node';
import { SECONDS } from '../../charts/sweep-summary.ts';
import { slug, UniqueKeys } from '../../sections/keys.ts';
import type { BaseUnit, RunRef, SweepCompanion, SweepPoint, SweepSeries, ToolSection } from '../../view/model.ts';
import { AFTER_JOB_MS, clockOf, logJobOf, type UnalignedReason } from './clock.ts';
import { deviceLine, type RunClocks, runClocks, UNALIGNED_WORDS } from './device.ts';
import { type JobWindow, jobWindows, type LogLine, placeLines } from './series.ts';
import { FIGURE_TITLES } from './words.ts';

/** A figure of a job's logs: a sample log kind or a histogram percentile, of one direction. */
interface LogFigure {
  /** The library's measurement name: `bw`, `clat`, `clat.p99`. */
  metric: string;
  direction: string;
  unit: BaseUnit;
  combine: 'sum' | 'mean' | 'histogram';
}

/** Each repeat's windows of a figure, by run. */
type FigureRuns = Map<string, Map<number, JobWindow[]>>;

const KIND_ORDER = ['bw', 'iops', 'clat', 'lat', 'slat', 'clat.p50', 'clat.p99'];
const DIRECTIONS = ['read', 'write', 'trim'];
/** The percentiles drawn from a histogram log. */
const HISTOGRAM_PERCENTILES = [50, 99] as const;

/** The typed result of a fio log output; undefined for another tool's. */
export function fioLogResultOf(output: ParseOutput) {
  return output.tool === 'fio-log' ? output.result : undefined;
}

/** The sections of the runs' fio logs, one per job, in the order the jobs first appear. */
export function fioLogSections(runs: readonly LoadedRun[], runRefs: readonly RunRef[]): ToolSection[] {
  const jobs = new Map<string, Map<string, { figure: LogFigure; runs: FigureRuns }>>();
  const clocks = new Map<string, RunClocks>();
  for (const run of runs) {
    const own = runClocks(run);
    clocks.set(run.id, own);
    for (const output of run.outputs) {
      const result = fioLogResultOf(output.parsed);
      if (result === undefined) continue;
      const job = logJobOf(output, result);
      const figures = jobs.get(job) ?? new Map();
      jobs.set(job, figures);
      // Epoch times count from the job's start as taken from them (tools/fio-log/clock.ts).
      const originMs = clockOf(own.jobs, job, output.declared.repeat ?? 1)?.startMs ?? 0;
      const found =
        result.type === 'histogram'
          ? histogramWindows(result, originMs)
          : sampleWindows(output.parsed.measurements, result, originMs);
      for (const { figure, windows } of found) {
        const id = `${figure.metric}|${figure.direction}`;
        const entry = figures.get(id) ?? { figure, runs: new Map() };
        figures.set(id, entry);
        const repeats = entry.runs.get(run.id) ?? new Map<number, JobWindow[]>();
        entry.runs.set(run.id, repeats);
        repeats.set(output.declared.repeat ?? repeats.size + 1, windows);
      }
    }
  }
  const keys = new UniqueKeys();
  return [...jobs].map(([job, figures]) => {
    const key = keys.make(`fio-log-${slug(job)}`);
    const ordered = [...figures.values()].sort((a, b) => figureRank(a.figure) - figureRank(b.figure));
    const reasons = new Map<string, UnalignedReason>();
    const intervals = ordered.map(({ figure, runs: byRun }) => {
      const series = seriesOf(key, figure, byRun, runRefs);
      const companions = companionsOf(series, figure, job, byRun, clocks, reasons);
      if (companions.length > 0) series.companions = companions;
      return series;
    });
    const companions = intervals.flatMap((series) => series.companions ?? []);
    return {
      key,
      tool: 'fio-log',
      title: `fio logs · ${job}`,
      origin: 'raw' as const,
      metrics: [],
      intervals,
      isIntervalPicked: true,
      notes: sectionNotes(
        ordered.map((entry) => entry.figure),
        companions,
        runRefs.flatMap((ref) => {
          const reason = reasons.get(ref.id);
          return reason === undefined ? [] : [{ run: ref.label, reason }];
        }),
      ),
    };
  });
}

function figureRank(figure: LogFigure): number {
  return KIND_ORDER.indexOf(figure.metric) * DIRECTIONS.length + DIRECTIONS.indexOf(figure.direction);
}

/** A sample log's windows per direction, from its per-line measurements (labels `direction`, `sample`). */
function sampleWindows(
  measurements: readonly Measurement[],
  { kind, unit, isWindowed }: Pick<FioSampleLog, 'kind' | 'unit' | 'isWindowed'>,
  originMs: number,
): Array<{ figure: LogFigure; windows: JobWindow[] }> {
  if (unit === null || !KIND_ORDER.includes(kind)) return [];
  const lines = new Map<string, Map<string, LogLine>>();
  for (const measurement of measurements) {
    const { direction, sample, time_ms: timeMs } = measurement.labels;
    if (direction === undefined || sample === undefined || timeMs === undefined) continue;
    const byDirection = lines.get(direction) ?? new Map<string, LogLine>();
    lines.set(direction, byDirection);
    if (measurement.metric === kind)
      byDirection.set(sample, { timeMs: Number(timeMs) - originMs, value: measurement.value });
    const line = byDirection.get(sample);
    if (measurement.metric === `${kind}.window_max` && line !== undefined) line.windowMax = measurement.value;
  }
  const combine = kind === 'bw' || kind === 'iops' ? 'sum' : 'mean';
  return [...lines].map(([direction, byDirection]) => ({
    figure: { metric: kind, direction, unit: unit as BaseUnit, combine },
    windows: jobWindows([...byDirection.values()], combine, { isWindowed }),
  }));
}

/**
 * A histogram log's p50 and p99 per window and direction: the processes' lines of a window merged
 * bin by bin, then the percentiles as fio's fio-histo-log-pctiles.py computes them (which merges
 * the logs of a time interval the same way).
 */
function histogramWindows(
  result: FioHistogramLog,
  originMs: number,
): Array<{ figure: LogFigure; windows: JobWindow[] }> {
  const { directions, counts } = result.intervals;
  const timeMs = result.intervals.timeMs.map((time) => time - originMs);
  const out: Array<{ figure: LogFigure; windows: JobWindow[] }> = [];
  for (const [code, direction] of DIRECTIONS.entries()) {
    const indexes = directions.flatMap((value, index) => (value === code ? [index] : []));
    if (indexes.length === 0) continue;
    const places = placeLines(
      indexes.map((index) => timeMs[index] as number),
      { isWindowed: true },
    );
    const merged = new Map<number, { bins: number[]; times: number[] }>();
    indexes.forEach((index, at) => {
      const window = places[at]?.window as number;
      const entry = merged.get(window) ?? { bins: new Array<number>(result.binCount).fill(0), times: [] as number[] };
      merged.set(window, entry);
      (counts[index] ?? []).forEach((count, bin) => {
        entry.bins[bin] = (entry.bins[bin] ?? 0) + count;
      });
      entry.times.push(timeMs[index] as number);
    });
    const windows = [...merged].sort(([a], [b]) => a - b);
    HISTOGRAM_PERCENTILES.forEach((percentile, which) => {
      const figure: LogFigure = { metric: `clat.p${percentile}`, direction, unit: 'ns', combine: 'histogram' };
      const jobWindowsOf = windows.flatMap(([window, { bins, times }]) => {
        const value = interpolatedPercentiles(bins, result.binLowerNs, result.binUpperNs, HISTOGRAM_PERCENTILES)[which];
        if (value === null || value === undefined) return [];
        const meanTime = times.reduce((sum, time) => sum + time, 0) / times.length;
        return [{ window, timeMs: meanTime, value, low: value, high: value, processes: times.length }];
      });
      out.push({ figure, windows: jobWindowsOf });
    });
  }
  return out;
}

/**
 * One figure's lines: a run's repeats averaged window by window, the band their min–max, when
 * every run has two or more; else each run's first repeat, its band (latency means) the spread of
 * the job's processes in the window.
 */
function seriesOf(sectionKey: string, figure: LogFigure, byRun: FigureRuns, runRefs: readonly RunRef[]): SweepSeries {
  const drawn = runRefs.filter((ref) => byRun.has(ref.id));
  const hasRepeats = drawn.every((ref) => (byRun.get(ref.id)?.size ?? 0) >= 2);
  const hasSomeRepeats = drawn.some((ref) => (byRun.get(ref.id)?.size ?? 0) >= 2);
  const runs = drawn.map((ref) => {
    const repeats = [...(byRun.get(ref.id) ?? new Map<number, JobWindow[]>())].sort(([a], [b]) => a - b);
    return {
      run: ref.id,
      points: hasRepeats ? repeatPoints(repeats.map(([, w]) => w)) : processPoints(repeats, figure),
    };
  });
  const direction = `${figure.direction.charAt(0).toUpperCase()}${figure.direction.slice(1)}`;
  const series: SweepSeries = {
    key: `${sectionKey}-${slug(`${figure.metric}-${figure.direction}`)}`,
    metric: figure.metric,
    title: `${direction} ${FIGURE_TITLES[figure.metric] ?? figure.metric}${!hasRepeats && hasSomeRepeats ? ' (first repeats)' : ''}`,
    xLabel: SECONDS,
    xCaption: 'seconds since the job started',
    unit: figure.unit,
    betterIs: figure.metric === 'bw' || figure.metric === 'iops' ? 'higher' : 'lower',
    spread: 'min-max',
    runs,
  };
  const repeatCounts = drawn.map((ref) => byRun.get(ref.id)?.size ?? 0);
  // A window some repeat has no line for (a short last window) is the mean of fewer.
  const hasShortWindows =
    hasRepeats && runs.some(({ run, points }) => points.some((point) => (point.n ?? 0) < (byRun.get(run)?.size ?? 0)));
  const spreadText = bandText(figure, hasRepeats, repeatCounts, hasShortWindows);
  if (spreadText !== undefined) series.spreadText = spreadText;
  return series;
}

function repeatPoints(repeats: readonly JobWindow[][]): SweepPoint[] {
  const byWindow = new Map<number, JobWindow[]>();
  for (const windows of repeats)
    for (const w of windows) byWindow.set(w.window, [...(byWindow.get(w.window) ?? []), w]);
  return [...byWindow]
    .sort(([a], [b]) => a - b)
    .map(([, windows]) => {
      const values = windows.map((w) => w.value);
      const point: SweepPoint = {
        x: round3(windows.reduce((sum, w) => sum + w.timeMs, 0) / windows.length / 1000),
        value: values.reduce((sum, value) => sum + value, 0) / values.length,
        n: values.length,
      };
      if (values.length >= 2) [point.low, point.high] = [Math.min(...values), Math.max(...values)];
      return point;
    });
}

function processPoints(repeats: ReadonlyArray<[number, JobWindow[]]>, figure: LogFigure): SweepPoint[] {
  const first = repeats[0]?.[1] ?? [];
  return first.map((w) => {
    const point: SweepPoint = { x: round3(w.timeMs / 1000), value: w.value };
    if (figure.combine === 'mean' && w.processes >= 2) [point.low, point.high] = [w.low, w.high];
    return point;
  });
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The figure's caption for its band, true of every run drawn: `repeatCounts` is each drawn run's
 * number of repeats of the figure ("min–max of 2 repeats"; "of 2–3 repeats" where runs differ;
 * "fewer in some windows" where a window is missing from some repeat's log).
 */
function bandText(
  figure: LogFigure,
  hasRepeats: boolean,
  repeatCounts: readonly number[],
  hasShortWindows: boolean,
): string | undefined {
  // Short: the caption is one line of the chart, also on a phone; the section's notes say more.
  if (hasRepeats) {
    const fewest = Math.min(...repeatCounts);
    const most = Math.max(...repeatCounts);
    const of = `${fewest === most ? most : `${fewest}–${most}`} repeats`;
    return `band: min–max of ${of}${hasShortWindows ? ', fewer in some windows' : ''}`;
  }
  return figure.combine === 'mean' ? 'band: range of its processes' : undefined;
}

/**
 * Each drawn run's device line beside a figure (tools/fio-log/device.ts), over the repeats its fio line
 * is made of (all of them, or the first where the figure draws first repeats); a run's reason for
 * having none goes into `reasons` (its first).
 */
function companionsOf(
  series: SweepSeries,
  figure: LogFigure,
  job: string,
  byRun: FigureRuns,
  clocks: ReadonlyMap<string, RunClocks>,
  reasons: Map<string, UnalignedReason>,
): SweepCompanion[] {
  const isFirstRepeats = !series.runs.every((line) => (byRun.get(line.run)?.size ?? 0) >= 2);
  return series.runs.flatMap(({ run }) => {
    const own = clocks.get(run);
    const repeats = [...(byRun.get(run)?.keys() ?? [])].sort((a, b) => a - b);
    if (own === undefined || repeats.length === 0) return [];
    const line = deviceLine(
      run,
      own,
      job,
      isFirstRepeats ? repeats.slice(0, 1) : repeats,
      figure.metric,
      figure.direction,
    );
    if (line === undefined) return [];
    if ('reason' in line) {
      if (!reasons.has(run)) reasons.set(run, line.reason);
      return [];
    }
    return [line.companion];
  });
}

/** What the section's lines are, said once above its figure. */
function sectionNotes(
  figures: readonly LogFigure[],
  companions: readonly SweepCompanion[],
  unaligned: ReadonlyArray<{ run: string; reason: UnalignedReason }>,
): string[] {
  const notes = [
    'fio writes one line per process and window (log_avg_msec): where a job’s processes share one log (per_job_logs=0), a window’s bandwidth and IOPS are their lines added up, the job’s total; its latency is the mean of the processes’ window means, each process counted once (a line does not say how many I/Os its mean covers, so this is not the mean per I/O).',
  ];
  notes.push(
    'A run’s line is the mean of its repeats, window by window, and its band their lowest to highest. A run of one repeat has, for latency, the band of its processes: the lowest and the highest of their window means.',
  );
  if (figures.some((figure) => figure.combine === 'histogram')) {
    notes.push(
      'p50 and p99 come from the histogram log (write_hist_log): the processes’ bins of a window added up, then each percentile as fio’s fio-histo-log-pctiles.py finds it, with a bin’s I/Os spread evenly over its range.',
    );
  }
  notes.push(...clockNotes(companions, unaligned));
  return notes;
}

/** What the time axis is, and whether (and why not) each run's device is drawn beside. */
function clockNotes(
  companions: readonly SweepCompanion[],
  unaligned: ReadonlyArray<{ run: string; reason: UnalignedReason }>,
): string[] {
  const notes: string[] = [];
  if (companions.length > 0) {
    const devices = [...new Set(companions.map((companion) => companion.device))].join(', ');
    notes.push(
      `Time is seconds since the job started. fio wrote its log times on the wall clock (log_unix_epoch=1), and iostat printed each report’s time with its UTC offset (S_TIME_FORMAT=ISO), so the two share one clock. fio 3.33’s JSON has no job_start (it came with fio 3.36): the job’s start is its last log line (its end) less the runtime fio printed, or without fio’s output, its logs’ first window end less one window (log_avg_msec).`,
      `The dashed line of a run is its device (${devices}) over the same seconds, as iostat measured it: beside bandwidth its read or write throughput, beside IOPS its r/s or w/s, beside latency its r_await or w_await (time per request, queue and service). The device is the filesystem’s (named by run.yaml’s mkfs command: the loop device of a loopback run), else the disk run.yaml names, else the one that moved the most bytes in the job’s seconds. Each point is an iostat report at the end of its interval: iostat prints that time to the second, cut down, so the point is drawn half a second after it (within ±0.5 s of the truth). The line goes on ${AFTER_JOB_MS / 1000} s past the job’s end (or up to the start of the run’s next job): buffered writes fio counted as done may reach the device only then. Repeats are averaged report by report.`,
    );
  }
  if (unaligned.length > 0) {
    // The runs of one reason together: "ext4, xfs, btrfs: the fio logs count from …".
    const byReason = new Map<UnalignedReason, string[]>();
    for (const { run, reason } of unaligned) byReason.set(reason, [...(byReason.get(reason) ?? []), run]);
    const why = [...byReason].map(([reason, names]) => `${names.join(', ')}: ${UNALIGNED_WORDS[reason]}`).join('; ');
    notes.push(
      `${companions.length > 0 ? 'Not placed on iostat’s clock' : 'Time is fio’s own, in seconds since each job started, and the lines are not placed on iostat’s clock'} (${why}).`,
    );
  }
  return notes;
}
