// The site's catalog: what the pages that list or search many experiments need of each (the
// index, the feed, /compare, /try, the glossary, the routes of every experiment's files), made
// once per experiment and small. The pages of one experiment load that experiment alone
// (site-content.ts), so a build holds the catalog and one experiment, however many there are.

import type { ContentIssue, Experiment } from '@benchfolio/parsers/content';
import type { LoadedExperiment, LoadedRun } from '@benchfolio/parsers/node';
import { type CompareFilters, compareFilters } from '../compare/compare-filters.ts';
import { compareRuns } from '../compare/compare-index.ts';
import { type ExperimentStandingValues, experimentStandingValues } from '../compare/standing-values.ts';
import { type ExperimentView, experimentView } from '../data/experiment-view.ts';
import { type GlossaryUse, glossaryUse } from '../data/glossary.ts';
import { type IndexEntry, indexEntry, withFindingCount } from '../data/index-entry.ts';
import { verdict, verdictContext } from '../data/verdict.ts';
import type { FindingRef } from '../findings/finding-summary.ts';
import { type SampleCandidate, sampleCandidates } from '../try/samples.ts';
import { cardHeadline } from './card-headline.ts';

/** A run as the routes of its files need it. */
export interface CatalogRun {
  id: string;
  /** What the run stands for (run.yaml `label`): /rules/ names runs by it. */
  label: string;
  /** Its raw outputs' file names, in run.yaml's order. */
  files: string[];
  /** The filesystem it ran on (run.yaml `system.filesystem.type`), when stated. */
  filesystem?: string;
  /** What it can be compared by across experiments (CompareRun `keys`): /compare's opening view. */
  keys: string[];
}

/** One experiment in the catalog: plain JSON, kept on disk between builds (catalog-cache.ts). */
export interface CatalogEntry {
  /** The folder name. */
  id: string;
  /** Absolute path of the folder. */
  dir: string;
  /**
   * The folder's content hash (experimentDigest): what its pages are made from, so what tells
   * a build whether they can be kept from the last one (Astro's `cacheKey`).
   */
  digest: string;
  /** experiment.yaml, as checked. */
  experiment: Experiment;
  index: IndexEntry;
  runs: CatalogRun[];
  /**
   * What /compare and /try find it by in the site's search index (compare-filters.ts); its runs
   * themselves are its own file (`experiments/<id>/compare-runs.json`), never in the catalog.
   */
  compare: CompareFilters;
  glossary: GlossaryUse;
  /**
   * Its runs' ranked numbers with their workloads' keys and findings (compare/standing-values.ts):
   * the site's standings are folded from every entry's (compare/standings-index.ts).
   */
  standings: ExperimentStandingValues;
  samples: SampleCandidate[];
  /** The lint's findings on its outputs (rule, severity, run), for /rules/'s counts. */
  findings: FindingRef[];
  /** Its warnings (errors stop the build), for the build's log. */
  warnings: ContentIssue[];
}

/** The catalog entry of a loaded experiment. */
export function catalogEntry(
  loaded: LoadedExperiment,
  digest: string,
  warnings: readonly ContentIssue[],
  base: string,
): CatalogEntry {
  // One view (and one lint) for the entry: the glossary's metrics and the index's finding count.
  const view = experimentView(loaded);
  const compared = compareRuns(loaded, base);
  const keysOf = (run: LoadedRun) => compared.find((candidate) => candidate.run === run.id)?.keys ?? [];
  return {
    id: loaded.id,
    dir: loaded.dir,
    digest,
    experiment: loaded.experiment,
    index: withHeadline(withFindingCount(indexEntry(loaded), view.findings), view, loaded),
    runs: loaded.runs.map((run) => catalogRun(run, keysOf(run))),
    compare: compareFilters(compared),
    glossary: glossaryUse(view),
    standings: experimentStandingValues(loaded.experiment.status === 'awaiting-runs' ? [] : view.sections, compared),
    samples: sampleCandidates(loaded),
    findings: view.findings.list,
    warnings: [...warnings],
  };
}

/** The entry with the verdict's answer in one line, when the experiment has a verdict. */
function withHeadline(entry: IndexEntry, view: ExperimentView, loaded: LoadedExperiment): IndexEntry {
  const headline = cardHeadline(verdict(view.sections, loaded.experiment.headline, verdictContext(view)));
  return headline === undefined ? entry : { ...entry, headline };
}

function catalogRun(run: LoadedRun, keys: string[]): CatalogRun {
  const files = run.outputs.map((output) => output.file);
  const filesystem = run.run.system.filesystem?.type;
  return { id: run.id, label: run.run.label, files, keys, ...(filesystem !== undefined && { filesystem }) };
}

/** Newest first: ISO dates sort as text; the folder name breaks ties. */
export function newestFirst(a: { id: string; date: string }, b: { id: string; date: string }): number {
  return b.date.localeCompare(a.date) || a.id.localeCompare(b.id);
}

/** The content folder as the site sees it. */
export interface SiteCatalog {
  /** The experiments without errors, in folder order. */
  entries: CatalogEntry[];
  /** Every problem found, errors and warnings, in folder order. */
  issues: ContentIssue[];
}
