// What the published experiments ran, in a sentence, for a reader whose workloads match none of
// them: the categories of the search index's `workload-category` filter, each with how many
// experiments have one. Pagefind counts them; nothing lists the experiments.

import { WORKLOAD_CATEGORIES, type WorkloadCategory } from '@benchfolio/parsers';
import { WORKLOAD_CATEGORY_FILTER } from '../../compare/compare-filters.ts';
import type { Pagefind } from '../../lib/pagefind.ts';

/** Each category in a reader's words; a record, so that a category the library adds must be named. */
const CATEGORY_WORDS: Readonly<Record<WorkloadCategory, string>> = {
  io: 'file and device I/O',
  'filesystem-suite': 'filesystem test suites',
  cpu: 'CPU',
  memory: 'memory',
  oltp: 'OLTP',
  threads: 'threads',
  mutex: 'mutexes',
  'device-activity': 'device activity',
  other: 'other workloads',
};

/**
 * "The published experiments ran file and device I/O (7 experiments) and filesystem test suites
 * (1 experiment)." — most first, then in the library's order; or that none has a workload the
 * library can tell.
 */
export async function publishedWorkloadsText(pagefind: Pagefind): Promise<string> {
  const counts = (await pagefind.filters())[WORKLOAD_CATEGORY_FILTER] ?? {};
  const parts = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([a, countA], [b, countB]) => countB - countA || categoryOrder(a) - categoryOrder(b))
    .map(([category, count]) => {
      const words = CATEGORY_WORDS[category as WorkloadCategory] ?? category;
      return `${words} (${count} ${count === 1 ? 'experiment' : 'experiments'})`;
    });
  if (parts.length === 0) {
    return 'No published experiment has a workload the parsers can tell: their numbers come from published tables.';
  }
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `The published experiments ran ${list}.`;
}

function categoryOrder(category: string): number {
  const at = (WORKLOAD_CATEGORIES as readonly string[]).indexOf(category);
  return at === -1 ? WORKLOAD_CATEGORIES.length : at;
}
