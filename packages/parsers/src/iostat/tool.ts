import { defineTool, type Tool, type ToolParseOptions } from '../tool.ts';
import { type IostatFormat, iostatDefinition } from './definition.ts';
import { _iostatFingerprints } from './fingerprint.ts';
import type { IostatMachineOptions } from './machine.ts';
import { IostatResultSchema } from './schema.ts';

export { IOSTAT_FORMATS, type IostatFormat } from './definition.ts';

/** iostat's definition (definition.ts) with its result schema. */
export const iostatTool: Tool<'iostat', IostatFormat, typeof IostatResultSchema, IostatMachineOptions> = defineTool({
  ...iostatDefinition,
  resultSchema: IostatResultSchema,
  fingerprints: _iostatFingerprints,
});

/** `format`: `text` or `json`, detected when not given; `sinceBoot`: see IostatMachineOptions. */
export type IostatParseOptions = ToolParseOptions<IostatFormat> & IostatMachineOptions;

/** The tool's registry parser and functions under their names: `parseIostat(text, options)` throws a ParseError. */
export const {
  parser: iostatParser,
  parse: parseIostat,
  safeParse: safeParseIostat,
  detect: detectIostat,
} = iostatTool;
