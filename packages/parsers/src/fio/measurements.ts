import type { Measurement, MeasurementUnit } from '../measurement.ts';
import {
  DIRECTIONS,
  type Direction,
  type DirectionStats,
  type DiskStats,
  type FioGroup,
  type FioJob,
  type FioResult,
  type LatencyStats,
} from './schema.ts';

/**
 * The tidy view of a fio result (DESIGN.md "Measurements"):
 *
 *   per job and direction   <dir>.iops (op/s), <dir>.bw (B/s), <dir>.io (B), <dir>.runtime (s),
 *                           <dir>.{slat,clat,lat}.{min,max,mean,stddev} (ns),
 *                           <dir>.clat.p<N> (ns; <dir>.lat.p<N> with lat_percentiles),
 *                           <dir>.bw.{min,max,mean,stddev} (B/s), <dir>.iops.{min,max,mean,stddev}
 *                           (op/s): fio's periodic samples (bwavgtime, 500 ms by default), with
 *                           <dir>.{bw,iops}.samples (count) and <dir>.bw.per (%, `per=`/`bw_agg`)
 *   per job                 cpu.usr, cpu.sys (%), cpu.ctx (count),
 *                           sync.lat.{min,max,mean,stddev,p<N>} (ns)
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

const DIRECTION_NAMES: Record<Direction, DirectionNames> = {
  read: directionNames('read'),
  write: directionNames('write'),
  trim: directionNames('trim'),
};
const GROUP_NAMES: Record<Direction, GroupNames> = {
  read: groupNames('read'),
  write: groupNames('write'),
  trim: groupNames('trim'),
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
  if (job.read !== null && didIo(job.read)) directionMeasurements(DIRECTION_NAMES.read, job.read, labels, out);
  if (job.write !== null && didIo(job.write)) directionMeasurements(DIRECTION_NAMES.write, job.write, labels, out);
  if (job.trim !== null && didIo(job.trim)) directionMeasurements(DIRECTION_NAMES.trim, job.trim, labels, out);
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

function groupMeasurements(group: FioGroup, runLabels: Record<string, string>, out: Measurement[]): void {
  const labels = { ...runLabels, group: String(group.groupId) };
  for (const direction of DIRECTIONS) {
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
