import type { ToolSection } from './model.ts';

/**
 * What a section's bars can be compared with across experiments: the tool, the sysbench test,
 * and whether the numbers were published rather than parsed (`fio`, `sysbench:fileio`,
 * `fio:published`, `nginx:published`).
 */
export function sectionCompareKey(section: ToolSection): string {
  if (section.origin === 'published') return `${section.tool}:published`;
  if (section.tool === 'sysbench') return `sysbench:${section.title.slice('sysbench '.length)}`;
  return section.tool;
}
