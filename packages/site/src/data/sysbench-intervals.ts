// sysbench's --report-interval lines as figures over time: per test mode (and thread count), each
// interval figure the runs printed, one line per run, x in seconds since the start of the run.
// Pure: the typed results in, SweepSeries out (drawn by the sweep chart with x in seconds).

import type { SysbenchResult } from '@benchfolio/parsers';
import type { BaseUnit, BetterIs, RunRef, SweepSeries } from '../view/model.ts';
import { slug, UniqueKeys } from './keys.ts';

type SysbenchRun = SysbenchResult['runs'][number];
type Interval = SysbenchRun['intervals'][number];

/** One run's sysbench run of the test, with its mode, threads and where it came from. */
export interface IntervalSample {
  run: string;
  mode: string | null;
  threads: number | null;
  result: SysbenchRun;
}

/** A figure of the interval lines: its field, what readers see, unit and which way is better. */
interface IntervalFigure {
  field: keyof Interval;
  title: string;
  unit: BaseUnit;
  betterIs: BetterIs;
}

const TPS: IntervalFigure = { field: 'tps', title: 'Transactions per second', unit: 'op/s', betterIs: 'higher' };
const QPS: IntervalFigure = { field: 'qps', title: 'Queries per second', unit: 'op/s', betterIs: 'higher' };
const EVENTS: IntervalFigure = { field: 'eventsPerSec', title: 'Events per second', unit: 'op/s', betterIs: 'higher' };
const READS: IntervalFigure = { field: 'readsPerSec', title: 'Reads per second', unit: 'op/s', betterIs: 'higher' };
const WRITES: IntervalFigure = { field: 'writesPerSec', title: 'Writes per second', unit: 'op/s', betterIs: 'higher' };
const FSYNCS: IntervalFigure = { field: 'fsyncsPerSec', title: 'Fsyncs per second', unit: 'op/s', betterIs: 'higher' };
const READ_BYTES: IntervalFigure = {
  field: 'readBytesPerSec',
  title: 'Read throughput',
  unit: 'B/s',
  betterIs: 'higher',
};
const WRITTEN_BYTES: IntervalFigure = {
  field: 'writtenBytesPerSec',
  title: 'Write throughput',
  unit: 'B/s',
  betterIs: 'higher',
};
const TRANSFER: IntervalFigure = {
  field: 'transferBytesPerSec',
  title: 'Transfer rate',
  unit: 'B/s',
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
function latencyTitle(percent: number | null): string {
  if (percent === null) return 'Latency';
  return percent === 100 ? 'Latency, maximum' : `Latency, p${percent}`;
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
  const withIntervals = samples.filter((sample) => sample.result.intervals.length >= 2);
  const groupOf = (sample: IntervalSample) => `${sample.mode ?? ''}/${isSweep ? (sample.threads ?? '') : ''}`;
  const keys = new UniqueKeys();
  const series: SweepSeries[] = [];
  for (const group of new Set(withIntervals.map(groupOf))) {
    const ofGroup = withIntervals.filter((sample) => groupOf(sample) === group);
    const first = ofGroup[0] as IntervalSample;
    let hasRepeats = false;
    const firstOfRun = runRefs.flatMap((ref) => {
      const own = ofGroup.filter((sample) => sample.run === ref.id);
      if (own.length > 1) hasRepeats = true;
      return own.length === 0 ? [] : [own[0] as IntervalSample];
    });
    const name = [first.mode ?? test, isSweep ? threadsText(first.threads) : null].filter(Boolean).join(' · ');
    const latencyPercent = first.result.intervals.find((interval) => interval.latencyPercent !== null)?.latencyPercent;
    const latency: IntervalFigure = {
      field: 'latencyNs',
      title: latencyTitle(latencyPercent ?? null),
      unit: 'ns',
      betterIs: 'lower',
    };
    for (const figure of [...figuresOf(test), latency]) {
      const runs = firstOfRun.map((sample) => ({
        run: sample.run,
        points: sample.result.intervals.flatMap((interval) => {
          const value = interval[figure.field];
          return typeof value === 'number' ? [{ x: interval.offsetSec, value }] : [];
        }),
      }));
      const drawn = runs.filter((line) => line.points.length > 0);
      if (drawn.length === 0 || drawn.every((line) => line.points.every((point) => point.value === 0))) continue;
      series.push({
        key: keys.make(`sysbench-${slug(test)}-interval-${slug(name)}-${slug(figure.field)}`),
        title: `${name} · ${figure.title} over time${hasRepeats ? ' (the first of its repeats)' : ''}`,
        xLabel: 'seconds',
        unit: figure.unit,
        betterIs: figure.betterIs,
        runs: drawn,
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
