import type { Measurement } from '@benchfolio/parsers';
import type { PublishedMeasurement, Run } from '@benchfolio/parsers/content';
import type { LoadedExperiment, LoadedRun } from '@benchfolio/parsers/node';
import { publishedSections } from '../sections/published-sections.ts';
import { measuredRuns } from '../sections/warmup.ts';
import { TOOLS } from '../tools/index.ts';
import type { RunRef, ToolSection } from '../view/model.ts';

/** The body of `/experiments/<id>/runs/<run>.json`: one run, parsed. */
export interface RunJson {
  experiment: { id: string; title: string; date: string; variable: LoadedExperiment['experiment']['variable'] };
  /** run.yaml as checked (defaults filled in). */
  run: Run & { id: string };
  outputs: Array<{
    file: string;
    tool: string;
    format: string;
    toolVersion: string | null;
    workload?: string;
    repeat?: number;
    /** The tool's typed result (its zod schema in @benchfolio/parsers). */
    result: unknown;
    measurements: Measurement[];
  }>;
  /** The run's rows of measurements.csv, when its numbers come from a published table. */
  published: PublishedMeasurement[];
  /**
   * The run's sections as the experiment page makes them, with this run alone: what the compare
   * page lines up with the runs of other experiments (sections by their compare key, metrics by
   * `metric` and unit, bars by group key).
   */
  sections: ToolSection[];
}

/** The run JSON of one run of a loaded experiment. */
export function runJson(loaded: LoadedExperiment, run: LoadedRun): RunJson {
  const { experiment } = loaded;
  return {
    experiment: { id: loaded.id, title: experiment.title, date: experiment.date, variable: experiment.variable },
    run: { id: run.id, ...run.run },
    outputs: run.outputs.map((output) => ({
      file: output.file,
      tool: output.parsed.tool,
      format: output.parsed.format,
      toolVersion: output.parsed.toolVersion,
      ...(output.declared.workload === undefined ? {} : { workload: output.declared.workload }),
      ...(output.declared.repeat === undefined ? {} : { repeat: output.declared.repeat }),
      result: output.parsed.result,
      measurements: output.parsed.measurements,
    })),
    published: loaded.published.filter((row) => row.run === run.id),
    sections: runSections(loaded, run),
  };
}

/** The body of `/experiments/<id>/runs/<run>.sections.json`: what the compare page fetches. */
export interface RunSectionsJson {
  experiment: { id: string; title: string; date: string };
  run: { id: string; label: string; value: string };
  /** As in RunJson. */
  sections: ToolSection[];
}

export function runSectionsJson(loaded: LoadedExperiment, run: LoadedRun): RunSectionsJson {
  const { experiment } = loaded;
  return {
    experiment: { id: loaded.id, title: experiment.title, date: experiment.date },
    run: { id: run.id, label: run.run.label, value: run.run.value },
    sections: runSections(loaded, run),
  };
}

// The run JSON endpoints and each experiment's compare-runs.json both want a run's sections: made once per build.
const sectionsOf = new WeakMap<LoadedRun, ToolSection[]>();

/** The sections of one run alone, of the tools that are compared (iostat's series are in `outputs`). */
export function runSections(loaded: LoadedExperiment, run: LoadedRun): ToolSection[] {
  let sections = sectionsOf.get(run);
  if (sections === undefined) {
    sections = makeRunSections(loaded, run);
    sectionsOf.set(run, sections);
  }
  return sections;
}

function makeRunSections(loaded: LoadedExperiment, run: LoadedRun): ToolSection[] {
  const refs: RunRef[] = [{ id: run.id, label: run.run.label }];
  // Warm-up repeats (--warmup) are in no section.
  const only = measuredRuns([run]);
  const alone = { ...loaded, runs: only, published: loaded.published.filter((row) => row.run === run.id) };
  return [
    ...TOOLS.filter((tool) => tool.isCompared).flatMap((tool) => tool.sections(only, refs)),
    ...publishedSections(alone, refs),
  ];
}
