import { readFileSync } from 'node:fs';
import type { LoadedExperiment, LoadedOutput, LoadedRun } from '../../content/loaded.ts';
import { bonnieFindings } from './bonnie-rules.ts';
import { cacheFindings } from './cache-rules.ts';
import { parameterFindings } from './comparability-rules.ts';
import { ddFindings } from './dd-rules.ts';
import { deviceTrafficFindings } from './device-traffic.ts';
import type { GroupLintInput, LintFinding, OutputLintInput } from './finding.ts';
import { fioIncompleteFindings } from './fio-incomplete-rules.ts';
import { fioFindings } from './fio-rules.ts';
import { methodFindings } from './method-rules.ts';
import { physicsFindings } from './physics-rules.ts';
import { repeatFindings } from './repeat-rules.ts';
import { sysbenchFindings } from './sysbench-rules.ts';
import { versionFindings } from './version-rules.ts';

/**
 * The benchmark lint: what each loaded output says about whether its numbers measured what they
 * are labelled. Rules are declared in rules.ts; each family's checks in its own module.
 */

const OUTPUT_CHECKS: readonly ((input: OutputLintInput) => LintFinding[])[] = [
  cacheFindings,
  fioFindings,
  bonnieFindings,
  fioIncompleteFindings,
  sysbenchFindings,
  ddFindings,
  methodFindings,
];

/** Checks that read every output of one run together (`runs` holds that one run). */
const RUN_CHECKS: readonly ((input: GroupLintInput) => LintFinding[])[] = [physicsFindings, deviceTrafficFindings];

/** Checks that read every run of one experiment together. */
const EXPERIMENT_CHECKS: readonly ((input: GroupLintInput) => LintFinding[])[] = [
  repeatFindings,
  parameterFindings,
  versionFindings,
];

/**
 * The findings of one output. An output printed in two formats at once (fio's `normal,json`)
 * shows a finding twice: it is given once, at its first place in the text.
 */
export function lintOutput(input: OutputLintInput): LintFinding[] {
  const seen = new Set<string>();
  const findings: LintFinding[] = [];
  for (const found of OUTPUT_CHECKS.flatMap((check) => check(input))) {
    const key = `${found.rule}\u0000${found.workload}\u0000${found.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push(found);
  }
  return findings.sort((a, b) => a.line - b.line || a.column - b.column || a.rule.localeCompare(b.rule));
}

/**
 * The findings of loaded experiments (`loadContent`'s), in experiment, run and output order. Reads
 * each output's raw text from its path for the lines and columns.
 */
export function lint(experiments: LoadedExperiment | readonly LoadedExperiment[]): LintFinding[] {
  const list: readonly LoadedExperiment[] = Array.isArray(experiments)
    ? experiments
    : [experiments as LoadedExperiment];
  return list.flatMap(experimentFindings);
}

/** One experiment's findings: each output's, each run's, then the experiment's, in run order. */
function experimentFindings(experiment: LoadedExperiment): LintFinding[] {
  const runs = experiment.runs.map((run) => ({
    run,
    outputs: run.outputs.map((output) => outputInput(experiment, run, output)),
  }));
  const findings: LintFinding[] = [];
  for (const entry of runs) {
    findings.push(...entry.outputs.flatMap(lintOutput));
    findings.push(...RUN_CHECKS.flatMap((check) => check({ experiment, runs: [entry] })));
  }
  findings.push(...EXPERIMENT_CHECKS.flatMap((check) => check({ experiment, runs })));
  return findings;
}

/** What the output rules read of one output: its raw text from its path, and run.yaml beside it. */
function outputInput(experiment: LoadedExperiment, run: LoadedRun, output: LoadedOutput): OutputLintInput {
  return {
    experiment: experiment.id,
    run: run.id,
    file: output.file,
    text: readFileSync(output.path, 'utf8'),
    parsed: output.parsed,
    workload: output.declared.workload ?? output.file,
    command: output.declared.command,
    memoryBytes: run.run.system.memory?.bytes,
  };
}

/** A finding as a compiler prints one: `FILE:LINE:COL: severity BF001 message`, FILE as given. */
export function formatFinding(found: LintFinding, path: string): string {
  return `${path}:${found.line}:${found.column}: ${found.severity} ${found.rule} ${found.message}`;
}
