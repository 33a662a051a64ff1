// sysbench's words, in one place: its figures' titles and what each is, which way each improves
// and the headline metrics.

import type { MetricWords } from '../descriptor.ts';

/** Titles and what each figure is, by measurement name. */
const METRICS: Readonly<Record<string, { title: string; explanation: string }>> = {
  events: {
    title: 'Events per second',
    explanation: 'Events completed per second; an event is one unit of the test’s work (for cpu, one prime search).',
  },
  read: { title: 'Reads per second', explanation: 'fileio: read requests per second.' },
  write: { title: 'Writes per second', explanation: 'fileio: write requests per second.' },
  fsync: { title: 'fsyncs per second', explanation: 'fileio: fsync() calls per second.' },
  'read.bw': { title: 'Read throughput', explanation: 'fileio: bytes read per second.' },
  'write.bw': { title: 'Write throughput', explanation: 'fileio: bytes written per second.' },
  'transfer.bw': {
    title: 'Throughput',
    explanation: 'fileio in sysbench 0.4: bytes read and written per second, together.',
  },
  requests: {
    title: 'Requests per second',
    explanation: 'fileio in sysbench 0.4: read, write and other requests per second, together.',
  },
  transfer: { title: 'Memory throughput', explanation: 'memory: bytes transferred per second.' },
  operations: { title: 'Operations per second', explanation: 'memory: block operations per second.' },
  tps: { title: 'Transactions per second', explanation: 'oltp: transactions committed per second.' },
  qps: { title: 'Queries per second', explanation: 'oltp: queries per second, reads, writes and others.' },
  'latency.avg': { title: 'Latency, mean', explanation: 'The mean time one event took.' },
  'latency.min': { title: 'Latency, min', explanation: 'The shortest time one event took.' },
  'latency.max': { title: 'Latency, max', explanation: 'The longest time one event took.' },
};

/** "Reads per second", "Latency, mean", "Latency, p95". */
function sysbenchMetricTitle(metric: string): string {
  const known = METRICS[metric]?.title;
  if (known !== undefined) return known;
  const percentile = percentileOf(metric);
  if (percentile !== undefined) return `Latency, p${percentile}`;
  return metric;
}

function explainSysbench(metric: string): string | undefined {
  const known = METRICS[metric]?.explanation;
  if (known !== undefined) return known;
  const percentile = percentileOf(metric);
  return percentile === undefined ? undefined : `${percentile} % of the events took at most this long (--percentile).`;
}

/** "latency.p95" → "95"; sysbench names its 99.9th percentile "999": read as 99.9. */
function percentileOf(metric: string): string | undefined {
  const name = /^latency\.p(\d+)$/.exec(metric)?.[1];
  if (name === undefined) return undefined;
  return name.length > 2 ? `${name.slice(0, 2)}.${name.slice(2)}` : name;
}

export const sysbenchWords: MetricWords = {
  title: sysbenchMetricTitle,
  explain: explainSysbench,
  betterIs: (metric) => (metric.startsWith('latency.') ? 'lower' : 'higher'),
  // Each test's section draws those its runs print (tools/sysbench/sections.ts), then the percentiles.
  headline: [
    'read',
    'write',
    'fsync',
    'read.bw',
    'write.bw',
    'requests',
    'transfer.bw',
    'transfer',
    'operations',
    'tps',
    'qps',
    'events',
    'latency.avg',
  ],
};
