import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { REPO_ROOT } from './helpers/build-site.ts';
import { indexSettled, shownCardIds } from './helpers/index-cards.ts';
import { servedSite } from './helpers/served-site.ts';

// The index past one page: 62 experiments, copies of two small real ones of content/results (the
// dd experiment, 2020, and the bonnie++ one, 2011-11-01) under new folder names, 31 of each. The
// served pages hold 50 cards each; a filter or an order reaches every experiment through Pagefind.

const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');
const DD = '2020-dd-sequential-write-three-hosts';
const BONNIE = '2011-11-ext4-xfs-btrfs-bonnie';
const COPIES = 31;

const contentDir = mkdtempSync(join(tmpdir(), 'benchfolio-index-paging-'));
for (let n = 1; n <= COPIES; n++) {
  for (const id of [DD, BONNIE]) cpSync(join(RESULTS_DIR, id), join(contentDir, `${id}-copy${n}`), { recursive: true });
}
afterAll(() => rmSync(contentDir, { recursive: true, force: true }));

const site = servedSite(contentDir);
const total = COPIES * 2;
// Newest first, the folder name breaking ties, as the served pages order them.
const copies = (id: string) => Array.from({ length: COPIES }, (_, n) => `${id}-copy${n + 1}`).sort();
const newestFirst = [...copies(DD), ...copies(BONNIE)];

describe('the index of more experiments than a page holds', () => {
  test('serves them 50 a page, newest first, with links between the pages', async () => {
    const page = await site.open('/');
    await indexSettled(page);
    expect(await shownCardIds(page)).toEqual(newestFirst.slice(0, 50));
    expect(await page.locator('.count').textContent()).toBe(`Experiments 1–50 of ${total}, newest first.`);
    await page.getByRole('navigation', { name: 'Pages of experiments' }).getByRole('link', { name: 'Older →' }).click();
    await page.waitForURL(/\/page\/2\/$/);
    await indexSettled(page);
    expect(await shownCardIds(page)).toEqual(newestFirst.slice(50));
    expect(await page.locator('.count').textContent()).toBe(`Experiments 51–${total} of ${total}, newest first.`);
    expect(await page.getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/');
    await page.context().close();
  });

  test('filters every experiment, not only those of the page', async () => {
    const page = await site.open('/');
    await indexSettled(page);
    await page.getByLabel('Tool').selectOption('bonnie');
    await indexSettled(page);
    expect(await shownCardIds(page)).toEqual(copies(BONNIE));
    expect(await page.locator('.count').textContent()).toBe(`${COPIES} of ${total} experiments, newest first.`);
    expect(await page.getByRole('navigation', { name: 'Pages of experiments' }).isHidden()).toBe(true);
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.waitForFunction(() => window.location.search === '');
    await indexSettled(page);
    expect(await shownCardIds(page)).toEqual(newestFirst.slice(0, 50));
    await page.context().close();
  });

  test('orders every experiment, 50 cards at a time', async () => {
    const page = await site.open('/?sort=oldest');
    await indexSettled(page);
    const oldestFirst = [...copies(BONNIE), ...copies(DD)];
    expect(await shownCardIds(page)).toEqual(oldestFirst.slice(0, 50));
    expect(await page.locator('.count').textContent()).toBe(`${total} experiments, oldest first.`);
    await page.getByRole('button', { name: 'Show more' }).click();
    await indexSettled(page);
    expect(await shownCardIds(page)).toEqual(oldestFirst);
    expect(await page.getByRole('button', { name: 'Show more' }).isHidden()).toBe(true);
    await page.context().close();
  });

  test('without JavaScript, every experiment is a page or two away', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.url('/page/2/'));
    expect(await shownCardIds(page)).toEqual(newestFirst.slice(50));
    await context.close();
  });
});
