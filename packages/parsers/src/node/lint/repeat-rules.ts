import { experimentWorkloads, workloadName, workloadPosition, workloadWords } from './experiment-workloads.ts';
import { finding, type GroupLintInput, type LintFinding } from './finding.ts';

/**
 * BF206: a workload compared across runs with fewer than three outputs (repeats) in some run.
 * The site tests a difference with Welch's t-test, which needs two repeats of each run; with two,
 * its degrees of freedom are 1 to 2 and only differences many times the spread pass.
 */

/** The Phoronix Test Suite's default times to run a test (its test profiles' TimesToRun). */
export const MIN_REPEATS = 3;

export function repeatFindings(group: GroupLintInput): LintFinding[] {
  const findings: LintFinding[] = [];
  for (const workload of experimentWorkloads(group)) {
    const first = workload.runs[0]?.outputs[0];
    if (workload.runs.length < 2 || first === undefined) continue;
    const counts = workload.runs.map((entry) => entry.outputs.length);
    const fewest = Math.min(...counts);
    const most = Math.max(...counts);
    if (fewest >= MIN_REPEATS) continue;
    const each =
      fewest === most
        ? `${fewest === 1 ? 'one output' : `${fewest} repeats`} each`
        : `${fewest} to ${most} outputs a run`;
    const consequence =
      fewest === 1
        ? 'without repeats, no difference between the runs can be tested'
        : "Welch's t-test on 2 repeats has 1 to 2 degrees of freedom and finds only differences many times the spread";
    findings.push(
      finding(first.input, 'BF206', workloadPosition(first), {
        workload: workloadName(workload),
        values: { runs: workload.runs.length, repeatsFewest: fewest, repeatsMost: most, minimum: MIN_REPEATS },
        message: `${workloadWords(workload)} is compared across ${workload.runs.length} runs with ${each}: ${consequence} (${MIN_REPEATS} repeats of each run is the least)`,
      }),
    );
  }
  return findings;
}
