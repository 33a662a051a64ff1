/**
 * The repository root. `astro.config.mjs` sets `BENCHFOLIO_REPO_ROOT` from its own location,
 * because pages are rendered from a bundle Astro writes elsewhere, where `import.meta.url`
 * no longer says where the repository is.
 */
export function repoRoot(env: NodeJS.ProcessEnv = process.env): string {
  const root = env.BENCHFOLIO_REPO_ROOT;
  if (!root) throw new Error('BENCHFOLIO_REPO_ROOT is not set: build the site with astro.config.mjs');
  return root;
}
