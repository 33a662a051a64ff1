import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, type SiteBuild } from './helpers/build-site.ts';
import { recordPageProblems } from './helpers/page-problems.ts';
import { gotoReady, waitForReady } from './helpers/page-ready.ts';
import { servedSite } from './helpers/served-site.ts';
import { sharedBuild } from './helpers/shared-build.ts';

// /compare at more experiments than it lists at once: 60, copies of two small real ones of
// content/results (the dd experiment, 2020, and the bonnie++ one, 2011-11) under new folder
// names, 30 of each, against a site of one copy of each. Nothing the page loads grows with the
// experiments: its HTML is the same for both sites, and it fetches the runs of the experiments
// it shows, 20 at a time, each a file of one experiment.

const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');
const DD = '2020-dd-sequential-write-three-hosts';
const BONNIE = '2011-11-ext4-xfs-btrfs-bonnie';
const COPIES = 30;
const BATCH = 20;
/** The largest JSON file the page may fetch: one experiment's runs (the bonnie++ one's is about 12 KB). */
const MAX_JSON_BYTES = 64 * 1024;
const BUILD_TIMEOUT_MS = 240_000;

function contentWith(copies: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'benchfolio-compare-scale-'));
  for (let n = 1; n <= copies; n++) {
    for (const id of [DD, BONNIE]) cpSync(join(RESULTS_DIR, id), join(dir, `${id}-copy${n}`), { recursive: true });
  }
  return dir;
}

const largeDir = contentWith(COPIES);
const smallDir = contentWith(1);
afterAll(() => {
  for (const dir of [largeDir, smallDir]) rmSync(dir, { recursive: true, force: true });
});

const site = servedSite(largeDir);
let small: SiteBuild;
beforeAll(async () => {
  small = await sharedBuild(smallDir);
  if (!small.isSuccess) throw new Error(`astro build failed:\n${small.output}`);
}, BUILD_TIMEOUT_MS);

/** Every JSON file the page fetches from now on: its path and size in bytes. */
function recordJson(page: Page): { path: string; bytes: number }[] {
  const fetched: { path: string; bytes: number }[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.json')) return;
    fetched.push({ path: url.pathname, bytes: (await response.body()).length });
  });
  return fetched;
}

const listed = (page: Page) => page.locator('fieldset.compare-experiment').count();

describe('the compare page of 60 experiments', () => {
  test('is the same page as for a site of two: no run or experiment of the site is in it', async () => {
    const largeHtml = await readFile(join(site.build.outDir, 'compare', 'index.html'), 'utf8');
    const smallHtml = await readFile(join(small.outDir, 'compare', 'index.html'), 'utf8');
    expect(largeHtml.length).toBe(smallHtml.length);
    expect(largeHtml).not.toContain('-copy');
  });

  test('fetches the runs of the experiments it lists, 20 at a time, and of the opening view, and no JSON over 64 KB', async () => {
    const page = await site.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = recordPageProblems(page);
    const fetched = recordJson(page);
    await gotoReady(page, site.url('/compare/'));
    const count = page.locator('[data-compare-count]');
    expect(await listed(page)).toBe(BATCH);
    expect(await count.textContent()).toBe(`${BATCH} of ${COPIES * 2} experiments with runs, newest first.`);
    // The chips count experiments: each copy has its tool once.
    expect(await page.locator('button.chip[data-facet="tool"][data-value="dd"]').textContent()).toBe(`dd ${COPIES}`);
    // A bare /compare/ opens on the workload most experiments share: its runs' experiments are
    // fetched too, each once, beside the listed batch.
    const opening = JSON.parse(await readFile(join(site.build.outDir, 'compare', 'opening.json'), 'utf8')) as {
      runs: string[];
    } | null;
    if (opening === null) throw new Error('no opening view: 30 copies of each experiment share their workloads');
    const openingIds = opening.runs.map((run) => run.slice(0, run.lastIndexOf('/')));
    const listedIds = await page
      .locator('fieldset.compare-experiment')
      .evaluateAll((fieldsets) => fieldsets.map((fieldset) => (fieldset as HTMLElement).dataset.experiment ?? ''));
    const runsFetched = fetched.map((file) => file.path).filter((path) => path.endsWith('/compare-runs.json'));
    expect(runsFetched.sort()).toEqual(
      [...new Set([...listedIds, ...openingIds])].map((id) => `/experiments/${id}/compare-runs.json`).sort(),
    );

    const more = page.getByRole('button', { name: 'Show more' });
    for (const shown of [2 * BATCH, 3 * BATCH]) {
      await more.click();
      await waitForReady(page);
      expect(await listed(page)).toBe(shown);
    }
    expect(await count.textContent()).toBe(`${COPIES * 2} experiments with runs, newest first.`);
    expect(await more.isHidden()).toBe(true);
    expect(fetched.filter((file) => file.path.endsWith('/compare-runs.json'))).toHaveLength(COPIES * 2);
    expect(fetched.filter((file) => file.bytes > MAX_JSON_BYTES)).toEqual([]);
    expect(fetched.map((file) => file.path)).not.toContain('/compare/runs.json');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('with runs chosen from a link, fetches theirs and no list until it is opened', async () => {
    const page = await site.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = recordPageProblems(page);
    const fetched = recordJson(page);
    await gotoReady(page, site.url(`/compare/#runs=${DD}-copy1/host1,${DD}-copy2/host1`));
    await page.locator('.compare-scoreboard').first().waitFor();
    // Beside Pagefind's own entry file (the chips are counted while the list is folded).
    const files = fetched.map((file) => file.path).filter((path) => !path.startsWith('/pagefind/'));
    expect(files.sort()).toEqual([
      `/experiments/${DD}-copy1/compare-runs.json`,
      `/experiments/${DD}-copy1/runs/host1.sections.json`,
      `/experiments/${DD}-copy2/compare-runs.json`,
      `/experiments/${DD}-copy2/runs/host1.sections.json`,
    ]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
