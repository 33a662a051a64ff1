import { describe, expect, test } from 'vitest';
import { chipCounts, chipSearches, listSearch } from './compare-search.ts';

const TOOLS = ['fio', 'bonnie', 'sysbench'];

describe('listSearch(query, tools)', () => {
  test('asks for experiments with a run of any tool, newest first, when no chip is chosen', () => {
    expect(listSearch({ filters: {}, sharedKeys: null }, TOOLS)).toEqual({
      filters: {
        'run-tool': { any: TOOLS },
        'run-workload': [],
        'run-hardware': [],
        'run-filesystem': [],
        'run-device': [],
      },
      sort: { newest: 'asc' },
    });
  });

  test('sends each chosen chip as its facet’s filter, and the chosen runs’ keys as any-of', () => {
    const keys = ['fio|random-write-direct', 'fio|seq-write'];
    expect(listSearch({ filters: { tool: 'fio', hardware: 'raid' }, sharedKeys: keys }, TOOLS)).toEqual({
      filters: {
        'run-tool': 'fio',
        'run-workload': [],
        'run-hardware': 'raid',
        'run-filesystem': [],
        'run-device': [],
        'compare-key': { any: keys },
      },
      sort: { newest: 'asc' },
    });
  });

  test('finds nothing on a site without runs, or sharing keys with runs that have none', () => {
    expect(listSearch({ filters: {}, sharedKeys: null }, [])).toBeNull();
    expect(listSearch({ filters: {}, sharedKeys: [] }, TOOLS)).toBeNull();
  });
});

describe('chipSearches(query, tools) and chipCounts(answers)', () => {
  test('counts a facet with a chosen chip by the search without it: a chip replaces its facet’s choice', () => {
    const searches = chipSearches({ filters: { tool: 'fio', hardware: 'raid' }, sharedKeys: null }, TOOLS);
    const chosen = (filters: Record<string, unknown> = {}) =>
      Object.fromEntries(Object.entries(filters).filter(([, value]) => !Array.isArray(value) || value.length > 0));
    expect(searches.map((search) => [search.facet, chosen(search.options.filters)])).toEqual([
      [null, { 'run-tool': 'fio', 'run-hardware': 'raid' }],
      ['tool', { 'run-tool': { any: TOOLS }, 'run-hardware': 'raid' }],
      ['hardware', { 'run-tool': 'fio' }],
    ]);
    // What Pagefind answers for each: per filter, the results that also have each value.
    const counts = chipCounts([
      { facet: null, filters: { 'run-tool': { fio: 3, bonnie: 1 }, 'run-filesystem': { ext4: 2 } } },
      { facet: 'tool', filters: { 'run-tool': { fio: 3, bonnie: 2 } } },
      { facet: 'hardware', filters: { 'run-hardware': { raid: 3, 'loop-device': 1 } } },
    ]);
    expect(counts.tool).toEqual({ fio: 3, bonnie: 2 });
    expect(counts.hardware).toEqual({ raid: 3, 'loop-device': 1 });
    expect(counts.filesystem).toEqual({ ext4: 2 });
    expect(counts.device).toEqual({});
  });

  test('makes no search when the list can find nothing', () => {
    expect(chipSearches({ filters: { tool: 'fio' }, sharedKeys: [] }, TOOLS)).toEqual([]);
    expect(chipCounts([]).tool).toEqual({});
  });
});
