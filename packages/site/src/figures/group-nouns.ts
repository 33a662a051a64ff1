// What a bar group is, per tool, as the bar chart's axis, its data table and its summary say it:
// fio's groups are jobs, sysbench's tests, bonnie++'s file sizes. A published table groups by its
// rows' labels (block size, threads…), which have no one name: its bars keep the word "group".

import type { ToolSection } from '../view/model.ts';

/** Singular and plural. */
export type GroupNoun = readonly [singular: string, plural: string];

const GROUP_NOUNS: Record<string, GroupNoun> = {
  fio: ['job', 'jobs'],
  sysbench: ['test', 'tests'],
  bonnie: ['size', 'sizes'],
};

/** The noun of a section's bar groups; none where the tool's groups have no name of their own. */
export function groupNounOf(section: Pick<ToolSection, 'tool' | 'origin'>): GroupNoun | undefined {
  return section.origin === 'published' ? undefined : GROUP_NOUNS[section.tool];
}
