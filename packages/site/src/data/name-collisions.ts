// The build's own guard against content named as the site names its files. validate refuses such
// names (runFolderNameProblem and outputFileNameIssue of @benchfolio/parsers/content), and so does
// the library's loading that the build runs; this check is made again on what the build is about to
// write, from the library's list of the files each page makes (reserved-names.ts there, checked
// against src/pages/experiments/ by reserved-names.test.ts), so that a name the rules missed fails
// the build with its file named rather than being overwritten (a raw output `index.html` by the
// run page) or crashing it (run folders `beta` and `beta.json`: `runs/beta.json` a file and a folder).

import { join } from 'node:path';
import {
  EXPERIMENT_GENERATED_FILES,
  experimentZipName,
  RUN_GENERATED_FILES,
  runFolderNameProblem,
  runGeneratedSiblings,
} from '@benchfolio/parsers/content';

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
  for (const name of [...EXPERIMENT_GENERATED_FILES, experimentZipName(id)]) written.set(name, 'the experiment');
  for (const run of runs) {
    const runDir = join(dir, 'runs', run.id);
    // The name alone: the pattern and the endings that would cost the run its page.
    const nameProblem = runFolderNameProblem(run.id, []);
    if (nameProblem !== undefined) collisions.push({ path: runDir, message: nameProblem.message });
    for (const name of runGeneratedSiblings(run.id)) written.set(`runs/${name}`, `run ${run.id}`);
    for (const name of RUN_GENERATED_FILES) written.set(`runs/${run.id}/${name}`, `run ${run.id}`);
  }
  for (const run of runs) {
    for (const file of run.files) {
      const path = `runs/${run.id}/${file}`;
      if (written.has(path)) {
        collisions.push({
          path: join(dir, path),
          message: `the site writes ${RUN_GENERATED_FILES.join(' and ')} in each run folder itself: rename this raw output`,
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
