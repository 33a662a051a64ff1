import type { ParseOutput } from '../parser.ts';
import type { Experiment } from './experiment-schema.ts';
import type { PublishedMeasurement } from './measurements-csv.ts';
import type { Output, Run } from './run-schema.ts';
import type { SystemDifference } from './system-diff.ts';

/**
 * An experiment as `loadContent` (`@benchfolio/parsers/node`) gives it, checked and parsed. The
 * types live here, with the content model, so that browser code (the site's /try page) can name
 * them without the Node entry point; only loading needs Node.
 */

/** A raw output of a run, parsed. */
export interface LoadedOutput {
  /** The file name in the run folder. */
  file: string;
  /** Absolute path. */
  path: string;
  sizeBytes: number;
  /** The entry of run.yaml that lists it. */
  declared: Output;
  /** What the parsers made of it. */
  parsed: ParseOutput;
}

/** A run folder: its run.yaml and its parsed outputs. */
export interface LoadedRun {
  /** The run folder name. */
  id: string;
  dir: string;
  run: Run;
  outputs: LoadedOutput[];
}

/** An experiment folder: experiment.yaml, the write-up, the runs and the published numbers. */
export interface LoadedExperiment {
  /** The folder name, `<yyyy>-<mm>-<slug>`. */
  id: string;
  /** Absolute path of the experiment folder. */
  dir: string;
  experiment: Experiment;
  /** The write-up (Markdown), when there is one. */
  indexMarkdown: string | undefined;
  /** In the declared order (`order`, then folder name). */
  runs: LoadedRun[];
  /** Rows of measurements.csv: numbers that survive only in a published table. */
  published: PublishedMeasurement[];
  /** Fields of `system` that differ between runs, the variable's own included. */
  systemDifferences: SystemDifference[];
}
