// fio's words, in one place: its metrics' titles and explanations in the words of fio's HOWTO
// ("Interpreting the output"), which way each improves and the headline metrics. Published tables
// of any tool borrow the titles and statistics' names (sections/metric-titles.ts).

import type { MetricWords } from '../descriptor.ts';

const DIRECTIONS = ['read', 'write', 'trim'] as const;

const DIRECTION_TITLES: Record<string, string> = { read: 'Read', write: 'Write', trim: 'Trim' };

const LATENCY_TITLES: Record<string, string> = {
  slat: 'Submission latency',
  clat: 'Completion latency',
  lat: 'Total latency',
};

/** Statistics by the last part of their metric name; published tables name theirs so too. */
export const STAT_TITLES: Readonly<Record<string, string>> = {
  mean: 'mean',
  min: 'min',
  max: 'max',
  stddev: 'standard deviation',
};

/**
 * "Write IOPS", "Read bandwidth", "Write completion latency, mean", "Read completion latency, p99".
 * Published tables of any tool use these words too (sections/metric-titles.ts imports them).
 */
export function fioMetricTitle(metric: string): string {
  const [direction = '', what = '', ...rest] = metric.split('.');
  // The statistic may hold a dot of its own: "read.clat.p99.9" is the 99.9th percentile.
  const stat = rest.length === 0 ? undefined : rest.join('.');
  const dir = DIRECTION_TITLES[direction] ?? direction;
  if (what === 'iops' && stat === undefined) return `${dir} IOPS`;
  if (what === 'bw' && stat === undefined) return `${dir} bandwidth`;
  const latency = LATENCY_TITLES[what];
  if (latency !== undefined && stat !== undefined) {
    const statTitle = STAT_TITLES[stat] ?? stat;
    return `${dir} ${latency.toLowerCase()}, ${statTitle}`;
  }
  return metric;
}

const EXPLANATIONS: Record<string, string> = {
  iops: 'I/O operations completed per second, over the job’s run time (fio’s IOPS=). Its per-interval samples are another figure: see “Bandwidth and IOPS samples”.',
  bw: 'Bytes transferred per second, over the job’s run time (fio’s BW=). Its per-interval samples are another figure: see “Bandwidth and IOPS samples”.',
  slat: 'Submission latency: the time to submit an I/O to the kernel (asynchronous engines only).',
  clat: 'Completion latency: the time from submitting an I/O to its completion.',
  lat: 'Total latency: the time from fio creating an I/O to its completion, submission and completion together.',
};

/** "read.clat.p99": what completion latency is, and which statistic of it; undefined for other figures. */
function explainFio(metric: string): string | undefined {
  const [, what = '', ...rest] = metric.split('.');
  const explanation = EXPLANATIONS[what];
  const stat = rest.join('.');
  if (explanation === undefined) return undefined;
  if (stat === '') return explanation;
  if (LATENCY_TITLES[what] === undefined) return undefined;
  if (/^p\d/.test(stat)) return `${explanation} ${stat.slice(1)} % of the I/Os took at most this long.`;
  const statTitle = STAT_TITLES[stat];
  return statTitle === undefined ? undefined : `${explanation} This is its ${statTitle} over the job’s I/Os.`;
}

export const fioWords: MetricWords = {
  title: fioMetricTitle,
  explain: explainFio,
  // Latencies and times improve downwards, rates upwards.
  betterIs: (metric) => (/\.(?:slat|clat|lat)\./.test(metric) ? 'lower' : 'higher'),
  headline: DIRECTIONS.flatMap((direction) =>
    ['iops', 'bw', 'clat.mean', 'lat.mean', 'clat.p99', 'lat.p99'].map((what) => `${direction}.${what}`),
  ),
};
