import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { rankTables, type SortValues, shardFolders } from '../integrations/search-shards.ts';
import {
  compareCodePoints,
  mergeShardResults,
  queryWords,
  shardsOfWords,
  sumFilterCounts,
  wordPart,
  zeroCounts,
} from './pagefind-shards.ts';

/** A result as Pagefind gives it, named for the test. */
const result = (name: string, score: number) => ({ name, score });
const names = (merged: { result: { name: string } }[]) => merged.map(({ result }) => result.name);

describe('mergeShardResults', () => {
  test('orders a sorted search by the global ranks of the positions Pagefind gives as negated scores', () => {
    // Shard 0 holds the records ranked 1 and 3 globally, shard 1 those ranked 0 and 2.
    const ranks = [
      [1, 3],
      [0, 2],
    ];
    const shards = [
      [result('b', -0), result('d', -1)],
      [result('a', 0), result('c', -1)],
    ];
    expect(names(mergeShardResults(shards, { direction: 'asc', ranks }))).toEqual(['a', 'b', 'c', 'd']);
  });

  test('orders a descending sort, whose scores are the positions, by global rank from the last', () => {
    const ranks = [
      [1, 3],
      [0, 2],
    ];
    const shards = [
      [result('d', 1), result('b', 0)],
      [result('c', 1), result('a', 0)],
    ];
    expect(names(mergeShardResults(shards, { direction: 'desc', ranks }))).toEqual(['d', 'c', 'b', 'a']);
  });

  test('says which shard when a position has no rank: an index and rank tables of different builds', () => {
    expect(() => mergeShardResults([[], [result('x', -2)]], { direction: 'asc', ranks: [[], [0, 1]] })).toThrow(
      /^shard 1 gave a result at position 2, and its rank table has 2:/,
    );
  });

  test("without a sort, orders by score, highest first, ties in the shards' order, as Pagefind's mergeIndex", () => {
    const shards = [[result('a', 2), result('b', 0.5)], [result('c', 3), result('d', 0.5)], [result('e', 0.1)]];
    const merged = mergeShardResults(shards);
    expect(names(merged)).toEqual(['c', 'a', 'b', 'd', 'e']);
    expect(merged.map(({ shard }) => shard)).toEqual([1, 0, 0, 1, 2]);
  });

  test('orders every sorted search as one index of every record would, for any records and shard size', () => {
    const records = fc.uniqueArray(
      fc.record({
        folder: fc.string({ minLength: 1 }),
        value: fc.option(fc.string({ unit: 'binary' }), { nil: undefined }),
      }),
      { selector: (record) => record.folder, maxLength: 40 },
    );
    fc.assert(
      fc.property(records, fc.integer({ min: 1, max: 7 }), fc.constantFrom('asc', 'desc'), (all, size, direction) => {
        const byFolder = new Map(all.map((record) => [record.folder, record]));
        const shards = shardFolders([...byFolder.keys()], size).map((folders) =>
          folders.map((folder) => byFolder.get(folder) as (typeof all)[number]),
        );
        const tables = rankTables(
          shards.map((shard) => shard.map(({ value }): SortValues => (value === undefined ? {} : { k: value }))),
        );
        // Each shard as Pagefind answers: its records having the key, each scored by its position in them.
        const answers = shards.map((shard) => {
          const sorted = shard
            .filter(({ value }) => value !== undefined)
            .sort((a, b) => compareCodePoints(a.value ?? '', b.value ?? ''));
          return sorted.map(({ folder }, position) => result(folder, direction === 'asc' ? 0 - position : position));
        });
        const merged = names(mergeShardResults(answers, { direction, ranks: tables.map((table) => table.k ?? []) }));
        const oneIndex = [...byFolder.values()]
          .sort((a, b) => compareCodePoints(a.folder, b.folder))
          .filter(({ value }) => value !== undefined)
          .sort((a, b) => compareCodePoints(a.value ?? '', b.value ?? ''))
          .map(({ folder }) => folder);
        expect(merged).toEqual(direction === 'asc' ? oneIndex : oneIndex.reverse());
      }),
    );
  });
});

describe('filter counts', () => {
  test("sumFilterCounts adds the shards' counts of each value, keeping zeros and a value named __proto__", () => {
    const sum = sumFilterCounts([
      { tool: { fio: 2, dd: 0 }, year: { '2011': 1 } },
      { tool: { fio: 1, bonnie: 1 } },
      { tool: { ['__proto__']: 1 } },
      {},
    ]);
    expect(sum).toEqual({ tool: { fio: 3, dd: 0, bonnie: 1, ['__proto__']: 1 }, year: { '2011': 1 } });
    expect(Object.keys(sum.tool ?? {})).toContain('__proto__');
  });

  test('zeroCounts keeps every filter and value, at 0', () => {
    expect(zeroCounts({ tool: { fio: 2, dd: 0 }, year: {} })).toEqual({ tool: { fio: 0, dd: 0 }, year: {} });
  });
});

describe('the words index', () => {
  test('shardsOfWords keeps the shards found for every word that some shard has', () => {
    expect(
      shardsOfWords([
        [0, 2, 3],
        [2, 3, 4],
        [3, 2],
      ]),
    ).toEqual(new Set([2, 3]));
  });

  test('shardsOfWords leaves out a word no shard has, as Pagefind leaves out a word nothing matches', () => {
    expect(shardsOfWords([[1, 2], [], [2]])).toEqual(new Set([2]));
  });

  test('shardsOfWords finds no shard when no shard has any of the words', () => {
    expect(shardsOfWords([[], []])).toEqual(new Set());
    expect(shardsOfWords([])).toEqual(new Set());
  });

  test('queryWords splits a search as pagefind.js does: punctuation dropped, connectors kept, lower case, no accents', () => {
    expect(queryWords('  Ext4 vs. XFS/btrfs — café __proto__ (10:58)\tx')).toEqual([
      'ext4',
      'vs',
      'xfsbtrfs',
      'cafe',
      '__proto__',
      '1058\tx',
    ]);
    expect(queryWords('— …')).toEqual([]);
  });

  test("wordPart finds the part whose initials hold the word's first character", () => {
    const firsts = ['0', 'c', 'p'];
    expect(wordPart('10g', firsts)).toBe(0);
    expect(wordPart('barrier', firsts)).toBe(0);
    expect(wordPart('cafe', firsts)).toBe(1);
    expect(wordPart('xfs', firsts)).toBe(2);
    expect(wordPart('__proto__', firsts)).toBe(0);
    expect(wordPart('+fio', firsts)).toBeUndefined();
    expect(wordPart('fio', [])).toBeUndefined();
  });
});
