import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CatalogEntry } from './catalog.ts';

/**
 * Catalog entries kept on disk between builds (one JSON file each), so that a build in which one
 * experiment changed loads and parses that one alone. An entry's key is a SHA-256 of everything
 * it is made from: the experiment folder's content hash and path, the site's and the library's
 * code (siteCodeDigest), the site's base (links in it carry the base) and the folder paths in
 * messages are relative to.
 */
export interface CatalogCache {
  get(key: CatalogKey): Promise<CatalogEntry | undefined>;
  /**
   * Stores an entry and gives it back as a later build will read it: made afresh from its JSON.
   * The entry a build keeps is then the same whether it was cached or not, and none of its
   * strings is a slice of a file's whole text (V8 keeps the text a substring was cut from alive:
   * titles cut from experiment.yaml kept every experiment's YAML in memory).
   */
  set(key: CatalogKey, entry: CatalogEntry): Promise<CatalogEntry>;
}

export interface CatalogKey {
  dir: string;
  digest: string;
  codeDigest: string;
  base: string;
  displayRoot: string;
}

// Bumped when the stored layout changes in a way the code digest would not show.
const LAYOUT = 'benchfolio-catalog 1';

export function catalogCache(dir: string): CatalogCache {
  const pathOf = (key: CatalogKey) => {
    const hash = createHash('sha256')
      .update(JSON.stringify([LAYOUT, key]))
      .digest('hex');
    return join(dir, hash.slice(0, 2), `${hash.slice(2)}.json`);
  };
  return {
    async get(key) {
      try {
        return JSON.parse(await readFile(pathOf(key), 'utf8')) as CatalogEntry;
      } catch {
        // Missing or unreadable: the experiment is loaded again.
        return undefined;
      }
    },
    async set(key, entry) {
      const path = pathOf(key);
      await mkdir(join(path, '..'), { recursive: true });
      // Written aside and renamed, so that no reader ever sees half an entry.
      const partial = `${path}.${process.pid}.partial`;
      const json = JSON.stringify(entry);
      await writeFile(partial, json);
      await rename(partial, path);
      return JSON.parse(json) as CatalogEntry;
    },
  };
}
