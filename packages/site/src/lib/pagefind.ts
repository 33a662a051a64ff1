// The site's Pagefind index in the browser, loaded once per page: the index of experiments,
// /compare and /try ask it for experiments by words, filters and order. The build writes the
// index as shards, each a Pagefind index of its own (integrations/pagefind.ts, `pagefind/<n>/`);
// this asks every shard and answers as one index would (pagefind-shards.ts). Only the part of
// Pagefind's API the pages use is typed.
import {
  type FilterCounts,
  type FromShard,
  mergeShardResults,
  queryWords,
  type SearchShardsManifest,
  shardsOfWords,
  sumFilterCounts,
  WORDS_SHARD_FILTER,
  wordPart,
  zeroCounts,
} from './pagefind-shards.ts';
import { href } from './url.ts';

/**
 * A filter's value in a search: one value, every value of a list (Pagefind's default for an
 * array), any of them, or none of them.
 */
export type PagefindFilter =
  | string
  | readonly string[]
  | { any: readonly string[] }
  | { all: readonly string[] }
  | { none: readonly string[] };

export interface PagefindSearchOptions {
  filters?: Record<string, PagefindFilter>;
  /** Sort keys of the records (catalog/search-record.ts), each sorted ascending. */
  sort?: Record<string, 'asc' | 'desc'>;
}

/** What a result gives back when asked: the record's address, excerpt and meta. */
export interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: { id?: string; title?: string; date?: string };
}

export interface PagefindResult {
  /** The record's, the same in every search. */
  id: string;
  data(): Promise<PagefindResultData>;
}

export interface PagefindSearch {
  results: PagefindResult[];
  /**
   * For each filter, how many of the results also have each value: what adding that value to
   * the search's filters would leave (a value of a filter already in the search narrows it).
   */
  filters: Record<string, Record<string, number>>;
}

export interface Pagefind {
  /** Null `term` lists every record the filters let through. Null when a newer search replaced it. */
  search(term: string | null, options?: PagefindSearchOptions): Promise<PagefindSearch | null>;
  /** Every filter's values, each with how many records have it. */
  filters(): Promise<Record<string, Record<string, number>>>;
}

/** A Pagefind index, as Pagefind's `createInstance` makes it: a shard, or a part of the words index. */
interface PagefindIndex {
  search(
    term: string | null,
    options?: PagefindSearchOptions,
  ): Promise<{ results: ShardResult[]; filters: FilterCounts } | null>;
  filters(): Promise<FilterCounts>;
}

/** A result as Pagefind gives it. */
interface ShardResult {
  id: string;
  score: number;
  data(): Promise<PagefindResultData>;
}

/** Opens the index at a base path (`pagefind/0/`), once it has loaded. */
type OpenIndex = (path: string) => Promise<PagefindIndex>;

/** What the build writes beside the pages (integrations/pagefind.ts). */
const MANIFEST = 'pagefind/shards.json';

let loading: Promise<Pagefind> | undefined;

/**
 * The site's index, loaded on first use. `excerptLength` (in words) is taken from the first call
 * only: each page asks with the same. A failure says so in words ("the site's search index ...
 * did not load: ...") and is not kept: the next call tries again.
 */
export function loadPagefind({ excerptLength }: { excerptLength?: number } = {}): Promise<Pagefind> {
  loading ??= openShards(excerptLength).catch((caught: unknown) => {
    loading = undefined;
    throw new Error(`the site's search index (${href('pagefind/')}) did not load: ${messageOf(caught)}`);
  });
  return loading;
}

/**
 * Opens every shard's index with the Pagefind script of shard 0, each an instance of its own. The
 * instances share one WebAssembly module, set by the first to load it; two loading it at once
 * would each set it, and one would go on with the other's memory (Pagefind's own merged indexes
 * wait for the first too): shard 0 is opened first, and the others once it has.
 */
async function openShards(excerptLength: number | undefined): Promise<Pagefind> {
  const manifest = await fetchJson<SearchShardsManifest>(href(MANIFEST), { cache: 'no-cache' });
  // Written by the build next to the pages, so not a module the bundler can see.
  const { createInstance } = (await import(/* @vite-ignore */ href('pagefind/0/pagefind.js'))) as {
    createInstance(options: { basePath: string; baseUrl: string; excerptLength?: number }): PagefindIndex;
  };
  const open: OpenIndex = async (path) => {
    const basePath = href(path);
    const index = createInstance({
      basePath,
      baseUrl: href('/'),
      ...(excerptLength !== undefined && { excerptLength }),
    });
    // Words that normalise to nothing: Pagefind answers once its index is loaded, having fetched nothing more.
    await index.search('').catch((caught: unknown) => {
      throw new Error(`${basePath}: ${messageOf(caught)}`);
    });
    return index;
  };
  const first = await open('pagefind/0/');
  const others = await Promise.all(manifest.shards.slice(1).map((_, n) => open(`pagefind/${n + 1}/`)));
  return shardedPagefind([first, ...others], manifest, open);
}

/** The shards as one index. */
function shardedPagefind(shards: readonly PagefindIndex[], manifest: SearchShardsManifest, open: OpenIndex): Pagefind {
  const rankTable = rankTables(manifest);
  const shardsHolding = wordsIndex(manifest, open);
  /**
   * The shards' results of a sorted search and their order, as one index would sort them: by a
   * key no record has, not at all; by another, without the records that do not have it.
   */
  const sorted = async (results: ShardResult[][], sort: PagefindSearchOptions['sort'] = {}) => {
    const [key, direction] = Object.entries(sort)[0] ?? [];
    if (
      key === undefined ||
      direction === undefined ||
      !manifest.shards.some(({ ranks }) => Object.hasOwn(ranks, key))
    ) {
      return { results, order: undefined };
    }
    const kept = results.map((found, n) => (Object.hasOwn(manifest.shards[n]?.ranks ?? {}, key) ? found : []));
    const ranks = await Promise.all(kept.map((found, n) => (found.length > 0 ? rankTable(n, key) : [])));
    return { results: kept, order: { direction, ranks } };
  };
  return {
    async search(term, options = {}) {
      const [answers, holding] = await Promise.all([
        Promise.all(shards.map((shard) => shard.search(term, options))),
        shardsHolding(term),
      ]);
      const isKept = (n: number) => holding === undefined || holding.has(n);
      const { results, order } = await sorted(
        answers.map((answer, n) => (isKept(n) ? (answer?.results ?? []) : [])),
        options.sort,
      );
      return {
        results: mergeShardResults(results, order).map(resultOf),
        filters: sumFilterCounts(
          answers.map((answer, n) => (isKept(n) ? answer?.filters : zeroCounts(answer?.filters ?? {})) ?? {}),
        ),
      };
    },
    async filters() {
      return sumFilterCounts(await Promise.all(shards.map((shard) => shard.filters())));
    },
  };
}

/**
 * The shards that can hold results of a search of words (shardsOfWords), each word asked of the
 * part of the words index of its initial, opened when first needed; undefined when every shard
 * can: no words, an exact search in quotes (Pagefind matches its words as they are), one shard.
 */
function wordsIndex(
  manifest: SearchShardsManifest,
  open: OpenIndex,
): (term: string | null) => Promise<Set<number> | undefined> {
  const partOf = onceUntilFailure((part: number) => open(`pagefind/words/${part}/`));
  const shardsOf = async (word: string) => {
    const part = wordPart(word, manifest.wordParts);
    if (part === undefined) return [];
    // The filter named with no value: no constraint, but Pagefind counts its values.
    const found = await (await partOf(part)).search(word, { filters: { [WORDS_SHARD_FILTER]: [] } });
    const counts = Object.entries(found?.filters[WORDS_SHARD_FILTER] ?? {});
    return counts.flatMap(([shard, count]) => (count > 0 ? [Number(shard)] : []));
  };
  return async (term) => {
    if (term === null || manifest.shards.length < 2 || /^\s*".+"\s*$/.test(term)) return undefined;
    return shardsOfWords(await Promise.all(queryWords(term).map(shardsOf)));
  };
}

/**
 * A result with an id unique among the shards'. Its data is asked of the result Pagefind gave,
 * which this keeps: Pagefind releases a result's data once that object is collected.
 */
function resultOf({ shard, result }: FromShard<ShardResult>): PagefindResult {
  return { id: `${shard}/${result.id}`, data: () => result.data() };
}

/** Each shard's rank table of a sort key, fetched once when first needed. */
function rankTables(manifest: SearchShardsManifest): (n: number, key: string) => Promise<readonly number[]> {
  const table = onceUntilFailure((file: string) => fetchJson<readonly number[]>(file));
  return (n, key) => table(href(`pagefind/${manifest.shards[n]?.ranks[key]}`));
}

/**
 * `load`, asked once per key: its promise is kept and given again, unless it fails, when the
 * next call asks again (a search after a failed fetch tries it anew).
 */
function onceUntilFailure<K, V>(load: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const loaded = new Map<K, Promise<V>>();
  return (key) => {
    let value = loaded.get(key);
    if (value === undefined) {
      value = load(key);
      value.catch(() => loaded.delete(key));
      loaded.set(key, value);
    }
    return value;
  };
}

/** A JSON file of the build, or an error naming its status. */
async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${response.status} ${response.statusText} for ${url}`);
  return (await response.json()) as T;
}

function messageOf(caught: unknown): string {
  return caught instanceof Error ? caught.message : String(caught);
}
