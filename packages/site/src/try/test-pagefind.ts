// For tests only: the site's Pagefind index in memory, over the very records the build indexes
// (catalog/search-record.ts, made from real experiments' catalog entries). It answers the part of
// Pagefind's browser API /try uses (pagefind.ts) as Pagefind does: filters matched exactly (one
// value, all of several, `any`, `all`, `none`), records without the sort key left out of a
// sorted search, words matched in the record's text, and `data()` fetched per result.

import type { LoadedExperiment } from '@benchfolio/parsers/node';
import { catalogEntry } from '../catalog/catalog.ts';
import { type SearchRecord, searchRecord } from '../catalog/search-record.ts';
import type { Pagefind, PagefindFilter, PagefindResult, PagefindSearchOptions } from '../lib/pagefind.ts';

/** The search records of loaded experiments, as the build writes them (without write-ups). */
export function searchRecordsOf(experiments: readonly LoadedExperiment[], base = '/'): SearchRecord[] {
  return experiments.map((loaded) => {
    const entry = catalogEntry(loaded, 'digest', [], base);
    return searchRecord(entry, {
      alias: loaded.id.split('-').at(-1) ?? loaded.id,
      writeUpHtml: '',
      url: entry.index.href,
    });
  });
}

/** What a test can read of the fake's use: the searches asked, and the records whose data was fetched. */
export interface FakePagefind extends Pagefind {
  searches: Array<{ term: string | null; options: PagefindSearchOptions }>;
  dataFetched: string[];
}

export function fakePagefind(records: readonly SearchRecord[]): FakePagefind {
  const searches: FakePagefind['searches'] = [];
  const dataFetched: string[] = [];
  const resultOf = (record: SearchRecord, index: number): PagefindResult => ({
    id: `record-${index}`,
    async data() {
      dataFetched.push(record.meta.id);
      return { url: record.url, excerpt: '', meta: { id: record.meta.id, title: record.meta.title } };
    },
  });
  return {
    searches,
    dataFetched,
    async search(term, options = {}) {
      searches.push({ term, options });
      let found = records.map((record, index) => ({ record, result: resultOf(record, index) }));
      found = found.filter(({ record }) => hasWords(record, term) && matchesFilters(record, options.filters ?? {}));
      const [sortKey, direction] = Object.entries(options.sort ?? {})[0] ?? [];
      if (sortKey !== undefined) {
        const key = sortKey as keyof SearchRecord['sort'];
        found = found.filter(({ record }) => record.sort[key] !== undefined);
        found.sort((a, b) => a.record.sort[key].localeCompare(b.record.sort[key]) * (direction === 'desc' ? -1 : 1));
      }
      return { results: found.map(({ result }) => result), filters: filterCounts(found.map(({ record }) => record)) };
    },
    async filters() {
      return filterCounts(records);
    },
  };
}

/** Every filter's values among `records`, each with how many of them have it. */
function filterCounts(records: readonly SearchRecord[]): Record<string, Record<string, number>> {
  const counts: Record<string, Record<string, number>> = {};
  for (const record of records) {
    for (const [filter, values] of Object.entries(record.filters)) {
      counts[filter] ??= {};
      for (const value of values) counts[filter][value] = (counts[filter][value] ?? 0) + 1;
    }
  }
  return counts;
}

function hasWords(record: SearchRecord, term: string | null): boolean {
  if (term === null) return true;
  const text = record.content.toLowerCase();
  return term
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '')
    .every((word) => text.includes(word));
}

function isList(filter: PagefindFilter): filter is readonly string[] {
  return Array.isArray(filter);
}

function matchesFilters(record: SearchRecord, filters: Record<string, PagefindFilter>): boolean {
  return Object.entries(filters).every(([name, filter]) => {
    const has = (value: string) => (record.filters[name] ?? []).includes(value);
    if (typeof filter === 'string') return has(filter);
    if (isList(filter)) return filter.every(has);
    if ('any' in filter) return filter.any.some(has);
    if ('all' in filter) return filter.all.every(has);
    return !filter.none.some(has);
  });
}

/**
 * A bigger site from real records: `count` copies of each, as the index-paging e2e test copies
 * experiment folders (`<id>-copy<n>`), each sorted as its folder name would be.
 */
export function copiesOf(records: readonly SearchRecord[], count: number): SearchRecord[] {
  return records.flatMap((record) =>
    Array.from({ length: count }, (_, n) => {
      const id = `${record.meta.id}-copy${n + 1}`;
      const withId = (key: string) => key.replace(record.meta.id, id);
      return {
        ...record,
        url: record.url.replace(record.meta.id, id),
        meta: { ...record.meta, id },
        sort: {
          newest: withId(record.sort.newest),
          oldest: withId(record.sort.oldest),
          title: withId(record.sort.title),
        },
      };
    }),
  );
}
