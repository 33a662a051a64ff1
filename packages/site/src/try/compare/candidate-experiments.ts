// Which published experiments /try fetches runs from: asked of the site's search index by the
// reader's workloads (candidate-filters.ts), newest first, never more than a bound, so that what
// the page loads does not grow with the site. Experiments with a workload like the reader's come
// first; while they are fewer than the bound, the newest others with a related workload (the same
// category) fill it, as the ranking lists those after them.

import type { WorkloadFingerprint } from '@benchfolio/parsers';
import { WORKLOAD_CATEGORY_FILTER, WORKLOAD_KIND_FILTER } from '../../compare/compare-filters.ts';
import { mapLimited } from '../../lib/map-limited.ts';
import type { Pagefind, PagefindResult } from '../../lib/pagefind.ts';
import { categoryValues, likeKindValues } from './candidate-filters.ts';

/** At most this many experiments' runs are fetched and ranked. */
export const CANDIDATE_LIMIT = 60;
/** Requests at once, for the records and the runs alike. */
export const FETCHES_AT_ONCE = 6;

/** How the candidates were chosen: how many the index had of each sort, how many were taken. */
export interface CandidateScope {
  /** Experiments with a workload like one of the reader's (same kind, or a kind one side does not say). */
  likeCount: number;
  /** Experiments with a related workload (the same category), like ones included; null when not asked. */
  relatedCount: number | null;
  /** The experiments taken, like ones first counted in. */
  taken: number;
}

export interface CandidateExperiments {
  /** Experiment ids, newest first. */
  ids: string[];
  /** Records whose data did not load, in words. */
  failures: string[];
  scope: CandidateScope;
}

/** The experiments whose runs are worth ranking for the reader's workloads, newest first. */
export async function candidateExperiments(
  pagefind: Pagefind,
  yours: readonly WorkloadFingerprint[],
  limit = CANDIDATE_LIMIT,
): Promise<CandidateExperiments> {
  const sort = { newest: 'asc' } as const;
  const like =
    (await pagefind.search(null, { filters: { [WORKLOAD_KIND_FILTER]: { any: likeKindValues(yours) } }, sort }))
      ?.results ?? [];
  let chosen: PagefindResult[];
  let relatedCount: number | null = null;
  if (like.length >= limit) chosen = like.slice(0, limit);
  else {
    const related =
      (await pagefind.search(null, { filters: { [WORKLOAD_CATEGORY_FILTER]: { any: categoryValues(yours) } }, sort }))
        ?.results ?? [];
    relatedCount = related.length;
    // A result's id is its record's in every search: the like ones are found among the related.
    const likeIds = new Set(like.map((result) => result.id));
    let room = limit - likeIds.size;
    chosen = related.filter((result) => likeIds.has(result.id) || room-- > 0);
  }
  const data = await mapLimited(chosen, FETCHES_AT_ONCE, (result) => result.data());
  const ids: string[] = [];
  const failures: string[] = [];
  for (const outcome of data) {
    const id = outcome.status === 'fulfilled' ? outcome.value.meta.id : undefined;
    if (id !== undefined) ids.push(id);
    else failures.push(outcome.status === 'rejected' ? messageOf(outcome.reason) : 'a search record has no id');
  }
  return { ids, failures, scope: { likeCount: like.length, relatedCount, taken: chosen.length } };
}

/**
 * What the ranking was made among, when the bound left experiments out: "Ranked among the 60
 * newest of the 1,234 experiments with a workload like yours." Empty when every experiment with a
 * related workload was taken.
 */
export function scopeText(scope: CandidateScope): string {
  const { likeCount, relatedCount, taken } = scope;
  if (taken >= (relatedCount ?? likeCount)) return '';
  if (relatedCount === null) {
    return `Ranked among the ${count(taken)} newest of the ${experiments(likeCount)} with a workload like yours.`;
  }
  if (likeCount === 0) {
    return `Ranked among the ${count(taken)} newest of the ${experiments(relatedCount)} with a related workload.`;
  }
  const others = `the ${count(taken - likeCount)} newest of the ${count(relatedCount - likeCount)} others`;
  return `Ranked among the ${experiments(likeCount)} with a workload like yours and ${others} with a related one.`;
}

/** "1 experiment", "1,234 experiments". */
function experiments(value: number): string {
  return `${count(value)} ${value === 1 ? 'experiment' : 'experiments'}`;
}

const COUNT = new Intl.NumberFormat('en-US');

function count(value: number): string {
  return COUNT.format(value);
}

function messageOf(caught: unknown): string {
  return caught instanceof Error ? caught.message : String(caught);
}
