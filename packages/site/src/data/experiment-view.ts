import { type Experiment, type System, type SystemDifference, variableName } from '@benchfolio/parsers/content';
import type { LintFinding, LoadedExperiment } from '@benchfolio/parsers/node';
import { addCellFindings, experimentFindings } from '../findings/cell-findings.ts';
import { type FindingsSummary, findingsSummary } from '../findings/finding-summary.ts';
import { UniqueKeys } from '../sections/keys.ts';
import { publishedSections } from '../sections/published-sections.ts';
import { measuredRuns } from '../sections/warmup.ts';
import { TOOLS } from '../tools/index.ts';
import type { RunRef, ToolSection } from '../view/model.ts';
import { experimentPath, measurementsCsvPath, rawFilePath, runJsonPath, runPagePath } from './download-paths.ts';
import { addNoiseTests } from './noise.ts';
import { type SystemsTable, systemsTable } from './systems-table.ts';

/** A raw output of a run, with where to download it. */
export interface OutputView {
  file: string;
  tool: string;
  /** As parsed: `normal`, `json`, `mixed`, `csv`, `text`, ... */
  format: string;
  /** As the output prints it, or null. */
  toolVersion: string | null;
  workload?: string;
  repeat?: number;
  /** A warm-up repeat (run.yaml `warmup: true`): listed, and left out of every chart. */
  warmup?: boolean;
  command?: string;
  sizeBytes: number;
  /** Site path of the raw file (pass through href()). */
  href: string;
}

/** A run as the page shows it. */
export interface RunView extends RunRef {
  /** The value of the experiment's variable in this run. */
  value: string;
  /** 0-based position in the declared order (run.yaml `order`, then the folder name). */
  order: number;
  /** As run.yaml states it. */
  system: System;
  tools: Record<string, string>;
  commands: string[];
  date?: string;
  notes?: string;
  /** How many times the configuration was run, when repeated. */
  repeat?: number;
  outputs: OutputView[];
  /** Site path of the parsed run as JSON. */
  jsonHref: string;
  /** Site path of the run's own page. */
  pageHref: string;
}

/** Everything an experiment page shows, made at build time from the loaded experiment. */
export interface ExperimentView {
  id: string;
  /** Site path of the page (pass through href()). */
  href: string;
  experiment: Experiment;
  variable: { kind: Experiment['variable']['kind']; name: string };
  indexMarkdown: string | undefined;
  /** In the declared order. */
  runs: RunView[];
  /** Fields of `system` that differ between runs (from the loader), the variable's own included. */
  systemDifferences: SystemDifference[];
  systemsTable: SystemsTable;
  /** Per tool and workload: raw outputs first (tool by tool, as TOOLS lists them), then published tables. */
  sections: ToolSection[];
  /** Site path of measurements.csv (every measurement of every run). */
  measurementsCsvHref: string;
  /** The lint's findings on the runs' outputs, counted, with where the page shows the first. */
  findings: FindingsSummary;
}

/**
 * The view of one experiment. Pure: the same loaded experiment gives the same view. The lint's
 * findings on its runs (linted once per loaded experiment) are put on the numbers they concern.
 */
export function experimentView(loaded: LoadedExperiment): ExperimentView {
  return experimentViewWith(loaded, experimentFindings(loaded));
}

/** The view of an experiment with the given lint findings on its numbers (findings/cell-findings.ts). */
export function experimentViewWith(loaded: LoadedExperiment, findings: readonly LintFinding[]): ExperimentView {
  const runs = loaded.runs.map((run, order): RunView => {
    const view: RunView = {
      id: run.id,
      label: run.run.label,
      value: run.run.value,
      order,
      system: run.run.system,
      tools: run.run.tools,
      commands: run.run.commands,
      outputs: run.outputs.map((output) => {
        const { workload, repeat, warmup, command } = output.declared;
        return {
          file: output.file,
          tool: output.parsed.tool,
          format: output.parsed.format,
          toolVersion: output.parsed.toolVersion,
          ...(workload === undefined ? {} : { workload }),
          ...(repeat === undefined ? {} : { repeat }),
          ...(warmup === true ? { warmup } : {}),
          ...(command === undefined ? {} : { command }),
          sizeBytes: output.sizeBytes,
          href: rawFilePath(loaded.id, run.id, output.file),
        };
      }),
      jsonHref: runJsonPath(loaded.id, run.id),
      pageHref: runPagePath(loaded.id, run.id),
    };
    if (run.run.date !== undefined) view.date = run.run.date;
    if (run.run.notes !== undefined) view.notes = run.run.notes;
    if (run.run.repeat !== undefined) view.repeat = run.run.repeat;
    return view;
  });
  const runRefs: RunRef[] = runs.map(({ id, label }) => ({ id, label }));
  const shown = sections(loaded, runRefs, findings);
  return {
    id: loaded.id,
    href: experimentPath(loaded.id),
    experiment: loaded.experiment,
    variable: { kind: loaded.experiment.variable.kind, name: variableName(loaded.experiment.variable) },
    indexMarkdown: loaded.indexMarkdown,
    runs,
    systemDifferences: loaded.systemDifferences,
    systemsTable: systemsTable(
      loaded.runs.map((run) => ({ id: run.id, system: run.run.system })),
      loaded.experiment.variable,
    ),
    sections: shown,
    measurementsCsvHref: measurementsCsvPath(loaded.id),
    findings: findingsSummary(findings, experimentPath(loaded.id), shown),
  };
}

function sections(
  loaded: LoadedExperiment,
  runRefs: readonly RunRef[],
  findings: readonly LintFinding[],
): ToolSection[] {
  // Warm-up repeats (--warmup) are in no chart and no spread.
  const measured = measuredRuns(loaded.runs);
  const raw = TOOLS.flatMap((tool) => {
    const built = tool.sections(measured, runRefs);
    // Badges on the numbers the lint's findings concern, while the keys are the tool's own.
    addCellFindings(built, tool.findingPlaces?.(measured) ?? [], findings, loaded);
    return built;
  });
  const all = [...raw, ...publishedSections(loaded, runRefs)];
  // Keys are unique on the page (they go in URLs and ids): a published fio table beside raw fio
  // outputs gets keys of its own.
  const sectionKeys = new UniqueKeys();
  const chartKeys = new UniqueKeys();
  for (const section of all) {
    section.key = sectionKeys.make(section.key);
    for (const list of [section.metrics, section.latency, section.histograms, section.sweeps]) {
      for (const item of list ?? []) item.key = chartKeys.make(item.key);
    }
    if (section.grid !== undefined) section.grid.key = chartKeys.make(section.grid.key);
  }
  // Where runs have repeats, whether their differences are beyond the noise (build time only).
  addNoiseTests(all);
  return all;
}
