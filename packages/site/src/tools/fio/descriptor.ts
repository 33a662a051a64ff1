// fio, as the site shows it. Metric names are the library's (packages/parsers/src/fio/measurements.ts);
// the words on latency follow fio's HOWTO ("Interpreting the output").

import type { ParseOutput } from '@benchfolio/parsers';
import type { ToolDescriptor } from '../descriptor.ts';
import { TOOL_NAMES } from '../names.ts';
import {
  joinedNames,
  type PrefillFacts,
  type PrefillRead,
  type PrintedParameters,
  printedPairs,
} from '../prefill-read.ts';
import { fioResultOf } from './latency.ts';
import { fioFindingPlaces, fioSections } from './sections.ts';
import { fioWords } from './words.ts';

export const fio: ToolDescriptor<'fio'> = {
  ...TOOL_NAMES.fio,
  metrics: fioWords,
  sections: (runs, runRefs) => fioSections(runs, runRefs, fioWords),
  findingPlaces: fioFindingPlaces,
  isCompared: true,
  try: {
    reads:
      'fio 1.x to 3.x: normal output, `--output-format=json`, `json+`, terse (v2 to v5), or several at once (`normal,json`).',
    placeholder: 'fio-3.33 …',
    readFormats,
  },
  submission: {
    versionExample: 'fio-3.33',
    runYamlVersion: (printed) => (printed.startsWith('fio') ? printed : `fio-${printed}`),
    fallbackName: 'job',
    read: readFio,
  },
};

/** The formats of the runs read from a fio output of several (`normal,json` prints each run twice; its JSON is read). */
function readFormats(parsed: ParseOutput): string[] | undefined {
  const result = fioResultOf(parsed);
  if (result === undefined || parsed.format !== 'mixed') return undefined;
  return [...new Set(result.runs.map((run) => run.format))];
}

function readFio(parsed: ParseOutput, facts: PrefillFacts): PrefillRead {
  const parameters: PrintedParameters[] = [];
  const seen = new Set<string>();
  for (const run of fioResultOf(parsed)?.runs ?? []) {
    facts.add('date', fioDate(run.time, run.timestamp));
    for (const disk of run.disks) facts.add('device', disk.name);
    for (const job of run.jobs) {
      if (job.hostname !== null) facts.add('host', job.hostname);
      // numjobs without group_reporting prints each clone: one entry per job name is enough.
      if (seen.has(job.name)) continue;
      seen.add(job.name);
      const { rw, blockSize, ioengine, iodepth, numjobs, direct, options } = job.parameters;
      parameters.push({
        subject: job.name,
        values: printedPairs([
          ['rw', rw],
          ['bs', options.bs ?? blockSize],
          ['ioengine', ioengine],
          ['iodepth', iodepth],
          ['direct', direct === null ? null : direct ? 1 : 0],
          ['numjobs', numjobs],
          ['size', options.size],
          ['runtime', options.runtime],
        ]),
      });
    }
  }
  const workload = joinedNames([...seen]);
  return { workload, what: workload, parameters };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * fio JSON `time` ("Sat Nov 21 16:57:55 2026") is the machine's local time, as the iostat banner's
 * date is; `timestamp` (Unix seconds) gives the UTC date only when `time` is missing.
 */
function fioDate(time: string | null, timestamp: number | null): string | null {
  const match = time === null ? null : /^\w{3} (\w{3}) +(\d{1,2}) [\d:]+ (\d{4})$/.exec(time.trim());
  const month = match ? MONTHS.indexOf(match[1] as string) + 1 : 0;
  if (match && month > 0) return `${match[3]}-${pad2(month)}-${pad2(Number(match[2]))}`;
  return timestamp === null ? null : new Date(timestamp * 1000).toISOString().slice(0, 10);
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
