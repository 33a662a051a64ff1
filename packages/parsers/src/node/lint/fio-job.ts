import type { DirectionStats, FioJob } from '../../fio/schema.ts';

/** What the fio rules read of a job beside its own fields: its directions and its runtime. */

/** The job's directions that fio reported (read, write, trim, and mixed under unified reporting). */
export function jobDirections(job: FioJob): DirectionStats[] {
  return [job.read, job.write, job.trim, job.mixed].filter((stats): stats is DirectionStats => stats !== null);
}

/** The job's runtime in ms: its longest direction that moved data; null when none did. */
export function jobRuntimeMs(job: FioJob): number | null {
  const runtimes = jobDirections(job)
    .filter((stats) => (stats.ioBytes ?? 0) > 0 && stats.runtimeMs !== null)
    .map((stats) => stats.runtimeMs as number);
  return runtimes.length === 0 ? null : Math.max(...runtimes);
}
