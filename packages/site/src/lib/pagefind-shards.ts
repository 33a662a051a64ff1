// The site's search index is several Pagefind indexes, its shards (integrations/pagefind.ts):
// what the build says of them (`pagefind/shards.json`), and their answers to one search merged
// into one answer, as one index over every experiment would give it. Plain functions: the
// browser's loader (pagefind.ts) fetches and asks, this orders and adds up.

/** `pagefind/shards.json`: shard n's index is in `pagefind/<n>/`. Nothing in it names an experiment. */
export interface SearchShardsManifest {
  shards: Array<{
    /** Its rank tables' files by sort key, under `pagefind/` (`0/ranks-newest-<hash>.json`): JSON arrays of ranks. */
    ranks: Record<string, string>;
  }>;
  /**
   * The words index's parts (`pagefind/words/<part>/`: a record per shard, its words, filtered by
   * WORDS_SHARD_FILTER), each named by the first of the initials it holds, in code point order:
   * part j holds the words whose initial is from `wordParts[j]` to before `wordParts[j + 1]`.
   * None for one shard, which decides which words match among every experiment's.
   */
  wordParts: string[];
}

/** The words index's filter: the shard whose words a record holds, `"0"`, `"1"`, ... */
export const WORDS_SHARD_FILTER = 'shard';

/** A character as the first of a word Pagefind indexes or searches: lower case, accents dropped; '' for none. */
export function initialOf(char: string): string {
  const plain = char.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  const first = plain.codePointAt(0);
  return first === undefined ? '' : String.fromCodePoint(first);
}

/**
 * The words of a search as Pagefind searches them: punctuation dropped (not connectors such as
 * `_`), lower case, split at spaces, accents dropped, the steps pagefind.js's `search` takes, so
 * that each word goes to the part of the words index of its initial.
 */
export function queryWords(term: string): string[] {
  const segments =
    typeof Intl.Segmenter === 'function'
      ? Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(term), ({ segment }) => segment)
      : [...term];
  const kept = segments.map((grapheme) =>
    CONNECTOR.test(grapheme) ? grapheme : PUNCTUATION.test(grapheme) ? '' : grapheme.toLocaleLowerCase(),
  );
  return kept
    .join('')
    .replace(/\s{2,}/g, ' ')
    .trim()
    .split(' ')
    .map((word) => word.normalize('NFD').replace(/(?![\u3099\u309A])\p{M}/gu, ''))
    .filter((word) => word !== '');
}

/** The characters Pagefind keeps in words (pagefind-entry.json `include_characters`: the connectors). */
const CONNECTOR = /^\p{Pc}$/u;
/**
 * What pagefind.js drops from a search's words, its test as it behaves: a grapheme that begins
 * with a dash, ends with an opening bracket, or holds a closing bracket, a quotation mark or
 * other punctuation (Po).
 */
const PUNCTUATION = /^\p{Pd}|\p{Pe}|\p{Pf}|\p{Pi}|\p{Po}|\p{Ps}$/u;

/** The part of the words index holding the words of a word's initial (wordParts); undefined when none does. */
export function wordPart(word: string, firsts: readonly string[]): number | undefined {
  const initial = initialOf(String.fromCodePoint(word.codePointAt(0) ?? 0));
  let part: number | undefined;
  for (const [j, first] of firsts.entries()) if (compareCodePoints(first, initial) <= 0) part = j;
  return part;
}

/**
 * Text in code point order, which is the order of its UTF-8 bytes (Rust's, Pagefind's). `<`
 * compares UTF-16 units instead, which puts a character past U+FFFF (a surrogate pair,
 * U+D800–DFFF) before those of U+E000–FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const isSurrogateX = x >= 0xd800 && x <= 0xdfff;
    const isSurrogateY = y >= 0xd800 && y <= 0xdfff;
    if (isSurrogateX !== isSurrogateY) return isSurrogateX ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/**
 * The shards that can hold results of a search of words, from the shards the words index finds
 * for each word (`found[i]`: word i's). Pagefind matches a word with the indexed words that begin
 * with it or, when none does, with the longest that it begins with (`find_word_extensions`), and
 * drops a word nothing matches unless none matches (`search_term`); each shard decides that
 * among its own words, and would match what one index of every experiment would not. The words
 * index decides it among every shard's words: a shard not found for a word that one index
 * matches has no result of the search.
 */
export function shardsOfWords(found: readonly (readonly number[])[]): Set<number> {
  const matched = found.filter((shards) => shards.length > 0);
  if (matched.length === 0) return new Set();
  return new Set(matched.reduce((shards, each) => shards.filter((shard) => each.includes(shard))));
}

/** What this needs of a Pagefind result. */
export interface ScoredResult {
  /** Pagefind's: the relevance to the words, or in a sorted search the record's position (see globalRank). */
  score: number;
}

/** How a sorted search's results are put in one order: each shard's rank table of the sort key. */
export interface ShardsOrder {
  direction: 'asc' | 'desc';
  /** `ranks[n][position]`: the global rank of the record at that position of shard n's sorted list. */
  ranks: readonly (readonly number[])[];
}

export interface FromShard<T> {
  shard: number;
  result: T;
}

/**
 * Every shard's results (`shards[n]`, as shard n's Pagefind gave them) in one list. Sorted: by the
 * records' global rank in the order, from the rank tables. Otherwise by score, highest first,
 * ties in shard order, as Pagefind merges indexes itself (`mergeIndex`): relevance is worked out
 * within each shard, as it is within each merged index.
 */
export function mergeShardResults<T extends ScoredResult>(
  shards: readonly (readonly T[])[],
  order?: ShardsOrder,
): FromShard<T>[] {
  const found = shards.flatMap((results, shard) => results.map((result) => ({ shard, result })));
  if (order === undefined) return found.sort((a, b) => b.result.score - a.result.score);
  const ranked = found.map((each) => ({ each, rank: globalRank(each, order) }));
  ranked.sort((a, b) => (order.direction === 'asc' ? a.rank - b.rank : b.rank - a.rank));
  return ranked.map(({ each }) => each);
}

/**
 * A sorted search's result's global rank. Pagefind (pagefind_web `search`) gives it as score its
 * position in the shard's list of records sorted by the key, ascending, negated for "asc" so that
 * the highest score comes first either way.
 */
function globalRank({ shard, result }: FromShard<ScoredResult>, { direction, ranks }: ShardsOrder): number {
  const position = direction === 'asc' ? 0 - result.score : result.score;
  const table = ranks[shard] ?? [];
  const rank = Number.isInteger(position) ? table[position] : undefined;
  if (rank === undefined) {
    throw new Error(
      `shard ${shard} gave a result at position ${position}, and its rank table has ${table.length}: the index and its rank tables are not of the same build`,
    );
  }
  return rank;
}

/** Counts of filter values, by filter. */
export type FilterCounts = Record<string, Record<string, number>>;

/** Counts with every count 0: those of a shard whose results a search leaves out (shardsOfWords). */
export function zeroCounts(counts: Readonly<FilterCounts>): FilterCounts {
  return Object.fromEntries(
    Object.entries(counts).map(([filter, values]) => [
      filter,
      Object.fromEntries(Object.keys(values).map((value) => [value, 0])),
    ]),
  );
}

/** The shards' counts added up: exact, as no record is in two shards. */
export function sumFilterCounts(shards: readonly Readonly<FilterCounts>[]): FilterCounts {
  const sums = new Map<string, Map<string, number>>();
  for (const counts of shards) {
    for (const [filter, values] of Object.entries(counts)) {
      const sum = sums.get(filter) ?? new Map<string, number>();
      sums.set(filter, sum);
      for (const [value, count] of Object.entries(values)) sum.set(value, (sum.get(value) ?? 0) + count);
    }
  }
  // fromEntries makes each key a property of its own, `__proto__` included.
  return Object.fromEntries([...sums].map(([filter, sum]) => [filter, Object.fromEntries(sum)]));
}
