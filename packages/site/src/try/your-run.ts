// The reader's parsed outputs as one run, shaped as the content loader shapes a run folder, so
// the experiment pages' data layer makes its sections: the same bars, latency, grids and series.

import type { ParseOutput } from '@benchfolio/parsers';
import type { Run } from '@benchfolio/parsers/content';
import type { LoadedOutput, LoadedRun } from '@benchfolio/parsers/node';
import { TOOLS } from '../tools/index.ts';
import type { ToolSection } from '../view/model.ts';
import { YOUR_RUN } from './try-view.ts';

export interface YourOutput {
  name: string;
  sizeBytes: number;
  parsed: ParseOutput;
}

/** A run folder that exists only in the page: no path, no run.yaml yet. */
export function yourRun(outputs: readonly YourOutput[]): LoadedRun {
  const run: Run = {
    label: YOUR_RUN.label,
    value: YOUR_RUN.label,
    system: {},
    tools: {},
    commands: [],
    outputs: outputs.map((output) => ({ file: output.name, tool: output.parsed.tool })),
  };
  const loaded: LoadedOutput[] = outputs.map((output, index) => ({
    file: output.name,
    path: output.name,
    sizeBytes: output.sizeBytes,
    declared: run.outputs[index] as Run['outputs'][number],
    parsed: output.parsed,
  }));
  return { id: YOUR_RUN.id, dir: '', run, outputs: loaded };
}

/** The sections of the reader's run, in the experiment pages' order of tools. */
export function yourSections(outputs: readonly YourOutput[]): ToolSection[] {
  const runs = [yourRun(outputs)];
  const refs = [YOUR_RUN];
  return TOOLS.flatMap((tool) => (tool.try.sections ?? tool.sections)(runs, refs));
}
