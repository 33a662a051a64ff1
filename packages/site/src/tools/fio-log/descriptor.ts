// fio's log files (write_bw_log, write_iops_log, write_lat_log, write_hist_log), as the site shows
// them: each job's bandwidth, IOPS and latency over time (tools/fio-log/sections.ts). The library
// reads them as the tool `fio-log`; the metric names are its own (`bw`, `clat`, `clat.p99`), the
// words fio's HOWTO.

import type { ParseOutput } from '@benchfolio/parsers';
import type { MetricWords, ToolDescriptor } from '../descriptor.ts';
import { TOOL_NAMES } from '../names.ts';
import type { PrefillFacts, PrefillRead } from '../prefill-read.ts';
import { fioLogSections } from './sections.ts';

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

/**
 * The kinds a reader can say a pasted log is (/try's paste form): a log's lines do not tell a
 * bandwidth log from an IOPS or latency log, and a paste has no file name. The value is the kind
 * as fio's file names spell it (`<prefix>_<kind>.log`), which the library reads.
 */
export const PASTED_LOG_KINDS: ReadonlyArray<{ kind: string; title: string }> = [
  { kind: 'bw', title: 'bandwidth log (_bw.log)' },
  { kind: 'iops', title: 'IOPS log (_iops.log)' },
  { kind: 'lat', title: 'total latency log (_lat.log)' },
  { kind: 'clat', title: 'completion latency log (_clat.log)' },
  { kind: 'slat', title: 'submission latency log (_slat.log)' },
  { kind: 'clat_hist', title: 'latency histogram log (_clat_hist.log)' },
];

/** "clat.p99" → the percentile of a histogram log's interval; the kinds above by their names. */
function percentileOf(metric: string): string | undefined {
  return /^clat\.p(\d+(?:\.\d+)?)$/.exec(metric)?.[1];
}

const metrics: MetricWords = {
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

export const fioLog: ToolDescriptor<'fio-log'> = {
  ...TOOL_NAMES['fio-log'],
  metrics,
  sections: fioLogSections,
  // A run's JSON keeps the logs in its outputs; the sections have no bars to compare.
  isCompared: false,
  try: {
    detectedTitle: 'fio log',
    reads:
      'fio’s log files (`write_bw_log`, `write_iops_log`, `write_lat_log`, `write_hist_log`), windowed or per I/O, fio 1.x to 3.38; a log does not say what it holds: give the file as fio named it (`job_bw.log`), or pick the kind of a pasted log under the paste box.',
    placeholder: '1000, 52428, 1, 0, 0 …',
    warningHints: {
      UNKNOWN_KIND:
        'Say what it is with “A pasted fio log is a” under the paste box, or give the file as fio named it (job_bw.log), and it is drawn.',
    },
  },
  submission: {
    versionExample: 'fio-3.33',
    versionHint: 'A log prints no fio version: “fio --version” shows it.',
    runYamlVersion: (printed) => (printed.startsWith('fio') ? printed : `fio-${printed}`),
    fallbackName: 'log',
    read: readFioLog,
  },
};

function readFioLog(parsed: ParseOutput, _facts: PrefillFacts): PrefillRead {
  const prefix = parsed.tool === 'fio-log' ? (parsed.result.fileName?.prefix ?? null) : null;
  return { workload: prefix, what: prefix, parameters: [] };
}
