// dd's words, in one place: what each figure of its transfer line is, which way each improves
// and the headline metrics.

import type { MetricWords } from '../descriptor.ts';

const TITLES: Readonly<Record<string, { title: string; explanation: string }>> = {
  bw: {
    title: 'Throughput',
    explanation:
      'Bytes copied over the seconds dd printed. dd’s own rate is rounded to two or three figures; this one is not.',
  },
  elapsed: {
    title: 'Time',
    explanation: 'The seconds dd took to copy, as it printed them (to the last write, or the sync).',
  },
  bytes: { title: 'Bytes copied', explanation: 'What dd wrote: bs × count when no record was short.' },
};

export const ddWords: MetricWords = {
  title: (metric) => TITLES[metric]?.title ?? metric,
  explain: (metric) => TITLES[metric]?.explanation,
  // Time is better shorter; what was copied and how fast, higher.
  betterIs: (metric) => (metric === 'elapsed' ? 'lower' : 'higher'),
  headline: ['bw', 'elapsed', 'bytes'],
  reportLabel: 'run',
};
