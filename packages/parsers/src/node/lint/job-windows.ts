import type { LoadedRun } from '../../content/loaded.ts';
import type { FioLogResult } from '../../fio/log/schema.ts';
import type { DirectionStats, FioJob, FioResult } from '../../fio/schema.ts';
import type { OutputLintInput } from './finding.ts';

/**
 * When each fio job of a run ran, on the wall clock, where its outputs say so; a job whose
 * seconds they do not give has no window (never a guess). In order of preference:
 * - `job_start` (JSON, fio 3.36 and later) and the job's runtime;
 * - the last line of its logs written with log_unix_epoch=1 (ms since the epoch; fio logs a
 *   process's last window when it ends), less its runtime, when one fio output of the run reports
 *   that job in that repeat (run.yaml `workload` and `repeat` tie a log to it);
 * - an output of one job: the run's JSON `timestamp_ms` (when fio printed the report, as the job
 *   ended), less its runtime.
 * The runtime is fio's, its longest direction's (a group_reporting job's longest process's).
 */

export interface JobWindow {
  /** The fio output that reports the job (its file in the run, for the finding). */
  output: OutputLintInput;
  job: FioJob;
  /** ms since the epoch. */
  startMs: number;
  endMs: number;
  /** Which of the three above gave the end. */
  source: 'job_start' | 'epoch-logs' | 'timestamp_ms';
}

/** The job's runtime in ms: its longest direction that moved data. */
export function jobRuntimeMs(job: FioJob): number | null {
  const runtimes = [job.read, job.write, job.trim, job.mixed]
    .filter((stats): stats is DirectionStats => stats !== null && (stats.ioBytes ?? 0) > 0)
    .flatMap((stats) => (stats.runtimeMs === null ? [] : [stats.runtimeMs]));
  return runtimes.length === 0 ? null : Math.max(...runtimes);
}

const logKey = (job: string, repeat: number) => `${repeat}\u0000${job}`;

/** The last time of each job's epoch logs in the run, by job and repeat (run.yaml `workload`, else the file's prefix). */
function epochLogEnds(run: LoadedRun): Map<string, number> {
  const ends = new Map<string, number>();
  for (const output of run.outputs) {
    if (output.parsed.tool !== 'fio-log') continue;
    const result = output.parsed.result as FioLogResult;
    if (result.timeBase !== 'unix-epoch') continue;
    const job = output.declared.workload ?? result.fileName?.prefix;
    if (job === undefined || job === null) continue;
    const times = result.type === 'histogram' ? result.intervals.timeMs : result.rows.timeMs;
    let last = Number.NEGATIVE_INFINITY;
    for (const time of times) if (time > last) last = time;
    if (!Number.isFinite(last)) continue;
    const key = logKey(job, output.declared.repeat ?? 1);
    ends.set(key, Math.max(last, ends.get(key) ?? last));
  }
  return ends;
}

/** How many fio outputs of the run report each job and repeat. */
function reportingOutputs(run: LoadedRun): Map<string, number> {
  const counts = new Map<string, number>();
  for (const output of run.outputs) {
    if (output.parsed.tool !== 'fio') continue;
    const names = new Set(
      (output.parsed.result as FioResult).runs.flatMap((fioRun) => fioRun.jobs.map((job) => job.name)),
    );
    for (const name of names) {
      const key = logKey(name, output.declared.repeat ?? 1);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

/** The windows of every fio job of the run that has one. */
export function fioJobWindows(run: LoadedRun, outputs: readonly OutputLintInput[]): JobWindow[] {
  const logEnds = epochLogEnds(run);
  const reporting = reportingOutputs(run);
  const windows: JobWindow[] = [];
  run.outputs.forEach((loaded, index) => {
    const output = outputs[index];
    if (loaded.parsed.tool !== 'fio' || output === undefined) return;
    const result = loaded.parsed.result as FioResult;
    const names = new Set(result.runs.flatMap((fioRun) => fioRun.jobs.map((job) => job.name)));
    const seen = new Set<string>();
    for (const fioRun of result.runs) {
      for (const job of fioRun.jobs) {
        if (seen.has(job.name)) continue;
        const runtime = jobRuntimeMs(job);
        if (runtime === null) continue;
        const key = logKey(job.name, loaded.declared.repeat ?? 1);
        // Two outputs of one job and repeat (run.yaml without `repeat`): whose logs are whose is not known.
        const logEnd = reporting.get(key) === 1 ? logEnds.get(key) : undefined;
        const window =
          job.startTimeMs !== null
            ? { startMs: job.startTimeMs, endMs: job.startTimeMs + runtime, source: 'job_start' as const }
            : logEnd !== undefined
              ? { startMs: logEnd - runtime, endMs: logEnd, source: 'epoch-logs' as const }
              : names.size === 1 && fioRun.timestampMs !== null
                ? { startMs: fioRun.timestampMs - runtime, endMs: fioRun.timestampMs, source: 'timestamp_ms' as const }
                : null;
        if (window === null) continue;
        seen.add(job.name);
        windows.push({ output, job, ...window });
      }
    }
  });
  return windows;
}
