// sysbench's --report-interval lines as figures over time: per test mode (and thread count), each
// interval figure the runs printed, one line per run, x in seconds since the start of the run.
// Pure: the interval lines' measurements in (label `sample`; `elapsed` gives the seconds), SweepSeries
// out (drawn by the sweep chart with x in seconds).

import type { Measurement } from '@benchfolio/parsers';
import { slug, UniqueKeys } from '../../sections/keys.ts';
import type { BetterIs, RunRef, SweepSeries } from '../../view/model.ts';

/** One run's sysbench run of the test: its mode, threads, and its interval lines' measurements by metric. */
export interface IntervalSample {
  run: string;
  mode: string | null;
  threads: number | null;
  intervals: ReadonlyArray<ReadonlyMap<string, Measurement>>;
}

/** A figure of the interval lines: its measurement, what readers see and which way is better. */
interface IntervalFigure {
  /** The measurement's name; for latency, whichever percentile the line printed (`latency.p95`). */
  metric: string;
  /** Its part of the chart's key, as keys (in URLs) have named it since they were first made. */
  keyPart: string;
  title: string;
  betterIs: BetterIs;
}

const LATENCY_PREFIX = 'latency.p';

const TPS: IntervalFigure = { metric: 'tps', keyPart: 'tps', title: 'Transactions per second', betterIs: 'higher' };
const QPS: IntervalFigure = { metric: 'qps', keyPart: 'qps', title: 'Queries per second', betterIs: 'higher' };
const EVENTS: IntervalFigure = {
  metric: 'events',
  keyPart: 'eventsPerSec',
  title: 'Events per second',
  betterIs: 'higher',
};
// "reads: N" without MiB/s (0.5) and the r of "(r/w/o: ...)": the library names them `qps.read`.
const READS: IntervalFigure = {
  metric: 'qps.read',
  keyPart: 'readsPerSec',
  title: 'Reads per second',
  betterIs: 'higher',
};
const WRITES: IntervalFigure = {
  metric: 'qps.write',
  keyPart: 'writesPerSec',
  title: 'Writes per second',
  betterIs: 'higher',
};
const FSYNCS: IntervalFigure = {
  metric: 'fsync',
  keyPart: 'fsyncsPerSec',
  title: 'Fsyncs per second',
  betterIs: 'higher',
};
const READ_BYTES: IntervalFigure = {
  metric: 'read.bw',
  keyPart: 'readBytesPerSec',
  title: 'Read throughput',
  betterIs: 'higher',
};
const WRITTEN_BYTES: IntervalFigure = {
  metric: 'write.bw',
  keyPart: 'writtenBytesPerSec',
  title: 'Write throughput',
  betterIs: 'higher',
};
const TRANSFER: IntervalFigure = {
  metric: 'transfer',
  keyPart: 'transferBytesPerSec',
  title: 'Transfer rate',
  betterIs: 'higher',
};

/**
 * The figures worth a line, by test. oltp's reads/writes/other per second are its query mix: lines
 * of their own would repeat what tps and qps show. fileio's interval lines give operations per
 * second (0.5) or MiB/s (1.0); what a run did not print has no line. Latency comes with every
 * test that prints it.
 */
function figuresOf(test: string): readonly IntervalFigure[] {
  switch (test) {
    case 'oltp':
      return [TPS, QPS];
    case 'fileio':
      return [READS, WRITES, READ_BYTES, WRITTEN_BYTES, FSYNCS];
    case 'memory':
      return [TRANSFER];
    default:
      return [EVENTS];
  }
}

/** "Latency, p95" from `lat (ms,95%)`; sysbench's 100th percentile of an interval is its maximum. */
function latencyTitle(percent: string | undefined): string {
  if (percent === undefined) return 'Latency';
  return percent === '100' ? 'Latency, maximum' : `Latency, p${percent}`;
}

/** An interval line's figure: for latency, the percentile it printed. */
function figureOf(line: ReadonlyMap<string, Measurement>, figure: IntervalFigure): Measurement | undefined {
  if (figure.metric !== LATENCY_PREFIX) return line.get(figure.metric);
  for (const [metric, measurement] of line) if (metric.startsWith(LATENCY_PREFIX)) return measurement;
  return undefined;
}

/** The interval lines of one run as points of a figure: x the line's `elapsed` seconds. */
function pointsOf(sample: IntervalSample, figure: IntervalFigure): Array<{ x: number; measured: Measurement }> {
  return sample.intervals.flatMap((line) => {
    const measured = figureOf(line, figure);
    const x = line.get('elapsed')?.value;
    return measured === undefined || x === undefined ? [] : [{ x, measured }];
  });
}

/**
 * Per test mode and thread count with interval lines, each figure the runs printed, over time.
 * With repeats, a run's first is drawn (the title says so). Figures all zero or absent are left
 * out (writes of a read-only fileio mode).
 */
export function intervalSeries(
  test: string,
  samples: readonly IntervalSample[],
  runRefs: readonly RunRef[],
  isSweep: boolean,
): SweepSeries[] {
  const withIntervals = samples.filter((sample) => sample.intervals.length >= 2);
  const groupOf = (sample: IntervalSample) => `${sample.mode ?? ''}/${isSweep ? (sample.threads ?? '') : ''}`;
  const keys = new UniqueKeys();
  const series: SweepSeries[] = [];
  for (const group of new Set(withIntervals.map(groupOf))) {
    const ofGroup = withIntervals.filter((sample) => groupOf(sample) === group);
    const [first] = ofGroup;
    if (first === undefined) continue;
    let hasRepeats = false;
    const firstOfRun = runRefs.flatMap((ref) => {
      const [own, ...more] = ofGroup.filter((sample) => sample.run === ref.id);
      if (more.length > 0) hasRepeats = true;
      return own === undefined ? [] : [own];
    });
    const name = [first.mode ?? test, isSweep ? threadsText(first.threads) : null].filter(Boolean).join(' · ');
    const percent = first.intervals
      .flatMap((line) => [...line.keys()])
      .find((metric) => metric.startsWith(LATENCY_PREFIX))
      ?.slice(LATENCY_PREFIX.length);
    const latency: IntervalFigure = {
      metric: LATENCY_PREFIX,
      keyPart: 'latencyNs',
      title: latencyTitle(percent),
      betterIs: 'lower',
    };
    for (const figure of [...figuresOf(test), latency]) {
      const drawn = firstOfRun
        .map((sample) => ({ run: sample.run, points: pointsOf(sample, figure) }))
        .filter((line) => line.points.length > 0);
      const unit = drawn[0]?.points[0]?.measured.unit;
      if (unit === undefined || drawn.every((line) => line.points.every((point) => point.measured.value === 0))) {
        continue;
      }
      series.push({
        key: keys.make(`sysbench-${slug(test)}-interval-${slug(name)}-${slug(figure.keyPart)}`),
        title: `${name} · ${figure.title} over time${hasRepeats ? ' (the first of its repeats)' : ''}`,
        xLabel: 'seconds',
        unit,
        betterIs: figure.betterIs,
        runs: drawn.map(({ run, points }) => ({
          run,
          points: points.map(({ x, measured }) => ({ x, value: measured.value })),
        })),
      });
    }
  }
  return series;
}

/** "1 thread", "16 threads". */
export function threadsText(threads: number | null): string {
  if (threads === null) return 'threads not stated';
  return threads === 1 ? '1 thread' : `${threads} threads`;
}
