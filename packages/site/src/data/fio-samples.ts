// fio's statistics of its periodic bandwidth and IOPS samples (`bw (KiB/s): min=, max=, avg=,
// stdev=, samples=` and `iops : ...`; one sample per bwavgtime/iopsavgtime, 500 ms by default),
// where they describe the bar's own quantity: a job that ran alone. With group_reporting of
// several jobs fio combines the jobs' sample statistics (fio >= 3.13 adds their min, max, mean
// and sums of squares up; earlier versions average per-job figures, stat.c `sum_stat`): those are
// no spread of the group's bandwidth, and the site leaves them out. Clones printed one by one are
// added up into one bar, whose samples fio never printed.

import type { FioJob, FioResult, Measurement } from '@benchfolio/parsers';
import type { SampleStats } from '../view/model.ts';

/** Whether a job entry of fio's report stands for one job alone. */
function isOneJob(job: FioJob): boolean {
  // Normal output prints `jobs=N`; JSON and terse do not, but keep the options that fold jobs.
  if (job.jobCount !== null) return job.jobCount === 1;
  const { numjobs, options } = job.parameters;
  return (numjobs ?? 1) === 1 && options.group_reporting === undefined;
}

/** "0\u0000random-read": a job of a fio run in an output, as its measurements' labels name it. */
export function jobKey(runIndex: string, job: string): string {
  return `${runIndex}\u0000${job}`;
}

/**
 * The jobs of a fio result that ran alone, by jobKey: the only entry of that name in its run (a
 * name printed twice is clones, added up into one bar), of one job.
 */
export function oneJobKeys(result: FioResult | undefined): Set<string> {
  const keys = new Set<string>();
  result?.runs.forEach((run, index) => {
    const byName = new Map<string, FioJob[]>();
    for (const job of run.jobs) byName.set(job.name, [...(byName.get(job.name) ?? []), job]);
    for (const [name, jobs] of byName) {
      if (jobs.length === 1 && jobs[0] !== undefined && isOneJob(jobs[0])) keys.add(jobKey(String(index), name));
    }
  });
  return keys;
}

/** The sample statistics of `<dir>.bw` or `<dir>.iops` among a job's measurements, when fio printed them. */
export function sampleStatsOf(values: ReadonlyMap<string, Measurement>, metric: string): SampleStats | undefined {
  const value = (stat: string) => values.get(`${metric}.${stat}`)?.value;
  const [mean, sd, min, max] = [value('mean'), value('stddev'), value('min'), value('max')];
  if (mean === undefined || sd === undefined || min === undefined || max === undefined) return undefined;
  return { mean, sd, min, max, count: value('samples') ?? null };
}
