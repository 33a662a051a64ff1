// What a run can be compared on: one key per workload it has bars for, `<section compare key>|<group key>`
// (`fio|random-write-direct`, `sysbench:fileio|rndrw/16`, `bonnie|128M/1`). The build writes the
// published runs' keys into each experiment's compare-runs.json (compare/compare-index.ts); a
// reader's run gets them the same way, so the two meet. Pure and browser-safe.

import { sectionCompareKey } from '../../compare/compare-key.ts';
import { toolTitle } from '../../tools/names.ts';
import type { ToolSection } from '../../view/model.ts';

/** Every workload key of a run's sections, each once, in the order the sections give them. */
export function sectionsCompareKeys(sections: readonly ToolSection[]): string[] {
  const keys = new Set<string>();
  for (const section of sections) {
    const prefix = sectionCompareKey(section);
    for (const metric of section.metrics) for (const group of metric.groups) keys.add(`${prefix}|${group.key}`);
  }
  return [...keys];
}

/** A compare key's two halves: the section's compare key and the group (workload) key. */
export function splitCompareKey(key: string): { section: string; group: string } {
  const bar = key.indexOf('|');
  return bar === -1 ? { section: key, group: '' } : { section: key.slice(0, bar), group: key.slice(bar + 1) };
}

/**
 * A section compare key as readers name it: `fio`, `bonnie++`, `sysbench fileio`,
 * `fio (published table)`.
 */
export function compareSectionTitle(sectionKey: string): string {
  const [tool = sectionKey, rest] = sectionKey.split(':');
  if (rest === 'published') return `${toolTitle(tool)} (published table)`;
  return rest === undefined ? toolTitle(tool) : `${toolTitle(tool)} ${rest}`;
}

/**
 * Keys as one line, tool by tool: "fio: random-write-direct, random-write-buf; bonnie++: 128M/1".
 * A table without groups (one number per run) is its tool alone. At most `perTool` workloads are
 * named per tool, then how many more.
 */
export function workloadsText(keys: readonly string[], perTool = Number.POSITIVE_INFINITY): string {
  const bySection = new Map<string, string[]>();
  for (const key of keys) {
    const { section, group } = splitCompareKey(key);
    const groups = bySection.get(section) ?? [];
    if (group !== '' && !groups.includes(group)) groups.push(group);
    bySection.set(section, groups);
  }
  return [...bySection]
    .map(([section, groups]) => {
      const title = compareSectionTitle(section);
      if (groups.length === 0) return title;
      const named = groups.slice(0, perTool).join(', ');
      const more = groups.length > perTool ? ` and ${groups.length - perTool} more` : '';
      return `${title}: ${named}${more}`;
    })
    .join('; ');
}
