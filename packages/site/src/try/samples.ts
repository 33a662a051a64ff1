// "Try a sample": one real raw output per tool from the site's own experiments, fetched from its
// published address (the bytes the run folder holds), for a reader without an output at hand.
// Made at build time from the loaded content.

import type { LoadedExperiment } from '@benchfolio/parsers/node';
import { rawFilePath } from '../data/download-paths.ts';
import { joinBase } from '../lib/url.ts';
import { toolTitle } from '../tools/names.ts';

export interface TrySample {
  tool: string;
  /** The button's words: "fio", "bonnie++". */
  title: string;
  /** The output's file name, the name the page gives the paste. */
  file: string;
  /** Its published address, with the site's base. */
  href: string;
  /** Where it comes from, for the button's description. */
  source: string;
}

/** The tools offered, in this order; a tool no experiment has a raw output of is left out. */
const SAMPLE_TOOLS = ['fio', 'bonnie', 'sysbench', 'iostat', 'dd'] as const;

/**
 * Per tool, the first raw output of the newest experiment that has one (`experiments` newest
 * first, as loadSiteContent gives them), in its first run's order.
 */
export function trySamples(experiments: readonly LoadedExperiment[], base: string): TrySample[] {
  return SAMPLE_TOOLS.flatMap((tool) => {
    for (const loaded of experiments) {
      for (const run of loaded.runs) {
        const output = run.outputs.find((candidate) => candidate.parsed.tool === tool);
        if (output === undefined) continue;
        return [
          {
            tool,
            title: toolTitle(tool),
            file: output.file,
            href: joinBase(base, rawFilePath(loaded.id, run.id, output.file)),
            source: `${output.file}, run ${run.run.label} of “${loaded.experiment.title}”`,
          },
        ];
      }
    }
    return [];
  });
}
