import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT, SITE_DIR } from './helpers/build-site.ts';
import { seriousAxeViolations, sidewaysOverflow } from './helpers/page-layout.ts';
import { recordPageProblems } from './helpers/page-problems.ts';
import { servedSite } from './helpers/served-site.ts';
import { DESKTOP, openTryPage, PHONE, pasteAndParse } from './try/try-page-driver.ts';

// "Where this run stands" on the run pages and "Where your run stands" on /try, on the site of
// content/results: the 2011 bonnie++ experiment's six runs of one workload (an 8 GiB file, one
// process) are the one workload with five others each; the loopback's have two others at most
// and say so. Screenshots go to e2e/screenshots/standings-*.png: look at them.

const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');
const SCREENSHOTS_DIR = join(SITE_DIR, 'e2e', 'screenshots');
const TIMEOUT_MS = 90_000;
const BONNIE = '2011-11-ext4-xfs-btrfs-bonnie';
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';
const BONNIE_RUNS = ['btrfs', 'ext4', 'ext4-tuned', 'xfs', 'xfs-mkfs-and-mount-options', 'xfs-mount-options'];

const site = servedSite(RESULTS_DIR);

/** The hrefs of the dots of a metric's wide strip. */
function dotLinks(page: Page, scope: string, metric: string): Promise<string[]> {
  return page
    .locator(`${scope} [data-standing-metric="${metric}"] .standing-wide a.standing-dot`)
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

async function shoot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `standings-${name}.png`), fullPage: true });
}

describe('a run page says where the run stands', () => {
  test(
    'bonnie++ ext4: rank 5 of 6 in block writes, each dot a link to its run, on a desktop and a phone',
    async () => {
      const path = `/experiments/${BONNIE}/runs/ext4/`;
      for (const [width, scheme] of [
        [DESKTOP.width, 'light'],
        [DESKTOP.width, 'dark'],
        [PHONE.width, 'light'],
        [PHONE.width, 'dark'],
      ] as const) {
        const page = await site.view(path, { width, colorScheme: scheme });
        const section = page.locator('section.run-standings');
        await section.scrollIntoViewIfNeeded();
        // runs/*/bonnie--*.txt line 4, Sequential Output --Block-- K/sec: ext4 54570 beats ext4-tuned's
        // 53396 alone; xfs-mount-options 55423, xfs 55174, btrfs 54778, xfs-mkfs-and-mount-options 54674.
        await expect(
          section.locator('[data-standing-metric="put_block"] [data-standing-rank]').textContent(),
        ).resolves.toBe('rank 5 of 6, 20th percentile');
        await expect(
          section.locator('[data-standing-metric="put_block"] .standing-line').textContent(),
        ).resolves.toContain('higher is better');
        const visibleStrip = section.locator(
          `[data-standing-metric="put_block"] ${width === PHONE.width ? '.standing-narrow' : '.standing-wide'} svg`,
        );
        await expect(visibleStrip.isVisible()).resolves.toBe(true);
        expect(await sidewaysOverflow(page), `${width} ${scheme}`).toEqual([]);
        await shoot(page, `run-${width}-${scheme}`);
        await page.context().close();
      }
      const page = await site.view(path);
      const links = await dotLinks(page, 'section.run-standings', 'put_block');
      expect(links.sort()).toEqual(
        BONNIE_RUNS.filter((run) => run !== 'ext4')
          .map((run) => `/experiments/${BONNIE}/runs/${run}/`)
          .sort(),
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
      // The best of the five, one click away: xfs-mount-options's dot leads to its run page.
      await page
        .locator(
          `section.run-standings [data-standing-metric="put_block"] .standing-wide a.standing-dot[href$="/xfs-mount-options/"]`,
        )
        .click();
      await page.waitForURL(`**/experiments/${BONNIE}/runs/xfs-mount-options/`);
      await expect(
        page.locator('section.run-standings [data-standing-metric="put_block"] [data-standing-rank]').textContent(),
      ).resolves.toBe('rank 1 of 6, 100th percentile');
      await page.context().close();
    },
    TIMEOUT_MS,
  );

  test(
    'the loopback ext4: its direct jobs ranked among the runs of the same fio jobs, its buffered writes not, with their BF001 badge',
    async () => {
      const page = await site.view(`/experiments/${LOOPBACK}/runs/ext4/`);
      const section = page.locator('section.run-standings');
      // random-write-direct: the loopback's xfs and btrfs, and the runs made here since with the
      // same fio-seed-hoffman jobs on other devices and btrfs profiles, none with an error finding.
      const ranks = await section.locator('[data-standing-rank]').allTextContents();
      expect(ranks.length).toBeGreaterThan(0);
      for (const rank of ranks) expect(rank).toMatch(/^rank \d+ of \d+, \d+(?:st|nd|rd|th) percentile/);
      const dots = await section
        .locator('a.standing-dot')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(dots.length).toBeGreaterThanOrEqual(5);
      for (const href of dots) expect(href).toMatch(/\/experiments\/[^/]+\/runs\/[^/]+\/$/);
      // random-write-buf: every run's carries BF001 (error): none is a peer, its own still badged.
      const buffered = section.locator('[data-standing-none="random-write-buf"]');
      await expect(buffered.textContent()).resolves.toContain(
        'no other published run of this workload free of error findings',
      );
      await expect(buffered.locator('a.finding-badge[data-rule="BF001"]').count()).resolves.toBe(1);
      await page.context().close();
    },
    TIMEOUT_MS,
  );
});

describe('/try says where the reader’s run stands', () => {
  test(
    'a pasted bonnie++ output of the 2011 experiment: among its six runs, one of them equal',
    async () => {
      // runs/ext4/bonnie--ext4.txt, pasted as is: its 54570 K/sec ties the published ext4's.
      const text = await readFile(join(REPO_ROOT, 'content/results', BONNIE, 'runs/ext4/bonnie--ext4.txt'), 'utf8');
      for (const [viewport, scheme] of [
        [DESKTOP, 'light'],
        [PHONE, 'dark'],
      ] as const) {
        const session = await openTryPage(site.browser, site.url('/'), viewport, scheme);
        const { page } = session;
        const problems = recordPageProblems(page);
        await pasteAndParse(page, text);
        const standings = page.locator('[data-try-standings]');
        const rank = standings.locator('[data-standing-metric="put_block"] [data-standing-rank]');
        await rank.waitFor({ timeout: 20_000 });
        // Beats ext4-tuned (53396), ties ext4 (54570), below the other four: (1 + 1/2) / 6 = 25 %.
        await expect(rank.textContent()).resolves.toBe('rank 5 of 7, 25th percentile, equal to 1 other');
        const links = await dotLinks(page, '[data-try-standings]', 'put_block');
        expect(links.sort()).toEqual(BONNIE_RUNS.map((run) => `/experiments/${BONNIE}/runs/${run}/`).sort());
        expect(await sidewaysOverflow(page)).toEqual([]);
        await standings.scrollIntoViewIfNeeded();
        await shoot(page, `try-${viewport.width}-${scheme}`);
        expect([...session.problems, ...problems]).toEqual([]);
        expect(session.foreignRequests).toEqual([]);
        await page.context().close();
      }
    },
    TIMEOUT_MS,
  );

  test(
    'a pasted fio output of the loopback: its direct jobs ranked, its buffered ones not, and no request answered 404',
    async () => {
      const text = await readFile(
        join(REPO_ROOT, 'content/results', LOOPBACK, 'runs/ext4/fio--seed-hoffman-1.txt'),
        'utf8',
      );
      const session = await openTryPage(site.browser, site.url('/'));
      const { page } = session;
      await pasteAndParse(page, text);
      const rank = page.locator('[data-try-standings] [data-standing-rank]').first();
      await rank.waitFor({ timeout: 20_000 });
      await expect(rank.textContent()).resolves.toMatch(/^rank \d+ of \d+, \d+(?:st|nd|rd|th) percentile/);
      // Its buffered jobs: every published run's carries BF001 (error), so none is a peer.
      await expect(
        page.locator('[data-try-standings] [data-standing-none="random-write-buf"]').textContent(),
      ).resolves.toContain('no other published run of this workload free of error findings');
      expect(session.problems).toEqual([]);
      await page.context().close();
    },
    TIMEOUT_MS,
  );
});
