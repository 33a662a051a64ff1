import { CUT_WARNING } from '@benchfolio/parsers';
import type { LoadedExperiment, LoadedRun } from '@benchfolio/parsers/node';
import { experimentFindings } from '../findings/cell-findings.ts';
import { type RunFindingView, runFindings } from '../findings/run-findings.ts';
import { type OriginLink, originLink } from '../lib/origin-link.ts';
import { experimentPath, rawFilePath, runPagePath } from './download-paths.ts';
import { type ExperimentView, experimentViewWith, type OutputView, type RunView } from './experiment-view.ts';
import {
  type HeadlineTable,
  headlinesByTool,
  headlineTable,
  sampleCount,
  type ToolHeadlines,
} from './output-headlines.ts';
import { type StabilityRow, stabilityRows } from './run-stability.ts';

/** A raw output as its run's page shows it: where it came from, and its headline numbers. */
export interface RunOutputView extends OutputView {
  /** run.yaml's note on this output. */
  note?: string;
  /**
   * Where the parser found the output cut short (its TRUNCATED warning) and run.yaml's reason for
   * publishing it all the same (`truncated: { accepted }`); validate refuses a cut output without one.
   */
  truncated?: { line: number; accepted: string };
  /** An imported output: its file in the public repository it was taken from, byte for byte. */
  origin?: OriginLink;
  headlines?: HeadlineTable;
  /** Reports in a time series (iostat), 0 otherwise. */
  samples: number;
}

/** Another run of the same experiment, for the page's run list. */
export interface SiblingRun {
  id: string;
  label: string;
  /** Site path of its page (pass through href()). */
  href: string;
  isCurrent: boolean;
}

/** Everything `/experiments/<id>/runs/<run>/` shows. */
export interface RunPageView {
  /** The experiment as its page shows it (for the title, source and variable). */
  experiment: Pick<ExperimentView, 'id' | 'href' | 'experiment' | 'variable'>;
  /**
   * The experiment's view made of this run alone: its system as the systems table has it, its
   * sections (every tool's charts, published tables included) with this run's bars only.
   */
  alone: ExperimentView;
  run: RunView;
  outputs: RunOutputView[];
  /** The outputs' headline numbers, one table per tool. */
  headlines: ToolHeadlines[];
  /** Per workload with repeats (run.yaml `stability:`): N, spread, why repeating stopped, drift. */
  stability: StabilityRow[];
  /** The benchmark lint's findings on the outputs, each with the raw line that shows it. */
  findings: RunFindingView[];
  /** Site path of the run's run.yaml, served as committed. */
  runYamlHref: string;
  /** Every run of the experiment, in declared order. */
  runs: SiblingRun[];
}

/**
 * The page of one run. Its sections are the experiment's, built from this run alone, the way the
 * run JSON builds them for /compare (run-json.ts), but with every tool (iostat's devices too).
 */
export function runPageView(loaded: LoadedExperiment, run: LoadedRun): RunPageView {
  const alone = experimentViewWith(
    { ...loaded, runs: [run], published: loaded.published.filter((row) => row.run === run.id) },
    // The experiment's findings, linted once for all its runs (a check across runs sees them all).
    experimentFindings(loaded).filter((found) => found.run === run.id),
  );
  const runView = alone.runs[0];
  if (runView === undefined) throw new Error(`run ${run.id} of ${loaded.id} has no view`);
  const outputs = run.outputs.map((output, index) => {
    const view: RunOutputView = {
      ...(runView.outputs[index] as OutputView),
      samples: sampleCount(output.parsed.measurements),
    };
    const headlines = headlineTable(output.parsed.tool, output.parsed.measurements, output.declared.workload);
    if (headlines !== undefined) view.headlines = headlines;
    if (output.declared.note !== undefined) view.note = output.declared.note;
    const repository = loaded.experiment.source?.repository;
    if (output.declared.origin !== undefined && repository !== undefined) {
      view.origin = originLink(repository, output.declared.origin);
    }
    const cut = output.parsed.warnings.find((warning) => warning.code === CUT_WARNING);
    if (cut !== undefined && output.declared.truncated !== undefined) {
      view.truncated = { line: cut.line, accepted: output.declared.truncated.accepted };
    }
    return view;
  });
  return {
    experiment: {
      id: alone.id,
      href: experimentPath(loaded.id),
      experiment: alone.experiment,
      variable: alone.variable,
    },
    alone,
    run: runView,
    outputs,
    headlines: headlinesByTool(outputs),
    stability: stabilityRows(run.run),
    findings: runFindings(loaded, run),
    runYamlHref: rawFilePath(loaded.id, run.id, 'run.yaml'),
    runs: loaded.runs.map((other) => ({
      id: other.id,
      label: other.run.label,
      href: runPagePath(loaded.id, other.id),
      isCurrent: other.id === run.id,
    })),
  };
}
