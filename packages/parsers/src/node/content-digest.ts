import { createHash, type Hash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile, readlink } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listFolder } from './content-files.ts';

/**
 * A SHA-256 of an experiment folder: every file's path relative to the folder, its kind and its
 * bytes, in sorted order. Any change to anything in the folder (a raw output, run.yaml, the
 * write-up, a file added, removed or renamed) changes it; nothing outside the folder does.
 * Symbolic links are hashed as the text of the link, never followed (the loader refuses them).
 */
export async function experimentDigest(dir: string): Promise<string> {
  const hash = createHash('sha256');
  await hashFolder(hash, dir, dir);
  return hash.digest('hex');
}

async function hashFolder(hash: Hash, root: string, dir: string): Promise<void> {
  for (const entry of await listFolder(dir)) {
    const path = relative(root, entry.path);
    // Each record is framed by its kind and length, so that no two folders hash the same bytes.
    if (entry.kind === 'dir') {
      hash.update(`d ${path.length} ${path}\n`);
      await hashFolder(hash, root, entry.path);
    } else if (entry.kind === 'file') {
      const bytes = await readFile(entry.path);
      hash.update(`f ${path.length} ${path} ${bytes.length}\n`);
      hash.update(bytes);
    } else if (entry.kind === 'symlink') {
      const target = await readlink(entry.path);
      hash.update(`l ${path.length} ${path} ${target.length} ${target}\n`);
    } else {
      hash.update(`o ${path.length} ${path}\n`);
    }
  }
}

let libraryDigest: string | undefined;

/**
 * A SHA-256 of this library's own code: every module of the folder this file was loaded from
 * (`src/` when run from the sources, `dist/` when installed), tests left out. A cache of parsed
 * outputs keyed with it is never read by a different parser, whether the version number changed
 * or not (a working copy's edits change no version).
 */
export function libraryCodeDigest(): string {
  libraryDigest ??= sourceTreeDigest(fileURLToPath(new URL('..', import.meta.url)), (name) =>
    /\.(?:ts|js|mjs|json)$/.test(name),
  );
  return libraryDigest;
}

/**
 * A SHA-256 of the files of a folder tree that `isSource` accepts by name (test files and type
 * declarations never count): their paths relative to the folder and their bytes, in sorted order.
 */
export function sourceTreeDigest(dir: string, isSource: (name: string) => boolean): string {
  const hash = createHash('sha256');
  const visit = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) visit(path);
      else if (isSource(name) && !/\.test\.|\.d\.ts$/.test(name)) {
        const bytes = readFileSync(path);
        const shown = relative(dir, path);
        hash.update(`${shown.length} ${shown} ${bytes.length}\n`);
        hash.update(bytes);
      }
    }
  };
  visit(dir);
  return hash.digest('hex');
}
