import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { SearchRecord } from '../src/catalog/search-record.ts';
import type { IndexEntry } from '../src/catalog/site-view.ts';
import { FACET_FILTERS } from '../src/compare/compare-filters.ts';
import { FACETS, type Facet } from '../src/compare/facets.ts';
import { indexEntry } from '../src/data/index-entry.ts';
import { hardwareKey } from '../src/data/index-facets.ts';
import { loadRealExperiments, repoPath } from '../src/data/test-content.ts';
import { SEARCH_SHARD_SIZE } from '../src/integrations/search-shards.ts';
import type { SearchShardsManifest } from '../src/lib/pagefind-shards.ts';
import { analyze } from '../src/try/analyze.ts';
import { candidateExperiments } from '../src/try/compare/candidate-experiments.ts';
import { publishedWorkloadsText } from '../src/try/compare/published-workloads.ts';
import { fakePagefind, searchRecordsOf } from '../src/try/test-pagefind.ts';
import { REPO_ROOT } from './helpers/build-site.ts';
import { indexSettled, shownCardIds } from './helpers/index-cards.ts';
import { recordPageProblems } from './helpers/page-problems.ts';
import { gotoReady, waitForReady } from './helpers/page-ready.ts';
import { type ServedSite, servedSite } from './helpers/served-site.ts';
import { openTryPage, pasteAndParse } from './try/try-page-driver.ts';

// The search index cut into shards of two experiments (BENCHFOLIO_SEARCH_SHARD_SIZE=2: five
// shards of content/results' nine) answers as the one index of a default build: the index
// page's orders, filters and counts and a search of words, /compare's chips and list, and /try's
// candidates and the counts it words. Both builds are held to what the experiments themselves
// say: the index entries, and the search records run through the tests' in-memory Pagefind
// (try/test-pagefind.ts), not either build's output.

/** Experiments /compare lists at a time (compare-page.ts BATCH_SIZE). */
const COMPARE_BATCH = 20;
const RESULTS_DIR = join(REPO_ROOT, 'content', 'results');
const SHARD_SIZE = 2;
const LOAD_TIMEOUT_MS = 120_000;
const PAGES_TIMEOUT_MS = 240_000;
const MSA70 = '2011-07-ext3-ext4-xfs-fio-msa70';
/** A word of the 2011 bonnie++ experiment's write-up, rare elsewhere; no prefix of it is rare. */
const WORD = 'barriers';
const CORPUS = 'packages/parsers/fixtures/corpus';
/** vps-comparison's fio randwrite: random writes, like the MSA70's and the loopback's. */
const VPS_RANDWRITE = `${CORPUS}/fio/vps-comparison__fio-2.2.10-randwrite-8jobs-group.txt`;
/** gvisor's sysbench cpu test: the site has no CPU benchmark. */
const SYSBENCH_CPU = `${CORPUS}/sysbench/gvisor__v1.0.11-cpu.txt`;

const newest = (a: IndexEntry, b: IndexEntry) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id);
const oldest = (a: IndexEntry, b: IndexEntry) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id);
const byTitle = (a: IndexEntry, b: IndexEntry) => a.title.localeCompare(b.title, 'en') || a.id.localeCompare(b.id);
const ORDERS = { newest, oldest, title: byTitle } as const;
const ORDER_WORDS = { newest: 'newest first', oldest: 'oldest first', title: 'by title' } as const;

let entries: IndexEntry[];
let records: SearchRecord[];
/** The experiments whose experiment.yaml or write-up has WORD, as Pagefind stems it. */
let withWord: Set<string>;

beforeAll(async () => {
  const experiments = await loadRealExperiments();
  entries = experiments.map(indexEntry);
  records = searchRecordsOf(experiments);
  withWord = new Set();
  for (const { id } of entries) {
    const texts = await Promise.all(
      ['experiment.yaml', 'index.md'].map((file) => readFile(join(RESULTS_DIR, id, file), 'utf8').catch(() => '')),
    );
    if (texts.some((text) => /\bbarrier/i.test(text))) withWord.add(id);
  }
}, LOAD_TIMEOUT_MS);

/** The ids of entries, in an order of the index. */
function idsIn(order: keyof typeof ORDERS, list: IndexEntry[] = entries): string[] {
  return [...list].sort(ORDERS[order]).map((entry) => entry.id);
}

/** The index at a query, its cards once Pagefind answered, and its count line. */
async function indexAt(site: ServedSite, page: Page, query: string): Promise<{ ids: string[]; count: string }> {
  await gotoReady(page, site.url(`/${query}`));
  await indexSettled(page);
  return { ids: await shownCardIds(page), count: (await page.locator('.count').textContent()) ?? '' };
}

function countLine(shown: number, order: keyof typeof ORDERS): string {
  const total = entries.length;
  return `${shown === total ? total : `${shown} of ${total}`} experiments, ${ORDER_WORDS[order]}.`;
}

/** Every option of the index's filters: its control, value and the count its words give. */
async function filterOptions(page: Page): Promise<Array<{ name: string; value: string; count: number }>> {
  return page.locator('form.index-filters select:not([name="sort"]) option:not([value=""])').evaluateAll((options) =>
    options.map((option) => ({
      name: (option.closest('select') as HTMLSelectElement).name,
      value: (option as HTMLOptionElement).value,
      count: Number(/\((\d+)\)$/.exec(option.textContent?.trim() ?? '')?.[1]),
    })),
  );
}

/** Whether an index entry has a filter option's value. */
function hasOption(entry: IndexEntry, { name, value }: { name: string; value: string }): boolean {
  if (name === 'tool') return entry.tools.includes(value);
  if (name === 'variable') return entry.variable.kind === value;
  return entry.hardware.some((facet) => hardwareKey(facet) === value);
}

/** The tests' in-memory Pagefind over the content's records: what /compare's chips should count. */
function chipCounts(chosen: Partial<Record<Facet, string>> = {}): Record<string, Record<string, number>> {
  const hasRuns = records.filter((record) => (record.filters[FACET_FILTERS.tool] ?? []).length > 0);
  const counts: Record<string, Record<string, number>> = {};
  for (const facet of FACETS) {
    // A facet's chips count what the other facets' chosen chips leave.
    const left = hasRuns.filter((record) =>
      FACETS.every((other) => {
        const value = chosen[other];
        return other === facet || value === undefined || (record.filters[FACET_FILTERS[other]] ?? []).includes(value);
      }),
    );
    const values = left.flatMap((record) => record.filters[FACET_FILTERS[facet]] ?? []);
    counts[facet] = {};
    for (const value of values) counts[facet][value] = (counts[facet][value] ?? 0) + 1;
  }
  return counts;
}

/** /compare's chips as drawn, by facet and value: their counts, the nonzero ones. */
function chipsShown(page: Page): Promise<Record<string, Record<string, number>>> {
  return page.locator('button.chip[data-facet]').evaluateAll((chips) => {
    const shown: Record<string, Record<string, number>> = {};
    for (const chip of chips as HTMLElement[]) {
      const count = Number(chip.querySelector('.chip-count')?.textContent);
      const facet = chip.dataset.facet ?? '';
      shown[facet] ??= {};
      if (count > 0) shown[facet][chip.dataset.value ?? ''] = count;
    }
    return shown;
  });
}

async function fingerprintsOf(path: string) {
  const view = await analyze([
    { name: path.split('/').at(-1) as string, text: await readFile(repoPath(path), 'utf8') },
  ]);
  return view.fingerprints.map(({ fingerprint }) => fingerprint);
}

describe.each<{ what: string; env: Record<string, string>; shardSize: number }>([
  { what: 'one shard (the default size)', env: {}, shardSize: SEARCH_SHARD_SIZE },
  { what: `shards of ${SHARD_SIZE}`, env: { BENCHFOLIO_SEARCH_SHARD_SIZE: String(SHARD_SIZE) }, shardSize: SHARD_SIZE },
])('the search index in $what', ({ env, shardSize }) => {
  const site = servedSite(RESULTS_DIR, { env });

  test('has that many shards, and rank tables that rank every experiment once in each order', async () => {
    // Several shards, the last of them not full.
    expect(entries.length).toBeGreaterThan(2 * SHARD_SIZE);
    const dir = join(site.build.outDir, 'pagefind');
    const manifest = JSON.parse(await readFile(join(dir, 'shards.json'), 'utf8')) as SearchShardsManifest;
    expect(manifest.shards).toHaveLength(Math.ceil(entries.length / shardSize));
    for (const order of ['newest', 'oldest', 'title']) {
      const ranks = await Promise.all(
        manifest.shards.map(async ({ ranks: files }) =>
          JSON.parse(await readFile(join(dir, files[order] ?? ''), 'utf8')),
        ),
      );
      expect(ranks.flat().sort((a, b) => a - b)).toEqual(entries.map((_, rank) => rank));
    }
  });

  test(
    'the index lists every experiment in each order, and each filter and order the experiments that have it',
    async () => {
      const page = await site.newPage();
      const problems = recordPageProblems(page);
      for (const order of ['oldest', 'title'] as const) {
        expect(await indexAt(site, page, `?sort=${order}`)).toEqual({
          ids: idsIn(order),
          count: countLine(entries.length, order),
        });
      }
      await gotoReady(page, site.url('/'));
      const options = await filterOptions(page);
      expect(options.filter((option) => option.name === 'tool').length).toBeGreaterThanOrEqual(5);
      for (const option of options) {
        const having = entries.filter((entry) => hasOption(entry, option));
        // The count the option's words give, worked out when the site was built, is what the index finds.
        expect(having.length, `${option.name}=${option.value}`).toBe(option.count);
        for (const order of option.name === 'tool' ? (['newest', 'oldest', 'title'] as const) : (['newest'] as const)) {
          const query = `?${option.name}=${encodeURIComponent(option.value)}${order === 'newest' ? '' : `&sort=${order}`}`;
          expect(await indexAt(site, page, query), query).toEqual({
            ids: idsIn(order, having),
            count: countLine(having.length, order),
          });
        }
      }
      expect(problems).toEqual([]);
      await page.context().close();
    },
    PAGES_TIMEOUT_MS,
  );

  test(
    'a search of words finds the experiments having them in each order, leaving out a word no experiment has',
    async () => {
      const page = await site.newPage();
      const problems = recordPageProblems(page);
      const having = entries.filter((entry) => withWord.has(entry.id));
      expect(having.map((entry) => entry.id)).toContain('2011-11-ext4-xfs-btrfs-bonnie');
      for (const order of ['newest', 'oldest', 'title'] as const) {
        const query = `?q=${WORD}${order === 'newest' ? '' : `&sort=${order}`}`;
        expect(await indexAt(site, page, query), query).toEqual({
          ids: idsIn(order, having),
          count: countLine(having.length, order),
        });
      }
      // Pagefind leaves out a word that matches nothing, unless no word matches.
      expect((await indexAt(site, page, `?q=${WORD}+zzzzqqq`)).ids).toEqual(idsIn('newest', having));
      expect((await indexAt(site, page, '?q=zzzzqqq')).ids).toEqual([]);
      expect(problems).toEqual([]);
      await page.context().close();
    },
    PAGES_TIMEOUT_MS,
  );

  test(
    '/compare counts each chip in experiments and lists those with runs, newest first (a batch), before and after a chip',
    async () => {
      const page = await site.newPage({ viewport: { width: 1280, height: 800 } });
      const problems = recordPageProblems(page);
      // `#runs=`: no run chosen (a bare /compare/ opens on the workload most experiments share).
      await gotoReady(page, site.url('/compare/#runs='));
      const listed = () =>
        page
          .locator('fieldset.compare-experiment')
          .evaluateAll((fieldsets) => fieldsets.map((fieldset) => (fieldset as HTMLElement).dataset.experiment ?? ''));
      const withRuns = (tool?: string) =>
        entries
          .filter((entry) => {
            const tools = records.find((record) => record.meta.id === entry.id)?.filters[FACET_FILTERS.tool] ?? [];
            return tool === undefined ? tools.length > 0 : tools.includes(tool);
          })
          .sort(newest)
          .map((entry) => entry.id)
          // The list shows the first batch, "Show more" the rest (compare-page.ts BATCH_SIZE).
          .slice(0, COMPARE_BATCH);
      expect(await chipsShown(page)).toEqual(chipCounts());
      expect(await listed()).toEqual(withRuns());
      await page.locator('button.chip[data-facet="tool"][data-value="fio"]').click();
      await waitForReady(page);
      expect(await chipsShown(page)).toEqual(chipCounts({ tool: 'fio' }));
      expect(await listed()).toEqual(withRuns('fio'));
      expect(problems).toEqual([]);
      await page.context().close();
    },
    PAGES_TIMEOUT_MS,
  );

  test(
    "/try fetches the runs of the experiments with workloads like a pasted fio randwrite's, and ranks its own benchmark's first",
    async () => {
      const expected = await candidateExperiments(fakePagefind(records), await fingerprintsOf(VPS_RANDWRITE));
      expect(expected.ids).toContain(MSA70);
      const session = await openTryPage(site.browser, site.url('/'));
      const { page } = session;
      const fetched: string[] = [];
      page.context().on('request', (request) => {
        const match = /\/experiments\/([^/]+)\/compare-runs\.json$/.exec(new URL(request.url()).pathname);
        if (match?.[1] !== undefined) fetched.push(match[1]);
      });
      await pasteAndParse(page, await readFile(repoPath(VPS_RANDWRITE), 'utf8'));
      await page.locator('[data-compare-status]').filter({ hasNotText: 'Loading' }).waitFor({ timeout: 60_000 });
      expect(fetched.sort()).toEqual([...expected.ids].sort());
      // The pasted output is dyu/vps-comparison's (the corpus copy of the run published in
      // 2017-04-vps-fio-4k-random-six-plans): that benchmark's own runs are the most alike.
      const first = page.locator('[data-compare-choice-item]').first();
      expect(await first.getAttribute('data-compare-choice-item')).toMatch(/^2017-04-vps-fio-4k-random-six-plans\//);
      expect(session.problems).toEqual([]);
      await page.context().close();
    },
    PAGES_TIMEOUT_MS,
  );

  test(
    "/try words what the published experiments ran from the index's counts, for a run like none of them",
    async () => {
      const expected = await publishedWorkloadsText(fakePagefind(records));
      expect(expected).toMatch(/^The published experiments ran /);
      const session = await openTryPage(site.browser, site.url('/'));
      const { page } = session;
      await pasteAndParse(page, await readFile(repoPath(SYSBENCH_CPU), 'utf8'));
      const status = page.locator('[data-compare-status]').filter({ hasText: 'No published run' });
      await status.waitFor({ timeout: 60_000 });
      expect(await status.textContent()).toContain(expected);
      expect(session.problems).toEqual([]);
      await page.context().close();
    },
    PAGES_TIMEOUT_MS,
  );
});
