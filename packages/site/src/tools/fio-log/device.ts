// The device beside a fio log figure: for each run whose fio logs and iostat log share one clock
// (tools/fio-log/clock.ts), the device's own figure over the job's seconds, read from that run's
// iostat reports, as a companion line of the figure.

import type { LoadedRun } from '@benchfolio/parsers/node';
import type { SweepCompanion } from '../../view/model.ts';
import {
  busiestDevice,
  clockOf,
  deviceMetricOf,
  devicePoints,
  type IostatClock,
  iostatClockOf,
  iostatClocks,
  type JobClock,
  jobClocks,
  jobReports,
  nextJobStartMs,
  type UnalignedReason,
} from './clock.ts';

/** What a run has to place its fio logs on iostat's clock. */
export interface RunClocks {
  jobs: Map<string, JobClock>;
  iostat: IostatClock[] | Exclude<UnalignedReason, 'relative-fio' | 'outside'>;
  /** The devices run.yaml says the benchmark ran on, first the likeliest (see namedDevices). */
  devices: string[];
}

export function runClocks(run: LoadedRun): RunClocks {
  return { jobs: jobClocks(run), iostat: iostatClocks(run), devices: namedDevices(run) };
}

/**
 * The block devices run.yaml names, as iostat names them: first the filesystem's own (the
 * `/dev/...` of its mkfs command: the loop device of a loopback run, an LV, an md array), then
 * the disks' (`system.disks[].device`), which is the physical disk under those layers.
 */
export function namedDevices(run: LoadedRun): string[] {
  const system = run.run.system;
  const mkfsDevice = /(?:^|\s)\/dev\/(\S+)/.exec(system?.filesystem?.mkfs ?? '')?.[1];
  const disks = (system?.disks ?? []).flatMap((disk) => (disk.device === undefined ? [] : [disk.device]));
  return [...new Set([...(mkfsDevice === undefined ? [] : [mkfsDevice]), ...disks])];
}

/** A figure's device line for one run, or why it has none (undefined: the figure has no device counterpart). */
export type DeviceLine = { companion: SweepCompanion } | { reason: UnalignedReason } | undefined;

/**
 * The device line of a run beside a job's figure (`metric` and `direction` as fio-log-sections
 * names them), over the repeats drawn: one point per iostat report after the job's start, the
 * k-th reports of the repeats averaged (x and value), as the run's fio line averages its repeats
 * window by window. The device: the first run.yaml names that iostat reported (the filesystem's,
 * then the disks'), else the busiest in the job's seconds over those repeats (busiestDevice: /try
 * has no run.yaml).
 */
export function deviceLine(
  run: string,
  clocks: RunClocks,
  job: string,
  repeats: readonly number[],
  metric: string,
  direction: string,
): DeviceLine {
  const deviceMetric = deviceMetricOf(metric, direction);
  if (deviceMetric === undefined) return undefined;
  const jobs = repeats.map((repeat) => clockOf(clocks.jobs, job, repeat));
  if (jobs.length === 0 || jobs.some((clock) => clock === undefined)) return { reason: 'relative-fio' };
  if (typeof clocks.iostat === 'string') return { reason: clocks.iostat };
  const windows: Array<{ clock: JobClock; reports: IostatClock['reports'] }> = [];
  for (const clock of jobs as JobClock[]) {
    const iostat = iostatClockOf(clocks.iostat, clock);
    if (iostat === undefined) return { reason: 'outside' };
    windows.push({ clock, reports: jobReports(iostat, clock, nextJobStartMs(clocks.jobs, clock)) });
  }
  const reports = windows.flatMap((window) => window.reports);
  const device = clocks.devices.find((name) => hasDevice(reports, name)) ?? busiestDevice(reports);
  if (device === undefined) return undefined;
  const perRepeat = windows.map(({ clock, reports }) => devicePoints(reports, clock, device, deviceMetric));
  const length = Math.max(0, ...perRepeat.map((points) => points.length));
  const points: SweepCompanion['points'] = [];
  for (let k = 0; k < length; k++) {
    const at = perRepeat.flatMap((points) => (points[k] === undefined ? [] : [points[k]]));
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    points.push({
      x: Math.round(mean(at.map((point) => point?.x as number)) * 1000) / 1000,
      value: mean(at.map((point) => point?.value as number)),
    });
  }
  return { companion: { run, label: `device (iostat, ${device})`, device, metric: deviceMetric, points } };
}

/** Whether iostat reported the device in any of the reports. */
function hasDevice(reports: IostatClock['reports'], device: string): boolean {
  return reports.some(({ report }) => report.devices.some((row) => !row.isGroup && row.device === device));
}

/** Why a run's lines are not on iostat's clock, for the section's notes. */
export const UNALIGNED_WORDS: Readonly<Record<UnalignedReason, string>> = {
  'relative-fio':
    'the fio logs count from each job’s start (written without log_unix_epoch=1), and fio 3.33 gives no wall-clock start of a job (its JSON has no job_start, which came with fio 3.36)',
  'no-iostat': 'no iostat log',
  'iostat-no-times': 'the iostat log has no report times (iostat without -t)',
  'iostat-no-offset':
    'the iostat report times have no UTC offset (iostat -t without S_TIME_FORMAT=ISO prints the machine’s local time, which the log does not name)',
  outside: 'the iostat log did not run during the job',
};
