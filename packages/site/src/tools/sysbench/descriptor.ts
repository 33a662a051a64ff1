// sysbench, as the site shows it: one section per test (fileio, cpu, memory, oltp, ...). Metric
// names are the library's (packages/parsers/src/sysbench/measurements.ts).

import type { ParseOutput, SysbenchRun } from '@benchfolio/parsers';
import type { ToolDescriptor } from '../descriptor.ts';
import { TOOL_NAMES } from '../names.ts';
import { joinedNames, type PrefillRead, printedPairs } from '../prefill-read.ts';
import { sysbenchResultOf } from './histograms.ts';
import { sysbenchFindingPlaces, sysbenchSections } from './sections.ts';
import { sysbenchWords } from './words.ts';

export const sysbench: ToolDescriptor<'sysbench'> = {
  ...TOOL_NAMES.sysbench,
  metrics: sysbenchWords,
  sections: (runs, runRefs) => sysbenchSections(runs, runRefs, sysbenchWords),
  findingPlaces: sysbenchFindingPlaces,
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
