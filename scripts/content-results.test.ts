import { fileURLToPath } from 'node:url';
import { formatIssue, hasErrors, loadContent } from '@benchfolio/parsers/node';
import { beforeAll, describe, expect, it } from 'vitest';

// The committed experiments: every one validates, and the numbers the site will show are the
// ones the sources printed.

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = fileURLToPath(new URL('../content/results', import.meta.url));

let report: Awaited<ReturnType<typeof loadContent>>;

beforeAll(async () => {
  report = await loadContent(RESULTS_DIR, { displayRoot: REPO_ROOT });
}, 60_000);

describe('content/results', () => {
  it('validates without errors', () => {
    const errors = report.issues.filter((issue) => issue.severity !== 'warning').map(formatIssue);
    expect(errors).toEqual([]);
    expect(hasErrors(report.issues)).toBe(false);
  });

  it('holds every experiment folder', async () => {
    const { readdir } = await import('node:fs/promises');
    const folders = (await readdir(RESULTS_DIR, { withFileTypes: true })).filter((entry) => entry.isDirectory());
    expect(report.experiments.map((experiment) => experiment.id).sort()).toEqual(folders.map((f) => f.name).sort());
  });
});
