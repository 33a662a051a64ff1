import type { Measurement } from '@benchfolio/parsers';
import type { LoadedRun } from '@benchfolio/parsers/node';
import { measuredRuns } from '../../sections/measured.ts';
import { ComparisonBuilder } from '../../sections/repeats.ts';
import type { RunRef, ToolSection } from '../../view/model.ts';
import type { FindingPlace, MetricWords } from '../descriptor.ts';
import { TOOL_NAMES } from '../names.ts';
import { type GroupInfo, groupInfo, groupKeys, groupLabels } from './groups.ts';
import { fioResultOf, latencyDistributions, typedJobs } from './latency.ts';
import { jobCounts, jobKey, sampleStatsOf } from './samples.ts';

const DIRECTIONS = ['read', 'write', 'trim'] as const;

/** One job of one fio run, as its measurements give it: where the section's bars come from. */
interface JobSample {
  run: string;
  group: string;
  job: string;
  /** run.yaml `workload` of the output. */
  workload: string | undefined;
  /** The output's file name. */
  file: string;
  /** The output file and the fio run inside it: one repeat. */
  sample: string;
  /** The job's measurement labels: `job`, `group`, `rw`, `bs`, `iodepth`, ... */
  labels: Readonly<Record<string, string>>;
  values: ReadonlyMap<string, Measurement>;
  /** How many jobs the entry stands for (1: alone); null where unknown or clones (tools/fio/samples.ts). */
  jobs: number | null;
}

/**
 * The fio section of an experiment (none without fio outputs): per direction, IOPS, bandwidth,
 * mean completion and total latency (± the stddev fio reports, or min–max over repeats) and the
 * p99 of completion latency where printed, in the order of the headline metrics; groups are the
 * jobs. All from the jobs' measurements, but the latency distributions per job (fio's latency
 * buckets and percentiles, per run), which come from the typed result.
 */
export function fioSections(runs: readonly LoadedRun[], runRefs: readonly RunRef[], words: MetricWords): ToolSection[] {
  const { samples, groupOf } = jobSamples(runs);
  if (samples.length === 0) return [];
  const builder = new ComparisonBuilder(runRefs);
  const groups = new Map<string, GroupInfo>();
  for (const sample of samples) {
    builder.group(sample.group, sample.job);
    if (!groups.has(sample.group)) groups.set(sample.group, groupInfo(sample.group, sample));
  }
  const labels = groupLabels([...groups.values()]);
  for (const [key, label] of labels) builder.relabel(key, label);
  for (const sample of samples) addBars(builder, sample, words);
  const section: ToolSection = {
    key: 'fio',
    tool: 'fio',
    title: TOOL_NAMES.fio.title,
    origin: 'raw',
    metrics: builder.build(words.headline.map(keyOf)),
  };
  const latency = latencyDistributions(typedJobs(runs, groupOf), runRefs, labels);
  if (latency.length > 0) section.latency = latency;
  return [section];
}

function keyOf(metric: string): string {
  return `fio-${metric.replace(/\./g, '-')}`;
}

/**
 * Where each job of each output is drawn: the lint names a fio finding's workload by its job
 * name, and the job's bars are in the group groups.ts keys it by (the job, or `workload · job`
 * where a job name comes under several run.yaml workloads). Exact: the same samples as the bars.
 */
export function fioFindingPlaces(runs: readonly LoadedRun[]): FindingPlace[] {
  return jobSamples(runs).samples.map(({ run, file, job, group }) => ({
    run,
    file,
    workload: job,
    section: 'fio',
    group,
  }));
}

/**
 * A job's bars, per direction it did I/O in (fio measures no other): IOPS and bandwidth with
 * fio's sample statistics where the job ran alone (tools/fio/samples.ts), mean completion and total
 * latency with fio's stddev, and the p99 of the percentiles fio printed,
 * of clat by default, of lat with lat_percentiles.
 */
function addBars(builder: ComparisonBuilder, sample: JobSample, words: MetricWords): void {
  const { run, group, values } = sample;
  const add = (metric: string, stddevMetric?: string, withSamples = false) => {
    const measured = values.get(metric);
    if (measured === undefined) return;
    const stddev = stddevMetric === undefined ? undefined : values.get(stddevMetric)?.value;
    const stats = withSamples ? sampleStatsOf(values, metric) : undefined;
    const sampleStats = sample.jobs === 1 ? stats : undefined;
    const samplesCombinedOver = stats !== undefined && (sample.jobs ?? 1) > 1 ? (sample.jobs ?? undefined) : undefined;
    builder.add(
      { key: keyOf(metric), metric, title: words.title(metric), unit: measured.unit, betterIs: words.betterIs(metric) },
      { run, group, sample: sample.sample, value: measured.value, stddev, sampleStats, samplesCombinedOver },
    );
  };
  for (const direction of DIRECTIONS) {
    add(`${direction}.iops`, undefined, true);
    add(`${direction}.bw`, undefined, true);
    add(`${direction}.clat.mean`, `${direction}.clat.stddev`);
    add(`${direction}.lat.mean`, `${direction}.lat.stddev`);
    add(`${direction}.${percentileKind(values, direction)}.p99`);
  }
}

/** Whose percentiles fio printed for a direction: clat's, else lat's (lat_percentiles). */
function percentileKind(values: ReadonlyMap<string, Measurement>, direction: string): 'clat' | 'lat' {
  const clat = `${direction}.clat.p`;
  for (const metric of values.keys()) if (metric.startsWith(clat)) return 'clat';
  return 'lat';
}

/**
 * Every job of every fio output that fio did not report failed (label `error`), from its
 * measurements, with its run, group and sample; and the group key of a job (tools/fio/groups.ts).
 * A job's series are those with a `job` label (groups' and disks' have none); clones of a job
 * printed one by one have the same labels and are told apart where a metric comes again.
 */
function jobSamples(runs: readonly LoadedRun[]): {
  samples: JobSample[];
  groupOf: ReturnType<typeof groupKeys>;
} {
  const found: Array<Omit<JobSample, 'group'>> = [];
  for (const run of runs) {
    for (const output of run.outputs) {
      if (output.parsed.tool !== 'fio') continue;
      const workload = output.declared.workload;
      const counts = jobCounts(fioResultOf(output.parsed));
      for (const { labels, values } of measuredRuns(output.parsed.measurements)) {
        const job = labels.job;
        if (job === undefined || labels.error !== undefined) continue;
        // `run` numbers the fio runs of an input only when it holds several.
        const index = labels.run ?? '0';
        const jobs = counts.get(jobKey(index, job)) ?? null;
        const sample = `${output.file}#${index}`;
        found.push({ run: run.id, job, workload, file: output.file, sample, labels, values, jobs });
      }
    }
  }
  const groupOf = groupKeys(found);
  return { samples: found.map((sample) => ({ ...sample, group: groupOf(sample) })), groupOf };
}
