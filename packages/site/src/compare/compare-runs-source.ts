// Where the compare page gets experiments' runs: each experiment's own file,
// `experiments/<id>/compare-runs.json`, and the search index's `alias` filter for the short
// names of links (compare/compare-runs-store.ts).

import { loadPagefind } from '../lib/pagefind.ts';
import { href } from '../lib/url.ts';
import type { ExperimentCompareRuns } from './compare-index.ts';
import type { CompareRunsSource } from './compare-runs-store.ts';

export const siteCompareRunsSource: CompareRunsSource = {
  async experiment(id) {
    const response = await fetch(href(`experiments/${encodeURIComponent(id)}/compare-runs.json`));
    // A link naming an experiment the site does not have: its runs are dropped, not an error.
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`${response.status} for the runs of ${id}`);
    return (await response.json()) as ExperimentCompareRuns;
  },
  async idsOfAliases(aliases) {
    const pagefind = await loadPagefind();
    const found = await pagefind.search(null, { filters: { alias: { any: aliases } } });
    const pages = await Promise.all((found?.results ?? []).map((result) => result.data()));
    return pages.flatMap((page) => (page.meta.id === undefined ? [] : [page.meta.id]));
  },
};
