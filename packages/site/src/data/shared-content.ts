// The content folder is loaded and parsed once per build, here, and the content loader and the
// pages share the result.
//
// They share it through a process-wide slot. `astro build` runs the content loader
// (loaders/results-loader.ts, from content.config.ts) as the build starts, then renders the pages
// by importing the bundle it wrote, both in the build's one Node process (astro/dist/core/build:
// `syncInternal`, then the default prerenderer's `import()`; e2e/content-load.test.ts counts the
// loads of a real build). Loader and pages are two module graphs, so a variable of this module
// would be two variables; `globalThis` is one.
//
// Reading the content back through `getCollection` instead would need the data store to carry
// what pages use, every run's parsed outputs, through the collection's schema and its
// serialization; it holds what the schema validates (experiment.yaml) and the rendered write-up,
// and the slot hands the parsed experiments over as they are.

import { appendFileSync } from 'node:fs';
import { type ContentReport, loadContent } from '@benchfolio/parsers/node';
import { contentDir } from '../lib/content-dir.ts';
import { repoRoot } from '../lib/repo-root.ts';

const SLOT = Symbol.for('benchfolio.shared-content');

/**
 * For tests: a file each load of the content folder appends a line to (`<pid> <folder>`), so a
 * test can count the loads of a build. Nothing is written when it is not set.
 */
const LOAD_LOG_ENV = 'BENCHFOLIO_CONTENT_LOAD_LOG';

type Slot = { [SLOT]?: Promise<ContentReport> };

/**
 * Loads and parses the content folder afresh and shares the result with the rest of the build.
 * The content loader calls this: it runs first in a build, and again on each content sync of
 * `astro dev`, which must see the content as it is now.
 */
export function loadSharedContent(): Promise<ContentReport> {
  const dir = contentDir();
  const logFile = process.env[LOAD_LOG_ENV];
  if (logFile) appendFileSync(logFile, `${process.pid} ${dir}\n`);
  const loading = loadContent(dir, { displayRoot: repoRoot() });
  (globalThis as Slot)[SLOT] = loading;
  return loading;
}

/**
 * The content as the content loader loaded it in this process; loaded now when the loader did
 * not run here (a build started through Astro's API with `sync: false`, or pages rendered in
 * another process): correct either way, and content-load.test.ts fails on the second load.
 */
export function sharedContent(): Promise<ContentReport> {
  return (globalThis as Slot)[SLOT] ?? loadSharedContent();
}
