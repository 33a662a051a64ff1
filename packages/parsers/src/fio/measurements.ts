import type { Measurement, MeasurementUnit } from '../measurement.ts';
import {
  DIRECTIONS,
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
 * Metric names are joined once and reused: a large input gives millions of measurements that
 * would otherwise each hold a string of their own.
 */
const METRIC_NAMES = new Map<string, Map<string, string>>();

function metricName(prefix: string, suffix: string): string {
  let names = METRIC_NAMES.get(prefix);
  if (names === undefined) {
    names = new Map();
    METRIC_NAMES.set(prefix, names);
  }
  let name = names.get(suffix);
  if (name === undefined) {
    name = `${prefix}.${suffix}`;
    if (names.size < 256) names.set(suffix, name);
  }
  return name;
}

const PERCENTILE_SUFFIXES = new Map<string, string>();

/** "99.90" → "p99.9", "50.00" → "p50": the percentile as a plain number. */
function percentileSuffix(key: string): string {
  let suffix = PERCENTILE_SUFFIXES.get(key);
  if (suffix === undefined) {
    suffix = `p${Number(key)}`;
    if (PERCENTILE_SUFFIXES.size < 1000) PERCENTILE_SUFFIXES.set(key, suffix);
  }
  return suffix;
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
  for (const direction of DIRECTIONS) {
    const stats = job[direction];
    if (stats === null || !didIo(stats)) continue;
    directionMeasurements(direction, stats, labels, out);
  }
  if (job.sync?.lat != null && isSampled(job.sync.lat)) latencyMeasurements('sync.lat', job.sync.lat, labels, out);
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
  direction: string,
  stats: DirectionStats,
  labels: Record<string, string>,
  out: Measurement[],
): void {
  push(out, metricName(direction, 'iops'), 'op/s', stats.iops, labels);
  push(out, metricName(direction, 'bw'), 'B/s', stats.bandwidthBytesPerSec, labels);
  push(out, metricName(direction, 'io'), 'B', stats.ioBytes, labels);
  push(out, metricName(direction, 'runtime'), 's', stats.runtimeMs === null ? null : stats.runtimeMs / 1000, labels);
  for (const which of ['slat', 'clat', 'lat'] as const) {
    const latency = stats[which];
    if (latency !== null && isSampled(latency)) latencyMeasurements(metricName(direction, which), latency, labels, out);
  }
  const bw = stats.bandwidthSamples;
  if (bw !== null && bw.samples !== 0 && ((bw.maxBytesPerSec ?? 0) > 0 || (bw.samples ?? 0) > 0)) {
    push(out, metricName(direction, 'bw.min'), 'B/s', bw.minBytesPerSec, labels);
    push(out, metricName(direction, 'bw.max'), 'B/s', bw.maxBytesPerSec, labels);
    push(out, metricName(direction, 'bw.mean'), 'B/s', bw.meanBytesPerSec, labels);
    push(out, metricName(direction, 'bw.stddev'), 'B/s', bw.stddevBytesPerSec, labels);
  }
  const iops = stats.iopsSamples;
  if (iops !== null && iops.samples !== 0 && ((iops.max ?? 0) > 0 || (iops.samples ?? 0) > 0)) {
    push(out, metricName(direction, 'iops.min'), 'op/s', iops.min, labels);
    push(out, metricName(direction, 'iops.max'), 'op/s', iops.max, labels);
    push(out, metricName(direction, 'iops.mean'), 'op/s', iops.mean, labels);
    push(out, metricName(direction, 'iops.stddev'), 'op/s', iops.stddev, labels);
  }
}

function latencyMeasurements(
  prefix: string,
  stats: LatencyStats,
  labels: Record<string, string>,
  out: Measurement[],
): void {
  push(out, metricName(prefix, 'min'), 'ns', stats.minNs, labels);
  push(out, metricName(prefix, 'max'), 'ns', stats.maxNs, labels);
  push(out, metricName(prefix, 'mean'), 'ns', stats.meanNs, labels);
  push(out, metricName(prefix, 'stddev'), 'ns', stats.stddevNs, labels);
  if (stats.percentilesNs === null) return;
  for (const key in stats.percentilesNs) {
    push(out, metricName(prefix, percentileSuffix(key)), 'ns', stats.percentilesNs[key] ?? null, labels);
  }
}

function groupMeasurements(group: FioGroup, runLabels: Record<string, string>, out: Measurement[]): void {
  const labels = { ...runLabels, group: String(group.groupId) };
  for (const direction of DIRECTIONS) {
    const stats = group[direction];
    if (stats === null) continue;
    const prefix = metricName('group', direction);
    const seconds = (ms: number | null) => (ms === null ? null : ms / 1000);
    push(out, metricName(prefix, 'bw'), 'B/s', stats.bandwidthBytesPerSec, labels);
    push(out, metricName(prefix, 'bw.min'), 'B/s', stats.minBandwidthBytesPerSec, labels);
    push(out, metricName(prefix, 'bw.max'), 'B/s', stats.maxBandwidthBytesPerSec, labels);
    push(out, metricName(prefix, 'io'), 'B', stats.ioBytes, labels);
    push(out, metricName(prefix, 'runtime.min'), 's', seconds(stats.minRuntimeMs), labels);
    push(out, metricName(prefix, 'runtime.max'), 's', seconds(stats.maxRuntimeMs), labels);
  }
}

function diskMeasurements(disk: DiskStats, runLabels: Record<string, string>, out: Measurement[]): void {
  const labels: Record<string, string> = { ...runLabels, device: disk.name };
  if (disk.hostname !== null) labels.host = disk.hostname;
  const ns = (ms: number | null) => (ms === null ? null : ms * 1e6);
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
