import { bonnieParser } from './bonnie/index.ts';
import { fioParser } from './fio/index.ts';
import { iostatParser } from './iostat/index.ts';
import type { ToolParser } from './parser.ts';
import { createRegistry } from './registry.ts';
import { sysbenchParser } from './sysbench/index.ts';

/**
 * The parsers this package ships, one per tool folder (`fio/`, `bonnie/`, `sysbench/`,
 * `iostat/`), in the order detection tries them. Each tool's issue adds its entry here.
 */
export const BUILTIN_PARSERS: readonly ToolParser[] = [fioParser, bonnieParser, sysbenchParser, iostatParser];

export const builtinRegistry = createRegistry(BUILTIN_PARSERS);
