import { defineTool, type Tool, type ToolParseOptions } from '../../tool.ts';
import { fioLogDefinition } from './definition.ts';
import type { FioLogFormat, FioLogOptions } from './reader.ts';
import { FioLogResultSchema } from './schema.ts';

/** fio's logs' definition (definition.ts) with its result schema. */
export const fioLogTool: Tool<'fio-log', FioLogFormat, typeof FioLogResultSchema, FioLogOptions> = defineTool({
  ...fioLogDefinition,
  resultSchema: FioLogResultSchema,
  fingerprints: () => [], // A log names no job parameters: its job's are in the fio output beside it.
});

/** `format` (detected when not given), `name` (a file name gives the kind), and the job's log options. */
export type ParseFioLogOptions = ToolParseOptions<FioLogFormat> & FioLogOptions;

export const {
  parser: fioLogParser,
  parse: parseFioLog,
  safeParse: safeParseFioLog,
  detect: detectFioLog,
} = fioLogTool;
