import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Raw outputs above this are refused: a repository is no place for them (50 MB, 10^6 bytes each). */
export const MAX_OUTPUT_BYTES = 50 * 1000 * 1000;

export interface FolderEntry {
  name: string;
  path: string;
  kind: 'file' | 'dir' | 'symlink' | 'other';
  sizeBytes: number;
}

/**
 * The entries of a folder, sorted, without following symbolic links: a link could point
 * outside the experiment, so the caller refuses it rather than reading through it.
 */
export async function listFolder(dir: string): Promise<FolderEntry[]> {
  const names = (await readdir(dir)).sort();
  return Promise.all(
    names.map(async (name) => {
      const path = join(dir, name);
      const stats = await lstat(path);
      const kind = stats.isSymbolicLink() ? 'symlink' : stats.isDirectory() ? 'dir' : stats.isFile() ? 'file' : 'other';
      return { name, path, kind, sizeBytes: stats.size };
    }),
  );
}

/** Reads a folder's entries, or undefined when it does not exist or is not a folder. */
export async function listFolderIfAny(dir: string): Promise<FolderEntry[] | undefined> {
  try {
    return await listFolder(dir);
  } catch {
    return undefined;
  }
}
