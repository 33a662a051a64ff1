import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Raw outputs above this are refused: a repository is no place for them (50 MB, 10^6 bytes each). */
export const MAX_OUTPUT_BYTES = 50 * 1000 * 1000;

export interface FolderEntry {
  /** The name, or for a name that is not valid UTF-8 its readable form (`\xff` for each bad byte). */
  name: string;
  path: string;
  kind: 'file' | 'dir' | 'symlink' | 'other';
  sizeBytes: number;
  /**
   * Why the name itself is refused (not valid UTF-8, a control character), or undefined. Such an
   * entry is not looked at further: its kind is 'other' and its size 0.
   */
  nameProblem?: string | undefined;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is shown escaped
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * The entries of a folder, sorted, without following symbolic links: a link could point
 * outside the experiment, so the caller refuses it rather than reading through it. Names are read
 * as bytes: a name that is not UTF-8 (or holds a control character) comes back with its
 * `nameProblem`, rather than as a lossy string no later call could open.
 */
export async function listFolder(dir: string): Promise<FolderEntry[]> {
  const rawNames = await readdir(dir, { encoding: 'buffer' });
  const entries = await Promise.all(
    rawNames.map(async (raw): Promise<FolderEntry> => {
      const decoded = decodeName(raw);
      if (typeof decoded !== 'string') {
        return {
          name: decoded.shown,
          path: join(dir, decoded.shown),
          kind: 'other',
          sizeBytes: 0,
          nameProblem: decoded.problem,
        };
      }
      const path = join(dir, decoded);
      const stats = await lstat(path);
      const kind = stats.isSymbolicLink() ? 'symlink' : stats.isDirectory() ? 'dir' : stats.isFile() ? 'file' : 'other';
      return { name: decoded, path, kind, sizeBytes: stats.size };
    }),
  );
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A folder entry's name, or its readable form and why it is refused. */
function decodeName(raw: Buffer): string | { shown: string; problem: string } {
  let name: string;
  try {
    name = UTF8.decode(raw);
  } catch {
    return { shown: escapeBytes(raw), problem: 'a file or folder name here is not valid UTF-8' };
  }
  if (CONTROL.test(name)) {
    const shown = name.replace(CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    return { shown, problem: 'a file or folder name here holds a control character' };
  }
  return name;
}

/** The bytes as text, each byte that is not printable ASCII as `\xHH`. */
function escapeBytes(raw: Buffer): string {
  let shown = '';
  for (const byte of raw) {
    shown +=
      byte >= 0x20 && byte < 0x7f && byte !== 0x5c
        ? String.fromCharCode(byte)
        : `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return shown;
}

/** Reads a folder's entries, or undefined when it does not exist or is not a folder. */
export async function listFolderIfAny(dir: string): Promise<FolderEntry[] | undefined> {
  try {
    return await listFolder(dir);
  } catch {
    return undefined;
  }
}

/**
 * The issue for an entry whose name is refused, naming the folder it is in (the name itself
 * could not be shown as a path), or undefined.
 */
export function nameIssue(
  entry: FolderEntry,
  dir: string,
  show: (path: string) => string,
): { file: string; line: number; column: number; message: string; code: 'BAD_NAME' } | undefined {
  if (entry.nameProblem === undefined) return undefined;
  return {
    file: show(dir),
    line: 1,
    column: 1,
    message: `${entry.nameProblem} ("${entry.name}"): rename it in UTF-8 without control characters`,
    code: 'BAD_NAME',
  };
}
