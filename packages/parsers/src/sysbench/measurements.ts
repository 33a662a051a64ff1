import type { Measurement, MeasurementUnit } from '../measurement.ts';
import type { SysbenchInterval, SysbenchRun } from './schema.ts';

/**
 * The tidy view of a sysbench result. Labels: `test`, `mode` (fileio test mode, memory
 * operation), `threads`, `command` for a `prepare` or `cleanup` run (none for a `run`, or where
 * the output does not say), and `sample` (0-based) for --report-interval lines, each of which
 * also gives `elapsed`, the seconds since the start of the run ("[ 2s ]"). Several runs of the
 * same test at different thread counts (a `cat` of runs at --threads=1..64) give one series per
 * test and mode, with `threads` telling the points apart; repeated runs with the same labels are
 * repeated samples of the same point.
 */
export function _sysbenchMeasurements(runs: readonly SysbenchRun[]): Measurement[] {
  const measurements: Measurement[] = [];
  for (const run of runs) addRun(measurements, run);
  return measurements;
}

function runLabels(run: SysbenchRun): Record<string, string> {
  const labels: Record<string, string> = {};
  if (run.test !== null) labels.test = run.test;
  if (run.mode !== null) labels.mode = run.mode;
  const threads = run.parameters.threads;
  if (threads !== null) labels.threads = String(threads);
  // Only what is not a benchmark run is labelled, so that a run's series keep their labels.
  if (run.command === 'prepare' || run.command === 'cleanup') labels.command = run.command;
  return labels;
}

/** Adds one measurement, unless its value is missing; `extra` replaces the run's labels. */
type Add = (
  metric: string,
  unit: MeasurementUnit,
  value: number | null | undefined,
  extra?: Record<string, string>,
) => void;

function addRun(out: Measurement[], run: SysbenchRun): void {
  const labels = runLabels(run);
  const add: Add = (metric, unit, value, extra = labels) => {
    if (value === null || value === undefined || !Number.isFinite(value)) return;
    out.push({ tool: 'sysbench', metric, unit, value, labels: extra });
  };
  addTotals(add, run);
  if (run.sql !== null) addSql(add, run.sql);
  addLatency(add, run);
  // Histogram buckets: one count per bucket, the bucket's value (ns) as a label.
  for (const bucket of run.histogram) {
    add('latency.histogram', 'count', bucket.count, { ...labels, bucket_ns: String(bucket.valueNs) });
  }
  run.intervals.forEach((interval, index) => {
    addInterval(add, labels, interval, index);
  });
  addCumulative(add, run);
}

/** The general statistics, and memory's and fileio's rates and totals. */
function addTotals(add: Add, run: SysbenchRun): void {
  const general = run.general;
  add('events', 'op/s', general.eventsPerSec);
  add('events.total', 'count', general.eventsTotal);
  add('time.total', 's', general.totalTimeNs === null ? null : general.totalTimeNs / 1e9);

  const memory = run.memory;
  if (memory !== null) {
    add('transfer', 'B/s', memory.transferBytesPerSec);
    add('transfer.total', 'B', memory.transferredBytes);
    add('operations', 'op/s', memory.operationsPerSec);
    add('operations.total', 'count', memory.operations);
  }

  const fileio = run.fileio;
  if (fileio !== null) {
    add('read', 'op/s', fileio.readsPerSec);
    add('write', 'op/s', fileio.writesPerSec);
    add('fsync', 'op/s', fileio.fsyncsPerSec);
    add('read.bw', 'B/s', fileio.readBytesPerSec);
    add('write.bw', 'B/s', fileio.writtenBytesPerSec);
    // 0.4: counts over the run, the total rate and "Requests/sec executed".
    add('read.total', 'count', fileio.reads);
    add('write.total', 'count', fileio.writes);
    add('other.total', 'count', fileio.other);
    add('read.bytes', 'B', fileio.readBytes);
    add('write.bytes', 'B', fileio.writtenBytes);
    add('transfer.bw', 'B/s', fileio.transferBytesPerSec);
    add('requests', 'op/s', fileio.requestsPerSec);
  }
}

/** The SQL statistics of an OLTP run. */
function addSql(add: Add, sql: NonNullable<SysbenchRun['sql']>): void {
  add('tps', 'op/s', sql.transactions?.perSec);
  add('qps', 'op/s', sql.queries?.perSec);
  add('transactions', 'count', sql.transactions?.count);
  add('queries', 'count', sql.queries?.count);
  add('queries.read', 'count', sql.reads);
  add('queries.write', 'count', sql.writes);
  add('queries.other', 'count', sql.other);
  add('errors', 'op/s', sql.ignoredErrors?.perSec);
  add('reconnects', 'op/s', sql.reconnects?.perSec);
  add('deadlocks', 'op/s', sql.deadlocks?.perSec);
  add('rw_requests', 'op/s', sql.readWriteRequests?.perSec);
}

/** The latency statistics, threads fairness, and what a fileio prepare wrote. */
function addLatency(add: Add, run: SysbenchRun): void {
  const latency = run.latency;
  if (latency !== null) {
    add('latency.min', 'ns', latency.minNs);
    add('latency.avg', 'ns', latency.avgNs);
    add('latency.max', 'ns', latency.maxNs);
    for (const p of latency.percentiles) add(`latency.p${p.name}`, 'ns', p.valueNs);
    add('latency.sum', 'ns', latency.sumNs);
  }

  const fairness = run.fairness;
  if (fairness !== null) {
    add('fairness.events.avg', 'count', fairness.eventsAvg);
    add('fairness.events.stddev', 'count', fairness.eventsStddev);
    add('fairness.time.avg', 's', fairness.executionTimeAvgNs / 1e9);
    add('fairness.time.stddev', 's', fairness.executionTimeStddevNs / 1e9);
  }

  if (run.prepare !== null) {
    add('prepare.write.bw', 'B/s', run.prepare.writeBytesPerSec);
    add('prepare.write.bytes', 'B', run.prepare.writtenBytes);
  }
}

/** sysbench.report_json's cumulative report: rates over the run, no sample label. */
function addCumulative(add: Add, run: SysbenchRun): void {
  const cumulative = run.cumulative;
  if (cumulative !== null) {
    add('tps', 'op/s', cumulative.tps);
    add('qps', 'op/s', cumulative.qps);
    add('qps.read', 'op/s', cumulative.readsPerSec);
    add('qps.write', 'op/s', cumulative.writesPerSec);
    add('qps.other', 'op/s', cumulative.otherPerSec);
    add('latency.percentile', 'ns', cumulative.latencyNs);
    add('errors', 'op/s', cumulative.errorsPerSec);
    add('reconnects', 'op/s', cumulative.reconnectsPerSec);
  }
}

function addInterval(
  add: (metric: string, unit: MeasurementUnit, value: number | null, labels: Record<string, string>) => void,
  runLabels: Record<string, string>,
  interval: SysbenchInterval,
  index: number,
): void {
  // The interval line's own thread count wins: it is the number running at that moment.
  const labels: Record<string, string> = { ...runLabels, sample: String(index) };
  if (interval.threads !== null) labels.threads = String(interval.threads);
  add('elapsed', 's', interval.offsetSec, labels);
  add('events', 'op/s', interval.eventsPerSec, labels);
  add('tps', 'op/s', interval.tps, labels);
  add('qps', 'op/s', interval.qps, labels);
  add('qps.read', 'op/s', interval.readsPerSec, labels);
  add('qps.write', 'op/s', interval.writesPerSec, labels);
  add('qps.other', 'op/s', interval.otherPerSec, labels);
  // sysbench.report_json prints the latency at --percentile without naming the percentile.
  if (interval.latencyPercent !== null) add(`latency.p${interval.latencyPercent}`, 'ns', interval.latencyNs, labels);
  else add('latency.percentile', 'ns', interval.latencyNs, labels);
  add('errors', 'op/s', interval.errorsPerSec, labels);
  add('reconnects', 'op/s', interval.reconnectsPerSec, labels);
  add('read.bw', 'B/s', interval.readBytesPerSec, labels);
  add('write.bw', 'B/s', interval.writtenBytesPerSec, labels);
  add('fsync', 'op/s', interval.fsyncsPerSec, labels);
  add('transfer', 'B/s', interval.transferBytesPerSec, labels);
  add('queue', 'count', interval.queueLength, labels);
  add('concurrency', 'count', interval.concurrency, labels);
}
