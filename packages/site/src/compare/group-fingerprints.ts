// Which workload fingerprint each bar group of a section was drawn from: /try lines up a reader's
// groups with a published run's by them (try/compare/paired-sections.ts), and the standings key
// each group's numbers by them (standing-values.ts). Pure.

import type { WorkloadFingerprint } from '@benchfolio/parsers';
import type { ToolSection } from '../view/model.ts';
import { sectionCompareKey } from './compare-key.ts';

/** A workload's fingerprint and the run.yaml `workload` its output declared, where known (a published run's). */
export interface OutputFingerprint {
  fingerprint: WorkloadFingerprint;
  workload?: string | undefined;
}

/**
 * The group keys a workload can have in its tool's section, where they can be told from its
 * fingerprint: fio's job name, or `<workload> · <job>` where the job name comes under several
 * run.yaml workloads (tools/fio/groups.ts); sysbench's `<mode or test>/<threads>`
 * (tools/sysbench/sections.ts). None for other tools.
 */
function groupKeysOf({ fingerprint, workload }: OutputFingerprint): string[] {
  if (fingerprint.tool === 'fio') {
    const job = fingerprint.workload;
    return workload === undefined ? [job] : [job, `${workload} · ${job}`];
  }
  if (fingerprint.tool === 'sysbench') {
    const field = (key: string) => fingerprint.fields.find((candidate) => candidate.key === key)?.value;
    const mode = field('mode') ?? field('test');
    return mode === undefined ? [] : [`${mode}/${field('threads') ?? ''}`];
  }
  return [];
}

/** The test a sysbench section holds (`sysbench:fileio` → `fileio`), undefined for other tools. */
function sectionTest(sectionKey: string): string | undefined {
  const [tool, test] = sectionKey.split(':');
  return tool === 'sysbench' ? test : undefined;
}

/**
 * The fingerprint of each group of a section: the one with the group's key, its output's own
 * (several outputs of a run may share a fio job name, each drawn in the group of its run.yaml
 * workload); a section of one group takes its tool's first fingerprint (bonnie++'s and dd's
 * groups are named by size and file, which a fingerprint does not repeat).
 */
export function sectionGroupFingerprints(
  section: ToolSection,
  fingerprints: readonly OutputFingerprint[],
): Map<string, WorkloadFingerprint> {
  const key = sectionCompareKey(section);
  const test = sectionTest(key);
  const own = fingerprints.filter(
    ({ fingerprint }) =>
      fingerprint.tool === section.tool &&
      (test === undefined || fingerprint.fields.some((field) => field.key === 'test' && field.value === test)),
  );
  const groups = [...new Map(section.metrics.flatMap((metric) => metric.groups.map((g) => [g.key, g]))).keys()];
  const found = new Map<string, WorkloadFingerprint>();
  for (const group of groups) {
    const match = own.find((entry) => groupKeysOf(entry).includes(group));
    if (match !== undefined) found.set(group, match.fingerprint);
  }
  const [only] = groups;
  const [first] = own;
  if (groups.length === 1 && only !== undefined && !found.has(only) && first !== undefined)
    found.set(only, first.fingerprint);
  return found;
}
