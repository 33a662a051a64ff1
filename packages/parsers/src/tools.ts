import { bonnieTool } from './bonnie/tool.ts';
import { ddTool } from './dd/tool.ts';
import { fioLogTool } from './fio/log/tool.ts';
import { fioTool } from './fio/tool.ts';
import { iostatTool } from './iostat/tool.ts';
import { sadfTool } from './sadf/tool.ts';
import { sysbenchTool } from './sysbench/tool.ts';

/**
 * The tools this package reads, one definition each (defineTool), in the order detection tries
 * them. This is the one list of them: the registry, TOOL_NAMES, the CLI's help and the README's
 * tool table come from it. A new tool adds its definition here.
 */
export const TOOLS = [fioTool, bonnieTool, sysbenchTool, iostatTool, ddTool, sadfTool, fioLogTool] as const;

/** One of the package's tools. */
export type BuiltinTool = (typeof TOOLS)[number];

/** Tool names as used in results and measurements: the command name, `bonnie` for bonnie++. */
export type ToolName = BuiltinTool['name'];

/** Every tool name, in the order of TOOLS. */
export const TOOL_NAMES: readonly ToolName[] = TOOLS.map((tool) => tool.name);
