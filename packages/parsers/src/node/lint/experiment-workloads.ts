import type { LoadedRun } from '../../content/loaded.ts';
import type { WorkloadFingerprint } from '../../fingerprint.ts';
import { fingerprintOutput } from '../../fingerprint-output.ts';
import {
  escapeRegExp,
  findInLines,
  type GroupLintInput,
  nameInMessage,
  type OutputLintInput,
  type TextPosition,
  textLines,
} from './finding.ts';

/**
 * The workloads of an experiment across its runs, for the rules that read runs together (BF206
 * repeats, BF401 comparability). A workload is the same tool, run.yaml `workload` (when given)
 * and name in the output (a fio job, a sysbench test and mode, a bonnie++ machine name, dd) in
 * every run: MSA70's `random-write-direct` in ext3, ext4 and xfs. Device activity records
 * (iostat, sadf) are what the devices did, not a workload compared.
 */

/** One output's fingerprint of a workload, in one run. */
export interface WorkloadOutput {
  input: OutputLintInput;
  fingerprint: WorkloadFingerprint;
}

export interface ExperimentWorkload {
  tool: WorkloadFingerprint['tool'];
  /** The name in the output: fio job, sysbench `fileio seqwr`, bonnie++ machine name, `dd`. */
  name: string;
  /** The run.yaml `workload` of its outputs, when given. */
  declared: string | undefined;
  /** The runs that have it, in run order, each with its outputs (repeats) in run.yaml order. */
  runs: { run: LoadedRun; outputs: WorkloadOutput[] }[];
}

export function experimentWorkloads(group: GroupLintInput): ExperimentWorkload[] {
  const byKey = new Map<string, ExperimentWorkload>();
  for (const { run, outputs } of group.runs) {
    for (const input of outputs) {
      const declared = run.outputs.find((output) => output.file === input.file)?.declared;
      if (declared?.warmup === true) continue;
      for (const fingerprint of outputFingerprints(input)) {
        const key = [fingerprint.tool, declared?.workload ?? '', fingerprint.workload].join('\u0000');
        const workload = byKey.get(key) ?? {
          ...{ tool: fingerprint.tool, name: fingerprint.workload },
          ...{ declared: declared?.workload, runs: [] },
        };
        byKey.set(key, workload);
        const last = workload.runs.at(-1);
        const entry = last?.run === run ? last : { run, outputs: [] };
        if (entry !== last) workload.runs.push(entry);
        entry.outputs.push({ input, fingerprint });
      }
    }
  }
  return [...byKey.values()];
}

/**
 * An output's fingerprints, one per workload name (fio's `normal,json` prints each job twice:
 * the first is kept), device activity left out.
 */
function outputFingerprints(input: OutputLintInput): WorkloadFingerprint[] {
  const context = { text: input.text, command: input.command, memoryBytes: input.memoryBytes };
  const seen = new Set<string>();
  return fingerprintOutput(input.parsed, context).filter((fingerprint) => {
    if (fingerprint.kind.category === 'device-activity' || seen.has(fingerprint.workload)) return false;
    seen.add(fingerprint.workload);
    return true;
  });
}

/** Where the workload starts in its output: a fio job's line (`name: (g=0): rw=...`) or JSON name, else its run. */
export function workloadPosition(output: WorkloadOutput): TextPosition {
  const { fingerprint, input } = output;
  if (fingerprint.tool === 'fio') {
    const lines = textLines(input.text);
    const name = escapeRegExp(fingerprint.workload);
    const at =
      findInLines(lines, new RegExp(`^${name}: \\(g=`)) ??
      findInLines(lines, new RegExp(`"jobname"\\s*:\\s*"${name}"`));
    if (at !== null) return at;
  }
  return { line: fingerprint.line ?? 1, column: 1 };
}

/** The workload for a finding and in words: a fio job by its name, others by run.yaml's name when given. */
export function workloadName(workload: ExperimentWorkload): string {
  return workload.tool === 'fio' ? workload.name : (workload.declared ?? workload.name);
}

export function workloadWords(workload: ExperimentWorkload): string {
  const tool = workload.tool === 'bonnie' ? 'bonnie++' : workload.tool;
  return `${tool} ${workload.tool === 'fio' ? 'job' : 'workload'} ${nameInMessage(workloadName(workload))}`;
}
