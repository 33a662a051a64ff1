import type { Measurement, MeasurementUnit } from '../measurement.ts';
import {
  type DirectionStats,
  type DiskStats,
  type FioGroup,
  type FioJob,
  type FioResult,
  type FioRun,
  type FioStatusReport,
  type LatencyStats,
  REPORT_DIRECTIONS,
  type ReportDirection,
} from './schema.ts';
import { _intervalOf } from './status-reports.ts';

/**
 * The tidy view of a fio result (DESIGN.md "Measurements"):
 *
 *   per job and direction   (<dir>: read, write, trim, and mixed with unified_rw_reporting)
 *                           <dir>.iops (op/s), <dir>.bw (B/s), <dir>.io (B), <dir>.runtime (s),
 *                           <dir>.{slat,clat,lat}.{min,max,mean,stddev} (ns),
 *                           <dir>.clat.p<N> (ns; <dir>.lat.p<N> with lat_percentiles),
 *                           <dir>.bw.{min,max,mean,stddev} (B/s), <dir>.iops.{min,max,mean,stddev}
 *                           (op/s): fio's periodic samples (bwavgtime, 500 ms by default), with
 *                           <dir>.{bw,iops}.samples (count) and <dir>.bw.per (%, `per=`/`bw_agg`),
 *                           <dir>.clat.prio.{min,max,mean,stddev,p<N>} (ns; `lat.prio` when fio
 *                           reported lat), labelled `prio` ("1/0" class/level, "1/0/0" with the
 *                           hint of fio >= 3.36, or "high"/"low")
 *   per job                 cpu.usr, cpu.sys (%), cpu.ctx (count),
 *                           sync.lat.{min,max,mean,stddev,p<N>} (ns),
 *                           steadystate.{iops.mean (op/s), bw.mean (B/s), lat.mean (ns), criterion
 *                           (% when the limit is a percentage)}, steadystate.iops (op/s),
 *                           steadystate.bw (B/s) and steadystate.lat (ns) per window second,
 *                           labelled `sample`
 *   --status-interval       cumulative.<dir>.{io (B), ios (count), runtime (s), bw (B/s),
 *                           iops (op/s)}: each report's values, since the start;
 *                           interval.<dir>.{io, ios, runtime, bw, iops}: the differences between
 *                           successive reports, bw and iops over the interval's runtime. Both
 *                           labelled `sample` (0-based report; the final report is the last) and
 *                           `time` (ISO 8601, JSON only); the final report alone also gives the
 *                           usual <dir>.* measurements
 *   per group               group.<dir>.{bw,bw.min,bw.max} (B/s), group.<dir>.io (B),
 *                           group.<dir>.runtime.{min,max} (s)
 *   per device              disk.util (%), disk.{read,write}.{ios,merges} (count),
 *                           disk.{read,write}.ticks, disk.in_queue (ns)
 *
 * Labels: `job`, `group`, and the job's `rw`, `bs`, `iodepth` where known; `host` in
 * client/server output; `error` (the code) for a job fio reported failed; `run` (0-based)
 * when the input holds several runs; `device` for disks.
 *
 * A direction that did no I/O (the write side of a read job) gives no measurements, nor does
 * a latency fio did not sample (slat of a sync engine: `N` 0, or all zero in terse).
 */
export function fioMeasurements(result: FioResult): Measurement[] {
  const out: Measurement[] = [];
  const hasSeveralRuns = result.runs.length > 1;
  result.runs.forEach((run, runIndex) => {
    const runLabels: Record<string, string> = hasSeveralRuns ? { run: String(runIndex) } : {};
    for (const job of run.jobs) jobMeasurements(job, runLabels, out);
    for (const group of run.groups) groupMeasurements(group, runLabels, out);
    for (const disk of run.disks) diskMeasurements(disk, runLabels, out);
    if (run.statusReports.length > 0) statusMeasurements(run, runLabels, out);
  });
  return out;
}

/**
 * Metric names, joined once at load time and reused: a large input gives millions of
 * measurements, and looking a name up per measurement (or joining it) cost more than
 * building the measurement itself.
 */
interface LatencyNames {
  prefix: string;
  min: string;
  max: string;
  mean: string;
  stddev: string;
  /** Percentile key ("99.90") to metric name ("read.clat.p99.9"), filled as keys are seen. */
  percentiles: Map<string, string>;
}

interface DirectionNames {
  iops: string;
  bw: string;
  io: string;
  runtime: string;
  slat: LatencyNames;
  clat: LatencyNames;
  lat: LatencyNames;
  bwMin: string;
  bwMax: string;
  bwMean: string;
  bwStddev: string;
  iopsMin: string;
  iopsMax: string;
  iopsMean: string;
  iopsStddev: string;
  bwSamples: string;
  bwPer: string;
  iopsSamples: string;
}

interface GroupNames {
  bw: string;
  bwMin: string;
  bwMax: string;
  io: string;
  runtimeMin: string;
  runtimeMax: string;
}

function latencyNames(prefix: string): LatencyNames {
  return {
    prefix,
    min: `${prefix}.min`,
    max: `${prefix}.max`,
    mean: `${prefix}.mean`,
    stddev: `${prefix}.stddev`,
    percentiles: new Map(),
  };
}

function directionNames(direction: string): DirectionNames {
  return {
    iops: `${direction}.iops`,
    bw: `${direction}.bw`,
    io: `${direction}.io`,
    runtime: `${direction}.runtime`,
    slat: latencyNames(`${direction}.slat`),
    clat: latencyNames(`${direction}.clat`),
    lat: latencyNames(`${direction}.lat`),
    bwMin: `${direction}.bw.min`,
    bwMax: `${direction}.bw.max`,
    bwMean: `${direction}.bw.mean`,
    bwStddev: `${direction}.bw.stddev`,
    iopsMin: `${direction}.iops.min`,
    iopsMax: `${direction}.iops.max`,
    iopsMean: `${direction}.iops.mean`,
    iopsStddev: `${direction}.iops.stddev`,
    bwSamples: `${direction}.bw.samples`,
    bwPer: `${direction}.bw.per`,
    iopsSamples: `${direction}.iops.samples`,
  };
}

function groupNames(direction: string): GroupNames {
  const prefix = `group.${direction}`;
  return {
    bw: `${prefix}.bw`,
    bwMin: `${prefix}.bw.min`,
    bwMax: `${prefix}.bw.max`,
    io: `${prefix}.io`,
    runtimeMin: `${prefix}.runtime.min`,
    runtimeMax: `${prefix}.runtime.max`,
  };
}

const DIRECTION_NAMES: Record<ReportDirection, DirectionNames> = {
  read: directionNames('read'),
  write: directionNames('write'),
  trim: directionNames('trim'),
  mixed: directionNames('mixed'),
};
const GROUP_NAMES: Record<ReportDirection, GroupNames> = {
  read: groupNames('read'),
  write: groupNames('write'),
  trim: groupNames('trim'),
  mixed: groupNames('mixed'),
};
/** Per-priority latency names, by direction and by clat/lat. */
const PRIO_NAMES: Record<ReportDirection, { clat: LatencyNames; lat: LatencyNames }> = {
  read: { clat: latencyNames('read.clat.prio'), lat: latencyNames('read.lat.prio') },
  write: { clat: latencyNames('write.clat.prio'), lat: latencyNames('write.lat.prio') },
  trim: { clat: latencyNames('trim.clat.prio'), lat: latencyNames('trim.lat.prio') },
  mixed: { clat: latencyNames('mixed.clat.prio'), lat: latencyNames('mixed.lat.prio') },
};

interface StatusNames {
  io: string;
  ios: string;
  runtime: string;
  bw: string;
  iops: string;
}

function statusNames(prefix: string): StatusNames {
  return {
    io: `${prefix}.io`,
    ios: `${prefix}.ios`,
    runtime: `${prefix}.runtime`,
    bw: `${prefix}.bw`,
    iops: `${prefix}.iops`,
  };
}

const CUMULATIVE_NAMES: Record<ReportDirection, StatusNames> = {
  read: statusNames('cumulative.read'),
  write: statusNames('cumulative.write'),
  trim: statusNames('cumulative.trim'),
  mixed: statusNames('cumulative.mixed'),
};
const INTERVAL_NAMES: Record<ReportDirection, StatusNames> = {
  read: statusNames('interval.read'),
  write: statusNames('interval.write'),
  trim: statusNames('interval.trim'),
  mixed: statusNames('interval.mixed'),
};
const SYNC_LAT_NAMES = latencyNames('sync.lat');
/** Bound on the names kept per latency: a run has a handful of percentiles, a fuzzed input many. */
const MAX_PERCENTILE_NAMES = 256;

/** "99.90" → "<prefix>.p99.9", "50.00" → "<prefix>.p50": the percentile as a plain number. */
function percentileName(names: LatencyNames, key: string): string {
  let name = names.percentiles.get(key);
  if (name === undefined) {
    name = `${names.prefix}.p${Number(key)}`;
    if (names.percentiles.size < MAX_PERCENTILE_NAMES) names.percentiles.set(key, name);
  }
  return name;
}

function push(
  out: Measurement[],
  metric: string,
  unit: MeasurementUnit,
  value: number | null,
  labels: Record<string, string>,
): void {
  if (value === null || !Number.isFinite(value)) return;
  out.push({ tool: 'fio', metric, unit, value, labels });
}

function jobLabels(job: FioJob, runLabels: Record<string, string>): Record<string, string> {
  const labels: Record<string, string> = { ...runLabels, job: job.name };
  if (job.groupId !== null) labels.group = String(job.groupId);
  if (job.hostname !== null) labels.host = job.hostname;
  const { rw, blockSize, iodepth } = job.parameters;
  if (rw !== null) labels.rw = rw;
  if (blockSize !== null) labels.bs = blockSize;
  if (iodepth !== null) labels.iodepth = String(iodepth);
  if (job.error !== null) labels.error = String(job.error.code);
  return labels;
}

function jobMeasurements(job: FioJob, runLabels: Record<string, string>, out: Measurement[]): void {
  const labels = jobLabels(job, runLabels);
  for (const direction of REPORT_DIRECTIONS) {
    const stats = job[direction];
    if (stats === null || !didIo(stats)) continue;
    directionMeasurements(DIRECTION_NAMES[direction], stats, labels, out);
    if (stats.prios !== null) prioMeasurements(direction, stats, labels, out);
  }
  if (job.steadyState !== null) steadyStateMeasurements(job, labels, out);
  if (job.sync?.lat != null && isSampled(job.sync.lat)) latencyMeasurements(SYNC_LAT_NAMES, job.sync.lat, labels, out);
  if (job.cpu !== null) {
    push(out, 'cpu.usr', '%', job.cpu.userPercent, labels);
    push(out, 'cpu.sys', '%', job.cpu.systemPercent, labels);
    push(out, 'cpu.ctx', 'count', job.cpu.contextSwitches, labels);
  }
}

/** fio prints every direction, also those a job never used: those have no I/O at all. */
function didIo(stats: DirectionStats): boolean {
  if (stats.totalIos !== null) return stats.totalIos > 0;
  return (stats.ioBytes ?? 0) > 0 || (stats.iops ?? 0) > 0 || (stats.bandwidthBytesPerSec ?? 0) > 0;
}

function isSampled(stats: LatencyStats): boolean {
  if (stats.samples !== null) return stats.samples > 0;
  return (stats.maxNs ?? 0) > 0 || (stats.meanNs ?? 0) > 0;
}

function directionMeasurements(
  names: DirectionNames,
  stats: DirectionStats,
  labels: Record<string, string>,
  out: Measurement[],
): void {
  push(out, names.iops, 'op/s', stats.iops, labels);
  push(out, names.bw, 'B/s', stats.bandwidthBytesPerSec, labels);
  push(out, names.io, 'B', stats.ioBytes, labels);
  push(out, names.runtime, 's', stats.runtimeMs === null ? null : stats.runtimeMs / 1000, labels);
  if (stats.slat !== null && isSampled(stats.slat)) latencyMeasurements(names.slat, stats.slat, labels, out);
  if (stats.clat !== null && isSampled(stats.clat)) latencyMeasurements(names.clat, stats.clat, labels, out);
  if (stats.lat !== null && isSampled(stats.lat)) latencyMeasurements(names.lat, stats.lat, labels, out);
  const bw = stats.bandwidthSamples;
  if (bw !== null && bw.samples !== 0 && ((bw.maxBytesPerSec ?? 0) > 0 || (bw.samples ?? 0) > 0)) {
    push(out, names.bwMin, 'B/s', bw.minBytesPerSec, labels);
    push(out, names.bwMax, 'B/s', bw.maxBytesPerSec, labels);
    push(out, names.bwMean, 'B/s', bw.meanBytesPerSec, labels);
    push(out, names.bwStddev, 'B/s', bw.stddevBytesPerSec, labels);
    push(out, names.bwSamples, 'count', bw.samples, labels);
    push(out, names.bwPer, '%', bw.percentOfGroup, labels);
  }
  const iops = stats.iopsSamples;
  if (iops !== null && iops.samples !== 0 && ((iops.max ?? 0) > 0 || (iops.samples ?? 0) > 0)) {
    push(out, names.iopsMin, 'op/s', iops.min, labels);
    push(out, names.iopsMax, 'op/s', iops.max, labels);
    push(out, names.iopsMean, 'op/s', iops.mean, labels);
    push(out, names.iopsStddev, 'op/s', iops.stddev, labels);
    push(out, names.iopsSamples, 'count', iops.samples, labels);
  }
}

function latencyMeasurements(
  names: LatencyNames,
  stats: LatencyStats,
  labels: Record<string, string>,
  out: Measurement[],
): void {
  push(out, names.min, 'ns', stats.minNs, labels);
  push(out, names.max, 'ns', stats.maxNs, labels);
  push(out, names.mean, 'ns', stats.meanNs, labels);
  push(out, names.stddev, 'ns', stats.stddevNs, labels);
  const percentiles = stats.percentilesNs;
  if (percentiles === null) return;
  for (const key in percentiles) push(out, percentileName(names, key), 'ns', percentiles[key] ?? null, labels);
}

function prioMeasurements(
  direction: ReportDirection,
  stats: DirectionStats,
  labels: Record<string, string>,
  out: Measurement[],
): void {
  for (const entry of stats.prios ?? []) {
    if (!isSampled(entry.lat)) continue;
    // As fio prints it: "1/0" (class/level), "1/0/0" with the hint of fio >= 3.36, "high"/"low".
    const hint = entry.prioHint === null ? '' : `/${entry.prioHint}`;
    const prio = entry.highOrLow ?? `${entry.prioClass}/${entry.prioLevel}${hint}`;
    const names = PRIO_NAMES[direction][entry.isTotalLatency ? 'lat' : 'clat'];
    latencyMeasurements(names, entry.lat, { ...labels, prio }, out);
  }
}

function steadyStateMeasurements(job: FioJob, labels: Record<string, string>, out: Measurement[]): void {
  const ss = job.steadyState;
  if (ss === null) return;
  push(out, 'steadystate.iops.mean', 'op/s', ss.iopsMean, labels);
  push(out, 'steadystate.bw.mean', 'B/s', ss.bwMeanBytesPerSec, labels);
  push(out, 'steadystate.lat.mean', 'ns', ss.latMeanNs, labels);
  // A criterion that is not a percentage is in IOPS or B/s, or a slope of them: only the
  // percentage has a unit of its own here.
  if (ss.isPercent) push(out, 'steadystate.criterion', '%', ss.criterion, labels);
  (ss.iops ?? []).forEach((value, sample) => {
    push(out, 'steadystate.iops', 'op/s', value, { ...labels, sample: String(sample) });
  });
  (ss.bwBytesPerSec ?? []).forEach((value, sample) => {
    push(out, 'steadystate.bw', 'B/s', value, { ...labels, sample: String(sample) });
  });
  (ss.latNs ?? []).forEach((value, sample) => {
    push(out, 'steadystate.lat', 'ns', value, { ...labels, sample: String(sample) });
  });
}

/**
 * The cumulative and per-interval series of each job's directions over the status reports and
 * the final report, a report at a time (as a stream hands them out: fio/stream.ts).
 */
function statusMeasurements(run: FioRun, runLabels: Record<string, string>, out: Measurement[]): void {
  const previous: _SeriesMemory = [];
  run.statusReports.forEach((report, sample) => {
    _statusReportMeasurements(report, sample, previous, runLabels, out);
    _rememberReport(report, previous);
  });
  _statusReportMeasurements(run, run.statusReports.length, previous, runLabels, out);
}

/** Keeps the stats of each job's directions the report printed, for the next report's intervals. */
export function _rememberReport(report: Pick<FioStatusReport, 'jobs'>, memory: _SeriesMemory): void {
  report.jobs.forEach((job, jobIndex) => {
    const remembered = memory[jobIndex] ?? {};
    memory[jobIndex] = remembered;
    for (const direction of REPORT_DIRECTIONS) {
      const now = job[direction];
      if (now !== null) remembered[direction] = now;
    }
  });
}

/** Per job (by index) and direction, the stats of the last report that printed them. */
export type _SeriesMemory = Partial<Record<ReportDirection, DirectionStats>>[];

/**
 * One report's step of the series (`sample`: its index in the run, the final report last): per
 * job and direction, its cumulative values and the differences from the last report before it
 * that printed the direction (`previous`, see _rememberReport; from zero for the first). Labelled by the
 * report's own job. A direction gives no step before its first I/O (fio prints every direction,
 * also those a job never uses); cumulative counters never fall, so once it has, every later
 * report gives one: a stream knows this from the report itself.
 */
export function _statusReportMeasurements(
  report: Pick<FioStatusReport, 'jobs' | 'timestamp' | 'timestampMs'>,
  sample: number,
  previous: _SeriesMemory,
  runLabels: Record<string, string>,
  out: Measurement[],
): void {
  const timestampMs = report.timestampMs ?? (report.timestamp === null ? null : report.timestamp * 1000);
  report.jobs.forEach((job, jobIndex) => {
    let labels: Record<string, string> | null = null;
    for (const direction of REPORT_DIRECTIONS) {
      const now = job[direction];
      if (now === null || !didIo(now)) continue;
      const before = previous[jobIndex]?.[direction] ?? null;
      if (labels === null) {
        labels = { ...jobLabels(job, runLabels), sample: String(sample) };
        if (timestampMs !== null) labels.time = new Date(timestampMs).toISOString();
      }
      stepMeasurements(direction, now, before, labels, out);
    }
  });
}

function stepMeasurements(
  direction: ReportDirection,
  now: DirectionStats,
  before: DirectionStats | null,
  labels: Record<string, string>,
  out: Measurement[],
): void {
  const cumulative = CUMULATIVE_NAMES[direction];
  const interval = INTERVAL_NAMES[direction];
  push(out, cumulative.io, 'B', now.ioBytes, labels);
  push(out, cumulative.ios, 'count', now.totalIos, labels);
  push(out, cumulative.runtime, 's', seconds(now.runtimeMs), labels);
  push(out, cumulative.bw, 'B/s', now.bandwidthBytesPerSec, labels);
  push(out, cumulative.iops, 'op/s', now.iops, labels);
  const delta = _intervalOf(now, before);
  push(out, interval.io, 'B', delta.ioBytes, labels);
  push(out, interval.ios, 'count', delta.totalIos, labels);
  push(out, interval.runtime, 's', seconds(delta.runtimeMs), labels);
  push(out, interval.bw, 'B/s', delta.bandwidthBytesPerSec, labels);
  push(out, interval.iops, 'op/s', delta.iops, labels);
}

function groupMeasurements(group: FioGroup, runLabels: Record<string, string>, out: Measurement[]): void {
  const labels = { ...runLabels, group: String(group.groupId) };
  for (const direction of REPORT_DIRECTIONS) {
    const stats = group[direction];
    if (stats === null) continue;
    const names = GROUP_NAMES[direction];
    push(out, names.bw, 'B/s', stats.bandwidthBytesPerSec, labels);
    push(out, names.bwMin, 'B/s', stats.minBandwidthBytesPerSec, labels);
    push(out, names.bwMax, 'B/s', stats.maxBandwidthBytesPerSec, labels);
    push(out, names.io, 'B', stats.ioBytes, labels);
    push(out, names.runtimeMin, 's', seconds(stats.minRuntimeMs), labels);
    push(out, names.runtimeMax, 's', seconds(stats.maxRuntimeMs), labels);
  }
}

function seconds(ms: number | null): number | null {
  return ms === null ? null : ms / 1000;
}

function ns(ms: number | null): number | null {
  return ms === null ? null : ms * 1e6;
}

function diskMeasurements(disk: DiskStats, runLabels: Record<string, string>, out: Measurement[]): void {
  const labels: Record<string, string> = { ...runLabels, device: disk.name };
  if (disk.hostname !== null) labels.host = disk.hostname;
  push(out, 'disk.util', '%', disk.utilPercent, labels);
  push(out, 'disk.read.ios', 'count', disk.readIos, labels);
  push(out, 'disk.write.ios', 'count', disk.writeIos, labels);
  push(out, 'disk.read.merges', 'count', disk.readMerges, labels);
  push(out, 'disk.write.merges', 'count', disk.writeMerges, labels);
  push(out, 'disk.read.ticks', 'ns', ns(disk.readTicksMs), labels);
  push(out, 'disk.write.ticks', 'ns', ns(disk.writeTicksMs), labels);
  push(out, 'disk.in_queue', 'ns', ns(disk.inQueueMs), labels);
  push(out, 'disk.read.sectors', 'count', disk.readSectors, labels);
  push(out, 'disk.write.sectors', 'count', disk.writeSectors, labels);
}
