// Titles readers see for metric names, and which way each metric improves. Names are the
// measurement names of @benchfolio/parsers (DESIGN.md "Measurements").

import type { BetterIs } from '../view/model.ts';

const DIRECTION_TITLES: Record<string, string> = { read: 'Read', write: 'Write', trim: 'Trim' };

const LATENCY_TITLES: Record<string, string> = {
  slat: 'Submission latency',
  clat: 'Completion latency',
  lat: 'Total latency',
};

const STAT_TITLES: Record<string, string> = { mean: 'mean', min: 'min', max: 'max', stddev: 'standard deviation' };

/** "Write IOPS", "Read bandwidth", "Write completion latency, mean", "Read completion latency, p99". */
export function fioMetricTitle(metric: string): string {
  const [direction = '', what = '', stat] = metric.split('.');
  const dir = DIRECTION_TITLES[direction] ?? direction;
  if (what === 'iops' && stat === undefined) return `${dir} IOPS`;
  if (what === 'bw' && stat === undefined) return `${dir} bandwidth`;
  const latency = LATENCY_TITLES[what];
  if (latency !== undefined && stat !== undefined) {
    const statTitle = STAT_TITLES[stat] ?? (stat.startsWith('p') ? stat : stat);
    return `${dir} ${latency.toLowerCase()}, ${statTitle}`;
  }
  return metric;
}

/** Latencies and times improve downwards, rates upwards. */
export function fioBetterIs(metric: string): BetterIs {
  return /\.(?:slat|clat|lat)\./.test(metric) ? 'lower' : 'higher';
}

/** bonnie++'s tests as bon_csv2html heads them, by CSV name. */
export const BONNIE_TEST_TITLES: Readonly<Record<string, string>> = {
  putc: 'Sequential output, per character',
  put_block: 'Sequential output, block',
  rewrite: 'Sequential output, rewrite',
  getc: 'Sequential input, per character',
  get_block: 'Sequential input, block',
  seeks: 'Random seeks',
  seq_create: 'Sequential create',
  seq_stat: 'Sequential read (stat)',
  seq_del: 'Sequential delete',
  ran_create: 'Random create',
  ran_stat: 'Random read (stat)',
  ran_del: 'Random delete',
};

/** "Sequential output, block", "Sequential output, block: CPU", "... latency". */
export function bonnieMetricTitle(metric: string): string {
  const [test = '', part] = metric.split('.');
  const title = BONNIE_TEST_TITLES[test] ?? test;
  if (part === 'cpu') return `${title}: CPU`;
  if (part === 'latency') return `${title}: latency`;
  return title;
}

/** Rates are better higher; CPU use and latency lower (bon_csv2html colours them that way too). */
export function bonnieBetterIs(metric: string): BetterIs {
  return metric.includes('.') ? 'lower' : 'higher';
}

const SYSBENCH_TITLES: Readonly<Record<string, string>> = {
  events: 'Events per second',
  read: 'Reads per second',
  write: 'Writes per second',
  fsync: 'fsyncs per second',
  'read.bw': 'Read throughput',
  'write.bw': 'Write throughput',
  'transfer.bw': 'Throughput',
  requests: 'Requests per second',
  transfer: 'Memory throughput',
  operations: 'Operations per second',
  tps: 'Transactions per second',
  qps: 'Queries per second',
  'latency.avg': 'Latency, mean',
  'latency.min': 'Latency, min',
  'latency.max': 'Latency, max',
};

/** "Reads per second", "Latency, mean", "Latency, p95". */
export function sysbenchMetricTitle(metric: string): string {
  const known = SYSBENCH_TITLES[metric];
  if (known !== undefined) return known;
  const percentile = /^latency\.p(\d+)$/.exec(metric);
  if (percentile !== null) return `Latency, p${sysbenchPercentile(percentile[1] ?? '')}`;
  return metric;
}

/** sysbench names its 99.9th percentile "999": read it as 99.9. */
export function sysbenchPercentile(name: string): string {
  return name.length > 2 ? `${name.slice(0, 2)}.${name.slice(2)}` : name;
}

export function sysbenchBetterIs(metric: string): BetterIs {
  return metric.startsWith('latency.') ? 'lower' : 'higher';
}

/**
 * Published (measurements.csv) metrics: a title from the name. "write.iops" → "Write IOPS",
 * "request_time.mean" → "Request time, mean", "write.time" → "Write time".
 */
export function publishedMetricTitle(metric: string): string {
  const fio = fioMetricTitle(metric);
  if (fio !== metric) return fio;
  const parts = metric.split('.');
  const last = parts.at(-1) ?? '';
  const stat = parts.length > 1 && (last in STAT_TITLES || /^p\d/.test(last)) ? (STAT_TITLES[last] ?? last) : undefined;
  const words = (stat === undefined ? parts : parts.slice(0, -1))
    .join(' ')
    .split('_')
    .join(' ')
    .replace(/\biops\b/g, 'IOPS')
    .replace(/\bbw\b/g, 'bandwidth');
  const text = stat === undefined ? words : `${words}, ${stat}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Which way a published metric improves, from its unit and name: rates higher, times and
 * latencies lower, a standard deviation lower (less spread). `neither` for counts and sizes.
 */
export function publishedBetterIs(metric: string, unit: string): BetterIs {
  if (/(?:^|\.)(?:stddev|min|max)$/.test(metric) && unit !== 's' && unit !== 'ns') return 'neither';
  if (unit === 'op/s' || unit === 'B/s') return 'higher';
  if (unit === 's' || unit === 'ns') return 'lower';
  return 'neither';
}
