import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatIssue, hasErrors } from '@benchfolio/parsers/node';
import type { Loader } from 'astro/loaders';
import { siteNameCollisions } from '../data/name-collisions.ts';
import { loadSharedContent } from '../data/shared-content.ts';
import { repoRoot } from '../lib/repo-root.ts';

/**
 * Loads every experiment of the results folder with `@benchfolio/parsers`, once for the whole
 * build: the pages take the same load (data/shared-content.ts). Any problem in the content fails
 * the build, and the error lists every problem as `FILE:LINE:COL: message`, with files relative
 * to the repository root, so a submitter can fix them all in one pass.
 */
export function resultsLoader(): Loader {
  return {
    name: 'benchfolio-results',
    async load({ config, store, parseData, generateDigest, logger, renderMarkdown }) {
      const siteRoot = fileURLToPath(config.root);
      const { entries, issues } = await loadSharedContent(config.base);
      if (hasErrors(issues)) {
        const errors = issues.filter((issue) => issue.severity !== 'warning');
        const found = errors.length === 1 ? '1 problem' : `${errors.length} problems`;
        throw withoutStack(new Error(`${found} in the experiments:\n${errors.map(formatIssue).join('\n')}`));
      }
      // Names the site itself writes, checked again on what the build will write (the library's
      // loading has refused them already): the build would overwrite a raw output or crash.
      const collisions = entries.flatMap((entry) => siteNameCollisions(entry.id, entry.dir, entry.runs));
      if (collisions.length > 0) {
        const lines = collisions.map(({ path, message }) => `${relative(repoRoot(), path)}: ${message}`);
        throw withoutStack(
          new Error(`${collisions.length} name collisions with the site's own files:\n${lines.join('\n')}`),
        );
      }
      // Warnings (runs differing beyond the variable) are shown, and the page shows them too.
      for (const issue of issues) logger.warn(formatIssue(issue));
      // The store outlives a build: entries of experiments removed since must go, and those
      // whose folder is unchanged are kept as they are, write-up rendered.
      const ids = new Set(entries.map((entry) => entry.id));
      for (const id of store.keys()) if (!ids.has(id)) store.delete(id);
      for (const { id, dir, digest: folderDigest, experiment } of entries) {
        const digest = generateDigest({ folderDigest, data: experiment });
        if (store.get(id)?.digest === digest) continue;
        const filePath = relative(siteRoot, join(dir, 'experiment.yaml'));
        const data = await parseData({ id, data: experiment, filePath });
        // The write-up (index.md), rendered by Astro's markdown pipeline; `render(entry)` shows it.
        const indexMarkdown = await readIfAny(join(dir, 'index.md'));
        const rendered =
          indexMarkdown === undefined ? undefined : await renderMarkdown(withoutLeadingTitle(indexMarkdown));
        store.set({ id, data, filePath, digest, rendered });
      }
    },
  };
}

/**
 * An error Astro prints as its message alone: it adds a stack trace and the throwing line of
 * the loader to any error that has a stack, which tells a submitter nothing.
 */
function withoutStack(error: Error): Error {
  error.stack = '';
  return error;
}

/** A file's text, or undefined when there is none (the loader has checked the folder). */
async function readIfAny(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * A write-up without its leading `# Title` line: the page already has the experiment's title as
 * its one h1, and the write-up's own sections start at h2.
 */
export function withoutLeadingTitle(markdown: string): string {
  return markdown.replace(/^(?:[ \t]*\r?\n)*#[ \t][^\n]*\n?/, '');
}
