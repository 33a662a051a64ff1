// fio-log's words, in one place: each log kind's title and explanation (the glossary, the
// figures' captions on /try and the pages), and the titles of the experiment pages' figures over
// time (sections.ts), which name the direction before them ("Read completion latency, ...").

import type { MetricWords } from '../descriptor.ts';

const KINDS: Readonly<Record<string, { title: string; explanation: string }>> = {
  bw: {
    title: 'Bandwidth over time',
    explanation: 'Bytes per second fio transferred, per log window (write_bw_log with log_avg_msec).',
  },
  iops: { title: 'IOPS over time', explanation: 'I/Os per second fio completed, per log window (write_iops_log).' },
  lat: {
    title: 'Total latency over time',
    explanation: 'The time from fio creating an I/O to its completion, averaged per log window (write_lat_log).',
  },
  clat: {
    title: 'Completion latency over time',
    explanation: 'The time from submission to completion, averaged per log window (write_lat_log’s _clat file).',
  },
  slat: {
    title: 'Submission latency over time',
    explanation: 'The time to submit an I/O, averaged per log window (write_lat_log’s _slat file).',
  },
};

/** "clat.p99" → the percentile of a histogram log's interval; the kinds above by their names. */
function percentileOf(metric: string): string | undefined {
  return /^clat\.p(\d+(?:\.\d+)?)$/.exec(metric)?.[1];
}

export const fioLogWords: MetricWords = {
  title: (metric) => {
    const percentile = percentileOf(metric);
    return percentile === undefined ? (KINDS[metric]?.title ?? metric) : `Completion latency p${percentile} over time`;
  },
  explain: (metric) => {
    const percentile = percentileOf(metric);
    if (percentile === undefined) return KINDS[metric]?.explanation;
    return `Per interval of the histogram log (write_hist_log, log_hist_msec): ${percentile} % of the I/Os completed in it took at most this long, computed from the histogram's bins as fio’s fio-histo-log-pctiles.py does.`;
  },
  betterIs: (metric) => (metric === 'bw' || metric === 'iops' ? 'higher' : 'lower'),
  headline: ['bw', 'iops', 'clat', 'lat', 'slat', 'clat.p50', 'clat.p99'],
};

/** A figure's title after its direction, by metric: "Read completion latency, mean per window". */
export const FIGURE_TITLES: Readonly<Record<string, string>> = {
  bw: 'bandwidth',
  iops: 'IOPS',
  clat: 'completion latency, mean per window',
  lat: 'total latency, mean per window',
  slat: 'submission latency, mean per window',
  'clat.p50': 'completion latency, p50 per window',
  'clat.p99': 'completion latency, p99 per window',
};
