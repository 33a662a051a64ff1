import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { close, createIndex } from 'pagefind';

/**
 * Indexes the built site for full-text search with Pagefind once `astro build` has written it,
 * into `<outDir>/pagefind/` (the index page's search box loads `pagefind/pagefind.js` from there).
 * An integration rather than a step after the build, so every build of the site has its index,
 * whichever output folder it was given (the e2e tests build into temporary folders).
 *
 * Pages that mark their content with `data-pagefind-body` are the only ones indexed, and only
 * that content: experiment pages mark their write-up; the index, made of cards, stays out.
 */
export function pagefindIndex(): AstroIntegration {
  return {
    name: 'benchfolio:pagefind',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const siteDir = fileURLToPath(dir);
        try {
          const { index, errors } = await createIndex({ forceLanguage: 'en' });
          if (index === undefined) throw new Error(errors.join('\n'));
          const indexed = await index.addDirectory({ path: siteDir });
          if (indexed.errors.length > 0) throw new Error(indexed.errors.join('\n'));
          const written = await index.writeFiles({ outputPath: join(siteDir, 'pagefind') });
          if (written.errors.length > 0) throw new Error(written.errors.join('\n'));
          logger.info(`indexed ${indexed.page_count} ${indexed.page_count === 1 ? 'page' : 'pages'} for search`);
        } finally {
          await close();
        }
      },
    },
  };
}
