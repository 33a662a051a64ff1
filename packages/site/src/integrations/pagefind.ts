import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { type CustomRecord, close, createIndex } from 'pagefind';

/**
 * Indexes the experiments for the site search with Pagefind once `astro build` has written the
 * site, into `<outDir>/pagefind/` (the index page loads `pagefind/pagefind.js` from there). An
 * integration rather than a step after the build, so every build of the site has its index,
 * whichever output folder it was given (the e2e tests build into temporary folders).
 *
 * One record per experiment, with its runs' facts as filters: each experiment's page writes its
 * record (`experiments/<id>/search-record.json`, data/search-record.ts), and this reads those
 * small files rather than the pages, so the index is made in time proportional to the number of
 * experiments, not to the size of their pages, and a record is kept from the last build when
 * its experiment did not change.
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
          let count = 0;
          for await (const record of searchRecords(join(siteDir, 'experiments'))) {
            const added = await index.addCustomRecord(record);
            if (added.errors.length > 0) throw new Error(added.errors.join('\n'));
            count += 1;
          }
          const written = await index.writeFiles({ outputPath: join(siteDir, 'pagefind') });
          if (written.errors.length > 0) throw new Error(written.errors.join('\n'));
          logger.info(`indexed ${count} ${count === 1 ? 'experiment' : 'experiments'} for search`);
        } finally {
          await close();
        }
      },
    },
  };
}

/** The search records the build wrote, one per experiment folder of the output. */
async function* searchRecords(experimentsDir: string): AsyncGenerator<CustomRecord> {
  const folders = await readdir(experimentsDir, { withFileTypes: true }).catch(() => []);
  for (const folder of folders) {
    if (!folder.isDirectory()) continue;
    const text = await readFile(join(experimentsDir, folder.name, 'search-record.json'), 'utf8');
    yield JSON.parse(text) as CustomRecord;
  }
}
