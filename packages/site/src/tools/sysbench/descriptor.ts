// sysbench, as the site shows it: one section per test (fileio, cpu, memory, oltp, ...). Metric
// names are the library's (packages/parsers/src/sysbench/measurements.ts).

import type { ParseOutput, SysbenchRun } from '@benchfolio/parsers';
import type { MetricWords, ToolDescriptor } from '../descriptor.ts';
import { TOOL_NAMES } from '../names.ts';
import { joinedNames, type PrefillRead, printedPairs } from '../prefill-read.ts';
import { sysbenchResultOf } from './histograms.ts';
import { sysbenchSections } from './sections.ts';

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

const metrics: MetricWords = {
  title: sysbenchMetricTitle,
  explain: explainSysbench,
  betterIs: (metric) => (metric.startsWith('latency.') ? 'lower' : 'higher'),
  // Each test's section draws those its runs print (sysbench-sections.ts), then the percentiles.
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

export const sysbench: ToolDescriptor<'sysbench'> = {
  ...TOOL_NAMES.sysbench,
  metrics,
  sections: (runs, runRefs) => sysbenchSections(runs, runRefs, metrics),
  isCompared: true,
  try: {
    reads:
      'sysbench 0.4 to 1.1: every built-in test (fileio, cpu, memory, threads, mutex), with or without `--histogram`.',
    placeholder: 'sysbench 1.0.20 …',
  },
  submission: {
    versionExample: 'sysbench 1.0.20',
    runYamlVersion: (printed) => `sysbench ${printed}`,
    fallbackName: 'run',
    read: readSysbench,
  },
};

function readSysbench(parsed: ParseOutput): PrefillRead {
  const workloads: string[] = [];
  const parameters = (sysbenchResultOf(parsed)?.runs ?? []).map((run) => {
    const workload = sysbenchWorkload(run);
    if (workload !== null && !workloads.includes(workload)) workloads.push(workload);
    const p = run.parameters;
    return {
      subject: [run.test ?? 'sysbench', run.mode, run.command === 'run' ? null : run.command]
        .filter((word) => word !== null)
        .join(' '),
      values: printedPairs([
        ['threads', p.threads],
        ['file-test-mode', p.fileTestMode],
        ['file-num', p.fileNum],
        ['file-total-size', p.fileTotalSizeBytes],
        ['file-block-size', p.fileBlockSizeBytes],
        ['file-extra-flags', p.fileExtraFlags],
        ['file-io-mode', p.fileIoMode],
        ['file-rw-ratio', p.fileRwRatio],
        ['file-fsync-freq', p.fileFsyncFreq],
        ['cpu-max-prime', p.cpuMaxPrime],
        ['memory-block-size', p.memoryBlockSizeBytes],
        ['memory-total-size', p.memoryTotalSizeBytes],
        ['memory-oper', p.memoryOperation],
        ['memory-scope', p.memoryScope],
        ['report-interval', p.reportIntervalSec],
        ['rate', p.targetRatePerSec],
      ]),
    };
  });
  const workload = joinedNames(workloads);
  return { workload, what: workload, parameters };
}

/** The runner's name for a sysbench workload: `fileio-rndrw-t4`, `cpu-t1`; null when the test is unnamed. */
function sysbenchWorkload(run: SysbenchRun): string | null {
  if (run.test === null) return null;
  const threads = run.parameters.threads === null ? null : `t${run.parameters.threads}`;
  const command = run.command === 'run' ? null : run.command;
  return [run.test, run.mode, threads, command].filter((part) => part !== null).join('-');
}
