// Which workload fingerprint each bar group of a section was drawn from: /try lines up a reader's
// groups with a published run's by them (try/compare/paired-sections.ts), and the standings key
// each group's numbers by them (standing-values.ts). Pure.

import type { WorkloadFingerprint } from '@benchfolio/parsers';
import type { ToolSection } from '../view/model.ts';
import { sectionCompareKey } from './compare-key.ts';

/**
 * The group key a fingerprint's workload has in its tool's section, where it can be told from
 * the fingerprint: fio's job name, sysbench's `<mode or test>/<threads>` (tools/sysbench/sections.ts).
 */
function groupKeyOf(fingerprint: WorkloadFingerprint): string | undefined {
  if (fingerprint.tool === 'fio') return fingerprint.workload;
  if (fingerprint.tool === 'sysbench') {
    const field = (key: string) => fingerprint.fields.find((candidate) => candidate.key === key)?.value;
    const mode = field('mode') ?? field('test');
    return mode === undefined ? undefined : `${mode}/${field('threads') ?? ''}`;
  }
  return undefined;
}

/** The test a sysbench section holds (`sysbench:fileio` → `fileio`), undefined for other tools. */
function sectionTest(sectionKey: string): string | undefined {
  const [tool, test] = sectionKey.split(':');
  return tool === 'sysbench' ? test : undefined;
}

/**
 * The fingerprint of each group of a section: the one whose group key is the group's (or ends
 * it: fio's `<workload> · <job>`); a section of one group takes its tool's first fingerprint
 * (bonnie++'s and dd's groups are named by size and file, which a fingerprint does not repeat).
 */
export function sectionGroupFingerprints(
  section: ToolSection,
  fingerprints: readonly WorkloadFingerprint[],
): Map<string, WorkloadFingerprint> {
  const key = sectionCompareKey(section);
  const test = sectionTest(key);
  const own = fingerprints.filter(
    (fingerprint) =>
      fingerprint.tool === section.tool &&
      (test === undefined || fingerprint.fields.some((field) => field.key === 'test' && field.value === test)),
  );
  const groups = [...new Map(section.metrics.flatMap((metric) => metric.groups.map((g) => [g.key, g]))).keys()];
  const found = new Map<string, WorkloadFingerprint>();
  for (const group of groups) {
    const match = own.find((fingerprint) => {
      const groupKey = groupKeyOf(fingerprint);
      return groupKey !== undefined && (group === groupKey || group.endsWith(` · ${groupKey}`));
    });
    if (match !== undefined) found.set(group, match);
  }
  const [only] = groups;
  if (groups.length === 1 && only !== undefined && !found.has(only) && own[0] !== undefined) found.set(only, own[0]);
  return found;
}
