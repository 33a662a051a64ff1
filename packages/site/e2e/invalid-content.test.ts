import { access, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildSite, REPO_ROOT, SITE_DIR, type SiteBuild } from './helpers/build-site.ts';

const FIXTURE_DIR = join(SITE_DIR, 'e2e', 'fixtures', 'invalid');
const BAD_EXPERIMENT = join(FIXTURE_DIR, '2011-07-ext3-ext4-xfs', 'experiment.yaml');
const BADLY_NAMED_EXPERIMENT = join(FIXTURE_DIR, 'ext3-ext4-xfs', 'experiment.yaml');
const BUILD_TIMEOUT_MS = 120_000;

let build: SiteBuild;

beforeAll(async () => {
  build = await buildSite(FIXTURE_DIR);
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await build?.cleanup();
});

/** Every `FILE:LINE:COL: message` line of the build output. */
function reportedIssues(output: string) {
  return [...output.matchAll(/^(\S+):(\d+):(\d+): (.+)$/gm)].map(([, file = '', line, column, message = '']) => ({
    file,
    line: Number(line),
    column: Number(column),
    message,
  }));
}

/** The 1-based line of the first line of `text` that starts with `prefix`. */
function lineStartingWith(text: string, prefix: string): number {
  return text.split('\n').findIndex((line) => line.startsWith(prefix)) + 1;
}

describe('astro build, given invalid experiments', () => {
  test('fails and writes no page', async () => {
    expect(build.isSuccess).toBe(false);
    await expect(access(join(build.outDir, 'index.html'))).rejects.toThrow();
  });

  test('reports every issue as FILE:LINE:COL, with files relative to the repository root', async () => {
    const yaml = await readFile(BAD_EXPERIMENT, 'utf8');
    const experimentFile = relative(REPO_ROOT, BAD_EXPERIMENT);
    const badlyNamed = await readFile(BADLY_NAMED_EXPERIMENT, 'utf8');
    const badlyNamedFile = relative(REPO_ROOT, BADLY_NAMED_EXPERIMENT);
    const locations = reportedIssues(build.output).map(({ file, line, column }) => ({ file, line, column }));
    expect(locations).toEqual([
      // A missing key is reported where the mapping that lacks it starts.
      { file: experimentFile, line: lineStartingWith(yaml, 'summary:'), column: 1 },
      { file: experimentFile, line: lineStartingWith(yaml, 'date:'), column: 'date: '.length + 1 },
      // The folder name must start with the date; and a published experiment needs runs.
      { file: badlyNamedFile, line: lineStartingWith(badlyNamed, 'date:'), column: 'date: '.length + 1 },
      { file: badlyNamedFile, line: lineStartingWith(badlyNamed, 'title:'), column: 1 },
    ]);
  });

  test('names the key at fault in each experiment.yaml issue', () => {
    const keys = reportedIssues(build.output)
      .filter(({ file }) => file.endsWith('experiment.yaml'))
      .map(({ message }) => message.split(':')[0]);
    expect(keys).toEqual([
      'title',
      'date',
      'the folder is named after the date',
      'a published experiment has runs (runs/<run>/run.yaml)',
    ]);
  });
});
