import { defineTool, type Tool, type ToolParseOptions } from '../tool.ts';
import { DD_FORMAT, DD_FORMATS, type DdFormat } from './context.ts';
import { _detectDdHead } from './detect.ts';
import { _ddFingerprints } from './fingerprint.ts';
import { _ddMeasurements } from './measurements.ts';
import { _parseDdSource } from './parse.ts';
import { DdResultSchema } from './schema.ts';
import { streamDdOutputs } from './stream.ts';

/** GNU coreutils dd (5.3 to 9.x) and BusyBox dd: what it prints on standard error, one or more runs. */
export const ddTool: Tool<'dd', DdFormat, typeof DdResultSchema> = defineTool({
  name: 'dd',
  formats: DD_FORMATS,
  // A copy of the transfer line alone (`| tail -1`) has no records line for detection: still dd's.
  defaultFormat: DD_FORMAT,
  detect: _detectDdHead,
  parse: _parseDdSource,
  measurements: _ddMeasurements,
  // Outputs of any length a run at a time (stream.ts); parse keeps MAX_DD_INPUT_CHARS.
  stream: (batches, _format, name) => streamDdOutputs(batches, name),
  fingerprints: _ddFingerprints,
  resultSchema: DdResultSchema,
  headlineMetrics: /^(?:bw|elapsed)$/,
});

/** `format`: only `text` exists; given for symmetry with the other tools. */
export type ParseDdOptions = ToolParseOptions<DdFormat>;

/** The tool's registry parser and functions under their names: `parseDd(text, options)` throws a ParseError. */
export const { parser: ddParser, parse: parseDd, safeParse: safeParseDd, detect: detectDd } = ddTool;
