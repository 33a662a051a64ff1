// fio's latency distributions per job: the one part of a fio section read from the typed result,
// whose latency buckets and percentile lists keep a job's distribution together.

import type { FioJob, FioResult, ParseOutput } from '@benchfolio/parsers';
import type { LoadedRun } from '@benchfolio/parsers/node';
import { slug, UniqueKeys } from '../../sections/keys.ts';
import type { LatencyDistribution, RunRef } from '../../view/model.ts';

type Direction = 'read' | 'write' | 'trim';
type DirectionStats = NonNullable<FioJob['write']>;
type Buckets = LatencyDistribution['runs'][number]['buckets'];

const DIRECTIONS: readonly Direction[] = ['read', 'write', 'trim'];

/** The typed result of a fio output; undefined for another tool's. */
export function fioResultOf(output: ParseOutput): FioResult | undefined {
  // ParseOutput is a union discriminated on `tool`: the check narrows the result.
  return output.tool === 'fio' ? output.result : undefined;
}

/** A job of a fio output that did not fail, with the run (folder) and bar group it belongs to. */
export interface TypedJob {
  run: string;
  group: string;
  job: FioJob;
}

/** Every job fio did not report failed, in output order, grouped as the section's bars are. */
export function typedJobs(
  runs: readonly LoadedRun[],
  groupOf: (job: { job: string; workload: string | undefined }) => string,
): TypedJob[] {
  const jobs: TypedJob[] = [];
  for (const run of runs) {
    for (const output of run.outputs) {
      const workload = output.declared.workload;
      for (const fioRun of fioResultOf(output.parsed)?.runs ?? []) {
        for (const job of fioRun.jobs) {
          if (!job.hasFailed) jobs.push({ run: run.id, group: groupOf({ job: job.name, workload }), job });
        }
      }
    }
  }
  return jobs;
}

/** fio prints every direction, also those a job never used: those have no I/O at all. */
function didIo(stats: DirectionStats | null): stats is DirectionStats {
  if (stats === null) return false;
  if (stats.totalIos !== null) return stats.totalIos > 0;
  return (stats.ioBytes ?? 0) > 0 || (stats.iops ?? 0) > 0 || (stats.bandwidthBytesPerSec ?? 0) > 0;
}

/** The percentiles fio printed for a direction: of clat by default, of lat with lat_percentiles. */
function percentilesOf(
  stats: DirectionStats,
): { kind: 'clat' | 'lat'; percentiles: Record<string, number> } | undefined {
  if (stats.clat?.percentilesNs != null) return { kind: 'clat', percentiles: stats.clat.percentilesNs };
  if (stats.lat?.percentilesNs != null) return { kind: 'lat', percentiles: stats.lat.percentilesNs };
  return undefined;
}

const BUCKET_UNIT_NS = { ns: 1, us: 1e3, ms: 1e6 } as const;

/**
 * fio's latency buckets in ascending order: the key is the bucket's upper bound in its group's
 * unit; `>=2000` (ms) is the open-ended last bucket, given with its lower bound.
 */
function buckets(job: FioJob): Buckets {
  const distribution = job.latencyDistribution;
  if (distribution === null) return [];
  const out: Buckets = [];
  for (const unit of ['ns', 'us', 'ms'] as const) {
    const group = distribution[unit];
    if (group === null) continue;
    for (const [key, percent] of Object.entries(group)) {
      const isAtLeast = key.startsWith('>=');
      const bound = Number(isAtLeast ? key.slice(2) : key);
      if (!Number.isFinite(bound)) continue;
      out.push(
        isAtLeast
          ? { upToNs: bound * BUCKET_UNIT_NS[unit], percent, isAtLeast: true }
          : { upToNs: bound * BUCKET_UNIT_NS[unit], percent },
      );
    }
  }
  return out.sort((a, b) => a.upToNs - b.upToNs || Number(a.isAtLeast ?? false) - Number(b.isAtLeast ?? false));
}

function percentileList(percentiles: Record<string, number> | undefined): Array<{ p: number; ns: number }> {
  if (percentiles === undefined) return [];
  return Object.entries(percentiles)
    .map(([key, ns]) => ({ p: Number(key), ns }))
    .filter((entry) => Number.isFinite(entry.p))
    .sort((a, b) => a.p - b.p);
}

/** A run's first job of a group, and how many jobs of the group it has. */
interface FirstJob {
  run: string;
  job: FioJob;
  count: number;
}

/**
 * One distribution per job and direction that did I/O: the buckets (fio counts them over all
 * directions of a job, so a job with reads and writes gets them in a distribution of their own)
 * and the percentiles. With repeats, or clones of a job printed one by one, the first is shown
 * and the title says so: distributions are not averaged. Groups in `labels`' order.
 */
export function latencyDistributions(
  jobs: readonly TypedJob[],
  runRefs: readonly RunRef[],
  labels: ReadonlyMap<string, string>,
): LatencyDistribution[] {
  const distributions: LatencyDistribution[] = [];
  const keys = new UniqueKeys();
  for (const [group, label] of labels) {
    const first = runRefs.flatMap((ref): FirstJob[] => {
      const [own, ...more] = jobs.filter((job) => job.run === ref.id && job.group === group);
      return own === undefined ? [] : [{ run: ref.id, job: own.job, count: 1 + more.length }];
    });
    const note = first.some((entry) => entry.count > 1) ? ' (the first of its repeats)' : '';
    distributions.push(...groupDistributions(group, { label, note }, first, keys));
  }
  return distributions;
}

/** A group's distributions: per direction, and the buckets of all directions when it has several. */
function groupDistributions(
  group: string,
  { label, note }: { label: string; note: string },
  first: readonly FirstJob[],
  keys: UniqueKeys,
): LatencyDistribution[] {
  const distributions: LatencyDistribution[] = [];
  const directions = DIRECTIONS.filter((direction) => first.some(({ job }) => didIo(job[direction])));
  const shareBuckets = directions.length === 1;
  for (const direction of directions) {
    const kind = first.map(({ job }) => job[direction] && percentilesOf(job[direction])?.kind).find(Boolean) ?? 'clat';
    const runs = first
      .map(({ run, job }) => {
        const stats = job[direction];
        return {
          run,
          buckets: shareBuckets ? buckets(job) : [],
          percentiles: stats === null ? [] : percentileList(percentilesOf(stats)?.percentiles),
        };
      })
      .filter((entry) => entry.buckets.length > 0 || entry.percentiles.length > 0);
    if (runs.length === 0) continue;
    distributions.push({
      key: keys.make(`fio-latency-${slug(group)}-${direction}`),
      title: `${label} · ${direction} ${kind === 'lat' ? 'total' : 'completion'} latency${note}`,
      runs,
    });
  }
  if (!shareBuckets) {
    const runs = first
      .map(({ run, job }) => ({ run, buckets: buckets(job), percentiles: [] }))
      .filter((entry) => entry.buckets.length > 0);
    if (runs.length > 0) {
      distributions.push({
        key: keys.make(`fio-latency-${slug(group)}-all`),
        title: `${label} · completion latency, all directions${note}`,
        runs,
      });
    }
  }
  return distributions;
}
