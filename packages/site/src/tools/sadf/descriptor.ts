// sysstat's sadf -j, as the site shows it: the same device and CPU figures as iostat's, read
// from a sar data file. The library names them as iostat does (`%util`, `await`, `read.bw`), so
// the words are iostat's. Its sections are iostat's devices over time (tools/sadf/sections.ts),
// with sar's tps where iostat has r/s and w/s; its CPU figures are in the run's data only, as
// iostat's avg-cpu is.

import type { ParseOutput } from '@benchfolio/parsers';
import type { MetricWords, ToolDescriptor } from '../descriptor.ts';
import { TOOL_NAMES } from '../names.ts';
import type { PrefillFacts, PrefillRead } from '../prefill-read.ts';
import { sadfSections } from './sections.ts';

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

const metrics: MetricWords = {
  title: (metric) => METRICS[metric]?.title ?? metric,
  explain: (metric) => METRICS[metric]?.explanation,
  // As iostat's: times and queues improve downwards; rates say what was asked, not how well.
  betterIs: (metric) => (metric === '%util' || metric === 'aqu-sz' || metric === 'await' ? 'lower' : 'neither'),
  headline: ['%util', 'await', 'tps', 'read.bw', 'write.bw'],
};

export const sadf: ToolDescriptor<'sadf'> = {
  ...TOOL_NAMES.sadf,
  metrics,
  sections: sadfSections,
  isCompared: false,
  try: {
    reads:
      'sysstat’s `sadf -j` (10.1 to 12.7) of a sar data file: disks (`-d`), CPUs (`-u`, `-P`) and I/O totals (`-b`).',
    placeholder: '{"sysstat": {"hosts": [{"nodename": …',
  },
  submission: {
    versionExample: 'sysstat 12.6.1',
    versionHint: 'sadf -j prints no sysstat version: “sadf -V” shows it; write it “sysstat 12.6.1”.',
    runYamlVersion: (printed) => `sysstat ${printed}`,
    fallbackName: 'sa',
    read: readSadf,
  },
};

function readSadf(parsed: ParseOutput, facts: PrefillFacts): PrefillRead {
  if (parsed.tool === 'sadf') {
    for (const data of parsed.result.hosts) {
      facts.add('kernel', data.host.release);
      facts.add('host', data.host.host);
      facts.add('cpuThreads', data.host.cpuCount);
      facts.add('date', data.host.fileDate);
      for (const sample of data.samples) for (const disk of sample.disks) facts.add('device', disk.device);
    }
  }
  return { workload: null, what: null, parameters: [] };
}
