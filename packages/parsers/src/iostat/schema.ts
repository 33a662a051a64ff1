import { z } from 'zod';
import { UNITS } from '../units.ts';

/** The banner iostat prints first: `Linux 6.1.0 (host) 	11/21/26 	_x86_64_	(2 CPU)`. */
export const IostatHostSchema = z
  .object({
    system: z.string().describe('Kernel name, as printed first in the banner ("Linux"); JSON `sysname`.'),
    release: z.string().describe('Kernel release ("6.1.0-13-amd64"); JSON `release`.'),
    host: z.string().describe('Host name, printed in parentheses; JSON `nodename`.'),
    date: z.string().describe('The date as printed ("11/21/26", "2026-11-21"); JSON `date`.'),
    dateIso: z.string().nullable().describe('That date as YYYY-MM-DD, or null when its locale form is unknown.'),
    arch: z.string().nullable().describe('Machine ("x86_64", printed as `_x86_64_`); JSON `machine`.'),
    cpuCount: z.number().int().nullable().describe('Number of CPUs, `(2 CPU)`; JSON `number-of-cpus`. Null if absent.'),
  })
  .describe('The host banner of an iostat output.');

/** One column of a device table, as the output names it and as benchfolio names it. */
export const IostatColumnSchema = z
  .object({
    name: z.string().describe('The column as iostat prints it: "rkB/s", "avgqu-sz", "Blk_read/s", "%util".'),
    metric: z
      .string()
      .describe(
        'The canonical name across sysstat versions, the measurement metric: "read.bw" for rkB/s, rMB/s, rsec/s, ' +
          'kB_read/s and Blk_read/s; "aqu-sz" for avgqu-sz and aqu-sz; "areq-sz" for avgrq-sz and areq-sz.',
      ),
    unit: z.enum(UNITS).describe('Unit of the values under `metric` (base units: B/s, B, ns, op/s, %, count).'),
  })
  .describe('A column of the device table.');

export const IostatCpuSchema = z
  .object({
    userPercent: z.number().nullable().describe('%user (JSON `user`), percent of CPU time.'),
    nicePercent: z.number().nullable().describe('%nice (JSON `nice`), percent.'),
    systemPercent: z.number().nullable().describe('%system (JSON `system`), percent, interrupts included.'),
    iowaitPercent: z.number().nullable().describe('%iowait (JSON `iowait`), percent.'),
    stealPercent: z.number().nullable().describe('%steal (JSON `steal`), percent; null where the version has none.'),
    idlePercent: z.number().nullable().describe('%idle (JSON `idle`), percent.'),
  })
  .describe('The avg-cpu line of a report. A column the version does not print is null.');

export const IostatDeviceSchema = z
  .object({
    device: z.string().describe('Device name as printed (`sda`, `dm-0`, `cciss/c0d0p2`, an LVM name with -N).'),
    isGroup: z.boolean().describe('True for a group total row of `-g NAME` (printed with a leading space).'),
    values: z
      .array(z.number().nullable())
      .describe(
        "Values in the order of the report's `columns` (values[i] is under columns[i]), in base units: kB/s and " +
          'MB/s become B/s (kB = 1024 B, MB = 1024² B in sysstat), sectors 512 B, await/svctm ms become ns, request ' +
          'sizes B, percentages 0-100. Null where the device has no value under a column: a device missing from one ' +
          'table of a `--pretty` report, or a JSON key another device has. An array rather than a record keyed by ' +
          'metric: a long log holds millions of rows, and an array is built, kept and serialized for less.',
      ),
  })
  .describe('One device (or group) row of a report; rows of several tables (`--pretty -x`) are merged.');

export const IostatReportSchema = z
  .object({
    sample: z.number().int().describe('0-based index of the report in the output.'),
    timestamp: z
      .string()
      .nullable()
      .describe('ISO 8601 time of the report (`-t`), with offset when iostat printed one; null when not printed.'),
    timestampText: z.string().nullable().describe('The timestamp as printed ("11/21/26 14:11:56", "02:11:56 PM").'),
    isSinceBoot: z
      .boolean()
      .describe('True for the first report of a run: averages since boot, not over the interval (unless `-y`).'),
    cpu: IostatCpuSchema.nullable().describe('avg-cpu, or null with `-d`.'),
    columns: z
      .array(IostatColumnSchema)
      .describe("The device columns of this report, in printed order; each device's `values` follow it."),
    devices: z.array(IostatDeviceSchema).describe('Device rows, in printed order. Empty with `-c`.'),
  })
  .describe('One report: what iostat prints once per interval.');

export const IostatStatsSchema = z
  .object({
    mean: z.number().describe('Arithmetic mean over the samples, in the metric unit.'),
    max: z.number().describe('Largest sample.'),
    p95: z.number().describe('95th percentile (nearest rank) of the samples.'),
    count: z.number().int().describe('Number of samples.'),
  })
  .describe('Statistics of one metric over the reports.');

export const IostatDeviceSummarySchema = z
  .object({
    device: z.string(),
    isGroup: z.boolean(),
    metrics: z.record(z.string(), IostatStatsSchema).describe('Per canonical metric (see IostatColumn.metric).'),
  })
  .describe('A device summarized over every report except the since-boot ones.');

export const IostatResultSchema = z
  .object({
    format: z.enum(['text', 'json']).describe('`text` (every plain layout) or `json` (`-o JSON`).'),
    host: IostatHostSchema.nullable().describe('The banner, or null when the copy has none.'),
    reports: z.array(IostatReportSchema),
    isTruncated: z
      .boolean()
      .describe('True when the output stops inside a report (iostat killed): that report is left out.'),
    summary: z
      .array(IostatDeviceSummarySchema)
      .describe('Per device: mean, max and p95 of each metric, since-boot reports excluded. Empty in stream pieces.'),
  })
  .describe('An iostat (sysstat) output as a time series.');

export type IostatHost = z.output<typeof IostatHostSchema>;
export type IostatColumn = z.output<typeof IostatColumnSchema>;
export type IostatCpu = z.output<typeof IostatCpuSchema>;
export type IostatDevice = z.output<typeof IostatDeviceSchema>;
export type IostatReport = z.output<typeof IostatReportSchema>;
export type IostatStats = z.output<typeof IostatStatsSchema>;
export type IostatDeviceSummary = z.output<typeof IostatDeviceSummarySchema>;
export type IostatResult = z.output<typeof IostatResultSchema>;
