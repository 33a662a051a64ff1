import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import { defaultClientConditions, defaultServerConditions } from 'vite';

/**
 * Resolves workspace packages (`@benchfolio/parsers`) to their TypeScript sources, through the
 * "source" export condition, so the site never builds against a stale `dist/`.
 *
 * Astro runs several Vite environments: `client`, `ssr`, `prerender` (renders the static pages)
 * and `astro` (loads `src/content.config.ts` and runs its loaders). Vite hands the top-level
 * `resolve.conditions` to `client` only and `ssr.resolve.conditions` to `ssr` only, so the
 * condition is put first in every environment here, ahead of Vite's defaults.
 */
function sourceConditionFirst() {
  return {
    name: 'benchfolio:source-condition-first',
    configEnvironment(name, options, { isSsrTargetWebworker }) {
      const isClient = name === 'client' || options.consumer === 'client' || isSsrTargetWebworker;
      const defaults = isClient ? defaultClientConditions : defaultServerConditions;
      const conditions = options.resolve?.conditions ?? defaults;
      options.resolve ??= {};
      options.resolve.conditions = ['source', ...conditions.filter((condition) => condition !== 'source')];
    },
  };
}

// Pages render from a bundle in the output folder; they find the repository through this.
process.env.BENCHFOLIO_REPO_ROOT ??= fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  output: 'static',
  // The content layer keeps its data store in the cache folder. Builds of different content
  // folders that run at the same time (the e2e tests) each need their own.
  cacheDir: process.env.BENCHFOLIO_CACHE_DIR,
  server: { port: 4321 },
  vite: { plugins: [sourceConditionFirst()] },
});
