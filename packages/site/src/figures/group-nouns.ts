// What a bar group is, per tool, as the bar chart's axis, its data table and its summary say it:
// each tool's descriptor names its groups (fio's are jobs, bonnie++'s file sizes). A published
// table groups by its rows' labels (block size, threads…), which have no one name: its bars keep
// the word "group".

import type { GroupNoun } from '../tools/descriptor.ts';
import { namesOf } from '../tools/names.ts';
import type { ToolSection } from '../view/model.ts';

export type { GroupNoun } from '../tools/descriptor.ts';

/** The noun of a section's bar groups; none where the tool's groups have no name of their own. */
export function groupNounOf(section: Pick<ToolSection, 'tool' | 'origin'>): GroupNoun | undefined {
  return section.origin === 'published' ? undefined : namesOf(section.tool)?.groupNoun;
}
