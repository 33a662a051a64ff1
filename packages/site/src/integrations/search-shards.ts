// How the search index is cut into shards (integrations/pagefind.ts): which experiments each
// shard indexes; each shard's rank tables, which put the results of a sorted search of every
// shard in one order in the browser (lib/pagefind-shards.ts); and the words index, which tells
// the browser which shards hold words a search asks for. Plain functions, no files.

import { compareCodePoints, initialOf } from '../lib/pagefind-shards.ts';

/**
 * Experiments per shard. Pagefind's indexing process holds about 0.33 MB per record until it
 * has written its files (1,000 records: 0.36 GB, 4,000: 1.34 GB), so a shard of 1,000 bounds it
 * at about 0.36 GB whatever the number of experiments (docs/02-hosting.md, "Builds at scale").
 */
export const SEARCH_SHARD_SIZE = 1000;

/** The environment variable that sets another shard size (the tests build several shards of a few experiments). */
export const SEARCH_SHARD_SIZE_ENV = 'BENCHFOLIO_SEARCH_SHARD_SIZE';

/** The shard size of this build: `BENCHFOLIO_SEARCH_SHARD_SIZE` when set, else SEARCH_SHARD_SIZE. */
export function searchShardSize(env: NodeJS.ProcessEnv = process.env): number {
  const text = env[SEARCH_SHARD_SIZE_ENV]?.trim();
  if (text === undefined || text === '') return SEARCH_SHARD_SIZE;
  if (!/^\d+$/.test(text) || Number(text) < 1) {
    throw new Error(
      `${SEARCH_SHARD_SIZE_ENV} must be a whole number of experiments per search shard, 1 or more; it is "${text}".`,
    );
  }
  return Number(text);
}

/**
 * The experiment folders of each shard: in name order, `size` at a time. Always one shard at
 * least (empty for a site with no experiment), so that the browser always finds Pagefind's
 * script in shard 0.
 */
export function shardFolders(folders: readonly string[], size: number): string[][] {
  const sorted = [...folders].sort(compareCodePoints);
  const shards: string[][] = [];
  for (let start = 0; start < sorted.length; start += size) shards.push(sorted.slice(start, start + size));
  return shards.length === 0 ? [[]] : shards;
}

/** A record's sort keys and values (catalog/search-record.ts: `newest`, `oldest`, `title`). */
export type SortValues = Readonly<Record<string, string>>;

/** For each sort key, the global rank of the record at each position of the shard's sorted list. */
export type RankTable = Record<string, number[]>;

/**
 * Each shard's rank tables, from the sort values of its records. Pagefind sorts a shard's records
 * having a key by its value (as UTF-8 bytes, for values that are not all numbers: ours end with
 * a folder name) and gives a sorted search's result its position in that list as its score, so
 * positions are the shard's own; `tables[n][key][position]` is that record's rank among the
 * records of every shard having the key. Equal values keep the order of the shards and of
 * their records, as Pagefind's stable sort keeps the order records were added in.
 */
export function rankTables(shards: readonly (readonly SortValues[])[]): RankTable[] {
  const tables: RankTable[] = shards.map(() => ({}));
  const keys = new Set(shards.flatMap((records) => records.flatMap((values) => Object.keys(values))));
  for (const key of [...keys].sort()) {
    const having = shards.flatMap((records, shard) =>
      records.flatMap((values) => (values[key] === undefined ? [] : [{ shard, value: values[key] }])),
    );
    having.sort((a, b) => compareCodePoints(a.value, b.value));
    // The global order, restricted to one shard, is that shard's sorted list.
    for (const [rank, { shard }] of having.entries()) {
      const table = tables[shard] as RankTable;
      const positions = table[key] ?? [];
      positions.push(rank);
      table[key] = positions;
    }
  }
  return tables;
}

/**
 * Words a part of the words index may hold per experiment of a shard: a part holds at most this
 * times the shard size (a word counted once per shard having it). A record has 200 to 560
 * distinct words (content/results), and Pagefind's memory goes with the words it holds, so no
 * part's process outgrows a shard's.
 */
export const WORDS_PER_EXPERIMENT = 300;

/** What this reads of a search record: the text Pagefind takes its words from. */
export interface RecordText {
  content: string;
  meta?: Readonly<Record<string, string>>;
}

/** A record's words as Pagefind splits them, before it normalises them: its content's and each meta value's. */
export function recordWords(record: RecordText): string[] {
  return [record.content, ...Object.values(record.meta ?? {})].flatMap((text) => text.split(/\s+/)).filter(Boolean);
}

/**
 * The characters the words Pagefind indexes of `word` may begin with (lower case, without
 * accents). Pagefind indexes a word's letters, digits and connectors (`_`) as one word, and, when
 * it has punctuation or capitals inside, also its parts, split at punctuation, capitals and where
 * digits meet letters ("XFS/btrfs": xfsbtrf, xf, btrf), and its emoji (pagefind
 * fossick/splitting.rs). So this names every character that starts the word, follows a character
 * other than a letter or digit, is a capital, or follows a letter as a digit or a digit as a
 * letter: more than Pagefind indexes, never fewer.
 */
export function wordInitials(word: string): string[] {
  const chars = [...word];
  const initials = new Set<string>();
  for (const [i, char] of chars.entries()) {
    const previous = chars[i - 1];
    const isStart =
      previous === undefined ||
      !ALPHANUMERIC.test(previous) ||
      char !== char.toLowerCase() ||
      NUMERIC.test(char) !== NUMERIC.test(previous);
    const initial = isStart && INDEXED.test(char) ? initialOf(char) : '';
    if (initial !== '') initials.add(initial);
  }
  return [...initials];
}

/** Letters and digits as Rust's `char::is_alphanumeric` has them. */
const ALPHANUMERIC = /[\p{Alphabetic}\p{N}]/u;
const NUMERIC = /\p{N}/u;
/** What an indexed word may begin with: a letter, a digit, a connector Pagefind keeps (`_`), an emoji. */
const INDEXED = /[\p{Alphabetic}\p{N}\p{Pc}\p{Extended_Pictographic}]/u;

/**
 * Initials in parts of the words index, in code point order: each part the next initials while
 * their words, counted once per shard, stay within `size` (an initial with more is a part alone).
 * Every word Pagefind indexes from a part's words begins with one of its initials, so a search
 * of a word in every part finds its extensions and prefixes in one part, the one of its initial.
 */
export function packInitials(counts: ReadonlyMap<string, number>, size: number): string[][] {
  const parts: string[][] = [];
  let current: string[] = [];
  let words = 0;
  for (const initial of [...counts.keys()].sort(compareCodePoints)) {
    const count = counts.get(initial) ?? 0;
    if (current.length > 0 && words + count > size) {
      parts.push(current);
      current = [];
      words = 0;
    }
    current.push(initial);
    words += count;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}
