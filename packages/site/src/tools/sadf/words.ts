// sadf -j's words, in one place: its device figures' titles and what each is (iostat's words, as
// the library names them as iostat does), which way each improves and the headline metrics.

import type { MetricWords } from '../descriptor.ts';

const METRICS: Readonly<Record<string, { title: string; explanation: string }>> = {
  '%util': {
    title: 'Utilization',
    explanation:
      'Share of the interval the device had requests in flight, as sar -d reports it: the same /proc/diskstats counter (time spent doing I/Os) as iostat’s %util.',
  },
  await: {
    title: 'Average wait per request',
    explanation:
      'The mean time a request took, queued and served, reads and writes together: sar prints the one figure that iostat 12 splits into r_await and w_await.',
  },
  tps: {
    title: 'Transfers per second',
    explanation:
      'I/O requests completed per second, reads and writes together (and discards); sar -d has no separate reads and writes per second, so tps is about iostat’s r/s plus w/s.',
  },
  'read.bw': { title: 'Read throughput', explanation: 'Bytes read from the device per second.' },
  'write.bw': { title: 'Write throughput', explanation: 'Bytes written to the device per second.' },
  'aqu-sz': { title: 'Queue length', explanation: 'The mean number of requests queued or in service.' },
  'cpu.%iowait': { title: 'CPU waiting for I/O', explanation: 'Share of CPU time idle with disk I/O outstanding.' },
  'cpu.%idle': { title: 'CPU idle', explanation: 'Share of CPU time idle with no I/O outstanding.' },
};

export const sadfWords: MetricWords = {
  title: (metric) => METRICS[metric]?.title ?? metric,
  explain: (metric) => METRICS[metric]?.explanation,
  // As iostat's: times and queues improve downwards; rates say what was asked, not how well.
  betterIs: (metric) => (metric === '%util' || metric === 'aqu-sz' || metric === 'await' ? 'lower' : 'neither'),
  headline: ['%util', 'await', 'tps', 'read.bw', 'write.bw'],
};
