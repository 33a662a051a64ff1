import { z } from 'zod';
import { TOOL_NAMES } from '../tools.ts';
import { plainLine } from './text-fields.ts';

// run.yaml's `stability:` entries, as scripts/benchfolio-run writes them (scripts/lib/stability.sh):
// one per workload whose outputs have a headline number, for runs made with --repeat auto,
// --warmup or several repeats. The numbers are the runner's reading of the raw outputs beside
// them; the checks below make sure the statistics are those of the values listed.

/** Mann-Kendall's test of a trend over the measured repeats, in order (5 repeats and more). */
const DriftSchema = z
  .object({
    flagged: z.boolean().describe('p ≤ 0.05 and the change is over twice the scatter about the trend.'),
    direction: z.enum(['up', 'down', 'none']).describe('none unless flagged.'),
    change: z.number().describe("Sen's slope × (N − 1): the trend from first to last repeat, in the unit."),
    change_percent: z.number().describe('The change in percent of the mean.'),
    mann_kendall_s: z.number().int().describe('S: rises minus falls over every pair of repeats.'),
    p_value: z.number().min(0).max(1).describe('Two-sided, exact under no trend.'),
  })
  .strict();

export const StabilitySchema = z
  .object({
    workload: plainLine.describe('The workload of the outputs (their `workload`).'),
    tool: z.enum(TOOL_NAMES),
    metric: plainLine.describe('The headline number read from each output ("events per second").'),
    unit: plainLine.describe('Its unit as the tool prints it (events/s, MiB/s, B/s, KiB/s).'),
    mode: z.enum(['auto', 'fixed']).describe('auto: --repeat auto; fixed: --repeat N.'),
    target_rsd_percent: z.number().positive().optional().describe('auto: the RSD under which it stops.'),
    min_repeat: z.number().int().positive().optional(),
    max_repeat: z.number().int().positive().optional(),
    warmup: z.number().int().nonnegative().default(0).describe('Warm-up repeats first, in no statistic.'),
    repeats: z.number().int().positive().describe('Repeats run, warm-up included.'),
    measured: z.number().int().positive().describe('Repeats in the statistics.'),
    values: z.array(z.number()).min(1).describe('The headline of each measured repeat, in order.'),
    mean: z.number(),
    sd: z.number().nonnegative().describe('Sample standard deviation (N − 1).'),
    rsd_percent: z.number().nonnegative().describe('sd / mean, in percent.'),
    stopped: z
      .enum(['target-rsd', 'max-repeat', 'repeat-count'])
      .describe('target-rsd: stable; max-repeat: not stable at the most repeats allowed; repeat-count: --repeat N.'),
    drift: DriftSchema.optional(),
  })
  .strict()
  .superRefine((entry, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (entry.values.length !== entry.measured) {
      issue('values', `${entry.values.length} values for ${entry.measured} measured repeats`);
    }
    if (entry.measured + entry.warmup !== entry.repeats) {
      issue('repeats', `repeats (${entry.repeats}) is not measured + warmup (${entry.measured} + ${entry.warmup})`);
    }
    if (entry.mode === 'auto' && (entry.target_rsd_percent === undefined || entry.max_repeat === undefined)) {
      issue('mode', 'mode auto states its target_rsd_percent and max_repeat');
    }
    const stats = seriesStats(entry.values);
    for (const key of ['mean', 'sd', 'rsd_percent'] as const) {
      if (!isClose(entry[key], stats[key])) {
        issue(key, `${key} ${entry[key]} is not that of the values (${stats[key].toPrecision(6)})`);
      }
    }
  });

export type Stability = z.output<typeof StabilitySchema>;

/** Mean, sample standard deviation and relative standard deviation (percent) of a series. */
export function seriesStats(values: readonly number[]): { mean: number; sd: number; rsd_percent: number } {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const squares = values.reduce((sum, value) => sum + (value - mean) ** 2, 0);
  const sd = values.length > 1 ? Math.sqrt(squares / (values.length - 1)) : 0;
  const rsd_percent = values.length > 1 && mean !== 0 ? (100 * sd) / Math.abs(mean) : 0;
  return { mean, sd, rsd_percent };
}

// The runner writes 6 significant digits: a stated statistic agrees with the one computed to that.
function isClose(stated: number, computed: number): boolean {
  return Math.abs(stated - computed) <= 1e-5 * Math.max(Math.abs(computed), 1e-9) + 1e-9;
}
