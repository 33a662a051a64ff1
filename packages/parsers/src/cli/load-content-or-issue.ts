import { type ContentReport, loadContent } from '../node/load-content.ts';

/**
 * loadContent, whose every problem is an issue; should anything still throw, it is one issue
 * naming the folder, never a stack trace.
 */
export async function loadContentOrIssue(dir: string): Promise<ContentReport> {
  try {
    return await loadContent(dir);
  } catch (error) {
    const message = `could not be read: ${error instanceof Error ? error.message : String(error)}`;
    return { experiments: [], issues: [{ file: dir, line: 1, column: 1, message, code: 'UNREADABLE' }] };
  }
}
