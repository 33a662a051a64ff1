import type { LoadedOutput, LoadedRun } from '@benchfolio/parsers/node';

/** Whether an output is a warm-up repeat (run.yaml `warmup: true`, the runner's --warmup). */
export function isWarmup(output: LoadedOutput): boolean {
  return output.declared.warmup === true;
}

/**
 * The runs as every statistic and chart sees them: warm-up repeats left out (they stay in the
 * folder, on the run page's list of outputs and in the downloads). A run without any is itself.
 */
export function measuredRuns(runs: readonly LoadedRun[]): LoadedRun[] {
  return runs.map((run) =>
    run.outputs.some(isWarmup) ? { ...run, outputs: run.outputs.filter((output) => !isWarmup(output)) } : run,
  );
}
