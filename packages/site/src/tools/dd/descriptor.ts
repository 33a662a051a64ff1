// GNU dd, as the site shows it: one section of bars built from measurements alone (the library's
// dd measurements carry every number the transfer line prints), grouped by the workload run.yaml
// declares for each output (the runner's `dd-seq-write`), else by the output's file.

import type { ParseOutput } from '@benchfolio/parsers';
import type { ToolDescriptor } from '../descriptor.ts';
import { TOOL_NAMES } from '../names.ts';
import type { PrefillRead } from '../prefill-read.ts';
import { ddFindingPlaces, ddSections } from './sections.ts';
import { ddWords } from './words.ts';

export const dd: ToolDescriptor<'dd'> = {
  ...TOOL_NAMES.dd,
  metrics: ddWords,
  sections: ddSections,
  findingPlaces: ddFindingPlaces,
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
