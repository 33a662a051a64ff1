import { defineTool, type Tool, type ToolParseOptions } from '../tool.ts';
import { detectSysbenchHead } from './detect.ts';
import { _sysbenchFingerprints } from './fingerprint.ts';
import { _sysbenchMeasurements } from './measurements.ts';
import { _parseText } from './parse-text.ts';
import { SysbenchResultSchema } from './schema.ts';
import { streamSysbenchOutputs } from './stream.ts';
import { SYSBENCH_FORMAT } from './values.ts';

export const SYSBENCH_FORMATS = [SYSBENCH_FORMAT] as const;
export type SysbenchFormat = (typeof SYSBENCH_FORMATS)[number];

/** sysbench 0.4 to 1.1: what it prints on stdout and stderr, one or more runs. */
export const sysbenchTool: Tool<'sysbench', SysbenchFormat, typeof SysbenchResultSchema> = defineTool({
  name: 'sysbench',
  formats: SYSBENCH_FORMATS,
  // A copy that starts at the statistics may have no line detection knows: still sysbench's text.
  defaultFormat: SYSBENCH_FORMAT,
  detect: detectSysbenchHead,
  parse(source) {
    const { result, version, warnings } = _parseText(source);
    return { result, toolVersion: version, warnings };
  },
  measurements: (result) => _sysbenchMeasurements(result.runs),
  // A log of appended runs a run at a time (stream.ts).
  stream: (batches, _format, name) => streamSysbenchOutputs(batches, name),
  fingerprints: _sysbenchFingerprints,
  resultSchema: SysbenchResultSchema,
  headlineMetrics:
    /^(?:events|tps|qps|read|write|fsync|read\.bw|write\.bw|transfer|latency\.avg|latency\.p95|latency\.p99)$/,
});

/** `format`: only `text` exists; given for symmetry with the other tools. */
export type ParseSysbenchOptions = ToolParseOptions<SysbenchFormat>;

/** The tool's registry parser and functions under their names: `parseSysbench(text, options)` throws a ParseError. */
export const {
  parser: sysbenchParser,
  parse: parseSysbench,
  safeParse: safeParseSysbench,
  detect: detectSysbench,
} = sysbenchTool;
