import type { ParseOutput, ToolParser } from './parser.ts';
import { createRegistry } from './registry.ts';
import { TOOLS, type ToolName } from './tools.ts';

/** The parsers this package ships, one per tool of TOOLS, in the order detection tries them. */
export const BUILTIN_PARSERS: readonly ToolParser<unknown, ToolName, ParseOutput>[] = TOOLS.map((tool) => tool.parser);

/** The package's registry: its outputs are ParseOutput, the union discriminated on `tool`. */
export const builtinRegistry = createRegistry(BUILTIN_PARSERS);
