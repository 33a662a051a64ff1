import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatIssue, hasErrors } from '@benchfolio/parsers/node';
import type { Loader } from 'astro/loaders';
import { loadSharedContent } from '../data/shared-content.ts';

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
      const { experiments, issues } = await loadSharedContent();
      if (hasErrors(issues)) {
        const errors = issues.filter((issue) => issue.severity !== 'warning');
        const found = errors.length === 1 ? '1 problem' : `${errors.length} problems`;
        throw new Error(`${found} in the experiments:\n${errors.map(formatIssue).join('\n')}`);
      }
      // Warnings (runs differing beyond the variable) are shown, and the page shows them too.
      for (const issue of issues) logger.warn(formatIssue(issue));
      // The store outlives a build; entries of experiments removed since must go.
      store.clear();
      for (const { id, dir, experiment, indexMarkdown } of experiments) {
        const filePath = relative(siteRoot, join(dir, 'experiment.yaml'));
        const data = await parseData({ id, data: experiment, filePath });
        // The write-up (index.md), rendered by Astro's markdown pipeline; `render(entry)` shows it.
        const rendered =
          indexMarkdown === undefined ? undefined : await renderMarkdown(withoutLeadingTitle(indexMarkdown));
        store.set({
          id,
          data,
          filePath,
          digest: generateDigest({ data, indexMarkdown: indexMarkdown ?? '' }),
          rendered,
        });
      }
    },
  };
}

/**
 * A write-up without its leading `# Title` line: the page already has the experiment's title as
 * its one h1, and the write-up's own sections start at h2.
 */
export function withoutLeadingTitle(markdown: string): string {
  return markdown.replace(/^(?:[ \t]*\r?\n)*#[ \t][^\n]*\n?/, '');
}
