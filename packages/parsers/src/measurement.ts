import { z } from 'zod';
import { TOOL_NAMES } from './tools.ts';
import { UNITS } from './units.ts';

export const ToolNameSchema = z.enum(TOOL_NAMES).describe('The tool: its command name, `bonnie` for bonnie++.');

export const UnitSchema = z
  .enum(UNITS)
  .describe('Base unit: B bytes, B/s bytes per second, ns, s, op/s, % (0-100), count.');

/** Metric names: lowercase, dotted, in the tool's own words (`write.clat.p99`, `%util`, `r/s`). */
export const METRIC_NAME = /^[a-z0-9%_/-]+(?:\.[a-z0-9%_/-]+)*$/;
export const LABEL_KEY = /^[a-z][a-z0-9_]*$/;

export const MeasurementSchema = z
  .object({
    tool: ToolNameSchema,
    metric: z
      .string()
      .regex(METRIC_NAME, 'lowercase words joined by dots, such as "write.clat.p99" or "%util"')
      .describe('What was measured, in the tool\'s own words: "write.iops", "put_block", "r_await".'),
    unit: UnitSchema,
    value: z.number().finite().describe('The value in `unit`. A value the tool could not measure is absent, never 0.'),
    labels: z
      .record(z.string().regex(LABEL_KEY, 'a lowercase identifier such as "job" or "device"'), z.string())
      .describe(
        'What identifies the series: job, group, device, test, threads, sample (0-based index in a time series), time (ISO 8601).',
      ),
  })
  .strict()
  .describe('One number from a benchmark output, in the tidy shape shared by every tool.');

export type Measurement = z.output<typeof MeasurementSchema>;
export type MeasurementUnit = z.output<typeof UnitSchema>;

/** The JSON Schema (draft 2020-12) of a measurement, for users outside TypeScript. */
export function measurementJsonSchema(): Record<string, unknown> {
  return { title: 'benchfolio measurement', ...z.toJSONSchema(MeasurementSchema, { target: 'draft-2020-12' }) };
}
