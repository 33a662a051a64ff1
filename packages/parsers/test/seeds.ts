import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The original blog posts the first experiments were imported from, as saved copies (WordPress
 * JSON, HTML, plain text). They are not part of the repository: the posts are their authors'
 * work. What the tests need of them is already committed under `content/results/` (the raw
 * outputs `scripts/import-seeds.ts` extracts, byte for byte); only the tests of that extraction
 * and of the posts' own wrapping (HTML entities, `<pre>` tags, several runs on one page) read the
 * posts, and they run only when `BENCHFOLIO_SEEDS` names the folder that holds them.
 */
export const SEEDS_DIR_ENV = 'BENCHFOLIO_SEEDS';

/** Why a test of the posts is skipped: printed as the skipped test's name. */
export const SEEDS_SKIP_REASON = `needs the original blog posts: set ${SEEDS_DIR_ENV} to the folder that holds them`;

/** The folder of the posts, or undefined when `BENCHFOLIO_SEEDS` is unset or names no folder. */
export function seedsDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[SEEDS_DIR_ENV];
  if (value === undefined || value === '') return undefined;
  const dir = resolve(value);
  return existsSync(dir) && statSync(dir).isDirectory() ? dir : undefined;
}

/** One post by its file name in the seeds folder; throws when the folder is not set. */
export function readSeed(name: string, dir: string | undefined = seedsDir()): string {
  if (dir === undefined) throw new Error(SEEDS_SKIP_REASON);
  return readFileSync(join(dir, name), 'utf8');
}

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * A raw output published under `content/results/`, by path from there
 * (`2011-07-ext3-ext4-xfs-fio-msa70/runs/ext3/fio--ext3.txt`), read exactly as committed.
 */
export function readPublishedOutput(path: string): string {
  return readFileSync(join(REPO_ROOT, 'content', 'results', path), 'utf8');
}
