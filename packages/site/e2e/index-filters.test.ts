import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { indexEntry } from '../src/data/index-entry.ts';
import type { IndexEntry } from '../src/data/site-view.ts';
import { loadRealExperiments } from '../src/data/test-content.ts';
import { buildSite, REPO_ROOT, type SiteBuild } from './helpers/build-site.ts';
import { launchChromium } from './helpers/chromium.ts';
import { recordPageProblems } from './helpers/page-problems.ts';
import { type StaticServer, serveStatic } from './helpers/static-server.ts';

// The index over the real experiments of content/results: filters, sort, search, and their URL.
// Expected lists are worked out here from the experiments' own fields, not from the page's code.

const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');
const BUILD_TIMEOUT_MS = 120_000;
/** A word of one write-up only (content/results/2011-11-ext4-xfs-btrfs-bonnie/index.md). */
const WRITE_UP_WORD = 'barriers';
const WRITE_UP_ID = '2011-11-ext4-xfs-btrfs-bonnie';

let build: SiteBuild;
let server: StaticServer;
let browser: Browser;
let entries: IndexEntry[];

beforeAll(async () => {
  [build, entries] = await Promise.all([
    buildSite(RESULTS_DIR),
    loadRealExperiments().then((experiments) => experiments.map(indexEntry)),
  ]);
  if (!build.isSuccess) throw new Error(`astro build failed:\n${build.output}`);
  server = await serveStatic(build.outDir);
  browser = await launchChromium();
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await build?.cleanup();
});

/** Opens the index (with a query) in a fresh context, and records what goes wrong on it. */
async function openIndex(query = '', options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const problems = recordPageProblems(page);
  await page.goto(`${server.url}${query}`, { waitUntil: 'networkidle' });
  return { page, problems };
}

/** The folder names of the cards shown, top to bottom. */
function shownIds(page: Page): Promise<string[]> {
  return page.getByRole('article').evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.id ?? ''));
}

function countLine(page: Page): Promise<string | null> {
  return page.locator('.count').textContent();
}

const newestFirst = (a: IndexEntry, b: IndexEntry) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id);
const ids = (list: IndexEntry[]) => list.map((entry) => entry.id);

describe('the index over content/results', () => {
  test('shows every experiment as a card, newest first, with its count', async () => {
    const { page, problems } = await openIndex();
    expect(entries.length).toBe(8);
    expect(await shownIds(page)).toEqual(ids([...entries].sort(newestFirst)));
    expect(await countLine(page)).toBe('8 experiments, newest first.');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('shows the tools, hardware, run count and status of an experiment awaiting runs on its card', async () => {
    const { page } = await openIndex();
    const card = page.getByRole('article', {
      name: 'Hitachi 7K3000 vs WD RE4 vs Seagate Constellation ES with sysbench fileio',
    });
    // A card of content/results/2011-08-hitachi-7k3000-wd-re4-seagate-constellation-es.
    const entry = entries.find(
      (candidate) => candidate.id === '2011-08-hitachi-7k3000-wd-re4-seagate-constellation-es',
    );
    expect(entry?.status).toBe('awaiting-runs');
    expect(await card.count()).toBe(1);
    expect(await card.getByText('Awaiting runs', { exact: true }).count()).toBe(1);
    const terms = await card.getByRole('term').allTextContents();
    const definitions = await card.getByRole('definition').allTextContents();
    const facts = Object.fromEntries(terms.map((term, index) => [term, definitions[index]]));
    expect(facts.Tool).toBe('sysbench');
    expect(facts.Runs).toBe('3 runs planned');
    expect(facts.Hardware).toBe('Hitachi 7K3000 / Western Digital RE4 / Seagate Constellation ES · 2 × L5630');
    expect(await card.getByRole('link').first().getAttribute('href')).toBe(`/experiments/${entry?.id}/`);
    await page.context().close();
  });

  test('filters by tool and variable with the keyboard, and writes both to the URL', async () => {
    const { page, problems } = await openIndex();
    await page.getByLabel('Tool').focus();
    await page.getByLabel('Tool').selectOption('fio');
    await page.getByLabel('Variable').selectOption('filesystem');
    const expected = entries.filter((entry) => entry.tools.includes('fio') && entry.variable.kind === 'filesystem');
    expect(ids(expected)).toEqual(['2011-07-ext3-ext4-xfs-fio-msa70']);
    expect(await shownIds(page)).toEqual(ids(expected));
    expect(await countLine(page)).toBe('1 of 8 experiments, newest first.');
    expect(new URL(page.url()).search).toBe('?tool=fio&variable=filesystem');
    await page.screenshot({ path: join(tmpdir(), 'site-index-filtered.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('filters by a hardware facet', async () => {
    const { page } = await openIndex();
    await page.getByLabel('Hardware').selectOption({ label: 'RAID 0, HPE Smart Array P440 (3)' });
    const expected = entries.filter((entry) =>
      entry.hardware.some((facet) => facet.value === 'RAID 0, HPE Smart Array P440'),
    );
    expect(expected.length).toBe(3);
    expect(await shownIds(page)).toEqual(ids(expected.sort(newestFirst)));
    expect(new URL(page.url()).searchParams.get('hardware')).toBe('raid:raid-0-hpe-smart-array-p440');
    await page.context().close();
  });

  test('sorts oldest first and by title', async () => {
    const { page } = await openIndex();
    await page.getByLabel('Sort').selectOption('oldest');
    const oldestFirst = [...entries].sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
    expect(await shownIds(page)).toEqual(ids(oldestFirst));
    expect(await countLine(page)).toBe('8 experiments, oldest first.');
    await page.getByLabel('Sort').selectOption('title');
    const titles = await page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
    expect(titles).toEqual(entries.map((entry) => entry.title).sort((a, b) => a.localeCompare(b, 'en')));
    expect(new URL(page.url()).search).toBe('?sort=title');
    await page.context().close();
  });

  test('opening a URL with filters and sort restores them, and reloading keeps them', async () => {
    const { page, problems } = await openIndex('?tool=fio&sort=oldest');
    const expected = entries
      .filter((entry) => entry.tools.includes('fio'))
      .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
    expect(expected.length).toBe(3);
    expect(await page.getByLabel('Tool').inputValue()).toBe('fio');
    expect(await page.getByLabel('Sort').inputValue()).toBe('oldest');
    expect(await shownIds(page)).toEqual(ids(expected));
    expect(await countLine(page)).toBe('3 of 8 experiments, oldest first.');
    await page.reload({ waitUntil: 'networkidle' });
    expect(await shownIds(page)).toEqual(ids(expected));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('clearing shows every experiment again and empties the query', async () => {
    const { page } = await openIndex('?tool=bonnie');
    expect(await shownIds(page)).toEqual([WRITE_UP_ID]);
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.waitForFunction(() => window.location.search === '');
    expect((await shownIds(page)).length).toBe(8);
    await page.context().close();
  });

  test('search finds an experiment by a word of its write-up, and the URL keeps the words', async () => {
    const writeUp = await readFile(join(RESULTS_DIR, WRITE_UP_ID, 'index.md'), 'utf8');
    expect(writeUp).toContain(WRITE_UP_WORD);
    const { page, problems } = await openIndex();
    await page.getByRole('searchbox', { name: 'Search the write-ups' }).fill(WRITE_UP_WORD);
    await page.waitForFunction(() => new URLSearchParams(window.location.search).get('q') === 'barriers');
    expect(await shownIds(page)).toEqual([WRITE_UP_ID]);
    expect(await countLine(page)).toBe('1 of 8 experiments, newest first.');
    const excerpt = page.getByRole('article').locator('.card-match mark');
    expect(await excerpt.first().textContent()).toMatch(new RegExp(`^${WRITE_UP_WORD}\\b`, 'i'));
    await page.screenshot({ path: join(tmpdir(), 'site-index-search.png'), fullPage: true });
    // The search is in the URL: a reload runs it again.
    await page.reload({ waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.querySelector('.count')?.textContent?.startsWith('1 of'));
    expect(await shownIds(page)).toEqual([WRITE_UP_ID]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('says so when nothing matches', async () => {
    const { page } = await openIndex('?tool=bonnie&variable=host');
    expect(await shownIds(page)).toEqual([]);
    expect(await page.getByText('No experiment matches.', { exact: false }).isVisible()).toBe(true);
    expect(await countLine(page)).toBe('0 of 8 experiments, newest first.');
    await page.context().close();
  });

  test('states no address of its own when the site address was not given (BENCHFOLIO_SITE_URL)', async () => {
    const { page } = await openIndex();
    expect(await page.locator('meta[property="og:url"]').count()).toBe(0);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe('Experiments');
    await page.context().close();
  });

  test('without JavaScript shows every card and no controls', async () => {
    const { page } = await openIndex('?tool=fio', { javaScriptEnabled: false });
    expect((await page.getByRole('article').all()).length).toBe(8);
    expect(await page.getByRole('search').count()).toBe(0);
    await page.context().close();
  });
});
