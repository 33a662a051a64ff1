// How readers see a tool's name. Measurements and URLs use the command name (`bonnie`); the page
// uses the program's own spelling (`bonnie++`).

const TOOL_TITLES: Record<string, string> = {
  bonnie: 'bonnie++',
};

/** "bonnie++" for `bonnie`; any other tool as it is named (`fio`, `dd`, `nginx`). */
export function toolTitle(tool: string): string {
  return TOOL_TITLES[tool] ?? tool;
}

/** The tools benchfolio parses raw outputs of: a tag naming one of them names the tool. */
export const PARSED_TOOLS: ReadonlySet<string> = new Set(['fio', 'bonnie', 'sysbench', 'iostat']);
