// bonnie++, as the site shows it: its command is `bonnie` in measurements and URLs. Metric names
// are bonnie++'s CSV names (packages/parsers/src/bonnie/measurements.ts); the words on each test
// follow bonnie++'s readme.html and README-2.00.

import type { BonnieResult, ParseOutput } from '@benchfolio/parsers';
import type { ToolDescriptor } from '../descriptor.ts';
import { TOOL_NAMES } from '../names.ts';
import { joinedNames, type PrefillFacts, type PrefillRead, printedPairs } from '../prefill-read.ts';
import { bonnieFindingPlaces, bonnieSections } from './sections.ts';
import { bonnieWords } from './words.ts';

/** The typed result of a bonnie++ output; undefined for another tool's. */
export function bonnieResultOf(output: ParseOutput): BonnieResult | undefined {
  // ParseOutput is a union discriminated on `tool`: the check narrows the result.
  return output.tool === 'bonnie' ? output.result : undefined;
}

export const bonnie: ToolDescriptor<'bonnie'> = {
  ...TOOL_NAMES.bonnie,
  metrics: bonnieWords,
  sections: (runs, runRefs) => bonnieSections(runs, runRefs, bonnieWords),
  findingPlaces: bonnieFindingPlaces,
  isCompared: true,
  try: {
    reads: 'bonnie++ 1.0x to 2.0x: the human-readable table and the CSV line, of every layout.',
    placeholder: 'Version 2.00a …',
  },
  submission: {
    versionExample: 'bonnie++ 2.00a',
    // bonnie++ prints `Version 2.00a` on its first line; run.yaml writes `bonnie++ 2.00a`.
    runYamlVersion: (printed) => `bonnie++ ${printed}`,
    fallbackName: 'run',
    read: readBonnie,
  },
};

function readBonnie(parsed: ParseOutput, facts: PrefillFacts): PrefillRead {
  const workloads: string[] = [];
  const whats: string[] = [];
  const parameters = (bonnieResultOf(parsed)?.runs ?? []).map((run) => {
    facts.add('host', run.name);
    const what = [run.name, run.size].filter((part) => part !== null).join('-');
    if (!whats.includes(what)) whats.push(what);
    // The machine name is where it ran, not what ran: the workload is the size (-s) alone.
    if (run.size !== null && !workloads.includes(`bonnie-${run.size}`)) workloads.push(`bonnie-${run.size}`);
    return {
      subject: run.name,
      values: printedPairs([
        ['size', run.size],
        ['chunk-size', run.chunkSizeBytes],
        ['files', run.numFiles === null ? null : `${run.numFiles}×1024`],
        ['concurrency', run.concurrency],
      ]),
    };
  });
  return { workload: joinedNames(workloads), what: joinedNames(whats), parameters };
}
