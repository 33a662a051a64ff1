import type { Measurement } from '../measurement.ts';
import type { Unit } from '../units.ts';
import type { SadfCpu, SadfDisk, SadfHostData, SadfIo, SadfResult } from './schema.ts';

/**
 * Metric names, iostat's where the quantity is iostat's (`tps`, `read.bw`, `areq-sz`, `aqu-sz`,
 * `await`, `svctm`, `%util`), so that a device's series from sar files and from iostat logs
 * line up; sar's own words elsewhere (`cpu.%user`, `cpu.%usr`, `io.rtps`).
 */
const DISK_METRICS: readonly [keyof Omit<SadfDisk, 'device'>, string, Unit][] = [
  ['tps', 'tps', 'op/s'],
  ['readBytesPerSec', 'read.bw', 'B/s'],
  ['writeBytesPerSec', 'write.bw', 'B/s'],
  ['discardBytesPerSec', 'discard.bw', 'B/s'],
  ['requestSizeBytes', 'areq-sz', 'B'],
  ['queueLength', 'aqu-sz', 'count'],
  ['awaitNs', 'await', 'ns'],
  ['svctmNs', 'svctm', 'ns'],
  ['utilPercent', '%util', '%'],
];

const CPU_METRICS: readonly [keyof Omit<SadfCpu, 'cpu'>, string][] = [
  ['userPercent', 'cpu.%user'],
  ['usrPercent', 'cpu.%usr'],
  ['nicePercent', 'cpu.%nice'],
  ['systemPercent', 'cpu.%system'],
  ['sysPercent', 'cpu.%sys'],
  ['iowaitPercent', 'cpu.%iowait'],
  ['stealPercent', 'cpu.%steal'],
  ['irqPercent', 'cpu.%irq'],
  ['softPercent', 'cpu.%soft'],
  ['guestPercent', 'cpu.%guest'],
  ['gnicePercent', 'cpu.%gnice'],
  ['idlePercent', 'cpu.%idle'],
];

const IO_METRICS: readonly [keyof SadfIo, string, Unit][] = [
  ['tps', 'io.tps', 'op/s'],
  ['readTps', 'io.rtps', 'op/s'],
  ['writeTps', 'io.wtps', 'op/s'],
  ['discardTps', 'io.dtps', 'op/s'],
  ['readBytesPerSec', 'io.read.bw', 'B/s'],
  ['writeBytesPerSec', 'io.write.bw', 'B/s'],
  ['discardBytesPerSec', 'io.discard.bw', 'B/s'],
];

/**
 * The tidy view: per statistics entry, one measurement per device (label `device`), CPU (label
 * `cpu`: `all`, `0`, ...) and io value, each labelled `sample` and, when the entry has a
 * timestamp, `time` (ISO 8601); with several hosts, also `host`. A null field makes none.
 */
export function _sadfMeasurements(result: SadfResult): Measurement[] {
  const measurements: Measurement[] = [];
  const hasSeveralHosts = result.hosts.length > 1;
  for (const data of result.hosts) addHost(measurements, data, hasSeveralHosts);
  return measurements;
}

function addHost(measurements: Measurement[], data: SadfHostData, hasSeveralHosts: boolean): void {
  for (const sample of data.samples) {
    const common: Record<string, string> = {};
    if (hasSeveralHosts) common.host = data.host.host;
    common.sample = String(sample.sample);
    if (sample.timestamp !== null) common.time = sample.timestamp.iso;
    for (const cpu of sample.cpus) {
      const labels = { cpu: cpu.cpu, ...common };
      for (const [field, metric] of CPU_METRICS) push(measurements, metric, '%', cpu[field], labels);
    }
    for (const disk of sample.disks) {
      const labels = { device: disk.device, ...common };
      for (const [field, metric, unit] of DISK_METRICS) push(measurements, metric, unit, disk[field], labels);
    }
    if (sample.io !== null) {
      for (const [field, metric, unit] of IO_METRICS) push(measurements, metric, unit, sample.io[field], common);
    }
  }
}

function push(
  measurements: Measurement[],
  metric: string,
  unit: Unit,
  value: number | null,
  labels: Record<string, string>,
): void {
  if (value !== null) measurements.push({ tool: 'sadf', metric, unit, value, labels });
}
