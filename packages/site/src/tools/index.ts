// The tools the site shows, one descriptor each (descriptor.ts), each beginning with its names
// (names.ts). Adding a tool to the library's ToolName makes this file and names.ts fail to
// compile until the tool has its descriptor and its names.

import { bonnie } from './bonnie/descriptor.ts';
import { dd } from './dd/descriptor.ts';
import type { ToolDescriptor, ToolDescriptors } from './descriptor.ts';
import { fio } from './fio/descriptor.ts';
import { fioLog } from './fio-log/descriptor.ts';
import { iostat } from './iostat/descriptor.ts';
import { sadf } from './sadf/descriptor.ts';
import { sysbench } from './sysbench/descriptor.ts';

export type { FindingPlace } from './descriptor.ts';
export { namesOf, PARSED_TOOLS, TOOL_NAMES, toolTitle, toolTitlesText } from './names.ts';

/** Every tool's descriptor, by the library's name of the tool, in the order pages show them. */
export const TOOL_DESCRIPTORS: ToolDescriptors = { fio, bonnie, sysbench, iostat, dd, sadf, 'fio-log': fioLog };

/** The descriptors in page order: experiment pages, /try and the form list tools this way. */
export const TOOLS: readonly ToolDescriptor[] = Object.values(TOOL_DESCRIPTORS);

/** The descriptor of a tool named in content or a URL, or undefined for one the site does not parse. */
export function descriptorOf(tool: string): ToolDescriptor | undefined {
  return TOOLS.find((descriptor) => descriptor.tool === tool);
}
