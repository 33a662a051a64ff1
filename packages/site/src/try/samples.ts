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

/** A raw output an experiment can offer as a sample: its tool's first in the experiment. */
export interface SampleCandidate {
  tool: string;
  experiment: string;
  experimentTitle: string;
  run: string;
  runLabel: string;
  file: string;
}

/** Per tool offered, the experiment's first raw output of it, in its runs' order. */
export function sampleCandidates(loaded: LoadedExperiment): SampleCandidate[] {
  return SAMPLE_TOOLS.flatMap((tool) => {
    for (const run of loaded.runs) {
      const output = run.outputs.find((candidate) => candidate.parsed.tool === tool);
      if (output === undefined) continue;
      const { id: experiment, experiment: data } = loaded;
      return [
        { tool, experiment, experimentTitle: data.title, run: run.id, runLabel: run.run.label, file: output.file },
      ];
    }
    return [];
  });
}

/**
 * Per tool, the first raw output of the newest experiment that has one (`experiments` newest
 * first, as loadCatalog orders them), in its first run's order.
 */
export function trySamples(experiments: readonly LoadedExperiment[], base: string): TrySample[] {
  return trySamplesOf(experiments.map(sampleCandidates), base);
}

/** The same from each experiment's candidates (newest experiment first). */
export function trySamplesOf(candidates: readonly (readonly SampleCandidate[])[], base: string): TrySample[] {
  return SAMPLE_TOOLS.flatMap((tool) => {
    for (const offered of candidates) {
      const sample = offered.find((candidate) => candidate.tool === tool);
      if (sample === undefined) continue;
      return [
        {
          tool,
          title: toolTitle(tool),
          file: sample.file,
          href: joinBase(base, rawFilePath(sample.experiment, sample.run, sample.file)),
          source: `${sample.file}, run ${sample.runLabel} of “${sample.experimentTitle}”`,
        },
      ];
    }
    return [];
  });
}
