import type { ParseOutput, SysbenchResult, SysbenchRun } from '@benchfolio/parsers';
import type { LoadedRun } from '@benchfolio/parsers/node';
import type { MetricWords } from '../tools/descriptor.ts';
import { TOOL_NAMES } from '../tools/names.ts';
import type { BaseUnit, LatencyHistogram, MetricComparison, RunRef, SweepSeries, ToolSection } from '../view/model.ts';
import { slug, UniqueKeys } from './keys.ts';
import { measuredUnits } from './measured.ts';
import { ComparisonBuilder, type MetricSpec, mean } from './repeats.ts';
import { intervalSeries, threadsText } from './sysbench-intervals.ts';

/** The typed result of a sysbench output; undefined for another tool's. */
export function sysbenchResultOf(output: ParseOutput): SysbenchResult | undefined {
  // ParseOutput is a union discriminated on `tool`: the check narrows the result.
  return output.tool === 'sysbench' ? output.result : undefined;
}

/**
 * A figure of a sysbench run: its measurement name and where the typed result keeps it (the
 * result tells a run's test, mode and command, which its measurements' labels do not all say).
 */
interface Figure {
  metric: string;
  read(run: SysbenchRun): number | null | undefined;
}

const FILEIO: readonly Figure[] = [
  { metric: 'read', read: (run) => run.fileio?.readsPerSec },
  { metric: 'write', read: (run) => run.fileio?.writesPerSec },
  { metric: 'fsync', read: (run) => run.fileio?.fsyncsPerSec },
  { metric: 'read.bw', read: (run) => run.fileio?.readBytesPerSec },
  { metric: 'write.bw', read: (run) => run.fileio?.writtenBytesPerSec },
  // sysbench 0.4 prints one request rate and one throughput for all directions.
  { metric: 'requests', read: (run) => run.fileio?.requestsPerSec },
  { metric: 'transfer.bw', read: (run) => run.fileio?.transferBytesPerSec },
];
const MEMORY: readonly Figure[] = [
  { metric: 'transfer', read: (run) => run.memory?.transferBytesPerSec },
  { metric: 'operations', read: (run) => run.memory?.operationsPerSec },
];
const OLTP: readonly Figure[] = [
  { metric: 'tps', read: (run) => run.sql?.transactions?.perSec },
  { metric: 'qps', read: (run) => run.sql?.queries?.perSec },
];
const EVENTS: Figure = { metric: 'events', read: (run) => run.general.eventsPerSec };
const LATENCY_AVG: Figure = { metric: 'latency.avg', read: (run) => run.latency?.avgNs };

/** The throughput figures of a test; latency (mean and percentiles) comes with every test. */
function throughputFigures(test: string): readonly Figure[] {
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

/** The percentiles a run printed, as figures ("latency.p95"). */
function percentileFigures(run: SysbenchRun): Figure[] {
  return (run.latency?.percentiles ?? []).map((percentile) => ({
    metric: `latency.p${percentile.name}`,
    read: (other: SysbenchRun) => other.latency?.percentiles.find((p) => p.name === percentile.name)?.valueNs,
  }));
}

interface RunSample {
  run: string;
  test: string;
  mode: string | null;
  threads: number | null;
  sample: string;
  result: SysbenchRun;
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
  const specs = { words, units: measuredUnits(runs, 'sysbench') };
  return tests.map((test) =>
    testSection(
      test,
      samples.filter((sample) => sample.test === test),
      runRefs,
      specs,
    ),
  );
}

/** What a metric's spec is made of: the descriptor's words, the measurements' units. */
interface SpecSource {
  words: MetricWords;
  units: ReadonlyMap<string, BaseUnit>;
}

function runSamples(runs: readonly LoadedRun[]): RunSample[] {
  const samples: RunSample[] = [];
  for (const run of runs) {
    for (const output of run.outputs) {
      sysbenchResultOf(output.parsed)?.runs.forEach((result, index) => {
        // prepare and cleanup runs measure nothing to compare.
        if (result.command === 'prepare' || result.command === 'cleanup') return;
        samples.push({
          run: run.id,
          test: result.test ?? 'other',
          mode: result.mode,
          threads: result.parameters.threads,
          sample: `${output.file}#${index}`,
          result,
        });
      });
    }
  }
  return samples;
}

function testSection(
  test: string,
  samples: readonly RunSample[],
  runRefs: readonly RunRef[],
  specs: SpecSource,
): ToolSection {
  const threadCounts = new Set(samples.map((sample) => sample.threads));
  const isSweep = threadCounts.size > 1;
  const modes = [...new Set(samples.map((sample) => sample.mode))];
  const builder = new ComparisonBuilder(runRefs);
  const groupOf = (sample: RunSample) => {
    // The key always names the thread count, so that runs of other experiments (compare page)
    // line up whether or not they sweep threads; the label names it only in a sweep.
    const key = `${sample.mode ?? test}/${sample.threads ?? ''}`;
    const parts = [sample.mode ?? (modes.length > 1 ? '(no mode)' : test)];
    if (isSweep) parts.push(threadsText(sample.threads));
    builder.group(key, parts.join(' · '));
    return key;
  };
  // Groups in mode order, then by thread count.
  const sorted = [...samples].sort(
    (a, b) => modes.indexOf(a.mode) - modes.indexOf(b.mode) || (a.threads ?? 0) - (b.threads ?? 0),
  );
  const figures = figuresOf(test, samples);
  for (const sample of sorted) {
    const group = groupOf(sample);
    for (const figure of figures) {
      const value = figure.read(sample.result);
      const unit = specs.units.get(figure.metric);
      if (value === null || value === undefined || unit === undefined) continue;
      builder.add(spec(test, figure.metric, unit, specs.words), {
        run: sample.run,
        group,
        sample: sample.sample,
        value,
      });
    }
  }
  const metrics = dropIdleDirections(builder.build(figures.map((figure) => keyOf(test, figure.metric))));
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
  const histograms = latencyHistograms(test, sorted, runRefs, isSweep);
  if (histograms.length > 0) section.histograms = histograms;
  const intervals = intervalSeries(test, sorted, runRefs, isSweep);
  if (intervals.length > 0) section.intervals = intervals;
  return section;
}

function figuresOf(test: string, samples: readonly RunSample[]): Figure[] {
  const percentiles = new Map<string, Figure>();
  for (const sample of samples) {
    for (const figure of percentileFigures(sample.result)) percentiles.set(figure.metric, figure);
  }
  return [...throughputFigures(test), LATENCY_AVG, ...percentiles.values()];
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
      const figure = figuresOf(test, ofMode).find((candidate) => candidate.metric === metric.metric);
      if (figure === undefined) continue;
      const runs = runRefs
        .map((ref) => {
          const byThreads = new Map<number, number[]>();
          for (const sample of ofMode) {
            if (sample.run !== ref.id) continue;
            const value = figure.read(sample.result);
            if (value === null || value === undefined) continue;
            const threads = sample.threads as number;
            byThreads.set(threads, [...(byThreads.get(threads) ?? []), value]);
          }
          const points = [...byThreads].map(([x, values]) => ({ x, value: mean(values) })).sort((a, b) => a.x - b.x);
          return { run: ref.id, points };
        })
        .filter((entry) => entry.points.length > 0);
      // A direction the mode does not use (writes of seqrd) is all zeros: no line.
      if (runs.length === 0 || runs.every((entry) => entry.points.every((point) => point.value === 0))) continue;
      const modeTitle = mode ?? test;
      sweeps.push({
        key: keys.make(`sysbench-${slug(test)}-sweep-${slug(modeTitle)}-${slug(metric.metric)}`),
        title: `${modeTitle} · ${metric.title} against threads`,
        xLabel: 'threads',
        unit: metric.unit,
        betterIs: metric.betterIs,
        runs,
      });
    }
  }
  return sweeps;
}

/**
 * sysbench's latency histogram per mode (and thread count in a sweep), one per run; with repeats
 * the first is shown and the title says so.
 */
function latencyHistograms(
  test: string,
  samples: readonly RunSample[],
  runRefs: readonly RunRef[],
  isSweep: boolean,
): LatencyHistogram[] {
  const withBins = samples.filter((sample) => sample.result.histogram.length > 0);
  const keys = new UniqueKeys();
  const histograms: LatencyHistogram[] = [];
  const groups = [
    ...new Set(withBins.map((sample) => `${sample.mode ?? ''}/${isSweep ? (sample.threads ?? '') : ''}`)),
  ];
  for (const group of groups) {
    const ofGroup = withBins.filter(
      (sample) => `${sample.mode ?? ''}/${isSweep ? (sample.threads ?? '') : ''}` === group,
    );
    const first = ofGroup[0] as RunSample;
    let hasRepeats = false;
    const runs = runRefs.flatMap((ref) => {
      const own = ofGroup.filter((sample) => sample.run === ref.id);
      if (own.length === 0) return [];
      if (own.length > 1) hasRepeats = true;
      const bins = (own[0] as RunSample).result.histogram.map((bucket) => ({
        ns: bucket.valueNs,
        count: bucket.count,
      }));
      return [{ run: ref.id, bins }];
    });
    const name = [first.mode ?? test, isSweep ? threadsText(first.threads) : null].filter(Boolean).join(' · ');
    histograms.push({
      key: keys.make(`sysbench-${slug(test)}-histogram-${slug(name)}`),
      title: `${name} · latency histogram${hasRepeats ? ' (the first of its repeats)' : ''}`,
      runs,
    });
  }
  return histograms;
}
