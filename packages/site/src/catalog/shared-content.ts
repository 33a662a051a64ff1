// The content folder is read once per build, here, into the site's catalog (catalog.ts), and the
// content loader and the pages share it.
//
// They share it through a process-wide slot. `astro build` runs the content loader
// (loaders/results-loader.ts, from content.config.ts) as the build starts, then renders the pages
// by importing the bundle it wrote, both in the build's one Node process (astro/dist/core/build:
// `syncInternal`, then the default prerenderer's `import()`; e2e/content-load.test.ts counts the
// loads of a real build). Loader and pages are two module graphs, so a variable of this module
// would be two variables; `globalThis` is one.
//
// The catalog holds a few kilobytes per experiment. What a page of one experiment needs (every
// parsed output) is loaded for that page (site-content.ts), from the parse cache the catalog's
// load filled: a build holds one experiment at a time, however many there are.

import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentIssue } from '@benchfolio/parsers/content';
import {
  contentContext,
  createDigestCache,
  createParseCache,
  experimentFolders,
  loadExperiment,
} from '@benchfolio/parsers/node';
import { siteCacheDir } from '../lib/cache-dir.ts';
import { siteCodeDigest } from '../lib/code-digest.ts';
import { contentDir } from '../lib/content-dir.ts';
import { repoRoot } from '../lib/repo-root.ts';
import { type CatalogEntry, catalogEntry, type SiteCatalog } from './catalog.ts';
import { catalogCache } from './catalog-cache.ts';
import { builtCatalog, SHARED_CONTENT_SLOT } from './shared-slot.ts';

/**
 * For tests: a file each load of the content folder appends a line to (`<pid> <folder>`), so a
 * test can count the loads of a build; and one line per experiment loaded rather than read from
 * the catalog cache (`<pid> parsed <id>`). Nothing is written when it is not set.
 */
const LOAD_LOG_ENV = 'BENCHFOLIO_CONTENT_LOAD_LOG';

type Slot = { [SHARED_CONTENT_SLOT]?: Promise<SiteCatalog> };

/**
 * Reads the content folder afresh into the catalog and shares it with the rest of the build.
 * The content loader calls this: it runs first in a build, and again on each content sync of
 * `astro dev`, which must see the content as it is now. `base` is the site's base (links in the
 * catalog carry it).
 */
export function loadSharedContent(base: string): Promise<SiteCatalog> {
  const dir = contentDir();
  log(`${process.pid} ${dir}`);
  const loading = readCatalog(dir, base);
  (globalThis as Slot)[SHARED_CONTENT_SLOT] = loading;
  return loading;
}

/**
 * The catalog as the content loader read it in this process; read now when the loader did not
 * run here (a build started through Astro's API with `sync: false`, or pages rendered in another
 * process): correct either way, and content-load.test.ts fails on the second load.
 */
export function sharedContent(): Promise<SiteCatalog> {
  return builtCatalog() ?? loadSharedContent(import.meta.env.BASE_URL);
}

/** Where the pages of one experiment read its parsed outputs from: the cache the catalog filled. */
export function sharedParseCache() {
  return createParseCache(join(siteCacheDir(), 'parsed'));
}

async function readCatalog(dir: string, base: string): Promise<SiteCatalog> {
  const displayRoot = repoRoot();
  const context = contentContext({ displayRoot, parseCache: sharedParseCache() });
  const folders = await experimentFolders(dir);
  if (folders === undefined) {
    return { entries: [], issues: [{ file: context.show(dir), line: 1, column: 1, message: 'no such folder' }] };
  }
  const cache = catalogCache(join(siteCacheDir(), 'catalog'));
  const codeDigest = siteCodeDigest();
  // A folder whose files' stat facts did not change is not read again for its digest.
  const digests = createDigestCache(join(siteCacheDir(), 'digests'));
  const entries: CatalogEntry[] = [];
  const issues: ContentIssue[] = [];
  for (const folder of folders) {
    if (folder.nameProblem !== undefined) {
      // A folder name that is not UTF-8 has no path to read: validate's message, not a crash.
      const message = `${folder.nameProblem} ("${folder.id}"): rename it in UTF-8 without control characters`;
      issues.push({ file: context.show(dir), line: 1, column: 1, message, code: 'BAD_NAME' });
      continue;
    }
    const key = { dir: folder.dir, digest: await digests.experimentDigest(folder.dir), codeDigest, base, displayRoot };
    const cached = await cache.get(key);
    if (cached !== undefined) {
      entries.push(cached);
      issues.push(...cached.warnings);
      continue;
    }
    log(`${process.pid} parsed ${folder.id}`);
    const loaded = await loadExperiment(folder.dir, folder.id, context);
    issues.push(...loaded.issues);
    if (loaded.experiment === undefined) continue;
    entries.push(await cache.set(key, catalogEntry(loaded.experiment, key.digest, loaded.issues, base)));
  }
  return { entries, issues };
}

function log(line: string): void {
  const logFile = process.env[LOAD_LOG_ENV];
  if (logFile) appendFileSync(logFile, `${line}\n`);
}
