import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { newestFirst } from '../src/catalog/catalog.ts';
import { type CompareRun, compareRuns } from '../src/compare/compare-index.ts';
import { runFacets } from '../src/compare/facets.ts';
import { loadRealExperiments } from '../src/data/test-content.ts';
import { REPO_ROOT, SITE_DIR } from './helpers/build-site.ts';
import { seriousAxeViolations, sidewaysOverflow, textOutsideCharts } from './helpers/page-layout.ts';
import { recordPageProblems } from './helpers/page-problems.ts';
import { gotoReady, reloadReady, waitForReady } from './helpers/page-ready.ts';
import { servedSite } from './helpers/served-site.ts';

// /compare on the site of content/results: the result first, the chips counted by the search
// index, the experiments it finds listed with their runs, the short URL in the hash (aliases
// resolved through the index; older ?runs= links too), back and forward, the systems of the
// chosen runs, the phone layout and axe, and the page without JavaScript. Screenshots go to
// e2e/screenshots/ (git-ignored): look at them.

const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');
const SCREENSHOTS_DIR = join(SITE_DIR, 'e2e', 'screenshots');
const PAGE_TIMEOUT_MS = 60_000;
const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';
const GOVERNOR = '2020-fio-random-write-cpu-governor';
const SCHEDULER = '2020-fio-random-write-io-scheduler-filesystem';
const BONNIE = '2011-11-ext4-xfs-btrfs-bonnie';
/** Experiments the list shows at a time, before "Show more" (compare-page.ts). */
const BATCH = 20;
/** The pair: a 24-disk RAID 10 against a loop device over a 128 MiB image. */
const RAID_VS_LOOP = '/compare/#runs=msa70/ext4,loopback/xfs';

const site = servedSite(RESULTS_DIR);

/** The experiments of content/results with runs, newest first (the catalog's order), each with its runs as compare-runs.json has them. */
let withRuns: Array<{ id: string; runs: CompareRun[] }>;

beforeAll(async () => {
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  withRuns = (await loadRealExperiments())
    .map((loaded) => ({ id: loaded.id, date: loaded.experiment.date, runs: compareRuns(loaded) }))
    .filter((experiment) => experiment.runs.length > 0)
    .sort(newestFirst);
});

/** Of `withRuns`, the ids of those with a run that `test` accepts, newest first. */
function experimentsWith(test: (run: CompareRun) => boolean): string[] {
  return withRuns.filter((experiment) => experiment.runs.some(test)).map((experiment) => experiment.id);
}

/** Whether a run has `value` among its values of a facet (the chips' values). */
function hasFacet(run: CompareRun, facet: 'tool' | 'hardware' | 'filesystem', value: string): boolean {
  return runFacets(run)[facet].some((each) => each.value === value);
}

/** What the list says of `found` experiments, the first batch of them shown. */
function countText(found: number, which = ''): string {
  const count = found > BATCH ? `${BATCH} of ${found} experiments` : `${found} experiments`;
  return `${count} with runs${which}, newest first.`;
}

/** A fresh page at `path`, `width` × `height`, its runs drawn and its list found. */
async function openCompare(
  path: string,
  { width = 1280, height = 800, colorScheme = 'light' as 'light' | 'dark' } = {},
): Promise<{ page: Page; problems: string[] }> {
  const page = await site.newPage({ viewport: { width, height }, colorScheme });
  const problems = recordPageProblems(page);
  await gotoReady(page, site.url(path));
  return { page, problems };
}

const hashOf = (page: Page) => page.evaluate(() => decodeURIComponent(window.location.hash));

/** The experiments the list shows, top to bottom. */
const listedExperiments = (page: Page) =>
  page
    .locator('fieldset.compare-experiment')
    .evaluateAll((fieldsets) => fieldsets.map((fieldset) => (fieldset as HTMLElement).dataset.experiment ?? ''));

/** The runs the list shows (those the chips leave), `<experiment>/<run>`. */
const shownRuns = (page: Page) =>
  page
    .locator('label.compare-run:not([hidden]) input')
    .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));

/** Shows more of the list ("Show more", a batch at a time) until `selector` is in it: older experiments come later. */
async function showMoreUntil(page: Page, selector: string): Promise<void> {
  const more = page.getByRole('button', { name: 'Show more' });
  while ((await page.locator(selector).count()) === 0 && (await more.isVisible())) {
    await more.click();
    await waitForReady(page);
  }
}

/** Opens the folded list (runs chosen from a link fold it) and waits for its experiments. */
async function openList(page: Page): Promise<void> {
  await page.locator('[data-compare-runs] > summary').click();
  await page.locator('fieldset.compare-experiment').first().waitFor();
  await waitForReady(page);
}

describe('the compare page', () => {
  test(
    'at 1280×800 the result of the runs in the URL is the first thing below the chips, without scrolling',
    async () => {
      const { page, problems } = await openCompare(RAID_VS_LOOP);
      const board = page.locator('.compare-scoreboard').first();
      await board.waitFor();
      const firstBar = board.locator('.score-bars .score-track').first();
      const box = await firstBar.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(800);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.screenshot({ path: join(SCREENSHOTS_DIR, 'compare-1280-light.png') });
      expect(problems).toEqual([]);
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );

  test(
    'every number is the parsed one, with a link to its raw file; the top is 1× and the geometric mean is over the shared jobs',
    async () => {
      const { page } = await openCompare(RAID_VS_LOOP);
      const row = page.locator(`.score-table tr[data-run="${MSA70}/ext4"]`);
      await row.waitFor();
      // runs/ext4/fio--ext4.txt: "write: io=589392KB, bw=58933KB/s, iops=7366" for random-write-direct.
      const cell = row.locator('td[data-group="random-write-direct"]');
      expect(Number(await cell.getAttribute('data-value'))).toBe(7366);
      expect(await cell.locator('a').first().getAttribute('href')).toBe(
        `/experiments/${MSA70}/runs/ext4/fio--ext4.txt`,
      );
      // The loop run's numbers are the mean of its two repeats: both files are linked.
      const loopCell = page.locator(`.score-table tr[data-run="${LOOPBACK}/xfs"] td[data-group="random-write-direct"]`);
      expect(
        await loopCell.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      ).toEqual([
        `/experiments/${LOOPBACK}/runs/xfs/fio--seed-hoffman-1.txt`,
        `/experiments/${LOOPBACK}/runs/xfs/fio--seed-hoffman-1.txt`,
        `/experiments/${LOOPBACK}/runs/xfs/fio--seed-hoffman-2.txt`,
      ]);
      // The loop run has more IOPS in all four jobs: it is the top, 1×, but not "best": its
      // buffered jobs measured the page cache (BF001, an error finding), and the RAID ran once.
      // The RAID's geometric mean is that of loop/RAID over the four jobs.
      const values = async (run: string) =>
        (
          await page
            .locator(`.score-table tr[data-run="${run}"] td[data-group]`)
            .evaluateAll((cells) => cells.map((td) => Number(td.getAttribute('data-value'))))
        ).slice(0, 4);
      const raid = await values(`${MSA70}/ext4`);
      const loop = await values(`${LOOPBACK}/xfs`);
      const mean = Math.exp(raid.reduce((sum, value, job) => sum + Math.log((loop[job] ?? 0) / value), 0) / 4);
      const means = page.locator('.score-bars .score-value');
      expect(await means.first().textContent()).toBe('top');
      expect(Number(await means.nth(1).getAttribute('data-geomean'))).toBeCloseTo(mean, 9);
      // The ratios span more than ten times: log scale by default, and the caption says so.
      expect(await page.locator('.compare-scoreboard').first().getAttribute('data-scale')).toBe('log');
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );

  test(
    'warns when the systems differ in more than one thing: the MSA70 RAID 10 against the loop image',
    async () => {
      const { page } = await openCompare(RAID_VS_LOOP);
      const warning = page.locator('[data-systems-warning]');
      await warning.waitFor();
      expect(await warning.textContent()).toMatch(/^More than one thing differs between these systems \(RAID, disks,/);
      // run.yaml: raid.controller "HP Smart Array P800" in one, not stated in the other.
      const controller = page.locator('table.systems-table tr.differs[data-path="raid.controller"]');
      expect(await controller.locator('td').allTextContents()).toEqual(['HP Smart Array P800', 'not stated']);
      // The fio jobs' fingerprints: the loop runs state their 128 MiB file, the 2011 output does not.
      expect(await page.locator('.workload-differences').textContent()).toContain('size not said vs 128 MiB');

      // Runs of one experiment that differ in the filesystem alone: no warning.
      const same = await openCompare('/compare/#runs=msa70/ext3,msa70/ext4');
      await same.page.locator('table.systems-table').first().waitFor();
      expect(await same.page.locator('[data-systems-warning]').count()).toBe(0);
      await same.page.context().close();
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );

  test(
    'restores the view from the short URL, and on back and forward',
    async () => {
      const { page, problems } = await openCompare(
        '/compare/#runs=msa70/ext3,msa70/ext4&metric=write.bw&base=msa70/ext3',
      );
      await page.locator('.compare-scoreboard').first().waitFor();
      expect(await page.locator('select[name="base"]').inputValue()).toBe(`${MSA70}/ext3`);
      expect(await page.locator('select[name="metric"]').inputValue()).toBe('write.bw');
      expect(await page.locator('.compare-scoreboard').first().getAttribute('data-metric')).toBe(
        'compare-fio-write-bw',
      );
      // Against the base run: its own mean is 1×.
      expect(await page.locator(`.score-table tr[data-run="${MSA70}/ext3"] td`).first().textContent()).toBe('1×');

      // A third run, picked in the list: a new history entry with the short URL.
      await openList(page);
      await showMoreUntil(page, `input[name="run"][value="${MSA70}/xfs"]`);
      await page.locator(`input[name="run"][value="${MSA70}/xfs"]`).check();
      await waitForReady(page);
      await page.locator(`.score-table tr[data-run="${MSA70}/xfs"]`).waitFor();
      expect(await hashOf(page)).toBe('#runs=msa70/ext3,msa70/ext4,msa70/xfs&metric=write.bw&base=msa70/ext3');
      // A chip: the list narrows, the URL keeps it.
      await page.getByRole('button', { name: /^xfs \d+$/ }).click();
      await waitForReady(page);
      expect(await hashOf(page)).toContain('&fs=xfs');
      expect(await page.locator(`label.compare-run:has(input[value="${LOOPBACK}/ext4"])`).isHidden()).toBe(true);

      await page.goBack();
      await page.waitForFunction(() => !window.location.hash.includes('fs=xfs'));
      await waitForReady(page);
      expect(await page.locator(`label.compare-run:has(input[value="${LOOPBACK}/ext4"])`).isHidden()).toBe(false);
      await page.goBack();
      await page.waitForFunction(() => !window.location.hash.includes('msa70/xfs'));
      await expect.poll(() => page.locator(`.score-table tr[data-run="${MSA70}/xfs"]`).count()).toBe(0);
      // The list is searched anew without the chip: its first batch again.
      await showMoreUntil(page, `input[name="run"][value="${MSA70}/xfs"]`);
      expect(await page.locator(`input[name="run"][value="${MSA70}/xfs"]`).isChecked()).toBe(false);
      await page.goForward();
      await page.locator(`.score-table tr[data-run="${MSA70}/xfs"]`).waitFor();
      await showMoreUntil(page, `input[name="run"][value="${MSA70}/xfs"]`);
      expect(await page.locator(`input[name="run"][value="${MSA70}/xfs"]`).isChecked()).toBe(true);

      // A reload keeps the view.
      await reloadReady(page);
      await page.locator(`.score-table tr[data-run="${MSA70}/xfs"]`).waitFor();
      expect(await page.locator('select[name="metric"]').inputValue()).toBe('write.bw');
      expect(problems).toEqual([]);
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );

  test(
    'reads an older ?runs= link, writes it short, and lines up the runs with the same bars and baseline',
    async () => {
      const governor = `${GOVERNOR}/host1-performance`;
      const scheduler = `${SCHEDULER}/ext4-cfq`;
      const { page, problems } = await openCompare(
        `/compare/?runs=${governor},${scheduler}&baseline=${scheduler}&metric-fio-published=compare-fio-published-write-iops`,
      );
      const figure = page.locator('.compare-figure').first();
      await figure.waitFor();
      expect(await hashOf(page)).toBe(
        '#runs=governor/host1-performance,filesystem/ext4-cfq&metric=write.iops&base=filesystem/ext4-cfq',
      );
      expect(await page.locator('select[name="metric"]').inputValue()).toBe('write.iops');
      expect(await page.evaluate(() => window.location.search)).toBe('');
      // Both measurements.csv files give write IOPS at bs=4k, 8k and 16k with 32 threads.
      expect(await figure.locator('rect.bar').count()).toBe(6);
      // host1-performance's 4k IOPS over ext4-cfq's, 159703 / 44711.7 (measurements.csv).
      const host1At4k = page.locator(`.compare-figure rect.bar[data-run="${governor}"]`).first();
      expect(Number(await host1At4k.getAttribute('data-ratio'))).toBeCloseTo(159703 / 44711.7, 9);
      // Published numbers link to the experiment's measurements.
      expect(
        await page.locator(`.score-table tr[data-run="${governor}"] td[data-group] a`).first().getAttribute('href'),
      ).toBe(`/experiments/${GOVERNOR}/measurements.csv`);
      // Runs of two experiments: short names with the experiment's alias, full names on hover.
      expect(await page.locator('.score-bars .score-name').allTextContents()).toEqual(
        expect.arrayContaining(['Host1 · governor', 'ext4, cfq · filesystem']),
      );
      expect(await figure.locator('text.run-label title').first().textContent()).toMatch(/^Host1 \(.+\)$/);
      expect(problems).toEqual([]);
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );

  test(
    'resolves runs by alias through the search index or by full id, and drops a name the site does not have',
    async () => {
      const { page, problems } = await openCompare(`/compare/#runs=msa70/ext3,${MSA70}/ext4,nothing/ext4,msa70/ext9`);
      await page.locator('.compare-scoreboard').first().waitFor();
      expect((await page.locator('.score-bars .score-name').allTextContents()).sort()).toEqual(['ext3', 'ext4']);
      // A pick writes what was resolved, by alias.
      await openList(page);
      await showMoreUntil(page, `input[name="run"][value="${MSA70}/xfs"]`);
      await page.locator(`input[name="run"][value="${MSA70}/xfs"]`).check();
      await waitForReady(page);
      expect(await hashOf(page)).toBe('#runs=msa70/ext3,msa70/ext4,msa70/xfs');
      // The chosen runs, each a button that drops it.
      await page.getByRole('button', { name: 'Drop ext3' }).click();
      await waitForReady(page);
      expect(await hashOf(page)).toBe('#runs=msa70/ext4,msa70/xfs');
      expect(problems).toEqual([]);
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );

  test(
    'lists the experiments with runs, newest first, and counts each chip in experiments from the search index',
    async () => {
      // Runs chosen as empty: the list alone, as a reader who has picked nothing sees it (a bare
      // /compare/ opens on the workload most experiments share).
      const { page, problems } = await openCompare('/compare/#runs=');
      const ids = withRuns.map((experiment) => experiment.id);
      expect(await listedExperiments(page)).toEqual(ids.slice(0, BATCH));
      expect(await page.locator('[data-compare-count]').textContent()).toBe(countText(ids.length));
      const chip = (facet: string, value: string) =>
        page.locator(`button.chip[data-facet="${facet}"][data-value="${value}"]`);
      // Each chip counts experiments with such a run: fio's are the MSA70, the loopback, the
      // governor and scheduler tables, and more.
      const fio = experimentsWith((run) => hasFacet(run, 'tool', 'fio'));
      expect(fio).toEqual(expect.arrayContaining([MSA70, LOOPBACK, GOVERNOR, SCHEDULER]));
      expect(await chip('tool', 'fio').textContent()).toBe(`fio ${fio.length}`);
      const raid = experimentsWith((run) => hasFacet(run, 'hardware', 'raid'));
      expect(raid).toContain(MSA70);
      expect(await chip('hardware', 'raid').textContent()).toBe(`RAID ${raid.length}`);

      // On loop devices, chosen from the keyboard: the experiments with a loop-device run, and those runs alone.
      await chip('hardware', 'loop-device').focus();
      await page.keyboard.press('Enter');
      await waitForReady(page);
      expect(await chip('hardware', 'loop-device').getAttribute('aria-pressed')).toBe('true');
      // The chips are drawn anew with their counts; the keyboard stays on the one pressed.
      expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.value)).toBe(
        'loop-device',
      );
      const onLoop = (run: CompareRun) => hasFacet(run, 'hardware', 'loop-device');
      const loopExperiments = experimentsWith(onLoop).slice(0, BATCH);
      expect(loopExperiments).toContain(LOOPBACK);
      expect(await listedExperiments(page)).toEqual(loopExperiments);
      const loopRuns = withRuns
        .filter((experiment) => loopExperiments.includes(experiment.id))
        .flatMap((experiment) => experiment.runs.filter(onLoop).map((run) => `${run.experiment}/${run.run}`));
      expect(loopRuns).toEqual(expect.arrayContaining([`${LOOPBACK}/ext4`, `${LOOPBACK}/xfs`, `${LOOPBACK}/btrfs`]));
      expect(await shownRuns(page)).toEqual(loopRuns);
      // A filesystem no loop-device run has (the MSA70's ext3, while none is): greyed, saying why.
      // Another hardware chip replaces the chosen one.
      const offLoop = withRuns
        .flatMap((experiment) => experiment.runs)
        .flatMap((run) => runFacets(run).filesystem.map((each) => each.value))
        .find(
          (value) =>
            value !== 'not-stated' &&
            experimentsWith((run) => onLoop(run) && hasFacet(run, 'filesystem', value)).length === 0,
        );
      if (offLoop === undefined) throw new Error('every filesystem of the site has a loop-device run');
      expect(await chip('filesystem', offLoop).isDisabled()).toBe(true);
      expect(await chip('filesystem', offLoop).getAttribute('title')).toMatch(
        new RegExp(`^No experiment has a run with “${offLoop}”`),
      );
      expect(await chip('hardware', 'raid').textContent()).toBe(`RAID ${raid.length}`);

      // ext4 on a RAID: the experiments have such a run; their other runs are hidden.
      await chip('hardware', 'raid').click();
      await waitForReady(page);
      await chip('filesystem', 'ext4').click();
      await waitForReady(page);
      expect(await hashOf(page)).toBe('#hw=raid&fs=ext4');
      await showMoreUntil(page, `fieldset[data-experiment="${MSA70}"]`);
      expect(await shownRuns(page)).toContain(`${MSA70}/ext4`);
      expect(await shownRuns(page)).not.toContain(`${MSA70}/xfs`);
      expect(await page.locator(`fieldset[data-experiment="${MSA70}"] [data-compare-hidden-runs]`).textContent()).toBe(
        '2 more runs without the chosen chips.',
      );
      expect(problems).toEqual([]);
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );

  test(
    'narrows the list to the experiments sharing a tool and workload with the chosen runs, marking what each shares',
    async () => {
      const { page, problems } = await openCompare('/compare/#runs=msa70/ext4&list=shared');
      await openList(page);
      // The experiments with a run of a compare key of the MSA70's ext4 run: the loopback's runs
      // ran its fio job random-write-direct.
      const msa70Ext4 = withRuns.find((experiment) => experiment.id === MSA70)?.runs.find((run) => run.run === 'ext4');
      const keys = new Set(msa70Ext4?.keys);
      expect(keys).toContain('fio|random-write-direct');
      const sharing = experimentsWith((run) => run.keys.some((key) => keys.has(key)));
      expect(sharing).toEqual(expect.arrayContaining([LOOPBACK, MSA70]));
      await showMoreUntil(page, `fieldset[data-experiment="${MSA70}"]`);
      expect(await listedExperiments(page)).toEqual(sharing);
      expect(
        await page.locator(`label.compare-run:has(input[value="${LOOPBACK}/xfs"]) [data-shares]`).textContent(),
      ).toMatch(/^ · shares \d+$/);
      await page.getByLabel('Only experiments with a run sharing a tool and workload with the chosen runs').uncheck();
      await waitForReady(page);
      expect(await listedExperiments(page)).toEqual(withRuns.map((experiment) => experiment.id).slice(0, BATCH));
      expect(await hashOf(page)).toBe('#runs=msa70/ext4');
      await showMoreUntil(page, `fieldset[data-experiment="${BONNIE}"]`);
      // A bonnie++ run shares nothing with an fio one.
      expect(
        await page.locator(`label.compare-run:has(input[value="${BONNIE}/ext4"])`).getAttribute('data-comparable'),
      ).toBe('false');
      expect(problems).toEqual([]);
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );

  test('without JavaScript, points to the experiments’ pages, which list their runs', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.url('/compare/'));
    const note = page.locator('p.warning', { hasText: 'Comparing runs needs JavaScript' });
    expect(await note.textContent()).toMatch(/each experiment’s page lists its runs/);
    expect(await page.getByRole('link', { name: 'each experiment’s page' }).getAttribute('href')).toBe('/');
    expect(await page.locator('[data-compare-form]').isHidden()).toBe(true);
    await context.close();
  });

  test.each(['light', 'dark'] as const)(
    'on a 390 px phone in %s: nothing wider than the screen, chart text inside its chart, no serious axe finding',
    async (colorScheme) => {
      for (const path of [RAID_VS_LOOP, '/compare/#runs=loopback/ext4,loopback/xfs,loopback/btrfs', '/compare/']) {
        const { page, problems } = await openCompare(path, { width: 390, height: 844, colorScheme });
        if (path !== '/compare/') await page.locator('.compare-figure').first().waitFor();
        expect(await sidewaysOverflow(page), path).toEqual([]);
        expect(await textOutsideCharts(page), path).toEqual([]);
        // The charts are drawn for the phone's width, not shrunk from a desktop one.
        const widths = await page
          .locator('.compare-figure svg.chart')
          .evaluateAll((svgs) => svgs.map((svg) => Number(svg.getAttribute('width'))));
        for (const width of widths) expect(width).toBeLessThanOrEqual(390);
        expect(await seriousAxeViolations(page), path).toEqual([]);
        if (path === RAID_VS_LOOP) {
          await page.screenshot({ path: join(SCREENSHOTS_DIR, `compare-390-${colorScheme}.png`), fullPage: true });
          // The list opened: the chosen runs' buttons wrap, the runs' lines too.
          await openList(page);
          expect(await sidewaysOverflow(page), `${path}, the list open`).toEqual([]);
          expect(await seriousAxeViolations(page), `${path}, the list open`).toEqual([]);
        }
        if (path === '/compare/') {
          await page.screenshot({ path: join(SCREENSHOTS_DIR, `compare-list-390-${colorScheme}.png`), fullPage: true });
        }
        expect(problems).toEqual([]);
        await page.context().close();
      }
    },
    PAGE_TIMEOUT_MS * 2,
  );

  test.each(['light', 'dark'] as const)(
    'at 1280 px in %s: no serious axe finding, with runs chosen and with the list',
    async (colorScheme) => {
      const { page } = await openCompare(RAID_VS_LOOP, { colorScheme });
      await page.locator('.compare-figure').first().waitFor();
      await openList(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOTS_DIR, `compare-1280-${colorScheme}-full.png`), fullPage: true });
      await page.context().close();
      const list = await openCompare('/compare/#tool=fio', { colorScheme });
      expect(await seriousAxeViolations(list.page)).toEqual([]);
      await list.page.screenshot({
        path: join(SCREENSHOTS_DIR, `compare-list-1280-${colorScheme}.png`),
        fullPage: true,
      });
      await list.page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );
});
