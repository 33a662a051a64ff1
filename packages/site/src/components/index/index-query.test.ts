import { describe, expect, test } from 'vitest';
import {
  type CardFacts,
  compareCards,
  countText,
  experimentIdOfUrl,
  formatIndexQuery,
  matchesQuery,
  parseIndexQuery,
} from './index-query.ts';

// Cards with the facts of three experiments of content/results (folder, title, date, tools,
// variable kind, hardware keys as the index writes them).
const MSA70: CardFacts = {
  id: '2011-07-ext3-ext4-xfs-fio-msa70',
  title: 'ext3 vs ext4 vs xfs with fio 1.57 on an HP MSA70 (24 × 10k SAS, RAID 10)',
  date: '2011-07',
  tools: ['fio'],
  variable: 'filesystem',
  hardware: ['raid:raid-10-hp-smart-array-p800'],
};
const BONNIE: CardFacts = {
  id: '2011-11-ext4-xfs-btrfs-bonnie',
  title: 'ext4 vs xfs vs btrfs with bonnie++ 1.96, with tuned variants, on one SATA disk',
  date: '2011-11-01',
  tools: ['bonnie'],
  variable: 'filesystem',
  hardware: ['disk:western-digital-sata2-320gb-7200-rpm-drive', 'cpu:p4-3.0ghz'],
};
const GOVERNOR: CardFacts = {
  id: '2020-fio-random-write-cpu-governor',
  title: 'Random write IOPS at 4k, 8k and 16k with the CPU governor ondemand vs performance',
  date: '2020',
  tools: ['fio'],
  variable: 'cpu-governor',
  hardware: ['raid:raid-0-hpe-smart-array-p440'],
};
const CARDS = [MSA70, BONNIE, GOVERNOR];

describe('the index query in the URL', () => {
  test('reads filters, words and sort, ignoring blanks and unknown sorts', () => {
    expect(parseIndexQuery('?tool=fio&variable=filesystem&hardware=raid%3Araid-0&q=+barriers+&sort=title')).toEqual({
      tool: 'fio',
      variable: 'filesystem',
      hardware: 'raid:raid-0',
      q: 'barriers',
      sort: 'title',
    });
    expect(parseIndexQuery('?tool=&sort=sideways')).toEqual({ sort: 'newest' });
  });

  test('writes only what differs from the default, in a fixed order, and reads back the same', () => {
    expect(formatIndexQuery({ sort: 'newest' })).toBe('');
    const query = { sort: 'oldest', variable: 'filesystem', tool: 'fio', q: 'write barriers' } as const;
    expect(formatIndexQuery(query)).toBe('?tool=fio&variable=filesystem&q=write+barriers&sort=oldest');
    expect(parseIndexQuery(formatIndexQuery(query))).toEqual(query);
  });
});

describe('filtering and sorting cards', () => {
  test('each filter narrows the cards, and filters combine', () => {
    const shown = (search: string, ids?: Set<string>) =>
      CARDS.filter((card) => matchesQuery(card, parseIndexQuery(search), ids)).map((card) => card.id);
    expect(shown('')).toEqual([MSA70.id, BONNIE.id, GOVERNOR.id]);
    expect(shown('?tool=fio')).toEqual([MSA70.id, GOVERNOR.id]);
    expect(shown('?variable=filesystem')).toEqual([MSA70.id, BONNIE.id]);
    expect(shown('?tool=fio&variable=filesystem')).toEqual([MSA70.id]);
    expect(shown('?hardware=cpu%3Ap4-3.0ghz')).toEqual([BONNIE.id]);
    expect(shown('?tool=bonnie&variable=cpu-governor')).toEqual([]);
    expect(shown('?q=barriers', new Set([BONNIE.id]))).toEqual([BONNIE.id]);
  });

  test('sorts newest first, oldest first and by title; partial dates sort before fuller ones of the same year', () => {
    const ids = (order: 'newest' | 'oldest' | 'title') => [...CARDS].sort(compareCards(order)).map((card) => card.id);
    expect(ids('newest')).toEqual([GOVERNOR.id, BONNIE.id, MSA70.id]);
    expect(ids('oldest')).toEqual([MSA70.id, BONNIE.id, GOVERNOR.id]);
    // "ext3 ..." < "ext4 ..." < "Random ...", whatever the case.
    expect(ids('title')).toEqual([MSA70.id, BONNIE.id, GOVERNOR.id]);
  });

  test('counts shown of all, with the order', () => {
    expect(countText(8, 8, 'newest')).toBe('8 experiments, newest first.');
    expect(countText(3, 8, 'oldest')).toBe('3 of 8 experiments, oldest first.');
    expect(countText(1, 1, 'title')).toBe('1 experiment, by title.');
    expect(countText(0, 1, 'newest')).toBe('0 of 1 experiment, newest first.');
  });

  test('reads the experiment id from a result address, with or without a base path', () => {
    expect(experimentIdOfUrl('/experiments/2011-11-ext4-xfs-btrfs-bonnie/')).toBe(BONNIE.id);
    expect(experimentIdOfUrl('/benchfolio/experiments/2011-11-ext4-xfs-btrfs-bonnie/#method')).toBe(BONNIE.id);
    expect(experimentIdOfUrl('/experiments/2011-11-ext4-xfs-btrfs-bonnie/runs/ext4/')).toBeUndefined();
    expect(experimentIdOfUrl('/')).toBeUndefined();
  });
});
