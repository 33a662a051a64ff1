import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { IndexEntry } from '../src/catalog/site-view.ts';
import { indexEntry } from '../src/data/index-entry.ts';
import { loadRealExperiments } from '../src/data/test-content.ts';
import { REPO_ROOT } from './helpers/build-site.ts';
import { indexSettled, shownCardIds } from './helpers/index-cards.ts';
import { injectAxe } from './helpers/page-layout.ts';
import { pageSearchParams } from './helpers/page-location.ts';
import { recordPageProblems } from './helpers/page-problems.ts';
import { gotoReady, reloadReady } from './helpers/page-ready.ts';
import { servedSite } from './helpers/served-site.ts';

// The index over the real experiments of content/results: filters, sort, search, and their URL.
// Expected lists are worked out here from the experiments' own fields, not from the page's code.

const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');
const LOAD_TIMEOUT_MS = 120_000;
/** A word of the write-up of content/results/2011-11-ext4-xfs-btrfs-bonnie (index.md), rare elsewhere. */
const WRITE_UP_WORD = 'barriers';
const WRITE_UP_ID = '2011-11-ext4-xfs-btrfs-bonnie';
/** A word no experiment has. */
const NO_SUCH_WORD = 'zzzzqqq';

const newestFirst = (a: IndexEntry, b: IndexEntry) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id);
const ids = (list: IndexEntry[]) => list.map((entry) => entry.id);

const site = servedSite(RESULTS_DIR);
let entries: IndexEntry[];
/** The experiments whose page text (experiment.yaml, index.md) has the word, as Pagefind stems it. */
let withWord: string[];

beforeAll(async () => {
  entries = (await loadRealExperiments()).map(indexEntry);
  withWord = [];
  for (const { id } of [...entries].sort(newestFirst)) {
    const texts = await Promise.all(
      ['experiment.yaml', 'index.md'].map((file) => readFile(join(RESULTS_DIR, id, file), 'utf8').catch(() => '')),
    );
    if (texts.some((text) => /\bbarrier/i.test(text))) withWord.push(id);
  }
}, LOAD_TIMEOUT_MS);

/** Opens the index (with a query) in a fresh context, and records what goes wrong on it. */
async function openIndex(query = '', options: BrowserContextOptions = {}) {
  const page = await site.newPage(options);
  const problems = recordPageProblems(page);
  await gotoReady(page, site.url(`/${query}`));
  if (options.javaScriptEnabled !== false) await indexSettled(page);
  return { page, problems };
}

function countLine(page: Page): Promise<string | null> {
  return page.locator('.count').textContent();
}

/** The count line the index should show (the content grows: the total is not fixed here). */
function countOf(shown: number, order: string): string {
  const total = entries.length;
  return shown === total ? `${total} experiments, ${order}.` : `${shown} of ${total} experiments, ${order}.`;
}

describe('the index over content/results', () => {
  test('shows every experiment as a card, newest first, with its count', async () => {
    const { page, problems } = await openIndex();
    expect(entries.length).toBeGreaterThanOrEqual(8);
    expect(await shownCardIds(page)).toEqual(ids([...entries].sort(newestFirst)));
    expect(await countLine(page)).toBe(countOf(entries.length, 'newest first'));
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
    await indexSettled(page);
    const expected = entries
      .filter((entry) => entry.tools.includes('fio') && entry.variable.kind === 'filesystem')
      .sort(newestFirst);
    expect(ids(expected)).toContain('2011-07-ext3-ext4-xfs-fio-msa70');
    expect(await shownCardIds(page)).toEqual(ids(expected));
    expect(await countLine(page)).toBe(countOf(expected.length, 'newest first'));
    expect((await pageSearchParams(page)).toString()).toBe('tool=fio&variable=filesystem');
    await page.screenshot({ path: join(tmpdir(), 'site-index-filtered.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('filters by a hardware facet', async () => {
    const { page } = await openIndex();
    await page.getByLabel('Hardware').selectOption({ label: 'RAID 0, HPE Smart Array P440 (3)' });
    await indexSettled(page);
    const expected = entries.filter((entry) =>
      entry.hardware.some((facet) => facet.value === 'RAID 0, HPE Smart Array P440'),
    );
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(await shownCardIds(page)).toEqual(ids(expected.sort(newestFirst)));
    expect((await pageSearchParams(page)).get('hardware')).toBe('raid:raid-0-hpe-smart-array-p440');
    await page.context().close();
  });

  test('a "Compare by" chip filters by its kind of variable, marks itself current, and a second tap clears it', async () => {
    const { page } = await openIndex();
    const chip = page.locator('.index-chips .chip[data-variable="disk-model"]');
    const diskModels = entries.filter((entry) => entry.variable.kind === 'disk-model');
    expect(diskModels.length).toBeGreaterThanOrEqual(2);
    // The chip counts what it finds: "Disk model 3" when three experiments vary the disk model.
    expect((await chip.textContent())?.replace(/\s+/g, ' ').trim()).toBe(`Disk model ${diskModels.length}`);
    await chip.click();
    await indexSettled(page);
    expect(await shownCardIds(page)).toEqual(ids(diskModels.sort(newestFirst)));
    expect((await pageSearchParams(page)).get('variable')).toBe('disk-model');
    expect(await chip.getAttribute('aria-current')).toBe('true');
    expect(await page.getByLabel('Variable').inputValue()).toBe('disk-model');
    await chip.click();
    await indexSettled(page);
    expect(await shownCardIds(page)).toHaveLength(Math.min(entries.length, await page.locator('.cards > li').count()));
    expect((await pageSearchParams(page)).get('variable')).toBeNull();
    expect(await chip.getAttribute('aria-current')).toBe('false');
    await page.context().close();
  });

  test('sorts oldest first and by title', async () => {
    const { page } = await openIndex();
    await page.getByLabel('Sort').selectOption('oldest');
    await indexSettled(page);
    const oldestFirst = [...entries].sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
    expect(await shownCardIds(page)).toEqual(ids(oldestFirst));
    expect(await countLine(page)).toBe(countOf(entries.length, 'oldest first'));
    await page.getByLabel('Sort').selectOption('title');
    await indexSettled(page);
    const titles = await page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
    expect(titles).toEqual(entries.map((entry) => entry.title).sort((a, b) => a.localeCompare(b, 'en')));
    expect((await pageSearchParams(page)).toString()).toBe('sort=title');
    await page.context().close();
  });

  test('opening a URL with filters and sort restores them, and reloading keeps them', async () => {
    const { page, problems } = await openIndex('?tool=fio&sort=oldest');
    const expected = entries
      .filter((entry) => entry.tools.includes('fio'))
      .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(await page.getByLabel('Tool').inputValue()).toBe('fio');
    expect(await page.getByLabel('Sort').inputValue()).toBe('oldest');
    expect(await shownCardIds(page)).toEqual(ids(expected));
    expect(await countLine(page)).toBe(countOf(expected.length, 'oldest first'));
    await reloadReady(page);
    await indexSettled(page);
    expect(await shownCardIds(page)).toEqual(ids(expected));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('clearing shows every experiment again and empties the query', async () => {
    const { page } = await openIndex('?tool=bonnie');
    const expected = entries.filter((entry) => entry.tools.includes('bonnie')).sort(newestFirst);
    expect(ids(expected)).toContain(WRITE_UP_ID);
    expect(await shownCardIds(page)).toEqual(ids(expected));
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.waitForFunction(() => window.location.search === '');
    await indexSettled(page);
    expect((await shownCardIds(page)).length).toBe(entries.length);
    await page.context().close();
  });

  test('search finds an experiment by a word of its write-up, and the URL keeps the words', async () => {
    const writeUp = await readFile(join(RESULTS_DIR, WRITE_UP_ID, 'index.md'), 'utf8');
    expect(writeUp).toContain(WRITE_UP_WORD);
    expect(withWord).toContain(WRITE_UP_ID);
    const { page, problems } = await openIndex();
    await page.getByRole('searchbox', { name: 'Search the experiments' }).fill(WRITE_UP_WORD);
    await page.waitForFunction(() => new URLSearchParams(window.location.search).get('q') === 'barriers');
    await indexSettled(page);
    expect(await shownCardIds(page)).toEqual(withWord);
    expect(await countLine(page)).toBe(countOf(withWord.length, 'newest first'));
    const excerpt = page.getByRole('article').locator('.card-match mark');
    expect(await excerpt.first().textContent()).toMatch(new RegExp(`^${WRITE_UP_WORD}\\b`, 'i'));
    await page.screenshot({ path: join(tmpdir(), 'site-index-search.png'), fullPage: true });
    // The search is in the URL: a reload runs it again.
    await reloadReady(page);
    await page.waitForFunction(
      (expected) => document.querySelector('.count')?.textContent === expected,
      countOf(withWord.length, 'newest first'),
    );
    expect(await shownCardIds(page)).toEqual(withWord);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  test('says so when nothing matches', async () => {
    const { page } = await openIndex(`?q=${NO_SUCH_WORD}`);
    await page.waitForFunction(() => document.querySelector('.count')?.textContent?.startsWith('0 of'));
    expect(await shownCardIds(page)).toEqual([]);
    expect(await page.getByText('No experiment matches.', { exact: false }).isVisible()).toBe(true);
    expect(await countLine(page)).toBe(countOf(0, 'newest first'));
    await page.context().close();
  });

  test("the cards' markup is not searched: class and href, in every card's markup, find few experiments", async () => {
    // The cards come from card.json beside each page, not from the records Pagefind indexes: were
    // the markup indexed, every experiment would match. A few may match for words of their own
    // ("Class 10" SD cards) or Pagefind's loose matching of close words.
    for (const word of ['class', 'href']) {
      const { page } = await openIndex(`?q=${word}`);
      await indexSettled(page);
      expect((await shownCardIds(page)).length, word).toBeLessThan(entries.length / 2);
      await page.context().close();
    }
  });

  test('states no address of its own when the site address was not given (BENCHFOLIO_SITE_URL)', async () => {
    const { page } = await openIndex();
    expect(await page.locator('meta[property="og:url"]').count()).toBe(0);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe('Experiments');
    await page.context().close();
  });

  test('axe-core finds no serious or critical problems, filtered or not, in light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const query of ['', '?tool=fio&q=barriers']) {
        const { page } = await openIndex(query, { colorScheme });
        await injectAxe(page);
        const violations = await page.evaluate(async () => {
          const { violations } = await (
            window as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact: string }> }> } }
          ).axe.run();
          return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
        });
        expect(violations, `${colorScheme} ${query}`).toEqual([]);
        await page.context().close();
      }
    }
  });

  test('without JavaScript shows every card and no controls', async () => {
    const { page } = await openIndex('?tool=fio', { javaScriptEnabled: false });
    expect((await page.getByRole('article').all()).length).toBe(entries.length);
    expect(await page.getByRole('search').count()).toBe(0);
    await page.context().close();
  });
});
