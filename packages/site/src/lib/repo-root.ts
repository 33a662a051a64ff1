// The one rule for where the repository is: two folders above the site (`packages/site`).
//
// Only `astro.config.mjs` knows where the site is, by its own address, so it records the root
// with `recordRepoRoot` as the build starts, in `BENCHFOLIO_REPO_ROOT`. Everything else asks
// `repoRoot()`: the content loader, and pages, which render from a bundle Astro writes into the
// output folder, where `import.meta.url` no longer says where the repository is. A root already
// given in the environment is kept.

import { fileURLToPath } from 'node:url';

const REPO_ROOT_ENV = 'BENCHFOLIO_REPO_ROOT';

/** Records the repository root of the site in `siteDir` (a `file:` URL of `packages/site/`). */
export function recordRepoRoot(siteDir: URL, env: NodeJS.ProcessEnv = process.env): void {
  env[REPO_ROOT_ENV] ??= fileURLToPath(new URL('../..', siteDir));
}

/** The repository root, as `recordRepoRoot` recorded it. */
export function repoRoot(env: NodeJS.ProcessEnv = process.env): string {
  const root = env[REPO_ROOT_ENV];
  if (!root) throw new Error(`${REPO_ROOT_ENV} is not set: build the site with astro.config.mjs`);
  return root;
}
