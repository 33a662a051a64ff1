// sysstat's sadf -j, as the site shows it: the same device and CPU figures as iostat's, read
// from a sar data file. The library names them as iostat does (`%util`, `await`, `read.bw`), so
// the words are iostat's. Its sections are iostat's devices over time (tools/sadf/sections.ts),
// with sar's tps where iostat has r/s and w/s; its CPU figures are in the run's data only, as
// iostat's avg-cpu is.

import type { ParseOutput } from '@benchfolio/parsers';
import type { ToolDescriptor } from '../descriptor.ts';
import { TOOL_NAMES } from '../names.ts';
import type { PrefillFacts, PrefillRead } from '../prefill-read.ts';
import { sadfSections } from './sections.ts';
import { sadfWords } from './words.ts';

export const sadf: ToolDescriptor<'sadf'> = {
  ...TOOL_NAMES.sadf,
  metrics: sadfWords,
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
