// dd's section: one section of bars built from measurements alone (the library's dd measurements
// carry every number the transfer line prints), grouped by the workload run.yaml declares for each
// output (the runner's `dd-seq-write`), else by the output's file.

import type { LoadedRun } from '@benchfolio/parsers/node';
import { ComparisonBuilder } from '../../sections/repeats.ts';
import type { RunRef, ToolSection } from '../../view/model.ts';
import type { FindingPlace } from '../descriptor.ts';
import { TOOL_NAMES } from '../names.ts';
import { ddWords } from './words.ts';

export function ddSections(runs: readonly LoadedRun[], runRefs: readonly RunRef[]): ToolSection[] {
  const builder = new ComparisonBuilder(runRefs);
  let hasValues = false;
  for (const run of runs) {
    for (const output of run.outputs) {
      if (output.parsed.tool !== 'dd') continue;
      const group = ddGroupOf(output);
      builder.group(group, group);
      for (const measurement of output.parsed.measurements) {
        // A run's own figures: progress lines (label `sample`) are points on the way.
        if (!ddWords.headline.includes(measurement.metric) || measurement.labels.sample !== undefined) continue;
        hasValues = true;
        builder.add(
          {
            key: `dd-${measurement.metric}`,
            metric: measurement.metric,
            title: ddWords.title(measurement.metric),
            unit: measurement.unit,
            betterIs: ddWords.betterIs(measurement.metric),
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
      metrics: builder.build(ddWords.headline.map((metric) => `dd-${metric}`)),
    },
  ];
}

/** A dd output's bar group: its run.yaml workload, else its file. */
function ddGroupOf(output: LoadedRun['outputs'][number]): string {
  return output.declared.workload ?? output.file;
}

/**
 * Where each dd output is drawn: the lint names every dd finding's workload `dd` (dd prints no
 * name), and an output's bars are in its own group (ddGroupOf). Exact: one output, one group.
 */
export function ddFindingPlaces(runs: readonly LoadedRun[]): FindingPlace[] {
  return runs.flatMap((run) =>
    run.outputs.flatMap((output) =>
      output.parsed.tool === 'dd'
        ? [{ run: run.id, file: output.file, workload: 'dd', section: 'dd', group: ddGroupOf(output) }]
        : [],
    ),
  );
}
