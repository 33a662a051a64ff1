import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { REPO_ROOT } from './helpers/build-site.ts';
import { recordPageProblems } from './helpers/page-problems.ts';
import { gotoReady } from './helpers/page-ready.ts';
import { servedSite } from './helpers/served-site.ts';

// What a reader takes away from an experiment page: a figure's link, its SVG and PNG files and
// its citation; the zip of the raw outputs; the glossary the chart titles lead to.

const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');
const PAGE_TIMEOUT_MS = 60_000;
const FIO_SEED = '2011-07-ext3-ext4-xfs-fio-msa70';
const LOOPBACK = '2026-11-ext4-xfs-btrfs-loopback';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const site = servedSite(RESULTS_DIR);

async function openPage(path: string, colorScheme: 'light' | 'dark' = 'light', width = 1280): Promise<Page> {
  const page = await site.newPage({ viewport: { width, height: 900 }, colorScheme, acceptDownloads: true });
  const problems = recordPageProblems(page);
  await gotoReady(page, site.url(path));
  expect(problems).toEqual([]);
  return page;
}

/** The bytes of the download a click on `selector` starts. */
async function downloaded(page: Page, selector: string): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator(selector).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

describe('a figure’s take-aways', () => {
  test(
    'links to the figure by a stable anchor that shows it, even when its section shows another metric',
    async () => {
      const page = await openPage(`/experiments/${FIO_SEED}/#figure-fio-write-clat-mean`);
      const figure = page.locator('bf-figure[data-key="fio-write-clat-mean"]');
      await expect.poll(() => figure.isVisible()).toBe(true);
      const link = figure.locator('a[data-figure-anchor]');
      expect(await link.getAttribute('href')).toBe('#figure-fio-write-clat-mean');
      expect(await page.locator('#figure-fio-write-clat-mean').count()).toBe(1);
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );

  test(
    'downloads an SVG that parses and names the figure, and a PNG, in dark mode on a phone too',
    async () => {
      for (const [scheme, width] of [
        ['light', 1280],
        ['dark', 390],
      ] as const) {
        const page = await openPage(`/experiments/${FIO_SEED}/`, scheme, width);
        const figure = 'bf-figure[data-key="fio-write-iops"]';
        const svg = await downloaded(page, `${figure} button[data-download="svg"]`);
        expect(svg.name).toBe(`${FIO_SEED}--fio-write-iops.svg`);
        const parsed = await page.evaluate((text) => {
          const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
          const root = doc.documentElement;
          return {
            error: doc.querySelector('parsererror') !== null,
            root: root.localName,
            text: root.textContent ?? '',
            background: root.querySelector('rect')?.getAttribute('fill'),
            barFill: root.querySelector('rect.mark')?.getAttribute('fill'),
          };
        }, svg.bytes.toString('utf8'));
        expect(parsed.error).toBe(false);
        expect(parsed.root).toBe('svg');
        expect(parsed.text).toContain('Write IOPS');
        expect(parsed.text).toContain('Evan Hoffman');
        // The light background and the light scheme's first series colour (#0b6aa6), whatever the page's.
        expect(parsed.background).toBe('#fbfbfa');
        expect(parsed.barFill).toBe('rgb(11, 106, 166)');
        const png = await downloaded(page, `${figure} button[data-download="png"]`);
        expect(png.name).toBe(`${FIO_SEED}--fio-write-iops.png`);
        expect([...png.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
        expect(png.bytes.length).toBeGreaterThan(20_000);
        await page.context().close();
      }
    },
    PAGE_TIMEOUT_MS,
  );

  test(
    'cites the experiment, its author and date, the figure’s address and the original post',
    async () => {
      const page = await openPage(`/experiments/${FIO_SEED}/`);
      const citation = page.locator('bf-figure[data-key="fio-write-iops"] [data-citation]');
      const text = (await citation.textContent()) ?? '';
      expect(text).toContain('Evan Hoffman, “ext3 vs ext4 vs xfs with fio 1.57');
      expect(text).toContain('July 2011');
      expect(text).toContain(`${new URL(`/experiments/${FIO_SEED}/`, site.server.url).href}#figure-fio-write-iops.`);
      expect(text).toContain(
        'Source: “Benchmarking disk IO on ext3 vs ext4 vs xfs with fio”, Evan Hoffman, July 22, 2011, http://www.evanhoffman.com/',
      );
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );
});

describe('the raw outputs’ zip', () => {
  test(
    'is linked from the downloads and holds the experiment folder byte for byte',
    async () => {
      const page = await openPage(`/experiments/${LOOPBACK}/`);
      const link = page.locator('a[data-raw-zip]');
      expect(await link.getAttribute('href')).toBe(`/experiments/${LOOPBACK}/${LOOPBACK}-raw.zip`);
      const zip = await downloaded(page, 'a[data-raw-zip]');
      const entries = unzipSync(new Uint8Array(zip.bytes));
      const run = `${LOOPBACK}/runs/ext4`;
      expect(Object.keys(entries)).toEqual(
        expect.arrayContaining([`${LOOPBACK}/experiment.yaml`, `${run}/run.yaml`, `${run}/fio--seed-hoffman-1.txt`]),
      );
      const original = await readFile(join(RESULTS_DIR, LOOPBACK, 'runs/ext4/fio--seed-hoffman-1.txt'));
      expect(Buffer.from(entries[`${run}/fio--seed-hoffman-1.txt`] ?? []).equals(original)).toBe(true);
      // The separate links are folded under it.
      expect(await page.locator('details.download-files').getAttribute('open')).toBeNull();
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );
});

describe('the glossary', () => {
  test(
    'is in the site navigation, and a chart title leads to its entry',
    async () => {
      const page = await openPage(`/experiments/${LOOPBACK}/`);
      expect(await page.locator('.site-nav a', { hasText: 'Glossary' }).getAttribute('href')).toBe('/glossary/');
      await page.locator('bf-figure[data-key="fio-write-iops"] h3 a.glossary-link').click();
      await page.waitForURL(/\/glossary\/#fio-write-iops$/);
      expect(new URL(page.url()).pathname).toBe('/glossary/');
      expect(new URL(page.url()).hash).toBe('#fio-write-iops');
      const entry = page.locator('#fio-write-iops');
      expect(await entry.locator('dt').textContent()).toContain('Write IOPS');
      expect(await entry.locator('dd').textContent()).toContain('I/O operations completed per second');
      expect(await page.locator('#bonnie-putc dd').textContent()).toContain('one byte at a time');
      expect(await page.locator('#fio-latency dd').textContent()).toContain('from submission to completion');
      // The explanations' `names` are code, not backquoted text.
      expect(await page.locator('#fio-percentiles dd code', { hasText: 'clat percentiles' }).count()).toBe(1);
      expect(await page.locator('.glossary-list dd').allTextContents()).not.toContainEqual(
        expect.stringContaining('`'),
      );
      await page.context().close();
    },
    PAGE_TIMEOUT_MS,
  );
});
