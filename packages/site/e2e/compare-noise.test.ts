import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { REPO_ROOT, SITE_DIR } from './helpers/build-site.ts';
import { sidewaysOverflow } from './helpers/page-layout.ts';
import { recordPageProblems } from './helpers/page-problems.ts';
import { gotoReady } from './helpers/page-ready.ts';
import { servedSite } from './helpers/served-site.ts';

// /compare calls a lead as the experiment page does, and says first what else differs among the
// runs it ranks: on the site of content/results, the MSA70 RAID against the loop device (its
// comparability line), the loopback runs' sysbench reads (no crown inside the noise), and dd's
// elapsed time (a crown beyond it). Screenshots go to e2e/screenshots/ (git-ignored): look at them.

const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');
const SCREENSHOTS_DIR = join(SITE_DIR, 'e2e', 'screenshots');
const PAGE_TIMEOUT_MS = 90_000;
const RAID_VS_LOOP = '/compare/#runs=msa70/ext4,loopback/xfs';
const LOOPBACK_RUNS = '/compare/#runs=loopback/ext4,loopback/xfs,loopback/btrfs';
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';

const site = servedSite(RESULTS_DIR);

beforeAll(async () => {
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
});

async function openCompare(
  path: string,
  { width = 1280, height = 800, colorScheme = 'light' as 'light' | 'dark' } = {},
): Promise<{ page: Page; problems: string[] }> {
  const page = await site.newPage({ viewport: { width, height }, colorScheme });
  const problems = recordPageProblems(page);
  await gotoReady(page, site.url(path));
  await page.locator('.compare-scoreboard').first().waitFor();
  return { page, problems };
}

/** The scoreboard whose heading names `section` (`sysbench fileio`). */
const boardOf = (page: Page, section: string) =>
  page.locator('.compare-scoreboard', { has: page.locator('h4', { hasText: ` · ${section}` }) });

/** Each bar's run and text, top to bottom. */
const barTexts = (page: Page, section: string) =>
  boardOf(page, section)
    .locator('.score-bars > li')
    .evaluateAll((items) =>
      items.map((item) => [
        (item as HTMLElement).dataset.run ?? '',
        item.querySelector('.score-value')?.textContent ?? '',
      ]),
    );

describe('/compare’s comparability line and noise calls', () => {
  test.each([
    [1280, 'light'],
    [390, 'dark'],
  ] as const)(
    'MSA70 against the loopback fio at %i px, %s: the line says the hardware, year and fio version differ, above the ranking',
    async (width, colorScheme) => {
      const { page, problems } = await openCompare(RAID_VS_LOOP, { width, height: 844, colorScheme });
      const line = page.locator('[data-compare-comparability]');
      expect(await line.isVisible()).toBe(true);
      // run.yaml: raid level "10", 2011-07, "fio 1.57"; the loop runs: lvm "a loop device …", kvm, 2026-11-24, "fio-3.33".
      expect(await line.textContent()).toBe(
        'These runs differ in more than the workload: a 2011 RAID 10 of 24 rotational disks and a 2026 loop device in a KVM guest; fio 1.57 and fio-3.33.',
      );
      const lineBox = await line.boundingBox();
      const boardBox = await page.locator('.compare-scoreboard').first().boundingBox();
      expect((lineBox?.y ?? Infinity) + (lineBox?.height ?? 0)).toBeLessThanOrEqual(boardBox?.y ?? 0);
      expect(lineBox?.width ?? Infinity).toBeLessThanOrEqual(width);
      // The loop runs' buffered jobs measured the page cache (BF001, an error): no crown, and the badge says so.
      expect(await page.locator('[data-crowned]').count()).toBe(0);
      expect((await barTexts(page, 'fio'))[0]).toEqual([`${LOOPBACK}/xfs`, 'top']);
      const badge = page.locator(
        `.score-table tr[data-run="${LOOPBACK}/xfs"] td[data-group="random-write-buf"] .finding-badge`,
      );
      expect(await badge.first().textContent()).toBe('BF001');
      expect(await sidewaysOverflow(page)).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOTS_DIR, `compare-noise-raid-${width}-${colorScheme}.png`) });
      await page
        .locator('.compare-scoreboard')
        .first()
        .screenshot({ path: join(SCREENSHOTS_DIR, `compare-noise-raid-board-${width}-${colorScheme}.png`) });
      expect(problems).toEqual([]);
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );

  test.each([
    [1280, 'dark'],
    [390, 'light'],
  ] as const)(
    'the loopback sysbench reads at %i px, %s: within the noise on the experiment page, no run crowned here',
    async (width, colorScheme) => {
      const { page, problems } = await openCompare(LOOPBACK_RUNS, { width, height: 844, colorScheme });
      // Before: "best" for xfs and "1.18× from best" for ext4.
      expect(await barTexts(page, 'sysbench fileio')).toEqual([
        [`${LOOPBACK}/xfs`, 'top'],
        [`${LOOPBACK}/ext4`, '1.18× from top'],
        [`${LOOPBACK}/btrfs`, '2.31× from top'],
      ]);
      expect(await boardOf(page, 'sysbench fileio').locator('[data-crowned]').count()).toBe(0);
      // runs/xfs/sysbench--fileio-rndrd-t1-{1,2}.txt "reads/s: 23945.17", "24579.37"; ext4's "16335.89", "22462.28".
      const cell = boardOf(page, 'sysbench fileio').locator(`tr[data-run="${LOOPBACK}/ext4"] td[data-group="rndrd/1"]`);
      expect(await cell.locator('.note').first().textContent()).toBe(' ≈ top (1.25×, p\u00a0=\u00a00.36)');
      expect(await page.locator('[data-compare-comparability]').textContent()).toMatch(
        /^These runs share their hardware class, year and tool versions: a 2026 loop device in a KVM guest; fio-3\.33,/,
      );
      expect(await sidewaysOverflow(page)).toEqual([]);
      await page.screenshot({ path: join(SCREENSHOTS_DIR, `compare-noise-loopback-${width}-${colorScheme}.png`) });
      await boardOf(page, 'sysbench fileio').screenshot({
        path: join(SCREENSHOTS_DIR, `compare-noise-loopback-board-${width}-${colorScheme}.png`),
      });
      expect(problems).toEqual([]);
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );

  test(
    'a lead beyond the noise is crowned: dd’s elapsed time, ext4 against btrfs',
    async () => {
      // runs/ext4/dd--seq-write-{1,2}.txt "copied, 0.135109 s", "0.105597 s"; btrfs's "0.389935 s", "0.333411 s".
      const { page, problems } = await openCompare('/compare/#runs=loopback/ext4,loopback/btrfs&metric=elapsed');
      expect(await barTexts(page, 'dd')).toEqual([
        [`${LOOPBACK}/ext4`, 'best'],
        [`${LOOPBACK}/btrfs`, '3.01× from best'],
      ]);
      expect(await boardOf(page, 'dd').locator('.score-bars > li[data-crowned]').count()).toBe(1);
      expect(problems).toEqual([]);
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );
});
