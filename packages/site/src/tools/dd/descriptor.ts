// GNU dd, as the site shows it: one section of bars built from measurements alone (the library's
// dd measurements carry every number the transfer line prints), grouped by the workload run.yaml
// declares for each output (the runner's `dd-seq-write`), else by the output's file.

import type { ParseOutput } from '@benchfolio/parsers';
import type { LoadedRun } from '@benchfolio/parsers/node';
import { ComparisonBuilder } from '../../sections/repeats.ts';
import type { RunRef, ToolSection } from '../../view/model.ts';
import type { MetricWords, ToolDescriptor } from '../descriptor.ts';
import { TOOL_NAMES } from '../names.ts';
import type { PrefillRead } from '../prefill-read.ts';

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

const metrics: MetricWords = {
  title: (metric) => TITLES[metric]?.title ?? metric,
  explain: (metric) => TITLES[metric]?.explanation,
  // Time is better shorter; what was copied and how fast, higher.
  betterIs: (metric) => (metric === 'elapsed' ? 'lower' : 'higher'),
  headline: ['bw', 'elapsed', 'bytes'],
};

function ddSections(runs: readonly LoadedRun[], runRefs: readonly RunRef[]): ToolSection[] {
  const builder = new ComparisonBuilder(runRefs);
  let hasValues = false;
  for (const run of runs) {
    for (const output of run.outputs) {
      if (output.parsed.tool !== 'dd') continue;
      const group = output.declared.workload ?? output.file;
      builder.group(group, group);
      for (const measurement of output.parsed.measurements) {
        // A run's own figures: progress lines (label `sample`) are points on the way.
        if (!metrics.headline.includes(measurement.metric) || measurement.labels.sample !== undefined) continue;
        hasValues = true;
        builder.add(
          {
            key: `dd-${measurement.metric}`,
            metric: measurement.metric,
            title: metrics.title(measurement.metric),
            unit: measurement.unit,
            betterIs: metrics.betterIs(measurement.metric),
          },
          { run: run.id, group, sample: `${output.file}#${measurement.labels.run}`, value: measurement.value },
        );
      }
    }
  }
  if (!hasValues) return [];
  return [
    {
      key: 'dd',
      tool: 'dd',
      title: TOOL_NAMES.dd.title,
      origin: 'raw',
      metrics: builder.build(metrics.headline.map((metric) => `dd-${metric}`)),
    },
  ];
}

export const dd: ToolDescriptor<'dd'> = {
  ...TOOL_NAMES.dd,
  metrics,
  sections: ddSections,
  isCompared: true,
  try: {
    reads:
      'GNU dd (coreutils 5.3 to 9.x) and BusyBox dd: the records lines and the transfer line, `status=progress`, in English, German or French.',
    placeholder: '8+0 records in …',
  },
  submission: {
    versionExample: 'dd (coreutils) 9.1',
    versionHint: 'dd prints its version only with “dd --version”: write its first line, “dd (coreutils) 9.1”.',
    // The output's `dd (coreutils) 9.1` line gives `9.1`; run.yaml writes the whole line, as the runner does.
    runYamlVersion: (printed) => `dd (coreutils) ${printed}`,
    fallbackName: 'run',
    read: readDd,
  },
};

/** dd names no workload and prints no parameters: the command line (run.yaml) holds them. */
function readDd(_parsed: ParseOutput): PrefillRead {
  return { workload: null, what: null, parameters: [] };
}
