// The zip of an experiment's folder as committed: experiment.yaml, the write-up, published
// tables, and every run's run.yaml and raw outputs, byte for byte, under `<id>/`, so that
// unpacking it gives the folder content/results/<id>/ holds. Node only: the build writes it.

import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { type Zippable, zipSync } from 'fflate';

/**
 * Every entry's modification time. A fixed one keeps the file the same from build to build
 * (a checkout's file times are the time of the checkout, not of the data): the start of the
 * zip format's calendar, 1980-01-01, as reproducible-build tools set it.
 */
const ENTRY_TIME = new Date('1980-01-01T00:00:00Z');

/**
 * The files of an experiment folder, as paths relative to it with `/` between folders, in
 * byte order. Dot files (editor and system leftovers) are not part of the experiment.
 */
export async function experimentFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !path.split('/').some((part) => part.startsWith('.')))
    .sort();
}

/** The zip of the experiment folder `dir`, its files under `<id>/`. */
export async function experimentZip(id: string, dir: string): Promise<Uint8Array> {
  const entries: Zippable = {};
  for (const path of await experimentFiles(dir)) {
    entries[`${id}/${path}`] = [await readFile(join(dir, path)), { mtime: ENTRY_TIME }];
  }
  // Raw outputs are text: deflate makes the loopback experiment's 1 MB a fraction of it.
  return zipSync(entries, { level: 9 });
}
