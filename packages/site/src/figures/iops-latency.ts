// IOPS beside latency: for each fio job, each run's IOPS next to its mean and p99 latency, from
// the section's own metrics (the same cells the bar charts draw). A job that does more I/O per
// second by letting some I/Os wait longer shows it here, where one metric at a time hides it.

import type { BarCell, MetricComparison, RunRef, ToolSection } from '../view/model.ts';

export interface PairedRun {
  run: RunRef;
  iops?: BarCell;
  meanNs?: BarCell;
  p99Ns?: BarCell;
}

export interface PairedJob {
  group: { key: string; label: string };
  runs: PairedRun[];
}

/** One direction's table: its jobs, and the metrics it pairs. */
export interface IopsLatencyPairs {
  key: string;
  /** "Write IOPS beside completion latency". */
  title: string;
  direction: string;
  iops: MetricComparison;
  mean?: MetricComparison;
  p99?: MetricComparison;
  jobs: PairedJob[];
}

const DIRECTIONS = ['read', 'write', 'trim'] as const;

/**
 * The latency a direction is paired with: completion latency where fio printed it (the time the
 * device took, and the one fio gives percentiles of), else total latency.
 */
function latencyOf(
  byMetric: ReadonlyMap<string, MetricComparison>,
  direction: string,
): { kind: 'completion' | 'total'; mean?: MetricComparison; p99?: MetricComparison } | undefined {
  for (const [what, kind] of [
    ['clat', 'completion'],
    ['lat', 'total'],
  ] as const) {
    const mean = byMetric.get(`${direction}.${what}.mean`);
    const p99 = byMetric.get(`${direction}.${what}.p99`);
    if (mean !== undefined || p99 !== undefined) return { kind, mean, p99 };
  }
  return undefined;
}

/**
 * For each direction where the section has both IOPS and a latency, its jobs and runs with the
 * three figures. None for other tools, or where fio measured only one of them.
 */
export function iopsLatencyPairs(section: ToolSection, runOrder: readonly RunRef[]): IopsLatencyPairs[] {
  if (section.tool !== 'fio') return [];
  const byMetric = new Map(section.metrics.map((metric) => [metric.metric, metric]));
  return DIRECTIONS.flatMap((direction) => {
    const iops = byMetric.get(`${direction}.iops`);
    const latency = latencyOf(byMetric, direction);
    if (iops === undefined || latency === undefined) return [];
    const cellOf = (metric: MetricComparison | undefined, group: string, run: string) =>
      metric?.cells.find((cell) => cell.group === group && cell.run === run);
    const jobs = iops.groups.map((group) => ({
      group,
      runs: runOrder
        .map((run) => ({
          run,
          iops: cellOf(iops, group.key, run.id),
          meanNs: cellOf(latency.mean, group.key, run.id),
          p99Ns: cellOf(latency.p99, group.key, run.id),
        }))
        .filter((row) => row.iops !== undefined || row.meanNs !== undefined || row.p99Ns !== undefined),
    }));
    const title = `${direction.charAt(0).toUpperCase()}${direction.slice(1)} IOPS beside ${latency.kind} latency`;
    return [
      {
        key: `${section.key}-${direction}-iops-latency`,
        title,
        direction,
        iops,
        mean: latency.mean,
        p99: latency.p99,
        jobs: jobs.filter((job) => job.runs.length > 0),
      },
    ];
  });
}

/** The largest value of a metric in the pairs: the full length of its bars. */
export function largestValue(metric: MetricComparison | undefined): number {
  return Math.max(0, ...(metric?.cells.map((cell) => cell.value) ?? []));
}
