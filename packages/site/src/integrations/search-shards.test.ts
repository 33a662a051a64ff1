import { describe, expect, test } from 'vitest';
import {
  packInitials,
  rankTables,
  recordWords,
  SEARCH_SHARD_SIZE,
  type SortValues,
  searchShardSize,
  shardFolders,
  wordInitials,
} from './search-shards.ts';

describe('searchShardSize', () => {
  test('is 1,000 experiments unless BENCHFOLIO_SEARCH_SHARD_SIZE says otherwise', () => {
    expect(searchShardSize({})).toBe(SEARCH_SHARD_SIZE);
    expect(SEARCH_SHARD_SIZE).toBe(1000);
    expect(searchShardSize({ BENCHFOLIO_SEARCH_SHARD_SIZE: '' })).toBe(1000);
    expect(searchShardSize({ BENCHFOLIO_SEARCH_SHARD_SIZE: ' 3 ' })).toBe(3);
  });

  test.each(['0', '-2', '1.5', 'many', '1e3'])('refuses BENCHFOLIO_SEARCH_SHARD_SIZE=%s, naming it', (value) => {
    expect(() => searchShardSize({ BENCHFOLIO_SEARCH_SHARD_SIZE: value })).toThrow(
      new RegExp(`^BENCHFOLIO_SEARCH_SHARD_SIZE must be .* it is "${value.replace('.', '\\.')}"\\.$`),
    );
  });
});

describe('shardFolders', () => {
  test('cuts the folders, in name order, into shards of the size', () => {
    const folders = ['2020-b', '2011-a', '2026-c', '2014-d', '2011-b'];
    expect(shardFolders(folders, 2)).toEqual([['2011-a', '2011-b'], ['2014-d', '2020-b'], ['2026-c']]);
    expect(shardFolders(folders, 1000)).toEqual([['2011-a', '2011-b', '2014-d', '2020-b', '2026-c']]);
  });

  test('gives one empty shard for no folder, so that shard 0 is always there', () => {
    expect(shardFolders([], 1000)).toEqual([[]]);
  });

  test('orders names by code point, as the same content always gives the same shards', () => {
    // U+1F600 is a surrogate pair in UTF-16, which sorts it before U+FFFD in units.
    expect(shardFolders(['x-\u{1F600}', 'x-\uFFFD', 'x-a'], 1)).toEqual([['x-a'], ['x-\uFFFD'], ['x-\u{1F600}']]);
  });
});

describe('rankTables', () => {
  test("gives, for each shard's sorted list of a key, each record's rank among every shard's", () => {
    const shards = [[{ newest: 'b' }, { newest: 'd' }], [{ newest: 'a' }, { newest: 'e' }], [{ newest: 'c' }]];
    // Globally a0 b1 c2 d3 e4: shard 0 holds b and d, shard 1 a and e, shard 2 c.
    expect(rankTables(shards)).toEqual([{ newest: [1, 3] }, { newest: [0, 4] }, { newest: [2] }]);
  });

  test('sorts values as Pagefind does, by their UTF-8 bytes', () => {
    const shards = [
      [{ title: 'z' }, { title: 'é' }],
      [{ title: '\u{1F600}' }, { title: '\uFFFD' }],
    ];
    // z < é (U+00E9) < U+FFFD < U+1F600.
    expect(rankTables(shards)).toEqual([{ title: [0, 1] }, { title: [2, 3] }]);
  });

  test('leaves out the records without a key, and a shard with none of them has no table of it', () => {
    const shards: SortValues[][] = [[{ oldest: '2', title: 'b' }, { title: 'a' }], [{ title: 'c' }]];
    expect(rankTables(shards)).toEqual([{ oldest: [0], title: [0, 1] }, { title: [2] }]);
  });

  test('keeps equal values in the order of the shards and of their records', () => {
    expect(rankTables([[{ k: 'x' }, { k: 'x' }], [{ k: 'x' }]])).toEqual([{ k: [0, 1] }, { k: [2] }]);
  });

  test('gives no table for no record', () => {
    expect(rankTables([[]])).toEqual([{}]);
  });
});

describe('the words index', () => {
  test("recordWords takes a record's content and meta values, split at white space", () => {
    expect(recordWords({ content: 'ext4 vs\nxfs', meta: { id: '2011-x', card: '<p class="a">Fio</p>' } })).toEqual([
      'ext4',
      'vs',
      'xfs',
      '2011-x',
      '<p',
      'class="a">Fio</p>',
    ]);
  });

  test.each([
    ['xfs', ['x']],
    // Every capital: more than Pagefind indexes of an acronym (xfsbtrf, xf, btrf), never fewer.
    ['XFS/btrfs', ['x', 'f', 's', 'b']],
    ['ThreeAntelopes', ['t', 'a']],
    ['size=10G', ['s', '1', 'g']],
    ['raid10', ['r', '1']],
    ['__proto__', ['_', 'p']],
    ['Élan', ['e']],
    ['(10:58', ['1', '5']],
    ['…', []],
  ])('wordInitials(%s) names every character a word Pagefind indexes of it may begin with', (word, initials) => {
    expect(wordInitials(word)).toEqual(initials);
  });

  test('packInitials packs initials, in code point order, into parts of at most the size', () => {
    const counts = new Map([
      ['b', 3],
      ['a', 2],
      ['c', 4],
      ['1', 1],
      ['d', 9],
    ]);
    expect(packInitials(counts, 6)).toEqual([['1', 'a', 'b'], ['c'], ['d']]);
    expect(packInitials(counts, 100)).toEqual([['1', 'a', 'b', 'c', 'd']]);
    expect(packInitials(new Map(), 100)).toEqual([]);
  });
});
