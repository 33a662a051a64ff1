// Every file the site writes for an experiment, by its path inside `experiments/<id>/`, and the
// names among them that a raw output or a run folder would collide with. Raw outputs are written
// under their own names beside the run's page, and runs' folders beside their JSON files: a raw
// output named `index.html` would be overwritten by the run page, and run folders `beta` and
// `beta.json` would make `runs/beta.json` both a file and a folder (the build crashed on it).

import { join } from 'node:path';

/** The files the site writes in `experiments/<id>/`, for an experiment of that id. */
export function experimentFileNames(id: string): string[] {
  return ['index.html', 'card.json', 'compare-runs.json', 'measurements.csv', 'search-record.json', `${id}-raw.zip`];
}

/** The files the site writes in `experiments/<id>/runs/` for a run, beside its folder `<run>/`. */
export function runSiblingNames(run: string): string[] {
  return [`${run}.json`, `${run}.sections.json`];
}

/** The files the site writes in `experiments/<id>/runs/<run>/` besides the raw outputs. */
export const RUN_FOLDER_FILE_NAMES = ['index.html', 'run.yaml'] as const;

/**
 * Endings a run folder's name may not have. Astro matches `runs/<run>.json` and
 * `runs/<run>.sections.json` against the run JSON routes before the run page's, so a run named
 * `x.json` would get no page (Astro skips it with a warning), and runs `x` and `x.sections`
 * would both claim `runs/x.sections.json`.
 */
export const REFUSED_RUN_ENDINGS = ['.json', '.sections'] as const;

export interface SiteNameCollision {
  /** The file or folder of the content at fault, absolute. */
  path: string;
  message: string;
}

/**
 * Why the site cannot publish an experiment's runs and raw outputs under their names: every
 * collision with a file the site writes, and every run folder name that would cost a page.
 * `dir` is the experiment's folder; each run gives its folder name and raw outputs' names.
 */
export function siteNameCollisions(
  id: string,
  dir: string,
  runs: ReadonlyArray<{ id: string; files: readonly string[] }>,
): SiteNameCollision[] {
  const collisions: SiteNameCollision[] = [];
  // Each path the site writes under experiments/<id>/, and what wrote it.
  const written = new Map<string, string>();
  for (const name of experimentFileNames(id)) written.set(name, 'the experiment');
  for (const run of runs) {
    const runDir = join(dir, 'runs', run.id);
    const ending = REFUSED_RUN_ENDINGS.find((end) => run.id.endsWith(end));
    if (ending !== undefined) {
      collisions.push({
        path: runDir,
        message: `a run folder's name may not end in "${ending}": the site writes runs/<run>.json and runs/<run>.sections.json beside the run folders; rename the folder`,
      });
    }
    for (const name of runSiblingNames(run.id)) written.set(`runs/${name}`, `run ${run.id}`);
    for (const name of RUN_FOLDER_FILE_NAMES) written.set(`runs/${run.id}/${name}`, `run ${run.id}`);
  }
  for (const run of runs) {
    for (const file of run.files) {
      const path = `runs/${run.id}/${file}`;
      if (written.has(path)) {
        collisions.push({
          path: join(dir, path),
          message: `the site writes ${(RUN_FOLDER_FILE_NAMES as readonly string[]).join(' and ')} in each run folder itself: rename this raw output`,
        });
      }
      written.set(path, `run ${run.id}`);
    }
  }
  // A path written as a file that is also a folder of another (runs/beta.json and runs/beta.json/index.html).
  for (const run of runs) {
    const folder = `runs/${run.id}`;
    const owner = written.get(folder);
    if (owner !== undefined) {
      collisions.push({
        path: join(dir, folder),
        message: `the site writes ${folder} as a file of ${owner}, and this run's files in a folder of that name: rename the folder`,
      });
    }
  }
  // One problem a path: a run folder named `x.json` is reported for its ending alone.
  const firstOfEachPath = new Map<string, SiteNameCollision>();
  for (const collision of collisions)
    if (!firstOfEachPath.has(collision.path)) firstOfEachPath.set(collision.path, collision);
  return [...firstOfEachPath.values()];
}
