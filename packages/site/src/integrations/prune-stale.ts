import type { Dirent } from 'node:fs';
import { readdir, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The folders of the output whose every file a build makes (the others hold Pagefind's index, assets, ...). */
const PRUNED_FOLDERS = ['experiments', 'compare', 'standings'];

/**
 * A build keeps its output folder (astro.config.mjs: `emptyOutDir: false`), so that the pages
 * of experiments that did not change stay where the last build wrote them instead of being
 * copied back from Astro's incremental cache: at thousands of experiments that copy, not the
 * rendering, was most of a rebuild. What a kept folder would also keep is the pages of an
 * experiment or a run since removed, and files the site no longer makes at all (the list of every
 * run, `compare/runs.json`, which a kept folder would go on serving): this removes every file
 * under `experiments/`, `compare/` and `standings/` (a workload no run has any more) that this
 * build did not write or keep, and the folders left empty.
 */
export function pruneStale(): AstroIntegration {
  return {
    name: 'benchfolio:prune-stale',
    hooks: {
      'astro:build:done': async ({ dir, assets, logger }) => {
        const built = new Set([...assets.values()].flat().map((url) => fileURLToPath(url)));
        let removed = 0;
        for (const folder of PRUNED_FOLDERS) removed += await pruneFolder(join(fileURLToPath(dir), folder), built);
        if (removed > 0)
          logger.info(
            `removed ${removed} files the site no longer makes (experiments or runs since removed, old files)`,
          );
      },
    },
  };
}

/** Removes the files of `dir` not in `built`, and the folders that leaves empty; counts the files. */
async function pruneFolder(dir: string, built: ReadonlySet<string>): Promise<number> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let removed = 0;
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      removed += await pruneFolder(path, built);
      if ((await readdir(path)).length === 0) await rmdir(path);
    } else if (!built.has(path)) {
      await rm(path, { force: true });
      removed += 1;
    }
  }
  return removed;
}
