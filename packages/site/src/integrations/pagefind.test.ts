import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { SearchRecord } from '../catalog/search-record.ts';
import type { SearchShardsManifest } from '../lib/pagefind-shards.ts';
import { pagefindIndex } from './pagefind.ts';

// The integration on a built site's records alone, with the real Pagefind: what it writes under
// `pagefind/`, and what a second build into the same folder leaves of the first's.

let siteDir: string;
beforeEach(async () => {
  siteDir = await mkdtemp(join(tmpdir(), 'benchfolio-pagefind-'));
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(siteDir, { recursive: true, force: true });
});

/** Writes a built experiment's search record, dated in the year of its number. */
async function writeRecord(id: string, year: number): Promise<void> {
  const record: SearchRecord = {
    url: `/experiments/${id}/`,
    content: `experiment ${id}`,
    language: 'en',
    meta: { id, title: `Title ${id}`, date: String(year) },
    filters: {
      tool: ['fio'],
      variable: ['filesystem'],
      hardware: [],
      year: [String(year)],
      filesystem: [],
      alias: [id],
    },
    sort: { newest: `${3000 - year} ${id}`, oldest: `${year} ${id}`, title: `title ${id}` },
  };
  await mkdir(join(siteDir, 'experiments', id), { recursive: true });
  await writeFile(join(siteDir, 'experiments', id, 'search-record.json'), JSON.stringify(record));
}

/** Runs the integration's hook as `astro build` does once the site is written; returns what it logged. */
async function index(shardSize: number): Promise<string[]> {
  vi.stubEnv('BENCHFOLIO_SEARCH_SHARD_SIZE', String(shardSize));
  const logged: string[] = [];
  const hook = pagefindIndex().hooks['astro:build:done'] as (options: unknown) => Promise<void>;
  await hook({ dir: pathToFileURL(`${siteDir}/`), logger: { info: (text: string) => logged.push(text) } });
  return logged;
}

async function manifest(): Promise<SearchShardsManifest> {
  return JSON.parse(await readFile(join(siteDir, 'pagefind', 'shards.json'), 'utf8')) as SearchShardsManifest;
}

describe('pagefindIndex', () => {
  test('writes a Pagefind index per shard of the size, their rank tables, the words index and a manifest', async () => {
    for (const [n, id] of ['e-2014', 'a-2020', 'd-2011', 'b-2026', 'c-2013'].entries()) {
      await writeRecord(id, [2014, 2020, 2011, 2026, 2013][n] as number);
    }
    expect(await index(2)).toEqual(['indexed 5 experiments for search, in 3 shards']);
    expect((await readdir(join(siteDir, 'pagefind'))).sort()).toEqual(['0', '1', '2', 'shards.json', 'words']);
    for (const n of ['0', '1', '2']) expect(await readdir(join(siteDir, 'pagefind', n))).toContain('pagefind.js');
    const { shards, wordParts } = await manifest();
    expect(shards).toHaveLength(3);
    // Shards by folder name: a-2020 b-2026 | c-2013 d-2011 | e-2014. Newest first: b a e c d.
    const ranks = await Promise.all(
      shards.map(async ({ ranks: files }) =>
        JSON.parse(await readFile(join(siteDir, 'pagefind', files.newest as string), 'utf8')),
      ),
    );
    expect(ranks).toEqual([[0, 1], [3, 4], [2]]);
    expect(Object.keys(shards[0]?.ranks ?? {}).sort()).toEqual(['newest', 'oldest', 'title']);
    expect(shards[0]?.ranks.newest).toMatch(/^0\/ranks-newest-[0-9a-f]{10}\.json$/);
    expect(wordParts.length).toBeGreaterThan(0);
    expect(JSON.stringify(await manifest())).not.toMatch(/[a-e]-20\d\d/);
  });

  test("removes the last build's index first: no shard of it stays when there are fewer", async () => {
    for (const id of ['a', 'b', 'c', 'd', 'e']) await writeRecord(id, 2020);
    await index(1);
    expect((await manifest()).shards).toHaveLength(5);
    await writeFile(join(siteDir, 'pagefind', 'stale.txt'), 'from an older build');
    expect(await index(2)).toEqual(['indexed 5 experiments for search, in 3 shards']);
    expect((await readdir(join(siteDir, 'pagefind'))).sort()).toEqual(['0', '1', '2', 'shards.json', 'words']);
  });

  test('writes one empty shard, so that the browser finds Pagefind in shard 0, for a site of no experiment', async () => {
    expect(await index(1000)).toEqual(['indexed 0 experiments for search, in 1 shard']);
    expect(await manifest()).toEqual({ shards: [{ ranks: {} }], wordParts: [] });
    expect(await readdir(join(siteDir, 'pagefind', '0'))).toContain('pagefind.js');
  });
});
