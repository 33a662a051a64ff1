// The site's view model: plain JSON, the same at build time and in the browser. The data layer
// (src/data/) makes it from the loaded content; chart modules (src/charts/) and components take
// it. Nothing here imports Node or the DOM.

/** Which way a metric improves. `neither` for counts and sizes. */
export type BetterIs = 'higher' | 'lower' | 'neither';

/** A base unit, as measurements carry it (see @benchfolio/parsers' units). */
export type BaseUnit = 'B' | 'B/s' | 'ns' | 's' | 'op/s' | '%' | 'count';

/** A run as charts name it: its folder id, and the label readers see. */
export interface RunRef {
  /** The run folder name, stable: used in URLs and as a series key. */
  id: string;
  /** What the run stands for, "ext4" (run.yaml `label`). */
  label: string;
}

/** A category of bars within a chart: a fio job, a bonnie++ size, a sysbench test mode. */
export interface BarGroup {
  key: string;
  label: string;
}

/**
 * What a bar's spread is:
 * - `stddev`: the tool's own standard deviation of single operations (fio's clat `stdev`), of one
 *   run: how much single I/Os vary, not how certain the mean is;
 * - `published-sd`: a standard deviation of single operations as a source published it beside
 *   its mean (measurements.csv `<name>.stddev`), without the number of operations: the noise
 *   tests cannot use it;
 * - `min-max`: the lowest and highest of N repeats of the run (the bar is their mean);
 * - `sample-sd`: fio's statistics of its periodic samples of bandwidth or IOPS over one run of one
 *   job (`sampleStats`): how steady the run was. Not a spread around the bar's value (fio's `BW=`
 *   is bytes over runtime, the samples' mean is another number), so `low`/`high` stay unset and
 *   charts draw the samples' mean ± sd as a marker of its own. Never read by the noise tests.
 */
export type SpreadKind = 'min-max' | 'stddev' | 'published-sd' | 'sample-sd';

/** fio's `bw (KiB/s): min=, max=, avg=, stdev=, samples=` (or `iops :`) of one job, in the metric's unit. */
export interface SampleStats {
  mean: number;
  sd: number;
  min: number;
  max: number;
  /** How many samples; null where fio did not print it (before fio 3). */
  count: number | null;
}

/**
 * A lint finding on the number a cell shows (findings/cell-findings.ts attaches them at build time):
 * the badge a verdict row, bar or table cell carries.
 */
export interface CellFinding {
  /** The rule id, "BF001". */
  rule: string;
  severity: 'error' | 'warning' | 'note';
  /** The rule's title, the badge's short text where there is room: "fio job runtime far from its siblings". */
  title: string;
  /** One line of why, with this number's values (the finding's message): the badge's `title`. */
  reason: string;
  /** Site path of the rule's entry on /rules/ (pass through href()): `/rules/#bf102`. */
  href: string;
  /**
   * The finding names this number's metric (bonnie++'s CPU-bound putc): it is about this metric,
   * not about every number of its workload alike. Absent for a workload-wide finding.
   */
  aboutMetric?: true;
}

/** One bar: a run's value in a group, with its spread when there is one. */
export interface BarCell {
  group: string;
  run: string;
  /** In the metric's base unit. The mean when there are repeats. */
  value: number;
  /**
   * Low and high end of the spread, in the same unit: value ± sd (the low end may be below zero;
   * charts clamp the whisker at their axis), or the repeats' min and max.
   */
  low?: number;
  high?: number;
  /** What the spread is (see SpreadKind). */
  spread?: SpreadKind;
  /** The standard deviation itself, when `spread` is `stddev` or `published-sd`. */
  sd?: number;
  /** fio's statistics of its periodic samples, when `spread` is `sample-sd`. */
  sampleStats?: SampleStats;
  /**
   * How many jobs fio folded into the bar (group_reporting, `jobs=5`) where it printed sample
   * statistics it combined over them: no spread of the bar, so not shown, and said why.
   */
  samplesCombinedOver?: number;
  /** How many repeats the value summarizes; 1 or absent for a single run. */
  repeats?: number;
  /** Each repeat's value, in order, when there are several: what the noise tests read. */
  samples?: number[];
  /** The lint findings on this number (its run, workload and metric); absent where none. */
  findings?: CellFinding[];
}

/**
 * Whether two runs differ beyond the noise in one group: Welch's t-test on their repeats
 * (data/noise.ts), made at build time.
 */
export interface NoiseTest {
  group: string;
  /** Run ids, the better first (by the metric's betterIs; the higher for `neither`). */
  better: string;
  worse: string;
  /** Two-sided p-value of Welch's t-test. */
  pValue: number;
}

/** The noise tests of a metric: every pair of runs with at least two repeats each, per group. */
export interface NoiseTests {
  method: 'welch';
  /** The level below which a difference is called beyond the noise. */
  alpha: number;
  tests: NoiseTest[];
}

/** One metric across runs and groups: the data of a grouped bar chart. */
export interface MetricComparison {
  /** Stable and URL-safe, unique on the page: `fio-write-iops`. */
  key: string;
  /** The measurement name, `write.iops`. */
  metric: string;
  /** What readers see, "Write IOPS". */
  title: string;
  unit: BaseUnit;
  betterIs: BetterIs;
  /** In the order to draw them. */
  groups: BarGroup[];
  /** In the experiment's declared order. */
  runs: RunRef[];
  cells: BarCell[];
  /** Made at build time where runs have repeats (data/noise.ts); absent where none was made. */
  noise?: NoiseTests;
}

/** Latency as fio reports it for one job and direction, per run. */
export interface LatencyDistribution {
  key: string;
  /** "random-write-direct · write completion latency". */
  title: string;
  runs: Array<{
    run: string;
    /** Share of IOs (0–100 %) whose latency is at most `upToNs` and above the previous bound. */
    buckets: Array<{
      upToNs: number;
      percent: number;
      /** fio's last bucket, `>=2000` ms: latencies of at least `upToNs`, with no upper bound. */
      isAtLeast?: boolean;
    }>;
    /** Percentiles: `p` as fio names it (50, 99, 99.9), latency in ns. */
    percentiles: Array<{ p: number; ns: number }>;
  }>;
}

/** A histogram of latencies (sysbench `--histogram`), per run. */
export interface LatencyHistogram {
  key: string;
  title: string;
  runs: Array<{ run: string; bins: Array<{ ns: number; count: number }> }>;
}

/**
 * A metric against a swept parameter (sysbench threads), or over the seconds of a run (sysbench's
 * --report-interval lines), one line per run.
 */
export interface SweepSeries {
  key: string;
  /** The measurement name, where one names the figure (fio logs' `clat.p99`): the glossary lists it. */
  metric?: string;
  title: string;
  /** The swept parameter, "threads"; "seconds" for a figure over time. */
  xLabel: string;
  /** The x axis's caption, where "seconds since the start of the run" would not be true (fio logs). */
  xCaption?: string;
  unit: BaseUnit;
  betterIs: BetterIs;
  /**
   * What a point's low–high is, when points have one: the repeats' min–max, or the value ± one
   * standard deviation of the repeats.
   */
  spread?: 'min-max' | 'stddev';
  /** What the line and band are, where `spread` alone would not say it (fio logs): the chart's caption. */
  spreadText?: string;
  runs: Array<{ run: string; points: SweepPoint[] }>;
  /** Lines drawn dashed beside a run's, on the same axes (fio logs: the device as iostat saw it). */
  companions?: SweepCompanion[];
}

/**
 * Another source's figure of a run beside its line, in the same unit and on the same x: a fio
 * log figure's device, from the iostat log of the same run (tools/fio-log/device.ts).
 */
export interface SweepCompanion {
  run: string;
  /** What it is, as the legend names it: "device (iostat, loop0)". */
  label: string;
  /** The iostat device. */
  device: string;
  /** The iostat metric (`write.bw`, `w/s`, `w_await`). */
  metric: string;
  points: Array<{ x: number; value: number }>;
}

/** One point of a sweep: the value at `x` (the mean when there are repeats), and its spread. */
export interface SweepPoint {
  x: number;
  value: number;
  /** Low and high end of the spread (SweepSeries `spread`), in the metric's unit. */
  low?: number;
  high?: number;
  /** How many repeats the value summarizes; absent for one run. */
  n?: number;
}

/** bonnie++'s result grid: one row per run, one column per test figure (bon_csv2html). */
export interface RankGrid {
  key: string;
  title: string;
  /** The bar group whose runs the rows are (bonnie++'s first size): where lint findings land. */
  group?: string;
  columns: Array<{ key: string; title: string; unit: BaseUnit; betterIs: BetterIs }>;
  rows: Array<{
    run: string;
    values: Array<number | null>;
    /** Per column, the repeats' values where the run has several (what the noise tests read). */
    samples?: Array<number[] | null>;
    /** The lint findings on the row's numbers, by column key (findings/cell-findings.ts); absent where none. */
    findings?: Record<string, CellFinding[]>;
  }>;
  /** Welch's t-test of every pair of rows with repeats, per column (`group` is the column key). */
  noise?: NoiseTests;
}

/** iostat (or sadf) of one run: one device's figures over time. */
export interface DeviceSeries {
  run: string;
  device: string;
  /** Seconds since the first report, one per report. */
  t: number[];
  /** Wall-clock time of the first report, ISO 8601, when iostat printed times. */
  start?: string;
  /** Same length as `t`; null where the report has no such figure. */
  values: DeviceValues<Array<number | null>>;
}

/** The figures of a device time series, in base units: %, ns, op/s, B/s. */
export type DeviceFigure = 'util' | 'await' | 'readsPerSec' | 'writesPerSec' | 'readBytesPerSec' | 'writeBytesPerSec';

/**
 * A figure only some tools' series have: sar's tps, requests per second with reads and writes
 * together (sadf -j has no r/s or w/s for a device, whose series hold those as nulls).
 */
export type OptionalDeviceFigure = 'transfersPerSec';

/** Any figure a device series may have. */
export type AnyDeviceFigure = DeviceFigure | OptionalDeviceFigure;

/** A value per figure: every DeviceFigure, and the optional ones where the tool has them. */
export type DeviceValues<T> = Record<DeviceFigure, T> & Partial<Record<OptionalDeviceFigure, T>>;

/** A device's figures over a whole run, shown beside the benchmark numbers. */
export interface DeviceSummary {
  run: string;
  device: string;
  mean: DeviceValues<number | null>;
  max: DeviceValues<number | null>;
}

/** Everything one tool (and workload) contributes to an experiment page. */
export interface ToolSection {
  /** URL-safe and unique on the page: `fio`, `sysbench-fileio`. */
  key: string;
  /** The program, as the library names it (`fio`, `sysbench`), or a table-only one (`nginx`). */
  tool: string;
  /** "fio", "bonnie++", "sysbench fileio". */
  title: string;
  /** Parsed from raw outputs, or read from a published table (measurements.csv). */
  origin: 'raw' | 'published';
  /** Where a published table comes from (measurements.csv `source`), when origin is published. */
  citation?: string;
  metrics: MetricComparison[];
  latency?: LatencyDistribution[];
  histograms?: LatencyHistogram[];
  sweeps?: SweepSeries[];
  /** sysbench's --report-interval figures over time (xLabel "seconds"); fio's logs. */
  intervals?: SweepSeries[];
  /** The intervals are shown one at a time, a select picking them (fio logs: many per job). */
  isIntervalPicked?: boolean;
  /** Paragraphs said under the section's title: what its figures are made of. */
  notes?: string[];
  grid?: RankGrid;
  devices?: DeviceSeries[];
  deviceSummaries?: DeviceSummary[];
  /**
   * The device figures the section offers, in order, where they are not iostat's (sadf: tps
   * instead of r/s and w/s); iostat's six when absent.
   */
  deviceFigures?: AnyDeviceFigure[];
  /** When each fio job ran, on the devices' time axis, where fio's logs and iostat share a clock. */
  spans?: TimeSpan[];
}

/** A stretch of a run's device time axis: a fio job's repeat (tools/fio-log/spans.ts). */
export interface TimeSpan {
  run: string;
  /** "random-write-direct, repeat 1" (the job alone for a run of one repeat). */
  label: string;
  /** The chart's short label on the band: "random-write-direct #1". */
  shortLabel: string;
  /** Seconds since the run's first report (DeviceSeries `t`). */
  fromSec: number;
  toSec: number;
}
