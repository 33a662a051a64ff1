// fio's statistics of its periodic bandwidth and IOPS samples (`bw (KiB/s): min=, max=, avg=,
// stdev=, samples=` and `iops : ...`; one sample per bwavgtime/iopsavgtime, 500 ms by default),
// where they describe the bar's own quantity: a job that ran alone. With group_reporting of
// several jobs fio combines the jobs' sample statistics (fio >= 3.13 adds their min, max, mean
// and sums of squares up; earlier versions average per-job figures, stat.c `sum_stat`): those are
// no spread of the group's bandwidth, and the site leaves them out. Clones printed one by one are
// added up into one bar, whose samples fio never printed.

import type { FioJob, FioResult, Measurement } from '@benchfolio/parsers';
import type { SampleStats } from '../../view/model.ts';

/**
 * How many jobs a job entry of fio's report stands for: 1 for a job alone, more for a
 * group_reporting aggregate; null where the output does not say (JSON or terse with
 * group_reporting but no numjobs).
 */
function jobsOf(job: FioJob): number | null {
  // Normal output prints `jobs=N`; JSON and terse do not, but keep the options that fold jobs.
  if (job.jobCount !== null) return job.jobCount;
  const { numjobs, options } = job.parameters;
  if (numjobs !== null && numjobs > 1) return numjobs;
  return options.group_reporting === undefined ? 1 : null;
}

/** "0\u0000random-read": a job of a fio run in an output, as its measurements' labels name it. */
export function jobKey(runIndex: string, job: string): string {
  return `${runIndex}\u0000${job}`;
}

/**
 * How many jobs each job entry of a fio result stands for, by jobKey (see jobsOf): only entries
 * whose name is printed once in their run (a name printed twice is clones, added up into one bar).
 */
export function jobCounts(result: FioResult | undefined): Map<string, number | null> {
  const counts = new Map<string, number | null>();
  result?.runs.forEach((run, index) => {
    const byName = new Map<string, FioJob[]>();
    for (const job of run.jobs) byName.set(job.name, [...(byName.get(job.name) ?? []), job]);
    for (const [name, jobs] of byName) {
      if (jobs.length === 1 && jobs[0] !== undefined) counts.set(jobKey(String(index), name), jobsOf(jobs[0]));
    }
  });
  return counts;
}

/** The sample statistics of `<dir>.bw` or `<dir>.iops` among a job's measurements, when fio printed them. */
export function sampleStatsOf(values: ReadonlyMap<string, Measurement>, metric: string): SampleStats | undefined {
  const value = (stat: string) => values.get(`${metric}.${stat}`)?.value;
  const [mean, sd, min, max] = [value('mean'), value('stddev'), value('min'), value('max')];
  if (mean === undefined || sd === undefined || min === undefined || max === undefined) return undefined;
  return { mean, sd, min, max, count: value('samples') ?? null };
}
