// The words of /compare's chips, which the page embeds: every facet value of any run of the site
// (compare-filters.ts gathers each experiment's), once. Their number grows with the kinds of
// tools, workloads, hardware, filesystems and devices, not with the experiments.

import type { ChipLabel } from './chips.ts';
import { type CompareFilters, FACET_FILTERS } from './compare-filters.ts';
import { FACETS, type Facet, NOT_STATED } from './facets.ts';

/**
 * Every chip of the site, facet by facet: the values most experiments have first (then by their
 * words), "not stated" last. Each entry is an experiment's catalog entry (catalog/catalog.ts). The order does not change with the chips chosen.
 */
export function chipLabels(entries: readonly { compare: CompareFilters }[]): ChipLabel[] {
  const facetOf = new Map(FACETS.map((facet) => [FACET_FILTERS[facet], facet] as [string, Facet]));
  const chips = new Map<string, ChipLabel & { experiments: number }>();
  for (const { compare } of entries) {
    for (const [key, label] of Object.entries(compare.labels)) {
      const [filter = '', value = ''] = key.split('=', 2);
      const facet = facetOf.get(filter);
      if (facet === undefined) continue;
      const chip = chips.get(key) ?? { facet, value, label, experiments: 0 };
      chip.experiments += 1;
      chips.set(key, chip);
    }
  }
  const isNotStated = (chip: ChipLabel) => Number(chip.value === NOT_STATED.value);
  return [...chips.values()]
    .sort(
      (a, b) =>
        FACETS.indexOf(a.facet) - FACETS.indexOf(b.facet) ||
        isNotStated(a) - isNotStated(b) ||
        b.experiments - a.experiments ||
        a.label.localeCompare(b.label),
    )
    .map(({ facet, value, label }) => ({ facet, value, label }));
}
