// Each tool's names (descriptor.ts ToolNames): its title, what its bar groups are and how its
// sections are compared. The descriptors (index.ts) begin with these; the compare page's script
// reads them here, without the descriptors' section builders and parsers.

import { formatList } from '../lib/format.ts';
import type { ToolNames, ToolNamesTable } from './descriptor.ts';

/** Every tool's names, by the library's name of the tool, in the order pages show the tools. */
export const TOOL_NAMES: ToolNamesTable = {
  fio: { tool: 'fio', title: 'fio', groupNoun: ['job', 'jobs'] },
  // Measurements, URLs and run.yaml say `bonnie`; readers see the program's own spelling.
  bonnie: { tool: 'bonnie', title: 'bonnie++', groupNoun: ['size', 'sizes'] },
  sysbench: {
    tool: 'sysbench',
    title: 'sysbench',
    groupNoun: ['test', 'tests'],
    // One section per test: runs compare test by test (`sysbench:fileio`).
    compareKey: (section) => `sysbench:${section.title.slice('sysbench '.length)}`,
  },
  iostat: { tool: 'iostat', title: 'iostat' },
  dd: { tool: 'dd', title: 'dd', groupNoun: ['workload', 'workloads'] },
  sadf: { tool: 'sadf', title: 'sadf' },
  // fio's log files (write_bw_log and the like): a tool of their own in the library.
  'fio-log': { tool: 'fio-log', title: 'fio log', groupNoun: ['job', 'jobs'] },
};

const ALL: readonly ToolNames[] = Object.values(TOOL_NAMES);

/** The names of a tool named in content or a URL, or undefined for one the site does not parse (`nginx`). */
export function namesOf(tool: string): ToolNames | undefined {
  return ALL.find((names) => names.tool === tool);
}

/** How readers see a tool's name: "bonnie++" for `bonnie`; a tool without a descriptor as it is named. */
export function toolTitle(tool: string): string {
  return namesOf(tool)?.title ?? tool;
}

/** "fio, bonnie++, sysbench and iostat": the tools in a sentence, joined by `and` or `or`. */
export function toolTitlesText(conjunction: 'and' | 'or'): string {
  return formatList(
    ALL.map((names) => names.title),
    conjunction,
  );
}

/** The tools benchfolio parses raw outputs of: a tag naming one of them names the tool. */
export const PARSED_TOOLS: ReadonlySet<string> = new Set(ALL.map((names) => names.tool));
