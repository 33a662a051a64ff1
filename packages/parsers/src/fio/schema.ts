import { z } from 'zod';

/**
 * The one typed shape every fio output format parses into: normal text (fio 1.x to 3.x),
 * json and json+ (fio 2.1 to 3.x, client/server included) and terse v2 to v5.
 *
 * Values are in base units with the unit in the name (bytes, bytes per second, nanoseconds,
 * milliseconds where fio itself counts runtimes in ms, percent 0-100). A value the output does
 * not carry is null, never 0: fio 2.x JSON has no `iops_min`, terse has no per-direction
 * `total_ios`, a `--minimal` run has no group aggregates.
 */

const nullableNumber = (description: string) => z.number().nullable().describe(description);
const nullableString = (description: string) => z.string().nullable().describe(description);

/**
 * Percentiles keyed by the percentile as fio's normal text prints it, with at least two
 * decimals: `"1.00"`, `"50.00"`, `"99.90"`, `"99.99"`, `"99.999"`. JSON's `"99.900000"` and
 * terse's `99.900000%=` are written the same way, so one run gives the same keys in every
 * format. Values in ns. The empty slots fio pads the list with (`"0.00" : 0`, terse `0%=0`)
 * are left out.
 */
export const PercentilesNsSchema = z
  .record(z.string(), z.number())
  .describe(
    'Latency percentiles in ns keyed by the percentile with at least two decimals ("99.90"); fio `percentile`.',
  );

/**
 * json+ latency histogram: keys are the lower bound of each bin in ns (fio 3.x prints ns keys;
 * fio 2.x usec keys are converted), values are how many I/Os fell in it.
 */
export const LatencyBinsSchema = z
  .record(z.string(), z.number())
  .describe('json+ `bins`: key = bin latency in ns (as a decimal string), value = I/O count in that bin.');

export const LatencyStatsSchema = z
  .object({
    minNs: nullableNumber('Smallest latency in ns; fio `min`.'),
    maxNs: nullableNumber('Largest latency in ns; fio `max`.'),
    meanNs: nullableNumber('Mean latency in ns; fio `mean` / `avg`.'),
    stddevNs: nullableNumber('Standard deviation in ns; fio `stddev` / `stdev`.'),
    samples: nullableNumber('How many latencies were sampled; fio JSON `N`. Null where not printed.'),
    percentilesNs: PercentilesNsSchema.nullable().describe(
      'Percentiles in ns (clat by default, lat with lat_percentiles=1); null when not printed.',
    ),
    binsNs: LatencyBinsSchema.nullable().describe('json+ histogram bins; null outside json+.'),
  })
  .describe('Statistics of one latency (slat, clat, lat or sync lat), all in ns.');

export const BandwidthSamplesSchema = z
  .object({
    minBytesPerSec: nullableNumber('Smallest bandwidth sample in B/s; fio `bw_min` (KiB/s) / normal `min=`.'),
    maxBytesPerSec: nullableNumber('Largest bandwidth sample in B/s; fio `bw_max` / `max=`.'),
    percentOfGroup: nullableNumber(
      "This job's share of its group's bandwidth in percent; fio `bw_agg` (fio >= 2.2) / normal `per=`.",
    ),
    meanBytesPerSec: nullableNumber('Mean bandwidth sample in B/s; fio `bw_mean` / `avg=`.'),
    stddevBytesPerSec: nullableNumber('Standard deviation of the samples in B/s; fio `bw_dev` / `stdev=`.'),
    samples: nullableNumber('Number of samples; fio `bw_samples` / normal `samples=`.'),
  })
  .describe('Statistics of the periodic bandwidth samples (normal `bw (KiB/s):` line).');

export const IopsSamplesSchema = z
  .object({
    min: nullableNumber('Smallest IOPS sample in op/s; fio `iops_min`.'),
    max: nullableNumber('Largest IOPS sample in op/s; fio `iops_max`.'),
    mean: nullableNumber('Mean IOPS sample in op/s; fio `iops_mean` / `avg=`.'),
    stddev: nullableNumber('Standard deviation in op/s; fio `iops_stddev` / `stdev=`.'),
    samples: nullableNumber('Number of samples; fio `iops_samples`.'),
  })
  .describe('Statistics of the periodic IOPS samples (normal `iops        :` line, fio >= 3.0).');

export const DIRECTIONS = ['read', 'write', 'trim'] as const;
export type Direction = (typeof DIRECTIONS)[number];
/**
 * Every direction a job or group can report: read, write, trim and, with unified_rw_reporting,
 * `mixed` (all directions summed, printed instead of them with `=1`/`mixed`, beside them with
 * `=both`/`2`, fio >= 3.27).
 */
export const REPORT_DIRECTIONS = ['read', 'write', 'trim', 'mixed'] as const;
export type ReportDirection = (typeof REPORT_DIRECTIONS)[number];

export const PriorityLatencySchema = z
  .object({
    prioClass: nullableNumber(
      'I/O priority class (0 none, 1 RT, 2 BE, 3 idle); JSON `prioclass`, normal `clat prio C/L`. Null for the high/low form of fio < 3.30.',
    ),
    prioLevel: nullableNumber(
      'Priority level within the class (0-7); JSON `prio`, normal `clat prio C/L`. Null for the high/low form.',
    ),
    prioHint: nullableNumber(
      'Priority hint (fio >= 3.36, `priohint`); normal prints it as a third figure, `clat prio 1/0/0`. Null before.',
    ),
    highOrLow: z
      .enum(['high', 'low'])
      .nullable()
      .describe(
        'fio 3.1x-3.29 split latencies into high and low priority only (`clat_high_prio`, `high prio_clat`); null in the 3.30+ form.',
      ),
    percentOfIos: nullableNumber(
      'Share of the I/Os at this priority in percent; printed by normal text only (`(30.07% of IOs)`).',
    ),
    isTotalLatency: z
      .boolean()
      .describe('True when the statistics are of `lat` (lat_percentiles=1), false for `clat`, as fio chose.'),
    lat: LatencyStatsSchema.describe('The latency statistics of the I/Os at this priority, in ns.'),
  })
  .describe('Latencies of the I/Os issued at one priority (cmdprio_percentage, prioclass, ...).');

export const DirectionStatsSchema = z
  .object({
    ioBytes: nullableNumber(
      'Bytes transferred; fio 3.x JSON `io_bytes`, fio 2.x JSON `io_bytes` (which is KiB there), terse `*_kb`, normal `io=`.',
    ),
    bandwidthBytesPerSec: nullableNumber(
      'Mean bandwidth in B/s; fio `bw_bytes`, else `bw` (KiB/s), normal `BW=`/`bw=`.',
    ),
    iops: nullableNumber('I/O operations per second; fio `iops`, normal `IOPS=`/`iops=`.'),
    runtimeMs: nullableNumber('Runtime of this direction in ms; fio `runtime`, normal `runt=` or the `(…/3001msec)`.'),
    totalIos: nullableNumber('I/Os issued; JSON `total_ios`, normal `issued … total=`.'),
    shortIos: nullableNumber('Short I/Os; JSON `short_ios`, normal `issued … short=`.'),
    droppedIos: nullableNumber('Dropped I/Os; JSON `drop_ios`, normal `issued … dropped=`.'),
    slat: LatencyStatsSchema.nullable().describe('Submission latency; fio `slat`/`slat_ns`; null when not printed.'),
    clat: LatencyStatsSchema.nullable().describe(
      'Completion latency with its percentiles (and json+ bins); fio `clat`/`clat_ns`.',
    ),
    lat: LatencyStatsSchema.nullable().describe('Total latency (slat + clat); fio `lat`/`lat_ns`.'),
    bandwidthSamples: BandwidthSamplesSchema.nullable().describe('Bandwidth sample statistics; null when not printed.'),
    iopsSamples: IopsSamplesSchema.nullable().describe('IOPS sample statistics; null when not printed (fio < 3.0).'),
    prios: z
      .array(PriorityLatencySchema)
      .nullable()
      .describe(
        'Per-priority latencies; JSON `prios` (fio >= 3.30) or `clat_high_prio`/`clat_low_prio` (3.1x-3.29), normal `clat prio 1/0` or `high prio_clat` lines. Null when not printed (fio prints them only when two priorities have samples).',
      ),
  })
  .describe('What one job did in one direction (read, write, trim or mixed).');

export const SyncStatsSchema = z
  .object({
    totalIos: nullableNumber('fsync/fdatasync calls issued; JSON `sync.total_ios`, normal `issued rwts` 4th field.'),
    lat: LatencyStatsSchema.nullable().describe(
      'Latency of the sync calls; JSON `sync.lat_ns`, normal `sync (usec):`.',
    ),
  })
  .describe('fsync/fdatasync statistics (fio >= 3.5 with fsync/fdatasync set).');

export const CpuStatsSchema = z
  .object({
    userPercent: nullableNumber('User CPU in percent; fio `usr_cpu` / `usr=`.'),
    systemPercent: nullableNumber('System CPU in percent; fio `sys_cpu` / `sys=`.'),
    contextSwitches: nullableNumber('Context switches; fio `ctx`.'),
    majorFaults: nullableNumber('Major page faults; fio `majf`.'),
    minorFaults: nullableNumber('Minor page faults; fio `minf`.'),
  })
  .describe('CPU use of the job (normal `cpu          :` line).');

/** Keys as fio prints them: "1", "2", ... ">=64" (level) or "0", "4", ... ">=64" (submit/complete). */
const DepthDistributionSchema = z
  .record(z.string(), z.number())
  .describe('Percent of I/Os per queue depth bucket, keyed as fio prints the bucket ("1", "4", ">=64").');

export const IoDepthsSchema = z
  .object({
    level: DepthDistributionSchema.nullable().describe(
      'In-flight depth distribution; fio `iodepth_level` / `IO depths`.',
    ),
    submit: DepthDistributionSchema.nullable().describe('I/Os per submit call; fio `iodepth_submit` / `submit`.'),
    complete: DepthDistributionSchema.nullable().describe('I/Os per completion; fio `iodepth_complete` / `complete`.'),
  })
  .describe('IO depth distributions in percent.');

/** Keys are the bucket's upper bound in the unit of the group, as fio prints them ("2", "750", ">=2000"). */
const BucketsSchema = z
  .record(z.string(), z.number())
  .describe('Percent of I/Os per latency bucket, keyed by the bucket bound as printed ("2", ">=2000").');

export const LatencyDistributionSchema = z
  .object({
    ns: BucketsSchema.nullable().describe('Buckets in ns; JSON `latency_ns`, normal `lat (nsec)`.'),
    us: BucketsSchema.nullable().describe('Buckets in us; JSON `latency_us`, normal `lat (usec)`.'),
    ms: BucketsSchema.nullable().describe('Buckets in ms; JSON `latency_ms`, normal `lat (msec)`.'),
  })
  .describe('Completion latency distribution in percent of I/Os, per bucket group.');

export const LatencyTargetSchema = z
  .object({
    targetNs: nullableNumber('latency_target in ns; JSON `latency_target` (usec) / normal `target=`.'),
    windowNs: nullableNumber('latency_window in ns; JSON `latency_window` (usec) / normal `window=`.'),
    percentile: nullableNumber('latency_percentile in percent; JSON `latency_percentile`.'),
    depth: nullableNumber('Queue depth found to meet the target; JSON `latency_depth`.'),
  })
  .describe('The latency target settings and outcome (normal `latency   : target=`).');

export const JobParametersSchema = z
  .object({
    rw: nullableString('I/O pattern: read, write, randread, randwrite, rw, randrw, trim, ...; option `rw`.'),
    blockSize: nullableString('Block size as printed: "4k", "8K-8K/8K-8K", "(R) 4096B-4096B"; option `bs`.'),
    ioengine: nullableString('I/O engine: sync, libaio, io_uring, ...; option `ioengine`.'),
    iodepth: nullableNumber('Queue depth; option `iodepth`.'),
    numjobs: nullableNumber('Clones of the job; option `numjobs`.'),
    direct: z.boolean().nullable().describe('O_DIRECT; option `direct`.'),
    options: z
      .record(z.string(), z.string())
      .describe('Every job option as printed (JSON `global options` merged under `job options`).'),
  })
  .describe('Job parameters from the job preamble line or the JSON options.');

export const JobErrorSchema = z
  .object({
    code: z.number().describe('errno-style code; fio `err=` / JSON `error`.'),
    location: nullableString('Source location fio names, such as "file:io_u.c:2141".'),
    function: nullableString('Function fio names, such as "io_u_queued_complete".'),
    message: nullableString('The error text, such as "Input/output error".'),
  })
  .describe('A failure fio reported for a job.');

export const SteadyStateSchema = z
  .object({
    metric: z
      .enum(['iops', 'bw', 'lat'])
      .describe('What is watched: `iops`, `bw` or (fio >= 3.42) `lat`; from `ss` (JSON) / `iops mean dev` (normal).'),
    isSlope: z
      .boolean()
      .describe('True for the slope criterion (`iops_slope`, `bw_slope`), false for the mean deviation.'),
    limit: nullableNumber(
      'The limit asked for: 20 of `iops:20%`; JSON `ss`. Null in normal text, which does not print it.',
    ),
    isPercent: z.boolean().describe('True when the limit and criterion are percentages of the mean (`iops:20%`).'),
    isAttained: z.boolean().describe('Whether steady state was reached; JSON `attained`, normal `attained=yes`.'),
    criterion: nullableNumber(
      "The criterion the last window reached (percent when isPercent, else in the metric's unit per second); JSON `criterion`, normal `iops mean dev=0.110%`.",
    ),
    durationSec: nullableNumber('The window length in s (`ss_dur`); JSON `duration`. Null in normal text.'),
    maxDeviation: nullableNumber(
      "JSON `max_deviation`: the largest deviation from the mean in the window, in the metric's unit.",
    ),
    slope: nullableNumber("JSON `slope`: the slope of the window's least-squares line (0 for the mean criterion)."),
    bwMeanBytesPerSec: nullableNumber('Mean bandwidth over the window in B/s; JSON `data.bw_mean`, normal `bw=`.'),
    iopsMean: nullableNumber('Mean IOPS over the window; JSON `data.iops_mean`, normal `iops=`.'),
    bwBytesPerSec: z
      .array(z.number())
      .nullable()
      .describe(
        "The window's bandwidth samples in B/s, oldest first, one per second; JSON `data.bw`. Null in normal text.",
      ),
    iops: z
      .array(z.number())
      .nullable()
      .describe("The window's IOPS samples, oldest first; JSON `data.iops`. Null in normal text."),
    latMeanNs: nullableNumber(
      'Mean latency over the window in ns, with the `lat` criterion (fio >= 3.42); JSON `data.lat_mean`, normal `lat=`.',
    ),
    latNs: z
      .array(z.number())
      .nullable()
      .describe("The window's latency samples in ns, oldest first, with the `lat` criterion; JSON `data.lat_ns`."),
  })
  .describe('`--steadystate` detection: normal `steadystate  : attained=yes, ...`, JSON `steadystate`.');

export const FioJobSchema = z
  .object({
    name: z.string().describe('Job name; fio `jobname`.'),
    groupId: nullableNumber('Reporting group; fio `groupid` / normal `(groupid=N`.'),
    jobCount: nullableNumber('Jobs folded into this entry by group_reporting; normal `jobs=N`.'),
    pid: nullableNumber('Process id; normal `pid=`. Null in JSON and terse.'),
    hostname: nullableString('The server that ran the job, in client/server mode; JSON `hostname`.'),
    description: nullableString('Job description; JSON `desc`, terse v2 second line.'),
    hasFailed: z.boolean().describe('True when fio reported an error for the job (err != 0); the job is kept.'),
    error: JobErrorSchema.nullable().describe('The error fio reported; null when err=0.'),
    parameters: JobParametersSchema,
    read: DirectionStatsSchema.nullable().describe('Read direction; null when the output has none for this job.'),
    write: DirectionStatsSchema.nullable().describe('Write direction; null when the output has none.'),
    trim: DirectionStatsSchema.nullable().describe('Trim direction; null when the output has none (fio < 2.1).'),
    sync: SyncStatsSchema.nullable().describe('fsync/fdatasync stats; null when not printed.'),
    cpu: CpuStatsSchema.nullable(),
    ioDepths: IoDepthsSchema.nullable(),
    latencyDistribution: LatencyDistributionSchema.nullable(),
    latencyTarget: LatencyTargetSchema.nullable(),
    jobRuntimeMs: nullableNumber('Time the job ran in ms; JSON `job_runtime` (fio >= 3.17).'),
    mixed: DirectionStatsSchema.nullable().describe(
      'unified_rw_reporting: all directions summed (JSON `mixed`, normal `mixed:`, terse with one direction block or one more). With `=1` it replaces read/write/trim, which are null; with `=both` it comes beside them. Null otherwise.',
    ),
    steadyState: SteadyStateSchema.nullable().describe(
      'The steady-state detection of `--steadystate`; null when not set.',
    ),
    startTimeMs: nullableNumber('When the job started, Unix time in ms; JSON `job_start` (fio >= 3.36).'),
  })
  .describe('One job (or one group_reporting aggregate) of a run.');

export const GroupDirectionSchema = z
  .object({
    ioBytes: nullableNumber('Bytes the group moved; normal `io=`.'),
    bandwidthBytesPerSec: nullableNumber('Aggregate bandwidth in B/s; normal `bw=` / fio 1.x-2.x `aggrb=`.'),
    minBandwidthBytesPerSec: nullableNumber('Slowest job in B/s; `minb=` / the first of `bw=...-...`.'),
    maxBandwidthBytesPerSec: nullableNumber('Fastest job in B/s; `maxb=` / the second of `bw=...-...`.'),
    minRuntimeMs: nullableNumber('Shortest job runtime in ms; `mint=` / first of `run=...-...msec`.'),
    maxRuntimeMs: nullableNumber('Longest job runtime in ms; `maxt=` / second of `run=...-...msec`.'),
  })
  .describe('One direction line of a `Run status group N (all jobs):` block.');

export const FioGroupSchema = z
  .object({
    groupId: z.number().describe('The N of `Run status group N`.'),
    read: GroupDirectionSchema.nullable(),
    write: GroupDirectionSchema.nullable(),
    trim: GroupDirectionSchema.nullable(),
    mixed: GroupDirectionSchema.nullable().describe('unified_rw_reporting: the `MIXED:` line; null otherwise.'),
  })
  .describe('Aggregates of one reporting group (normal text only).');

const DiskCountsSchema = z.object({
  readIos: nullableNumber('Reads completed; `ios=` first / JSON `read_ios`.'),
  writeIos: nullableNumber('Writes completed; `ios=` second / JSON `write_ios`.'),
  readMerges: nullableNumber('Reads merged; `merge=` first / JSON `read_merges`.'),
  writeMerges: nullableNumber('Writes merged; `merge=` second / JSON `write_merges`.'),
  readTicksMs: nullableNumber('Time spent reading in ms; `ticks=` first / JSON `read_ticks`.'),
  writeTicksMs: nullableNumber('Time spent writing in ms; `ticks=` second / JSON `write_ticks`.'),
  inQueueMs: nullableNumber('Time requests spent in the queue in ms; `in_queue=`.'),
  utilPercent: nullableNumber('Device utilization in percent; `util=`.'),
  readSectors: nullableNumber('512-byte sectors read; `sectors=` first (fio >= 3.13); null when not printed.'),
  writeSectors: nullableNumber('512-byte sectors written; `sectors=` second; null when not printed.'),
});

export const DiskStatsSchema = DiskCountsSchema.extend({
  name: z.string().describe('Device name, such as "sda" or "dm-0".'),
  hostname: nullableString('The server the device is on, in client/server mode.'),
  aggregate: DiskCountsSchema.nullable().describe(
    'For a device-mapper or md device, the sums over its slaves (`aggrios=` ..., JSON `aggr_*`).',
  ),
}).describe('One line of `Disk stats (read/write):` / one JSON `disk_util` entry.');

export const FioRunErrorSchema = JobErrorSchema.extend({
  pid: nullableNumber('The pid fio names.'),
  line: z.number().describe('1-based line of the error in the input.'),
}).describe('An error line of its own, `fio: pid=1234, err=84/file:io_u.c:2141, func=..., error=...`.');

export const FIO_FORMATS = ['normal', 'json', 'json+', 'terse'] as const;
export type FioFormat = (typeof FIO_FORMATS)[number];

export const FioStatusReportSchema = z
  .object({
    line: z.number().describe('1-based line of the input where this report starts.'),
    timestamp: nullableNumber('Unix time in s when fio printed it; JSON `timestamp`.'),
    timestampMs: nullableNumber('The same in ms; JSON `timestamp_ms`.'),
    jobs: z
      .array(FioJobSchema)
      .describe(
        'The jobs as this report printed them, in the order of the final report; values cumulative since the start.',
      ),
  })
  .describe('One `--status-interval` report before the final one.');

export const FioRunSchema = z
  .object({
    format: z.enum(FIO_FORMATS).describe('The format this run was printed in.'),
    fioVersion: nullableString(
      'The version fio printed, such as "fio-3.33" or "fio-3.26-19-ge7e53"; null when absent.',
    ),
    terseVersion: nullableNumber('The terse layout version (2 to 5); null for other formats.'),
    timestamp: nullableNumber('Unix time in s when the run ended; JSON `timestamp`.'),
    time: nullableString('The end time as fio printed it; JSON `time`.'),
    globalOptions: z.record(z.string(), z.string()).nullable().describe('JSON `global options`; null when absent.'),
    jobs: z.array(FioJobSchema).describe('Jobs in output order; failed jobs are kept and flagged.'),
    groups: z.array(FioGroupSchema).describe('Run status group aggregates (normal text only; empty otherwise).'),
    disks: z.array(DiskStatsSchema).describe('Disk stats per device; empty when not printed.'),
    errors: z.array(FioRunErrorSchema).describe('Error lines fio printed on their own (`fio: pid=..., err=...`).'),
    line: z.number().describe('1-based line of the input where this run starts.'),
    timestampMs: nullableNumber('Unix time in ms when the report was printed; JSON `timestamp_ms` (fio >= 3.2x).'),
    statusReports: z
      .array(FioStatusReportSchema)
      .describe(
        '`--status-interval` reports printed before the final one, oldest first: each holds the jobs as fio printed them then, values cumulative since the start. `jobs` of the run is the final report. Empty without --status-interval.',
      ),
  })
  .describe('One fio run: what one invocation printed in one format.');

export const FioResultSchema = z
  .object({
    runs: z
      .array(FioRunSchema)
      .describe('Every run in the input, in order: several concatenated outputs give several runs.'),
  })
  .describe('The result of parsing a fio output.');

export type FioResult = z.output<typeof FioResultSchema>;
export type FioRun = z.output<typeof FioRunSchema>;
export type FioJob = z.output<typeof FioJobSchema>;
export type FioGroup = z.output<typeof FioGroupSchema>;
export type GroupDirection = z.output<typeof GroupDirectionSchema>;
export type DiskStats = z.output<typeof DiskStatsSchema>;
export type DirectionStats = z.output<typeof DirectionStatsSchema>;
export type SyncStats = z.output<typeof SyncStatsSchema>;
export type LatencyStats = z.output<typeof LatencyStatsSchema>;
export type BandwidthSamples = z.output<typeof BandwidthSamplesSchema>;
export type IopsSamples = z.output<typeof IopsSamplesSchema>;
export type CpuStats = z.output<typeof CpuStatsSchema>;
export type IoDepths = z.output<typeof IoDepthsSchema>;
export type LatencyDistribution = z.output<typeof LatencyDistributionSchema>;
export type LatencyTarget = z.output<typeof LatencyTargetSchema>;
export type JobParameters = z.output<typeof JobParametersSchema>;
export type JobError = z.output<typeof JobErrorSchema>;
export type FioRunError = z.output<typeof FioRunErrorSchema>;
export type FioStatusReport = z.output<typeof FioStatusReportSchema>;
export type SteadyState = z.output<typeof SteadyStateSchema>;
export type PriorityLatency = z.output<typeof PriorityLatencySchema>;

/**
 * The percentile key every format shares: at least two decimals, as normal text prints them.
 * `1` → "1.00", `99.9` → "99.90", `99.999` → "99.999". Takes the key as the output prints it
 * ("99.900000", "99.90") or a number.
 */
export function _percentileKey(percentile: string | number): string {
  const value = typeof percentile === 'number' ? percentile : Number(percentile);
  // Round off binary noise (99.9 printed with 6 decimals) before trimming zeros.
  const text = (Math.round(value * 1e6) / 1e6).toFixed(6).replace(/0+$/, '');
  const [whole = '0', fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** An empty LatencyStats, for builders that fill in what the output prints. */
export function _emptyLatencyStats(): LatencyStats {
  return { minNs: null, maxNs: null, meanNs: null, stddevNs: null, samples: null, percentilesNs: null, binsNs: null };
}

/** An empty DirectionStats. */
export function _emptyDirectionStats(): DirectionStats {
  return {
    ioBytes: null,
    bandwidthBytesPerSec: null,
    iops: null,
    runtimeMs: null,
    totalIos: null,
    shortIos: null,
    droppedIos: null,
    slat: null,
    clat: null,
    lat: null,
    bandwidthSamples: null,
    iopsSamples: null,
    prios: null,
  };
}

/** An empty job parameters record. */
export function _emptyJobParameters(): JobParameters {
  return { rw: null, blockSize: null, ioengine: null, iodepth: null, numjobs: null, direct: null, options: {} };
}

/** A run of normal output before its lines are read (or one that printed only errors). */
export function _emptyNormalRun(line: number, errors: FioRunError[] = []): FioRun {
  return {
    format: 'normal',
    fioVersion: null,
    terseVersion: null,
    timestamp: null,
    time: null,
    globalOptions: null,
    jobs: [],
    groups: [],
    disks: [],
    errors,
    line,
    timestampMs: null,
    statusReports: [],
  };
}

/** A job with only its name: every statistic null, no error. */
export function _emptyJob(name: string): FioJob {
  return {
    name,
    groupId: null,
    jobCount: null,
    pid: null,
    hostname: null,
    description: null,
    hasFailed: false,
    error: null,
    parameters: _emptyJobParameters(),
    read: null,
    write: null,
    trim: null,
    sync: null,
    cpu: null,
    ioDepths: null,
    latencyDistribution: null,
    latencyTarget: null,
    jobRuntimeMs: null,
    mixed: null,
    steadyState: null,
    startTimeMs: null,
  };
}

/** A disk entry with only its name. */
export function _emptyDiskStats(name: string): DiskStats {
  return {
    name,
    hostname: null,
    readIos: null,
    writeIos: null,
    readMerges: null,
    writeMerges: null,
    readTicksMs: null,
    writeTicksMs: null,
    inQueueMs: null,
    utilPercent: null,
    readSectors: null,
    writeSectors: null,
    aggregate: null,
  };
}
