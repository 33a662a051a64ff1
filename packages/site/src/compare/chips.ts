// /compare's chips as the search index counts them: each chip is a value of one facet of the runs
// (facets.ts), and its count is how many experiments have a run with that value among those the
// other chosen chips leave. The page holds no list of runs; it holds each chip's words (a few
// hundred at most, however many experiments there are: compare/compare-chip-labels.ts) and asks
// Pagefind for the counts (compare-search.ts).

import { FACETS, type Facet, type FacetFilters, type FacetValue } from './facets.ts';

/** A chip the site has: its facet, URL value and words, in the order the page shows them. */
export interface ChipLabel extends FacetValue {
  facet: Facet;
}

/** Each facet's counts by value: experiments left with the other facets' chips as chosen. */
export type ChipCounts = Readonly<Record<Facet, Readonly<Record<string, number>>>>;

/** One chip as the page draws it. */
export interface Chip extends FacetValue {
  /** Experiments it would leave; 0 greys it. */
  count: number;
  isChosen: boolean;
}

/**
 * Each facet's chips, in the labels' order. A chosen value the site has no chip for (a link from
 * before an experiment was removed) is shown too, so that it can be unchosen.
 */
export function facetChips(
  labels: readonly ChipLabel[],
  filters: FacetFilters,
  counts: ChipCounts,
): Record<Facet, Chip[]> {
  const chips = {} as Record<Facet, Chip[]>;
  for (const facet of FACETS) {
    const values: FacetValue[] = labels.filter((label) => label.facet === facet);
    const chosen = filters[facet];
    if (chosen !== undefined && !values.some((value) => value.value === chosen))
      values.push({ value: chosen, label: chosen });
    chips[facet] = values.map(({ value, label }) => ({
      value,
      label,
      count: counts[facet][value] ?? 0,
      isChosen: chosen === value,
    }));
  }
  return chips;
}

/** What a chip's count is, for its title: experiments, not runs; 0 greys it. */
export function chipTitle(chip: Pick<Chip, 'label' | 'count'>): string {
  if (chip.count === 0) return `No experiment has a run with “${chip.label}” and the other chips chosen`;
  return `${chip.count === 1 ? '1 experiment has' : `${chip.count} experiments have`} a run with “${chip.label}” and the other chips chosen`;
}
