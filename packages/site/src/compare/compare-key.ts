import { namesOf } from '../tools/names.ts';
import type { ToolSection } from '../view/model.ts';

/**
 * What a section's bars can be compared with across experiments: the tool, or what its
 * descriptor says (the sysbench test), and whether the numbers were published rather than parsed
 * (`fio`, `sysbench:fileio`, `fio:published`, `nginx:published`).
 */
export function sectionCompareKey(section: ToolSection): string {
  if (section.origin === 'published') return `${section.tool}:published`;
  return namesOf(section.tool)?.compareKey?.(section) ?? section.tool;
}
