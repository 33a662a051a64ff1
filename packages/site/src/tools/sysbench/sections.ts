import type { Measurement } from '@benchfolio/parsers';
import type { LoadedRun } from '@benchfolio/parsers/node';
import { slug, UniqueKeys } from '../../sections/keys.ts';
import { ComparisonBuilder, type MetricSpec, mean } from '../../sections/repeats.ts';
import type { BaseUnit, MetricComparison, RunRef, SweepPoint, SweepSeries, ToolSection } from '../../view/model.ts';
import type { FindingPlace, MetricWords } from '../descriptor.ts';
import { TOOL_NAMES } from '../names.ts';
import { histogramSamples, latencyHistograms } from './histograms.ts';
import { intervalSeries, threadsText } from './intervals.ts';
import { sysbenchMeasuredRuns } from './measured.ts';

// The throughput figures of each test, by measurement name; latency (mean and percentiles) comes
// with every test. sysbench 0.4 fileio prints one request rate and one throughput for all
// directions: `requests`, `transfer.bw`.
const FILEIO = ['read', 'write', 'fsync', 'read.bw', 'write.bw', 'requests', 'transfer.bw'];
const MEMORY = ['transfer', 'operations'];
const OLTP = ['tps', 'qps'];
const EVENTS = 'events';
const LATENCY_AVG = 'latency.avg';

function throughputMetrics(test: string): readonly string[] {
  switch (test) {
    case 'fileio':
      return FILEIO;
    case 'memory':
      return MEMORY;
    case 'oltp':
      return OLTP;
    default:
      return [EVENTS];
  }
}

/** The percentiles a run printed ("latency.p95"), in its order. */
function percentileMetrics(values: ReadonlyMap<string, Measurement>): string[] {
  return [...values.keys()].filter((metric) => metric.startsWith('latency.p'));
}

/** One benchmark run of a test: its labels, its own figures and its interval lines, from measurements. */
interface RunSample {
  run: string;
  /** The output's file name. */
  file: string;
  /** The workload as the library's fingerprints and lint name it: "fileio rndrd", "cpu". */
  workload: string;
  test: string;
  mode: string | null;
  threads: number | null;
  sample: string;
  values: ReadonlyMap<string, Measurement>;
  intervals: ReadonlyArray<ReadonlyMap<string, Measurement>>;
}

/**
 * The sysbench sections, one per test (fileio, cpu, memory, oltp, ...): throughput and latency
 * bars per test mode (and thread count when the runs sweep threads), repeats as mean with
 * min–max; lines against threads when a mode was run at several thread counts; latency
 * histograms when sysbench printed them (`--histogram`); figures over time from the
 * `--report-interval` lines.
 */
export function sysbenchSections(
  runs: readonly LoadedRun[],
  runRefs: readonly RunRef[],
  words: MetricWords,
): ToolSection[] {
  const samples = runSamples(runs);
  const tests = [...new Set(samples.map((sample) => sample.test))];
  return tests.map((test) =>
    testSection(
      test,
      samples.filter((sample) => sample.test === test),
      { runs, runRefs, words },
    ),
  );
}

/** What every section of the experiment is built with. */
interface SectionContext {
  runs: readonly LoadedRun[];
  runRefs: readonly RunRef[];
  words: MetricWords;
}

/**
 * Every benchmark run of every sysbench output, from its measurements; prepare and cleanup runs
 * (label `command`) measure nothing to compare.
 */
function runSamples(runs: readonly LoadedRun[]): RunSample[] {
  const samples: RunSample[] = [];
  for (const run of runs) {
    for (const output of run.outputs) {
      if (output.parsed.tool !== 'sysbench') continue;
      sysbenchMeasuredRuns(output.parsed.measurements).forEach(({ labels, values, intervals }, index) => {
        if (labels.command === 'prepare' || labels.command === 'cleanup') return;
        samples.push({
          run: run.id,
          file: output.file,
          // As sysbench/fingerprint.ts names it: the test (else "sysbench") and its mode.
          workload: [labels.test ?? 'sysbench', labels.mode].filter((word) => word !== undefined).join(' '),
          test: labels.test ?? 'other',
          mode: labels.mode ?? null,
          threads: labels.threads === undefined ? null : Number(labels.threads),
          sample: `${output.file}#${index}`,
          values,
          intervals,
        });
      });
    }
  }
  return samples;
}

/** Groups in mode order (as first seen), then by thread count. */
function inGroupOrder<T extends { mode: string | null; threads: number | null }>(
  samples: readonly T[],
  modes: readonly (string | null)[],
): T[] {
  return [...samples].sort(
    (a, b) => modes.indexOf(a.mode) - modes.indexOf(b.mode) || (a.threads ?? 0) - (b.threads ?? 0),
  );
}

function testSection(test: string, samples: readonly RunSample[], context: SectionContext): ToolSection {
  const { runRefs } = context;
  const isSweep = new Set(samples.map((sample) => sample.threads)).size > 1;
  const modes = [...new Set(samples.map((sample) => sample.mode))];
  const sorted = inGroupOrder(samples, modes);
  const metrics = barMetrics(test, sorted, metricsOf(test, samples), { isSweep, modes }, context);
  const section: ToolSection = {
    key: `sysbench-${slug(test)}`,
    tool: 'sysbench',
    title: `${TOOL_NAMES.sysbench.title} ${test}`,
    origin: 'raw',
    metrics,
  };
  if (isSweep) {
    const sweeps = threadSweeps(test, samples, metrics, runRefs);
    if (sweeps.length > 0) section.sweeps = sweeps;
  }
  const withBins = inGroupOrder(histogramSamples(context.runs, test), modes);
  const histograms = latencyHistograms(test, withBins, runRefs, isSweep);
  if (histograms.length > 0) section.histograms = histograms;
  const intervals = intervalSeries(test, sorted, runRefs, isSweep);
  if (intervals.length > 0) section.intervals = intervals;
  return section;
}

/**
 * The bars of a test: per group (mode, and thread count), its throughput figures, mean latency
 * and the percentiles the runs printed, each from the run's own measurement.
 */
function barMetrics(
  test: string,
  sorted: readonly RunSample[],
  metrics: readonly string[],
  groups: { isSweep: boolean; modes: readonly (string | null)[] },
  { runRefs, words }: SectionContext,
): MetricComparison[] {
  const builder = new ComparisonBuilder(runRefs);
  const groupOf = (sample: RunSample) => {
    const key = groupKeyOf(test, sample);
    const parts = [sample.mode ?? (groups.modes.length > 1 ? '(no mode)' : test)];
    if (groups.isSweep) parts.push(threadsText(sample.threads));
    builder.group(key, parts.join(' · '));
    return key;
  };
  for (const sample of sorted) {
    const group = groupOf(sample);
    for (const metric of metrics) {
      const measured = sample.values.get(metric);
      if (measured === undefined) continue;
      builder.add(spec(test, metric, measured.unit, words), {
        run: sample.run,
        group,
        sample: sample.sample,
        value: measured.value,
      });
    }
  }
  return dropIdleDirections(builder.build(metrics.map((metric) => keyOf(test, metric))));
}

/**
 * A bar group's key: the mode (the test where it has none) and the thread count. The key always
 * names the thread count, so that runs of other experiments (compare page) line up whether or not
 * they sweep threads; the label names it only in a sweep.
 */
function groupKeyOf(test: string, sample: { mode: string | null; threads: number | null }): string {
  return `${sample.mode ?? test}/${sample.threads ?? ''}`;
}

/**
 * Where each benchmark run of each output is drawn: the lint names a finding's workload by test
 * and mode ("fileio rndrd"), the bars are in the test's section, in the group of the mode and
 * thread count. Runs of one mode at several thread counts in one output are told apart by nothing
 * the finding carries (the cache rule points at the output's first size line): each group of them
 * gets the finding.
 */
export function sysbenchFindingPlaces(runs: readonly LoadedRun[]): FindingPlace[] {
  return runSamples(runs).map((sample) => ({
    run: sample.run,
    file: sample.file,
    workload: sample.workload,
    section: `sysbench-${slug(sample.test)}`,
    group: groupKeyOf(sample.test, sample),
  }));
}

/** The metrics of a test's bars: its throughput figures, mean latency, then the percentiles the runs printed. */
function metricsOf(test: string, samples: readonly RunSample[]): string[] {
  const percentiles = new Set(samples.flatMap((sample) => percentileMetrics(sample.values)));
  return [...throughputMetrics(test), LATENCY_AVG, ...percentiles];
}

function keyOf(test: string, metric: string): string {
  return `sysbench-${slug(test)}-${slug(metric)}`;
}

function spec(test: string, metric: string, unit: BaseUnit, words: MetricWords): MetricSpec {
  return { key: keyOf(test, metric), metric, title: words.title(metric), unit, betterIs: words.betterIs(metric) };
}

/**
 * sysbench fileio prints every direction, also those a mode does not use (writes of seqrd
 * are 0.00): a group whose bars are all 0 in a metric is left out of it, and a metric left
 * without bars is dropped.
 */
function dropIdleDirections(metrics: MetricComparison[]): MetricComparison[] {
  return metrics
    .map((metric) => {
      if (metric.betterIs !== 'higher') return metric;
      const active = new Set(metric.cells.filter((cell) => cell.value !== 0).map((cell) => cell.group));
      return {
        ...metric,
        groups: metric.groups.filter((group) => active.has(group.key)),
        cells: metric.cells.filter((cell) => active.has(cell.group)),
      };
    })
    .filter((metric) => metric.cells.length > 0);
}

/**
 * The metrics drawn against threads: operation rates and latencies. Throughputs in B/s follow
 * the operation rates at a fixed block size, and fsyncs follow writes: lines of their own would
 * repeat them.
 */
function isSwept(metric: string): boolean {
  return (
    metric.startsWith('latency.') ||
    ['read', 'write', 'requests', 'events', 'operations', 'tps', 'qps'].includes(metric)
  );
}

/**
 * Per mode, each swept metric against threads, one line per run; a point is the mean over
 * the repeats at that thread count. Modes whose runs all used one thread count have no line.
 */
function threadSweeps(
  test: string,
  samples: readonly RunSample[],
  metrics: readonly MetricComparison[],
  runRefs: readonly RunRef[],
): SweepSeries[] {
  const sweeps: SweepSeries[] = [];
  const keys = new UniqueKeys();
  const modes = [...new Set(samples.map((sample) => sample.mode))];
  for (const mode of modes) {
    const ofMode = samples.filter((sample) => sample.mode === mode && sample.threads !== null);
    if (new Set(ofMode.map((sample) => sample.threads)).size < 2) continue;
    for (const metric of metrics.filter((candidate) => isSwept(candidate.metric))) {
      const runs = runRefs
        .map(({ id }) => ({ run: id, points: sweepPoints(ofMode, id, metric.metric) }))
        .filter((entry) => entry.points.length > 0);
      // A direction the mode does not use (writes of seqrd) is all zeros: no line.
      if (runs.length === 0 || runs.every((entry) => entry.points.every((point) => point.value === 0))) continue;
      const modeTitle = mode ?? test;
      const hasRepeats = runs.some((entry) => entry.points.some((point) => point.n !== undefined));
      sweeps.push({
        key: keys.make(`sysbench-${slug(test)}-sweep-${slug(modeTitle)}-${slug(metric.metric)}`),
        title: `${modeTitle} · ${metric.title} against threads`,
        xLabel: 'threads',
        unit: metric.unit,
        betterIs: metric.betterIs,
        ...(hasRepeats ? { spread: 'min-max' as const } : {}),
        runs,
      });
    }
  }
  return sweeps;
}

/**
 * A run's points of a metric against threads: the mean over its repeats at each thread count,
 * with their min–max and how many when there are several (the series' spread is then 'min-max').
 */
function sweepPoints(samples: readonly RunSample[], run: string, metric: string): SweepPoint[] {
  const byThreads = new Map<number, number[]>();
  for (const sample of samples) {
    const value = sample.values.get(metric)?.value;
    if (sample.run !== run || sample.threads === null || value === undefined) continue;
    byThreads.set(sample.threads, [...(byThreads.get(sample.threads) ?? []), value]);
  }
  return [...byThreads]
    .map(([x, values]): SweepPoint => {
      const point: SweepPoint = { x, value: mean(values) };
      if (values.length < 2) return point;
      return { ...point, low: Math.min(...values), high: Math.max(...values), n: values.length };
    })
    .sort((a, b) => a.x - b.x);
}
