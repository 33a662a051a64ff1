// fio's log files (write_bw_log, write_iops_log, write_lat_log, write_hist_log), as the site shows
// them: each job's bandwidth, IOPS and latency over time (tools/fio-log/sections.ts). The library
// reads them as the tool `fio-log`; the metric names are its own (`bw`, `clat`, `clat.p99`), the
// words fio's HOWTO.

import type { ParseOutput } from '@benchfolio/parsers';
import type { ToolDescriptor } from '../descriptor.ts';
import { TOOL_NAMES } from '../names.ts';
import type { PrefillFacts, PrefillRead } from '../prefill-read.ts';
import { fioLogSections } from './sections.ts';
import { fioLogWords } from './words.ts';

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

export const fioLog: ToolDescriptor<'fio-log'> = {
  ...TOOL_NAMES['fio-log'],
  metrics: fioLogWords,
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
