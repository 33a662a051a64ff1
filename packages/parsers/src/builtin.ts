import type { ToolParser } from './parser.ts';
import { createRegistry } from './registry.ts';
import { TOOLS } from './tools.ts';

/** The parsers this package ships, one per tool of TOOLS, in the order detection tries them. */
export const BUILTIN_PARSERS: readonly ToolParser[] = TOOLS.map((tool) => tool.parser);

export const builtinRegistry = createRegistry(BUILTIN_PARSERS);
