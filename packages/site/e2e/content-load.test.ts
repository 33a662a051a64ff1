import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildSite, SITE_DIR, type SiteBuild } from './helpers/build-site.ts';

// Builds of the one-experiment fixture (copied, so that a test can change it), each logging its
// loads of the content folder (BENCHFOLIO_CONTENT_LOAD_LOG, see src/catalog/shared-content.ts):
// `<pid> <folder>` per load of the folder, `<pid> parsed <id>` per experiment parsed rather than
// read from the caches of an earlier build. The second and third builds reuse the first's output
// folder and caches, as a user's next `npm run build` does.

const FIXTURE_DIR = join(SITE_DIR, 'e2e', 'fixtures', 'results');
const EXPERIMENT_ID = '2020-02-dd-sequential-write';
const BUILD_TIMEOUT_MS = 360_000;

let scratch: string;
let contentDir: string;
let build: SiteBuild;
const logs: string[][] = [];

async function buildLogged(after?: SiteBuild): Promise<SiteBuild> {
  const logFile = join(scratch, `loads-${logs.length}.log`);
  const made = await buildSite(contentDir, { env: { BENCHFOLIO_CONTENT_LOAD_LOG: logFile }, after });
  if (!made.isSuccess) throw new Error(`astro build failed:\n${made.output}`);
  logs.push((await readFile(logFile, 'utf8')).split('\n').filter((line) => line !== ''));
  return made;
}

const experimentFile = (path: string) => join(build.outDir, 'experiments', EXPERIMENT_ID, path);
const withoutPid = (lines: string[] | undefined) => lines?.map((line) => line.replace(/^\d+ /, ''));

let firstPage: string;
/** Modification times of the experiment page and a run's JSON after each build. */
const times: Array<{ page: number; run: number }> = [];
const recordTimes = async () => {
  const page = (await stat(experimentFile('index.html'))).mtimeMs;
  times.push({ page, run: (await stat(experimentFile('runs/host1.json'))).mtimeMs });
};

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'benchfolio-content-loads-'));
  contentDir = join(scratch, 'results');
  await cp(FIXTURE_DIR, contentDir, { recursive: true });
  build = await buildLogged();
  firstPage = await readFile(experimentFile('index.html'), 'utf8');
  await recordTimes();
  await buildLogged(build);
  await recordTimes();
  await writeFile(join(contentDir, EXPERIMENT_ID, 'index.md'), 'A write-up added for the third build.\n');
  await buildLogged(build);
  await recordTimes();
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await build?.cleanup();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('a first build of the site', () => {
  test('loads the content folder once and parses each experiment once', () => {
    expect(withoutPid(logs[0])).toEqual([contentDir, `parsed ${EXPERIMENT_ID}`]);
  });

  test('makes the index, the experiment page and the run downloads from that load', async () => {
    const index = await readFile(join(build.outDir, 'index.html'), 'utf8');
    expect(index).toContain(`/experiments/${EXPERIMENT_ID}/`);
    expect(firstPage).toContain('Sequential 20 GB write with dd on three hosts');
    expect(JSON.parse(await readFile(experimentFile('runs/host1.json'), 'utf8'))).toBeTypeOf('object');
  });
});

describe('a build after nothing changed', () => {
  test('parses nothing: the catalog and the parsed outputs come from the first build', () => {
    expect(withoutPid(logs[1])).toEqual([contentDir]);
  });

  test("keeps the experiment's pages as the first build wrote them", () => {
    expect(times[1]).toEqual(times[0]);
  });
});

describe('a build after a write-up was added to the experiment', () => {
  test('parses that experiment again, and only it', () => {
    expect(withoutPid(logs[2])).toEqual([contentDir, `parsed ${EXPERIMENT_ID}`]);
  });

  test("renders the experiment's page again, with the change", async () => {
    const page = await readFile(experimentFile('index.html'), 'utf8');
    expect(page).toContain('A write-up added for the third build.');
    expect(firstPage).not.toContain('A write-up added for the third build.');
    expect(times[2]?.page).toBeGreaterThan(times[1]?.page ?? Infinity);
    // Every page of an experiment is made from its folder, whose digest changed.
    expect(times[2]?.run).toBeGreaterThan(times[1]?.run ?? Infinity);
  });
});
