// The names the site build writes itself inside an experiment's folder of the published site,
// `experiments/<id>/`, and inside each run's, `experiments/<id>/runs/<run>/`, beside the files a
// pull request brings. A submitted name equal to one of them would be overwritten by the page, or
// collide with it and stop the build; validate refuses it instead. The site's pages are the
// source: a page added under packages/site/src/pages/experiments/ adds its name here
// (packages/site/src/data/reserved-names.test.ts checks that every route there is listed).

import { SLUG } from './text-fields.ts';

/** Files the site makes in `experiments/<id>/`, each from its page in packages/site/src/pages/experiments/[id]/. */
export const EXPERIMENT_GENERATED_FILES: readonly string[] = [
  'index.html', // index.astro: the experiment's page
  'card.json', // card.json.ts: its card for the index's search results
  'compare-runs.json', // compare-runs.json.ts: its runs for /compare and /try
  'measurements.csv', // measurements.csv.ts: every measurement, tidy (also a committed file: the published rows)
  'search-record.json', // search-record.json.ts: what the site search indexes
];

/** The experiment's zip of raw files, `<id>-raw.zip` ([zip].zip.ts, rawZipName in data/download-paths.ts). */
export function experimentZipName(id: string): string {
  return `${id}-raw.zip`;
}

/**
 * Files the site makes in `experiments/<id>/runs/<run>/`, beside the run's raw outputs (which
 * runs/[run]/[file].ts copies there under their own names).
 */
export const RUN_GENERATED_FILES: readonly string[] = [
  'index.html', // runs/[run]/index.astro: the run's page
  'run.yaml', // runs/[run]/[file].ts publishes the run's own run.yaml under its name
];

/**
 * Files the site makes in `experiments/<id>/runs/` for each run, beside the run's folder: a run
 * named like one of another run's would be a folder and a file of the same name.
 */
export function runGeneratedSiblings(run: string): string[] {
  return [
    `${run}.json`, // runs/[run].json.ts: the run parsed (runJsonPath in data/download-paths.ts)
    `${run}.sections.json`, // runs/[run].sections.json.ts: its sections, for /compare (runSectionsJsonPath)
  ];
}

/**
 * Run folder names: lowercase letters and digits in words joined by single `.`, `_` or `-`
 * (SLUG), so starting and ending with a letter or digit. The name is a path segment of the site,
 * a file name on every system, and the start of the run's generated files. (Experiment folders
 * follow the stricter EXPERIMENT_ID, `<yyyy>-<mm>-<slug>`.)
 */
export const RUN_FOLDER_NAME = SLUG;

/**
 * Endings a run folder's name may not have, whatever the other runs are called. Astro matches
 * `runs/<run>.json` and `runs/<run>.sections.json` against the run JSON routes before the run
 * page's, so a run named `x.json` would get no page (Astro skips it with a warning), and runs `x`
 * and `x.sections` would both claim `runs/x.sections.json`.
 */
export const REFUSED_RUN_ENDINGS: readonly string[] = ['.json', '.sections'];

/**
 * Why `run` cannot name a run folder among `runs` (every run folder of its experiment), or
 * undefined when it can: it must match RUN_FOLDER_NAME and not end in one of REFUSED_RUN_ENDINGS,
 * and no other run's generated file may bear its name (runs `beta` and `beta.json` would both
 * make `runs/beta.json`).
 */
export function runFolderNameProblem(
  run: string,
  runs: Iterable<string>,
): { code: 'BAD_NAME' | 'RESERVED_NAME'; message: string } | undefined {
  if (!RUN_FOLDER_NAME.test(run)) {
    return {
      code: 'BAD_NAME',
      message:
        'a run folder is named with lowercase letters and digits, in words joined by ".", "_" or "-" (such as ext4-tuned)',
    };
  }
  const ending = REFUSED_RUN_ENDINGS.find((end) => run.endsWith(end));
  if (ending !== undefined) {
    return {
      code: 'RESERVED_NAME',
      message: `a run folder's name may not end in "${ending}": the site makes runs/<run>.json and runs/<run>.sections.json beside the run folders; rename the folder`,
    };
  }
  for (const other of runs) {
    if (other !== run && runGeneratedSiblings(other).includes(run)) {
      return {
        code: 'RESERVED_NAME',
        message: `the site makes runs/${run} for run ${other} (its parsed run and its sections: ${runGeneratedSiblings(other).join(', ')}): rename this run folder`,
      };
    }
  }
  return undefined;
}
