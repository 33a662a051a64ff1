import type { Experiment } from '../../content/experiment-schema.ts';
import type { FingerprintField } from '../../fingerprint.ts';
import {
  type ExperimentWorkload,
  experimentWorkloads,
  type WorkloadOutput,
  workloadName,
  workloadPosition,
  workloadWords,
} from './experiment-workloads.ts';
import { escapeRegExp, finding, type GroupLintInput, type LintFinding } from './finding.ts';

/**
 * BF401: runs of one workload whose parameters differ in anything but the experiment's variable.
 * Each run's first output of the workload is read (its repeats are the same command); for each
 * parameter its fingerprints say, the value most runs share is the reference (the earliest run's
 * on a tie), and a run with another value is the one that differs.
 */

/**
 * Fields that follow the machine, not the command: bonnie++'s file size as a share of the
 * memory (its `size` is compared).
 */
const NOT_PARAMETERS: ReadonlySet<string> = new Set(['size-to-ram']);

interface Difference {
  field: FingerprintField;
  reference: FingerprintField;
  referenceRuns: string[];
}

export function parameterFindings(group: GroupLintInput): LintFinding[] {
  const variable = variableWords(group.experiment.experiment);
  return experimentWorkloads(group).flatMap((workload) => {
    if (workload.runs.length < 2) return [];
    const firsts = workload.runs.map((entry) => ({ runId: entry.run.id, output: entry.outputs[0] as WorkloadOutput }));
    const outputs = firsts.map(({ output }) => output);
    const differences = new Map<string, Difference[]>();
    for (const key of parameterKeys(outputs, variable)) {
      for (const [runId, difference] of fieldDifferences(firsts, key)) {
        differences.set(runId, [...(differences.get(runId) ?? []), difference]);
      }
    }
    return firsts.flatMap(({ runId, output }) => {
      const found = differences.get(runId);
      return found === undefined ? [] : [differenceFinding(workload, runId, output, found, variable.label)];
    });
  });
}

/** The variable in words, and the words a tool parameter it names would match (`block size`, `threads`). */
function variableWords(experiment: Experiment): { label: string; text: string } {
  const { kind, name, unit } = experiment.variable;
  return { label: name ?? kind, text: [kind === 'other' ? name : undefined, unit].join(' ').toLowerCase() };
}

/** The keys some two runs' fingerprints both say, but those of the variable and those that follow the machine. */
function parameterKeys(outputs: readonly WorkloadOutput[], variable: { text: string }): string[] {
  const counts = new Map<string, number>();
  for (const { fingerprint } of outputs) {
    for (const field of fingerprint.fields) counts.set(field.key, (counts.get(field.key) ?? 0) + 1);
  }
  return [...counts]
    .filter(([key, count]) => count >= 2 && !NOT_PARAMETERS.has(key))
    .map(([key]) => key)
    .filter((key) => !namesParameter(variable.text, outputs, key));
}

/** Whether the variable's name or unit names the parameter (`numjobs`, `block size`): then it differs by design. */
function namesParameter(text: string, outputs: readonly WorkloadOutput[], key: string): boolean {
  if (text.trim() === '') return false;
  const labels = new Set([key]);
  for (const { fingerprint } of outputs) {
    for (const field of fingerprint.fields) if (field.key === key) labels.add(field.label.toLowerCase());
  }
  return [...labels].some((label) => new RegExp(`(?:^|[^a-z])${escapeRegExp(label)}(?:$|[^a-z])`).test(text));
}

/** The runs whose value of `key` is not the one most runs share, each with that reference. */
function fieldDifferences(
  firsts: readonly { runId: string; output: WorkloadOutput }[],
  key: string,
): [string, Difference][] {
  const byValue = new Map<string, { field: FingerprintField; runs: string[] }>();
  for (const { runId, output } of firsts) {
    const field = output.fingerprint.fields.find((candidate) => candidate.key === key);
    if (field === undefined) continue;
    const value = String(field.value);
    const group = byValue.get(value) ?? { field, runs: [] };
    group.runs.push(runId);
    byValue.set(value, group);
  }
  if (byValue.size < 2) return [];
  // The most runs; on a tie the earliest run's value (the map keeps the order values were met).
  const reference = [...byValue.values()].reduce((best, group) =>
    group.runs.length > best.runs.length ? group : best,
  );
  return [...byValue.values()]
    .filter((group) => group !== reference)
    .flatMap((group) =>
      group.runs.map((runId): [string, Difference] => [
        runId,
        { field: group.field, reference: reference.field, referenceRuns: reference.runs },
      ]),
    );
}

/** A field's value for a message: its text without the size class similarity reads (`5 GiB (class 8 GiB)`). */
function valueText(field: FingerprintField): string {
  return field.text.replace(/ \(class [^)]*\)$/, '');
}

function differenceFinding(
  workload: ExperimentWorkload,
  runId: string,
  output: WorkloadOutput,
  differences: readonly Difference[],
  variable: string,
): LintFinding {
  const values: LintFinding['values'] = {};
  for (const { field, reference, referenceRuns } of differences) {
    values[field.key] = valueText(field);
    values[`${field.key}.elsewhere`] = `${valueText(reference)} in ${referenceRuns.join(', ')}`;
  }
  const words = differences.map(
    ({ field, reference, referenceRuns }) =>
      `${field.label} ${valueText(field)} here, ${valueText(reference)} in ${referenceRuns.join(', ')}`,
  );
  return finding(output.input, 'BF401', workloadPosition(output), {
    workload: workloadName(workload),
    values,
    message: `${workloadWords(workload)} in run ${runId} differs from the other runs in more than the variable (${variable}): ${words.join('; ')}`,
  });
}
