import { describe, expect, test } from 'vitest';
import {
  countText,
  formatIndexQuery,
  isDefaultQuery,
  pageCountText,
  pagefindSearch,
  parseIndexQuery,
} from './index-query.ts';

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

describe('the Pagefind search of a state', () => {
  test('sends the words, or null to list by filters alone, the filters and the order', () => {
    expect(pagefindSearch(parseIndexQuery('?tool=fio&variable=filesystem&hardware=cpu%3Ap4-3.0ghz'))).toEqual({
      term: null,
      options: { filters: { tool: 'fio', variable: 'filesystem', hardware: 'cpu:p4-3.0ghz' }, sort: { newest: 'asc' } },
    });
    expect(pagefindSearch(parseIndexQuery('?q=barriers&sort=title'))).toEqual({
      term: 'barriers',
      options: { filters: {}, sort: { title: 'asc' } },
    });
    expect(pagefindSearch(parseIndexQuery('?sort=oldest')).options.sort).toEqual({ oldest: 'asc' });
  });

  test('is not needed for the index as served', () => {
    expect(isDefaultQuery(parseIndexQuery(''))).toBe(true);
    expect(isDefaultQuery(parseIndexQuery('?sort=newest&tool='))).toBe(true);
    expect(isDefaultQuery(parseIndexQuery('?sort=oldest'))).toBe(false);
  });
});

describe('counts', () => {
  test('counts shown of all, with the order', () => {
    expect(countText(8, 8, 'newest')).toBe('8 experiments, newest first.');
    expect(countText(3, 8, 'oldest')).toBe('3 of 8 experiments, oldest first.');
    expect(countText(1, 1, 'title')).toBe('1 experiment, by title.');
    expect(countText(0, 1, 'newest')).toBe('0 of 1 experiment, newest first.');
    expect(countText(1200, 20000, 'newest')).toBe('1,200 of 20,000 experiments, newest first.');
  });

  test('says which experiments a served page holds when there are several pages', () => {
    expect(pageCountText({ first: 1, pageCount: 1, entries: [1, 2, 3], total: 3 })).toBe(
      '3 experiments, newest first.',
    );
    const entries = Array.from({ length: 50 });
    expect(pageCountText({ first: 51, pageCount: 40, entries, total: 2000 })).toBe(
      'Experiments 51–100 of 2,000, newest first.',
    );
  });
});
