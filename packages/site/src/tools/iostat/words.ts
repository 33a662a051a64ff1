// iostat's words, in one place: each device figure's title and what it is, in sysstat's iostat(1)
// words, which way each improves and the headline metrics.

import type { MetricWords } from '../descriptor.ts';

/** Titles and what each figure is, by canonical metric name. */
const METRICS: Readonly<Record<string, { title: string; explanation: string }>> = {
  '%util': {
    title: 'Utilization',
    explanation:
      'Share of the time the device had requests in flight: near 100 % a disk that serves one request at a time is saturated; an SSD or an array that serves many at once may not be.',
  },
  await: {
    title: 'Average wait per request',
    explanation: 'The mean time a request took, waiting in the queue and being served (reads and writes together).',
  },
  r_await: { title: 'Average wait per read', explanation: 'The mean time a read request took, queued and served.' },
  w_await: { title: 'Average wait per write', explanation: 'The mean time a write request took, queued and served.' },
  'r/s': { title: 'Reads per second', explanation: 'Read requests completed per second, after merging.' },
  'w/s': { title: 'Writes per second', explanation: 'Write requests completed per second, after merging.' },
  'read.bw': { title: 'Read throughput', explanation: 'Bytes read from the device per second.' },
  'write.bw': { title: 'Write throughput', explanation: 'Bytes written to the device per second.' },
  'aqu-sz': { title: 'Queue length', explanation: 'The mean number of requests queued or in service.' },
};

export const iostatWords: MetricWords = {
  title: (metric) => METRICS[metric]?.title ?? metric,
  explain: (metric) => METRICS[metric]?.explanation,
  // Times and queues improve downwards; rates say what the benchmark asked for, not how well.
  betterIs: (metric) => (metric === '%util' || metric === 'aqu-sz' || metric.endsWith('await') ? 'lower' : 'neither'),
  // The figures its sections draw over time (await from r_await and w_await where iostat splits it).
  headline: ['%util', 'await', 'r/s', 'w/s', 'read.bw', 'write.bw'],
};
