import { fingerprintOutput, type WorkloadFingerprint } from '@benchfolio/parsers';
import { outputFingerprintContext, type System } from '@benchfolio/parsers/content';
import type { LoadedExperiment, LoadedRun } from '@benchfolio/parsers/node';
import { measurementsCsvPath, rawFilePath, runJsonPath, runSectionsJsonPath } from '../data/download-paths.ts';
import { hardwareFacets, hardwareLine } from '../data/hardware-summary.ts';
import { runSections } from '../data/run-json.ts';
import type { ToolSection } from '../view/model.ts';
import { sectionCompareKey } from './compare-key.ts';

/** One workload of a run's raw output, as the library fingerprints it (fingerprintOutput). */
export interface CompareFingerprint {
  /** The raw output's file name in the run folder. */
  file: string;
  /** The raw file, byte for byte, with the site's base: where every number of it comes from. */
  fileHref: string;
  fingerprint: WorkloadFingerprint;
}

/**
 * Welch's t-test of this run's repeats against another run's of the same experiment, in one group
 * of a compared metric, as the experiment page made it (compare-evidence.ts): held by the run
 * with the better mean of the two.
 */
export interface CompareNoiseTest {
  /** The compare key of the section (`fio`, `sysbench:fileio`). */
  section: string;
  /** The measurement name (`write.iops`) and its unit. */
  metric: string;
  unit: string;
  group: string;
  /** The other run's folder name (the same experiment). */
  other: string;
  /** Two-sided. */
  pValue: number;
  /** The level below which the experiment page calls it beyond the noise (data/noise.ts). */
  alpha: number;
}

/** A lint finding on a run's number in a group of a compared section (compare-evidence.ts). */
export interface CompareCellFinding {
  section: string;
  group: string;
  /** The rule id, `BF001`. */
  rule: string;
  severity: 'error' | 'warning' | 'note';
  /** The measurement names it is about; absent, every number of the group. */
  metrics?: string[];
}

/** One run as the compare page lists it. */
export interface CompareRun {
  experiment: string;
  experimentTitle: string;
  /** The experiment's date, as precise as known. */
  date: string;
  run: string;
  label: string;
  /** The value of the experiment's variable in this run. */
  value: string;
  /** The run's own date (run.yaml `date`), when stated. */
  runDate?: string;
  /** run.yaml `tools`: each tool's version as the run states it (`fio: fio-3.33`). */
  tools: Record<string, string>;
  /** The run's stated hardware in one line ("" when none is stated). */
  hardware: string;
  /**
   * What can be compared with what: `<section compare key>|<group key>`, one per workload the
   * run has bars for (`fio|random-write-direct`, `sysbench:fileio|rndrw/16`, `bonnie|8G/1`,
   * `fio:published|bs=4k;threads=32`). Two runs share a key when they ran the same tool and
   * workload.
   */
  keys: string[];
  /**
   * What each raw output ran (one per fio job, sysbench test, bonnie++ run, iostat log), for
   * ranking runs by how alike their workloads are (rankFingerprints) and saying why. Empty for
   * a run whose numbers survive only in a published table.
   */
  fingerprints: CompareFingerprint[];
  /** The run's system as run.yaml states it: the systems table of the chosen runs. */
  system: System;
  /**
   * The experiment's measurements as CSV, with the site's base, for a run whose numbers come from
   * a published table (measurements.csv): where those numbers are.
   */
  measurementsHref?: string;
  /** The run's sections (`RunSectionsJson`, small: what the page fetches), with the site's base. */
  sectionsHref: string;
  /** The full run JSON (`RunJson`: also every parsed result and measurement), with the site's base. */
  href: string;
  /** The noise tests it leads against the experiment's other runs (compare-evidence.ts's compareRunsWithEvidence); absent in the catalog's. */
  noise?: CompareNoiseTest[];
  /** The lint findings on the run's compared numbers (compare-evidence.ts's compareRunsWithEvidence); absent in the catalog's. */
  findings?: CompareCellFinding[];
}

/**
 * The body of `/experiments/<id>/compare-runs.json`: one experiment's runs as /compare and /try
 * list them. The browser finds the experiments through the search index's compare filters
 * (compare-filters.ts) and fetches only theirs.
 */
export interface ExperimentCompareRuns {
  experiment: string;
  /** The experiment's short name in /compare's links (compare/aliases.ts). */
  alias: string;
  runs: CompareRun[];
}

/** `base` and a site path joined with one slash, as src/lib/url.ts does. */
function withBase(base: string, path: string): string {
  return `${base.endsWith('/') ? base : `${base}/`}${path.replace(/^\/+/, '')}`;
}

/**
 * The runs of one experiment as the compare page lists them; none while it awaits runs. Each
 * run's sections come from `sectionsOf` (runSections by default), so that a caller who needs them
 * too builds them once.
 */
export function compareRuns(
  loaded: LoadedExperiment,
  base = '/',
  sectionsOf: (run: LoadedRun) => ToolSection[] = (run) => runSections(loaded, run),
): CompareRun[] {
  if (loaded.experiment.status === 'awaiting-runs') return [];
  return loaded.runs.map((run) => {
    const keys = new Set<string>();
    const sections = sectionsOf(run);
    for (const section of sections) {
      const prefix = sectionCompareKey(section);
      for (const metric of section.metrics) for (const group of metric.groups) keys.add(`${prefix}|${group.key}`);
    }
    return {
      experiment: loaded.id,
      experimentTitle: loaded.experiment.title,
      date: loaded.experiment.date,
      run: run.id,
      label: run.run.label,
      value: run.run.value,
      ...(run.run.date === undefined ? {} : { runDate: run.run.date }),
      tools: run.run.tools,
      hardware: hardwareLine(hardwareFacets([run.run.system])),
      keys: [...keys],
      fingerprints: runFingerprints(loaded.id, run, base),
      system: run.run.system,
      ...(sections.some((section) => section.origin === 'published') && {
        measurementsHref: withBase(base, measurementsCsvPath(loaded.id)),
      }),
      sectionsHref: withBase(base, runSectionsJsonPath(loaded.id, run.id)),
      href: withBase(base, runJsonPath(loaded.id, run.id)),
    };
  });
}

/** Every workload of every raw output of the run, with the file it was read from. */
function runFingerprints(experiment: string, run: LoadedRun, base: string): CompareFingerprint[] {
  return run.outputs.flatMap((output) =>
    fingerprintOutput(output.parsed, outputFingerprintContext(run.run, output.declared)).map((fingerprint) => ({
      file: output.file,
      fileHref: withBase(base, rawFilePath(experiment, run.id, output.file)),
      fingerprint,
    })),
  );
}
