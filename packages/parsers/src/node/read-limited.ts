import { readFile } from 'node:fs/promises';
import { tooLargeMessage } from '../content/content-limits.ts';
import type { CheckedYaml, ContentIssue } from '../content/yaml-document.ts';
import type { FolderEntry } from './content-files.ts';

/**
 * The text of a file the folder lists as a regular file, or undefined (with its TOO_LARGE issue)
 * when it is over its limit: the size is the listing's, so a huge file is never read.
 */
export async function readLimitedText(
  entry: FolderEntry,
  limitBytes: number,
  show: (path: string) => string,
  issues: ContentIssue[],
): Promise<string | undefined> {
  if (entry.sizeBytes > limitBytes) {
    const message = tooLargeMessage(entry.name, entry.sizeBytes, limitBytes);
    issues.push({ file: show(entry.path), line: 1, column: 1, message, code: 'TOO_LARGE' });
    return undefined;
  }
  return readFile(entry.path, 'utf8');
}

/** What checkYaml gives for a file that was not read (over its limit): no data, nothing more to say. */
export function unreadYaml<T>(): CheckedYaml<T> {
  return { data: undefined, issues: [], locate: () => ({ line: 1, column: 1 }) };
}
