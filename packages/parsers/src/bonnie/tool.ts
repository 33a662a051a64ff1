import { defineTool, type Tool, type ToolParseOptions } from '../tool.ts';
import { BONNIE_FORMATS, type BonnieFormat } from './context.ts';
import { _detectBonnieHead } from './detect.ts';
import { _bonnieFingerprints } from './fingerprint.ts';
import { _bonnieMeasurements } from './measurements.ts';
import { _parseBonnieSource } from './parse.ts';
import { BonnieResultSchema } from './schema.ts';
import { streamBonnieOutputs } from './stream.ts';

/** bonnie++: its tables (1.03, 1.9x, 2.x) and CSV lines of every layout, several runs per input. */
export const bonnieTool: Tool<'bonnie', BonnieFormat, typeof BonnieResultSchema> = defineTool({
  name: 'bonnie',
  title: 'bonnie++',
  formats: BONNIE_FORMATS,
  // `table` reads tables and CSV lines alike; the output names the format detected, if any.
  defaultFormat: 'table',
  detect: _detectBonnieHead,
  parse: _parseBonnieSource,
  measurements: _bonnieMeasurements,
  // A CSV file a line (a run) at a time; tables are read whole (stream.ts).
  stream: (batches, format, name) => streamBonnieOutputs(batches, format, name),
  fingerprints: _bonnieFingerprints,
  resultSchema: BonnieResultSchema,
  headlineMetrics: /^(?:put_block|rewrite|get_block|seeks|seq_create|ran_create)$/,
});

/** `format`: `table` reads tables and CSV lines alike, `csv` only the CSV lines. Detected when not given. */
export type ParseBonnieOptions = ToolParseOptions<BonnieFormat>;

/** The tool's registry parser and functions under their names: `parseBonnie(text, options)` throws a ParseError. */
export const {
  parser: bonnieParser,
  parse: parseBonnie,
  safeParse: safeParseBonnie,
  detect: detectBonnie,
} = bonnieTool;
