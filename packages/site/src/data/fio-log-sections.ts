// fio's log files as figures over time: one section per job (run.yaml `workload`), one figure per
// log kind and direction (bandwidth, IOPS, latencies, and p50/p99 from the histogram log), the
// runs as lines. The windows of a log are the job's (fio-log-series.ts: its processes added up or
// averaged); repeats are averaged, with their min–max as the band.

import { type FioHistogramLog, interpolatedPercentiles, type Measurement, type ParseOutput } from '@benchfolio/parsers';
import type { LoadedRun } from '@benchfolio/parsers/node';
import { SECONDS } from '../charts/sweep-summary.ts';
import type { BaseUnit, RunRef, SweepPoint, SweepSeries, ToolSection } from '../view/model.ts';
import { type JobWindow, jobWindows, type LogLine, placeLines } from './fio-log-series.ts';
import { slug, UniqueKeys } from './keys.ts';

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
  for (const run of runs) {
    for (const output of run.outputs) {
      const result = fioLogResultOf(output.parsed);
      if (result === undefined) continue;
      const job = output.declared.workload ?? result.fileName?.prefix ?? output.file;
      const figures = jobs.get(job) ?? new Map();
      jobs.set(job, figures);
      const found =
        result.type === 'histogram'
          ? histogramWindows(result)
          : sampleWindows(output.parsed.measurements, result.kind, result.unit);
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
    return {
      key,
      tool: 'fio-log',
      title: `fio logs · ${job}`,
      origin: 'raw' as const,
      metrics: [],
      intervals: ordered.map(({ figure, runs: byRun }) => seriesOf(key, figure, byRun, runRefs)),
      isIntervalPicked: true,
      notes: sectionNotes(ordered.map((entry) => entry.figure)),
    };
  });
}

function figureRank(figure: LogFigure): number {
  return KIND_ORDER.indexOf(figure.metric) * DIRECTIONS.length + DIRECTIONS.indexOf(figure.direction);
}

/** A sample log's windows per direction, from its per-line measurements (labels `direction`, `sample`). */
function sampleWindows(
  measurements: readonly Measurement[],
  kind: string,
  unit: string | null,
): Array<{ figure: LogFigure; windows: JobWindow[] }> {
  if (unit === null || !KIND_ORDER.includes(kind)) return [];
  const lines = new Map<string, Map<string, LogLine>>();
  for (const measurement of measurements) {
    const { direction, sample, time_ms: timeMs } = measurement.labels;
    if (direction === undefined || sample === undefined || timeMs === undefined) continue;
    const byDirection = lines.get(direction) ?? new Map<string, LogLine>();
    lines.set(direction, byDirection);
    if (measurement.metric === kind) byDirection.set(sample, { timeMs: Number(timeMs), value: measurement.value });
    const line = byDirection.get(sample);
    if (measurement.metric === `${kind}.window_max` && line !== undefined) line.windowMax = measurement.value;
  }
  const combine = kind === 'bw' || kind === 'iops' ? 'sum' : 'mean';
  return [...lines].map(([direction, byDirection]) => ({
    figure: { metric: kind, direction, unit: unit as BaseUnit, combine },
    windows: jobWindows([...byDirection.values()], combine),
  }));
}

/**
 * A histogram log's p50 and p99 per window and direction: the processes' lines of a window merged
 * bin by bin, then the percentiles as fio's fio-histo-log-pctiles.py computes them (which merges
 * the logs of a time interval the same way).
 */
function histogramWindows(result: FioHistogramLog): Array<{ figure: LogFigure; windows: JobWindow[] }> {
  const { timeMs, directions, counts } = result.intervals;
  const out: Array<{ figure: LogFigure; windows: JobWindow[] }> = [];
  for (const [code, direction] of DIRECTIONS.entries()) {
    const indexes = directions.flatMap((value, index) => (value === code ? [index] : []));
    if (indexes.length === 0) continue;
    const places = placeLines(indexes.map((index) => timeMs[index] as number));
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

const TITLES: Readonly<Record<string, string>> = {
  bw: 'bandwidth',
  iops: 'IOPS',
  clat: 'completion latency, mean per window',
  lat: 'total latency, mean per window',
  slat: 'submission latency, mean per window',
  'clat.p50': 'completion latency, p50 per window',
  'clat.p99': 'completion latency, p99 per window',
};

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
    title: `${direction} ${TITLES[figure.metric] ?? figure.metric}${!hasRepeats && hasSomeRepeats ? ' (first repeats)' : ''}`,
    xLabel: SECONDS,
    xCaption: 'seconds since the job started (fio’s log time)',
    unit: figure.unit,
    betterIs: figure.metric === 'bw' || figure.metric === 'iops' ? 'higher' : 'lower',
    spread: 'min-max',
    runs,
  };
  const spreadText = bandText(figure, hasRepeats, byRun);
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

function bandText(figure: LogFigure, hasRepeats: boolean, byRun: FigureRuns): string | undefined {
  const most = Math.max(...[...byRun.values()].map((repeats) => repeats.size));
  // Short: the caption is one line of the chart, also on a phone; the section's notes say more.
  if (hasRepeats) return `band: min–max of ${most} repeats`;
  return figure.combine === 'mean' ? 'band: range of its processes' : undefined;
}

/** What the section's lines are, said once above its figure. */
function sectionNotes(figures: readonly LogFigure[]): string[] {
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
  notes.push(
    'Time is fio’s own, from the start of each job, so these lines are not placed on iostat’s clock above: fio 3.33’s JSON gives neither a job’s start (job_start came with fio 3.36) nor more than the second at which the whole command ended, the time between jobs (laying out the next job’s files) is not logged, and iostat’s times carry no time zone.',
  );
  return notes;
}
