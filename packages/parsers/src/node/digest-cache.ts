import { createHash, type Hash } from 'node:crypto';
import { lstat, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { experimentDigest } from './content-digest.ts';

/** An experiment folder's digest, remembered on disk between runs (createDigestCache). */
export interface DigestCache {
  /** experimentDigest of the folder: from the cache while its files' stat facts are unchanged. */
  experimentDigest(dir: string): Promise<string>;
}

interface Remembered {
  statKey: string;
  digest: string;
}

/**
 * experimentDigest with a memory, kept in `dir`: a folder hashed before whose every file still
 * has the same path, size, modification and change time (to the nanosecond) and inode gets the
 * digest it had without its files being read, the facts git's index trusts for the same
 * question. Anything else, a file's bytes written, one added, removed or renamed, is hashed
 * again. A build of thousands of experiments reads only what changed; the digest is always the
 * one experimentDigest gives for the files as they are when they were last read.
 */
export function createDigestCache(dir: string): DigestCache {
  return {
    async experimentDigest(folder) {
      const file = join(dir, `${createHash('sha256').update(folder).digest('hex')}.json`);
      const statKey = await folderStatKey(folder);
      const remembered = await readRemembered(file);
      if (remembered?.statKey === statKey) return remembered.digest;
      const digest = await experimentDigest(folder);
      // The facts read before hashing: a file written while it was hashed changes them, and the
      // next run hashes it again rather than trust a digest of bytes half old, half new.
      await remember(dir, file, { statKey, digest });
      return digest;
    },
  };
}

async function readRemembered(file: string): Promise<Remembered | undefined> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as Partial<Remembered>;
    return typeof value.statKey === 'string' && typeof value.digest === 'string'
      ? { statKey: value.statKey, digest: value.digest }
      : undefined;
  } catch {
    // Absent or damaged: hashed again.
    return undefined;
  }
}

async function remember(dir: string, file: string, value: Remembered): Promise<void> {
  await mkdir(dir, { recursive: true });
  // Written aside, then renamed: a run that stops halfway leaves no half-written file.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, JSON.stringify(value));
  await rename(partial, file);
}

/** A SHA-256 of the folder's tree as lstat sees it: each entry's path, kind, size, times and inode. */
export async function folderStatKey(root: string): Promise<string> {
  const hash = createHash('sha256');
  await hashStats(hash, root, root);
  return hash.digest('hex');
}

async function hashStats(hash: Hash, root: string, dir: Buffer | string): Promise<void> {
  // Names as bytes: a name that is not UTF-8 has no string form lstat could open (validate
  // refuses it; here it must only not stop the build before validate's message is printed).
  const names = (await readdir(dir, { encoding: 'buffer' })).sort(Buffer.compare);
  for (const name of names) {
    const path = Buffer.concat([Buffer.from(dir), Buffer.from(sep), name]);
    const stats = await lstat(path, { bigint: true });
    const shown = relative(root, path.toString());
    const kind = stats.isSymbolicLink() ? 'l' : stats.isDirectory() ? 'd' : stats.isFile() ? 'f' : 'o';
    hash.update(`${kind} ${shown.length} ${shown} ${stats.size} ${stats.mtimeNs} ${stats.ctimeNs} ${stats.ino}\n`);
    if (kind === 'd') await hashStats(hash, root, path);
  }
}
