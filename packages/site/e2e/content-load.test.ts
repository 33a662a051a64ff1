import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildSite, SITE_DIR, type SiteBuild } from './helpers/build-site.ts';

// One build of the one-experiment fixture, with every load of the content folder logged
// (BENCHFOLIO_CONTENT_LOAD_LOG, see src/data/shared-content.ts): the content loader and every
// page share one load.

const FIXTURE_DIR = join(SITE_DIR, 'e2e', 'fixtures', 'results');
const EXPERIMENT_ID = '2020-02-dd-sequential-write';
const BUILD_TIMEOUT_MS = 120_000;

let logDir: string;
let build: SiteBuild;
let loads: string[];

beforeAll(async () => {
  logDir = await mkdtemp(join(tmpdir(), 'benchfolio-content-loads-'));
  const logFile = join(logDir, 'loads.log');
  build = await buildSite(FIXTURE_DIR, { env: { BENCHFOLIO_CONTENT_LOAD_LOG: logFile } });
  if (!build.isSuccess) throw new Error(`astro build failed:\n${build.output}`);
  loads = (await readFile(logFile, 'utf8')).split('\n').filter((line) => line !== '');
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await build?.cleanup();
  if (logDir) await rm(logDir, { recursive: true, force: true });
});

describe('a build of the site', () => {
  test('loads and parses the content folder once', () => {
    expect(loads).toEqual([expect.stringMatching(/^\d+ /)]);
    expect(loads[0]?.replace(/^\d+ /, '')).toBe(FIXTURE_DIR);
  });

  test('makes the index, the experiment page and the run downloads from that load', async () => {
    const index = await readFile(join(build.outDir, 'index.html'), 'utf8');
    expect(index).toContain(`/experiments/${EXPERIMENT_ID}/`);
    const page = await readFile(join(build.outDir, 'experiments', EXPERIMENT_ID, 'index.html'), 'utf8');
    expect(page).toContain('Sequential 20 GB write with dd on three hosts');
    const run = JSON.parse(
      await readFile(join(build.outDir, 'experiments', EXPERIMENT_ID, 'runs', 'host1.json'), 'utf8'),
    );
    expect(run).toBeTypeOf('object');
  });
});
