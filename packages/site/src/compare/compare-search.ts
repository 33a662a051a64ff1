// What /compare asks the site's search index (one record per experiment, catalog/search-record.ts):
// the experiments to list, newest first, and the counts of the chips. Every filter of a record
// is the union over the experiment's runs (compare/compare-filters.ts), so a search finds the
// experiments that have runs with each chosen chip, and the page hides their other runs.

import type { PagefindFilter, PagefindSearchOptions } from '../lib/pagefind.ts';
import type { ChipCounts } from './chips.ts';
import { COMPARE_KEY_FILTER, FACET_FILTERS } from './compare-filters.ts';
import { FACETS, type Facet, type FacetFilters } from './facets.ts';

/** What the list shows. */
export interface ListQuery {
  filters: FacetFilters;
  /** The chosen runs' compare keys when the list keeps the experiments sharing one; null otherwise. */
  sharedKeys: readonly string[] | null;
}

/**
 * The search of the list's experiments, or null when it can find none: the site has no run
 * (`tools` is every tool of the chips), or the chosen runs have no compare key to share.
 * Experiments awaiting runs have no run filters: asking for any tool leaves them out.
 */
export function listSearch(query: ListQuery, tools: readonly string[]): PagefindSearchOptions | null {
  if (tools.length === 0 || query.sharedKeys?.length === 0) return null;
  const filters: Record<string, PagefindFilter> = {};
  for (const facet of FACETS) {
    // Pagefind counts a filter's values only once it has loaded that filter, which a search does
    // for the filters it names: a facet with no chip chosen is named with no value (every one of
    // no values: no constraint), so that its chips are counted too.
    filters[FACET_FILTERS[facet]] = query.filters[facet] ?? [];
  }
  if (query.filters.tool === undefined) filters[FACET_FILTERS.tool] = { any: tools };
  if (query.sharedKeys !== null) filters[COMPARE_KEY_FILTER] = { any: query.sharedKeys };
  // The records' `newest` key sorts newest first in ascending order.
  return { filters, sort: { newest: 'asc' } };
}

/** One search that counts chips: `facet` is the facet whose chosen chip it leaves out (null: none). */
export interface ChipSearch {
  facet: Facet | null;
  options: PagefindSearchOptions;
}

/**
 * The searches that count the chips. Pagefind counts what adding a value to a search's filters
 * would leave; a chip replaces its facet's chosen chip instead. So the list's own search counts
 * the facets with no chip chosen, and each facet with one is counted by the list's search without
 * it: one search more per chosen chip, at most five.
 */
export function chipSearches(query: ListQuery, tools: readonly string[]): ChipSearch[] {
  const own = listSearch(query, tools);
  if (own === null) return [];
  const searches: ChipSearch[] = [{ facet: null, options: own }];
  for (const facet of FACETS) {
    if (query.filters[facet] === undefined) continue;
    const { [facet]: _chosen, ...others } = query.filters;
    const options = listSearch({ ...query, filters: others }, tools);
    if (options !== null) searches.push({ facet, options });
  }
  return searches;
}

/** Each facet's counts from the chip searches' answers (Pagefind's `filters` of each). */
export function chipCounts(
  answers: readonly { facet: Facet | null; filters: Readonly<Record<string, Readonly<Record<string, number>>>> }[],
): ChipCounts {
  const counts = {} as Record<Facet, Readonly<Record<string, number>>>;
  for (const facet of FACETS) {
    const answer = answers.find((candidate) => candidate.facet === facet) ?? answers.find((a) => a.facet === null);
    counts[facet] = answer?.filters[FACET_FILTERS[facet]] ?? {};
  }
  return counts;
}
