import { z } from 'zod';
import { FIO_LOG_KINDS } from './file-name.ts';
import { FIO_LOG_TIME_BASES } from './time-base.ts';

/** The columns a sample log line can have, in fio's order (iolog.c flush_samples). */
export const SAMPLE_LOG_COLUMNS = [
  'time',
  'value',
  'value1',
  'direction',
  'blockSize',
  'offset',
  'priority',
  'issueTime',
] as const;
export type SampleLogColumn = (typeof SAMPLE_LOG_COLUMNS)[number];

const numbers = (description: string) => z.array(z.number()).describe(description);

const TimeBaseSchema = z
  .enum(FIO_LOG_TIME_BASES)
  .describe(
    "What the time column counts from: `job-start` (ms since the job started, fio's default) or `unix-epoch` (ms since 1970-01-01 UTC, log_unix_epoch=1). Read from the first line: a time above 10^12 ms is the epoch's (a job would need 31.7 years to get there).",
  );

const FileNameSchema = z
  .object({
    prefix: z.string().describe('The log prefix (write_*_log=PREFIX).'),
    kind: z.enum(FIO_LOG_KINDS),
    job: z
      .number()
      .int()
      .nullable()
      .describe('fio job number from `<prefix>_<kind>.<job>.log`; null with per_job_logs=0.'),
    host: z.string().nullable().describe('Host a `fio --client` appended (`*.log.<host>`), or null.'),
  })
  .describe('What the file name tells; null when the name is not a fio log name or was not given.');

/** One row per line: columnar arrays, one entry per line of the log. */
const SampleRowsSchema = z.object({
  timeMs: numbers('Column 1: msec since the job started, or since the epoch (see `timeBase`).'),
  values: numbers(
    'Column 2 in base units: bw in B/s (fio prints KiB/s), iops in op/s, latencies in ns (fio < 3.0 printed usec); the window average with log_avg_msec (the maximum with log_window_value=max).',
  ),
  values1: numbers(
    'The window maximum in base units (log_window_value=both, fio 3.37+); null without that column.',
  ).nullable(),
  directions: numbers('0 read, 1 write, 2 trim.'),
  blockSizeBytes: numbers('Block size in bytes; 0 in windowed logs.'),
  offsetBytes: numbers('Offset in bytes (log_offset=1); 0 in windowed logs; null without that column.').nullable(),
  priorities: numbers(
    'Command priority: with `priorityEncoding` `flag`, 1 for the highest (RT) priority class and 0 otherwise; with `ioprio`, the 16-bit value fio printed in hex (class << 13 | level); null without that column (fio < 3.18).',
  ).nullable(),
  issueTimeNs: numbers(
    'Issue time in ns (log_issue_time=1, fio 3.38+); 0 in windowed logs; null without that column.',
  ).nullable(),
});

/** Summary of one direction of a sample log. */
const SampleSummarySchema = z.object({
  direction: z.enum(['read', 'write', 'trim']),
  count: z.number().int().describe('Lines of this direction.'),
  mean: z
    .number()
    .describe('Mean of the values (base units): for a windowed bw/iops log, what fio prints as bw/iops avg.'),
  min: z.number(),
  max: z.number(),
  percentilesNs: z
    .array(z.number().nullable())
    .nullable()
    .describe(
      "Per-I/O latency logs: the percentiles of `percentiles`, from the values filed in fio 3.x histogram bins and computed as fio computes its own (so equal to fio's printed percentiles for a log of every I/O); null for windowed, bw and iops logs.",
    ),
});

export const FioSampleLogSchema = z.object({
  type: z.literal('samples'),
  kind: z.enum([...FIO_LOG_KINDS, 'unknown']).describe('What the values are: from the format, else the file name.'),
  kindSource: z.enum(['format', 'file-name']).nullable(),
  fileName: FileNameSchema.nullable(),
  timeBase: TimeBaseSchema,
  columns: z.array(z.enum(SAMPLE_LOG_COLUMNS)).describe('The columns of each line, in order, as the layout was read.'),
  printedUnit: z.enum(['KiB/s', 'op/s', 'ns', 'usec']).nullable().describe('The unit fio printed the values in.'),
  unit: z
    .enum(['B/s', 'op/s', 'ns'])
    .nullable()
    .describe('The unit of `values`; null for an unknown kind (values as printed).'),
  priorityEncoding: z.enum(['flag', 'ioprio']).nullable(),
  isWindowed: z.boolean().describe('Block sizes all 0: a log_avg_msec log (one line per window and direction).'),
  firstSample: z
    .number()
    .int()
    .describe('0-based index of the first row in the whole log (streamed pieces start later).'),
  rows: SampleRowsSchema,
  percentiles: z.array(z.number()).describe('The percentiles of `summary[].percentilesNs`, in percent.'),
  summary: z.array(SampleSummarySchema).describe('Per direction; empty in streamed pieces but the last.'),
});
export type FioSampleLog = z.output<typeof FioSampleLogSchema>;

export const FioHistogramLogSchema = z.object({
  type: z.literal('histogram'),
  kind: z.literal('clat_hist'),
  fileName: FileNameSchema.nullable(),
  timeBase: TimeBaseSchema,
  binCount: z
    .number()
    .int()
    .describe('Bins per line: 1856 (fio 3.x) or 1216 (fio 2.x), halved per log_hist_coarseness step.'),
  coarseness: z.number().int().describe('log_hist_coarseness, from the bin count.'),
  firstSample: z
    .number()
    .int()
    .describe('0-based index of the first interval line in the whole log (streamed pieces start later).'),
  binUnit: z.enum(['ns', 'usec']).describe('fio 3.x bins are in ns, fio 2.x in usec (from the bin count).'),
  binLowerNs: numbers('Where each (merged) bin starts, in ns.'),
  binUpperNs: numbers('Where each (merged) bin ends (exclusive), in ns.'),
  intervals: z.object({
    timeMs: numbers(
      'Column 1: msec since the job started or since the epoch (see `timeBase`), at the end of the interval.',
    ),
    directions: numbers('0 read, 1 write, 2 trim.'),
    blockSizeBytes: numbers('Column 3.'),
    counts: z.array(z.array(z.number())).describe('I/Os completed in the interval, per bin.'),
    sampleCounts: numbers('I/Os completed in the interval.'),
  }),
  percentiles: z.array(z.number()).describe('The percentiles of `intervalPercentilesNs` and `summary`, in percent.'),
  intervalPercentilesNs: z
    .array(z.array(z.number().nullable()))
    .describe(
      'Per interval, the percentiles in ns, as fio-histo-log-pctiles.py computes them; null for an interval of no I/O.',
    ),
  summary: z
    .array(
      z.object({
        direction: z.enum(['read', 'write', 'trim']),
        count: z.number().int(),
        percentilesNs: z.array(z.number().nullable()),
      }),
    )
    .describe('Per direction: every interval added up.'),
});
export type FioHistogramLog = z.output<typeof FioHistogramLogSchema>;

export const FioLogResultSchema = z.discriminatedUnion('type', [FioSampleLogSchema, FioHistogramLogSchema]);
export type FioLogResult = z.output<typeof FioLogResultSchema>;
