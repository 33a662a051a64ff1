import { satteri } from '@astrojs/markdown-satteri';
import sitemap from '@astrojs/sitemap';
import { defineConfig } from 'astro/config';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { hostHeaders } from './src/integrations/host-headers.ts';
import { pagefindIndex } from './src/integrations/pagefind.ts';
import { pruneStale } from './src/integrations/prune-stale.ts';
import { recordRepoRoot } from './src/lib/repo-root.ts';
import { safeLinks } from './src/lib/safe-links.ts';
import { scrollTables } from './src/lib/scroll-tables.ts';

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

// Only this file knows where the site is; the loader and the pages ask src/lib/repo-root.ts.
recordRepoRoot(new URL('./', import.meta.url));

/**
 * Where the site is published. `BENCHFOLIO_SITE_URL` is its address (the origin, with the folder
 * for project pages: https://<user>.github.io/<repo>/); the feed and the sitemap need one, so a
 * build without it uses the address `npm start` serves at. Pages give their own address (og:url)
 * only when it was set. `BENCHFOLIO_BASE` is the folder the site is served from (`/<repo>/` on
 * GitHub project pages), `/` by default; internal links take it from `href()` in src/lib/url.ts.
 */
const SITE_URL = process.env.BENCHFOLIO_SITE_URL || 'http://localhost:4321/';
const BASE = process.env.BENCHFOLIO_BASE || '/';

export default defineConfig({
  // Write-ups' code blocks keep the page's own colours: a highlighting theme's token colours
  // fail contrast in one scheme or the other. Their tables scroll in a box of their own. Links
  // and images keep only http(s), mailto, relative and # targets, raw HTML shows as text.
  markdown: { syntaxHighlight: false, processor: satteri({ hastPlugins: [safeLinks, scrollTables] }) },
  output: 'static',
  // Every stylesheet a file of its own: the pages' Content-Security-Policy allows no inline
  // style element (src/lib/content-security-policy.ts), and the build refuses one.
  build: { inlineStylesheets: 'never' },
  site: SITE_URL,
  base: BASE,
  integrations: [sitemap(), pruneStale(), pagefindIndex(), hostHeaders()],
  // The content layer keeps its data store in the cache folder. Builds of different content
  // folders that run at the same time (the e2e tests) each need their own.
  cacheDir: process.env.BENCHFOLIO_CACHE_DIR,
  // A page whose inputs did not change since the last build in this cache folder is copied from
  // it instead of rendered again: experiment pages give a cacheKey (their folder's digest), and
  // Astro adds a hash of the modules each page imports. A build after one experiment changed
  // renders that experiment's pages and the pages listing every experiment.
  experimental: { incrementalBuild: true },
  server: { port: 4321 },
  vite: {
    plugins: [sourceConditionFirst()],
    // The output folder is kept between builds: a page Astro skips stays where it is, and
    // src/integrations/prune-stale.ts removes what the content no longer has.
    build: { emptyOutDir: false },
    define: {
      // Whether the site's address was given, rather than the local default (Base.astro, og:url).
      'import.meta.env.BENCHFOLIO_HAS_SITE_URL': JSON.stringify(Boolean(process.env.BENCHFOLIO_SITE_URL)),
    },
  },
});
