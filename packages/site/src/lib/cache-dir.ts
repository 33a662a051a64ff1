import { join, resolve } from 'node:path';
import { repoRoot } from './repo-root.ts';

/**
 * The folder the site keeps what a build may reuse in (parsed outputs, the catalog): a folder
 * `benchfolio` in Astro's cache folder, which is `BENCHFOLIO_CACHE_DIR` when set (each e2e build
 * has its own, astro.config.mjs) and Astro's default `packages/site/node_modules/.astro` else.
 * Deleting it is always safe: the next build makes it again.
 */
export function siteCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  // Astro reads a relative cacheDir from the project's root, the site's folder.
  const siteRoot = join(repoRoot(env), 'packages', 'site');
  const astroCacheDir = resolve(siteRoot, env.BENCHFOLIO_CACHE_DIR || join('node_modules', '.astro'));
  return join(astroCacheDir, 'benchfolio');
}
