import { resolve } from 'node:path';
import { repoRoot } from './repo-root.ts';

/** Where the experiments live unless `BENCHFOLIO_CONTENT_DIR` says otherwise. */
export const DEFAULT_CONTENT_DIR = 'content/results';

/**
 * The absolute path of the folder of experiments: `BENCHFOLIO_CONTENT_DIR` when set (absolute,
 * or relative to the repository root), else `content/results` in the repository.
 */
export function contentDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(repoRoot(env), env.BENCHFOLIO_CONTENT_DIR || DEFAULT_CONTENT_DIR);
}
