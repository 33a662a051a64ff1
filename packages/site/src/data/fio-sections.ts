import type { FioJob, FioResult, ParseOutput } from '@benchfolio/parsers';
import type { LoadedRun } from '@benchfolio/parsers/node';
import type { MetricWords } from '../tools/descriptor.ts';
import { TOOL_NAMES } from '../tools/names.ts';
import type { BaseUnit, LatencyDistribution, RunRef, ToolSection } from '../view/model.ts';
import { slug, UniqueKeys } from './keys.ts';
import { measuredUnits } from './measured.ts';
import { ComparisonBuilder, type MetricSpec } from './repeats.ts';

type Direction = 'read' | 'write' | 'trim';
type DirectionStats = NonNullable<FioJob['write']>;
type LatencyStats = NonNullable<DirectionStats['clat']>;

const DIRECTIONS: readonly Direction[] = ['read', 'write', 'trim'];

/** One job of one output: where the section's bars and distributions come from. */
interface JobSample {
  run: string;
  group: string;
  /** run.yaml `workload` of the output. */
  workload: string | undefined;
  /** The output file and the fio run inside it: one repeat. */
  sample: string;
  job: FioJob;
}

/** A group's identity: its job (and workload), and the job parameters that may tell groups apart. */
interface GroupInfo {
  key: string;
  workload: string | undefined;
  job: string;
  parameters: { rw: string | null; bs: string | null; iodepth: string | null };
}

/** The typed result of a fio output; undefined for another tool's. */
export function fioResultOf(output: ParseOutput): FioResult | undefined {
  // ParseOutput is a union discriminated on `tool`: the check narrows the result.
  return output.tool === 'fio' ? output.result : undefined;
}

/**
 * The fio section of an experiment (none without fio outputs): per direction, IOPS, bandwidth,
 * mean completion and total latency (± the stddev fio reports, or min–max over repeats) and the
 * p99 of completion latency where printed, in the order of the headline metrics; groups are the
 * jobs. Latency distributions per job: fio's latency buckets and percentiles, per run.
 */
export function fioSections(runs: readonly LoadedRun[], runRefs: readonly RunRef[], words: MetricWords): ToolSection[] {
  const samples = jobSamples(runs);
  if (samples.length === 0) return [];
  const units = measuredUnits(runs, 'fio');
  const builder = new ComparisonBuilder(runRefs);
  const groups = new Map<string, GroupInfo>();
  for (const { group, workload, job } of samples) {
    builder.group(group, job.name);
    if (!groups.has(group)) groups.set(group, groupInfo(group, workload, job));
  }
  for (const [key, label] of groupLabels([...groups.values()])) builder.relabel(key, label);

  for (const { run, group, sample, job } of samples) {
    for (const direction of DIRECTIONS) {
      const stats = job[direction];
      if (stats === null || !didIo(stats)) continue;
      const add = (what: string, value: number | null, stddev?: number | null) => {
        const metric = `${direction}.${what}`;
        const unit = units.get(metric);
        if (value === null || unit === undefined) return;
        builder.add(spec(metric, unit, words), { run, group, sample, value, stddev: stddev ?? undefined });
      };
      add('iops', stats.iops);
      add('bw', stats.bandwidthBytesPerSec);
      if (stats.clat !== null && isSampled(stats.clat)) add('clat.mean', stats.clat.meanNs, stats.clat.stddevNs);
      if (stats.lat !== null && isSampled(stats.lat)) add('lat.mean', stats.lat.meanNs, stats.lat.stddevNs);
      const p99 = percentileSource(stats);
      if (p99 !== undefined) add(`${p99.kind}.p99`, p99.ns);
    }
  }
  const section: ToolSection = {
    key: 'fio',
    tool: 'fio',
    title: TOOL_NAMES.fio.title,
    origin: 'raw',
    metrics: builder.build(words.headline.map(keyOf)),
  };
  const latency = latencyDistributions(samples, runRefs, groups);
  if (latency.length > 0) section.latency = latency;
  return [section];
}

function keyOf(metric: string): string {
  return `fio-${metric.replace(/\./g, '-')}`;
}

function spec(metric: string, unit: BaseUnit, words: MetricWords): MetricSpec {
  return { key: keyOf(metric), metric, title: words.title(metric), unit, betterIs: words.betterIs(metric) };
}

/**
 * Every job of every fio output, with its run, group and sample. A group is a job name; only a
 * job name used under several workloads is qualified by its workload (`seed · randwrite`), so
 * that the same job in other experiments keeps the same key (the compare page lines runs up by
 * it).
 */
function jobSamples(runs: readonly LoadedRun[]): JobSample[] {
  const found: Array<Omit<JobSample, 'group'>> = [];
  for (const run of runs) {
    for (const output of run.outputs) {
      const result = fioResultOf(output.parsed);
      if (result === undefined) continue;
      const workload = output.declared.workload;
      result.runs.forEach((fioRun, index) => {
        for (const job of fioRun.jobs) {
          if (!job.hasFailed) found.push({ run: run.id, workload, sample: `${output.file}#${index}`, job });
        }
      });
    }
  }
  const workloadsOf = new Map<string, Set<string | undefined>>();
  for (const { workload, job } of found) {
    workloadsOf.set(job.name, (workloadsOf.get(job.name) ?? new Set()).add(workload));
  }
  return found.map((sample) => ({
    ...sample,
    group:
      sample.workload !== undefined && (workloadsOf.get(sample.job.name)?.size ?? 0) > 1
        ? `${sample.workload} · ${sample.job.name}`
        : sample.job.name,
  }));
}

function groupInfo(key: string, workload: string | undefined, job: FioJob): GroupInfo {
  const { rw, blockSize, iodepth } = job.parameters;
  return {
    key,
    workload,
    job: job.name,
    parameters: { rw, bs: blockSize, iodepth: iodepth === null ? null : String(iodepth) },
  };
}

/**
 * Labels: the job name; the workload instead when it names one job and the experiment has
 * several workloads (`matrix-read-4k-qd1`); both when the key needs both. Then the parameters
 * that differ between groups and the name does not spell, "(randwrite, 8k, iodepth 32)".
 */
function groupLabels(groups: readonly GroupInfo[]): Map<string, string> {
  const jobsPerWorkload = new Map<string, Set<string>>();
  for (const group of groups) {
    if (group.workload === undefined) continue;
    jobsPerWorkload.set(group.workload, (jobsPerWorkload.get(group.workload) ?? new Set()).add(group.job));
  }
  const hasSeveralWorkloads = jobsPerWorkload.size > 1;
  const differs = (pick: (group: GroupInfo) => string | null) => new Set(groups.map(pick)).size > 1;
  const shown = {
    rw: differs((group) => group.parameters.rw),
    bs: differs((group) => group.parameters.bs),
    iodepth: differs((group) => group.parameters.iodepth),
  };
  const labels = new Map<string, string>();
  for (const group of groups) {
    const base =
      group.key !== group.job
        ? group.key
        : group.workload !== undefined && hasSeveralWorkloads && jobsPerWorkload.get(group.workload)?.size === 1
          ? group.workload
          : group.job;
    const { rw, bs, iodepth } = group.parameters;
    // A value the name already spells (matrix-read-4k-qd1) is not repeated.
    const words = new Set(base.toLowerCase().split(/[^a-z0-9]+/));
    const extra = [
      shown.rw && rw !== null && !words.has(rw.toLowerCase()) ? rw : null,
      shown.bs && bs !== null && !words.has(bs.toLowerCase()) ? bs : null,
      shown.iodepth && iodepth !== null && !words.has(`qd${iodepth}`) && !words.has(`iodepth${iodepth}`)
        ? `iodepth ${iodepth}`
        : null,
    ].filter((part): part is string => part !== null);
    labels.set(group.key, extra.length === 0 ? base : `${base} (${extra.join(', ')})`);
  }
  return labels;
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

/** The percentiles fio printed for a direction: of clat by default, of lat with lat_percentiles. */
function percentilesOf(
  stats: DirectionStats,
): { kind: 'clat' | 'lat'; percentiles: Record<string, number> } | undefined {
  if (stats.clat?.percentilesNs != null) return { kind: 'clat', percentiles: stats.clat.percentilesNs };
  if (stats.lat?.percentilesNs != null) return { kind: 'lat', percentiles: stats.lat.percentilesNs };
  return undefined;
}

function percentileSource(stats: DirectionStats): { kind: 'clat' | 'lat'; ns: number } | undefined {
  const found = percentilesOf(stats);
  const ns = found?.percentiles['99.00'];
  return found === undefined || ns === undefined ? undefined : { kind: found.kind, ns };
}

const BUCKET_UNIT_NS = { ns: 1, us: 1e3, ms: 1e6 } as const;

/**
 * fio's latency buckets in ascending order: the key is the bucket's upper bound in its group's
 * unit; `>=2000` (ms) is the open-ended last bucket, given with its lower bound.
 */
function buckets(job: FioJob): LatencyDistribution['runs'][number]['buckets'] {
  const distribution = job.latencyDistribution;
  if (distribution === null) return [];
  const out: LatencyDistribution['runs'][number]['buckets'] = [];
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

/**
 * One distribution per job and direction that did I/O: the buckets (fio counts them over all
 * directions of a job, so a job with reads and writes gets them in a distribution of their own)
 * and the percentiles. With repeats, or clones of a job printed one by one, the first is shown
 * and the title says so: distributions are not averaged.
 */
function latencyDistributions(
  samples: readonly JobSample[],
  runRefs: readonly RunRef[],
  groups: Map<string, GroupInfo>,
): LatencyDistribution[] {
  const labels = groupLabels([...groups.values()]);
  const distributions: LatencyDistribution[] = [];
  const keys = new UniqueKeys();
  for (const group of groups.keys()) {
    const perRun = runRefs
      .map((ref) => ({ ref, jobs: samples.filter((sample) => sample.run === ref.id && sample.group === group) }))
      .filter((entry) => entry.jobs.length > 0);
    const first = perRun.map(({ ref, jobs }) => ({ run: ref.id, job: (jobs[0] as JobSample).job, count: jobs.length }));
    const anyMore = first.some((entry) => entry.count > 1);
    const note = anyMore ? ' (the first of its repeats)' : '';
    const label = labels.get(group) ?? group;
    const directions = DIRECTIONS.filter((direction) =>
      first.some(({ job }) => job[direction] !== null && didIo(job[direction] as DirectionStats)),
    );
    const shareBuckets = directions.length === 1;
    for (const direction of directions) {
      const kind =
        first.map(({ job }) => job[direction] && percentilesOf(job[direction])?.kind).find(Boolean) ?? 'clat';
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
  }
  return distributions;
}
