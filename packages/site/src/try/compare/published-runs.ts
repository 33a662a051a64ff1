// The published runs /try ranks: those of the candidate experiments (candidate-experiments.ts),
// each experiment's from its own small file (`/experiments/<id>/compare-runs.json`), a few
// fetches at a time. Nothing the page loads lists every run of the site.

import type { WorkloadFingerprint } from '@benchfolio/parsers';
import type { CompareRun, ExperimentCompareRuns } from '../../compare/compare-index.ts';
import { compareRunsJsonPath } from '../../data/download-paths.ts';
import { mapLimited } from '../../lib/map-limited.ts';
import type { Pagefind } from '../../lib/pagefind.ts';
import { href } from '../../lib/url.ts';
import { type CandidateScope, candidateExperiments, FETCHES_AT_ONCE } from './candidate-experiments.ts';

export interface PublishedRuns {
  /** The candidates' runs, newest experiment first, each experiment's in its file's order. */
  runs: CompareRun[];
  scope: CandidateScope;
  /** What did not load (a record, an experiment's runs), in words; the rest is ranked without it. */
  failures: string[];
}

/**
 * The runs of the experiments the search index finds for the reader's workloads. Throws when the
 * index cannot be searched, or when not one candidate's runs load.
 */
export async function publishedRuns(
  pagefind: Pagefind,
  yours: readonly WorkloadFingerprint[],
  base: string,
): Promise<PublishedRuns> {
  const candidates = await candidateExperiments(pagefind, yours);
  const addresses = candidates.ids.map((id) => href(compareRunsJsonPath(id), base));
  const files = await mapLimited(addresses, FETCHES_AT_ONCE, fetchCompareRuns);
  const runs: CompareRun[] = [];
  const failures = [...candidates.failures];
  for (const file of files) {
    if (file.status === 'fulfilled') runs.push(...file.value.runs);
    else failures.push(messageOf(file.reason));
  }
  const found = candidates.ids.length + candidates.failures.length;
  if (found > 0 && failures.length === found) throw new Error(failures[0]);
  return { runs, scope: candidates.scope, failures };
}

async function fetchCompareRuns(address: string): Promise<ExperimentCompareRuns> {
  const response = await fetch(address);
  if (!response.ok) throw new Error(`${response.status} ${response.statusText} for ${address}`.replace('  ', ' '));
  const body = (await response.json()) as ExperimentCompareRuns;
  if (!Array.isArray(body.runs)) throw new Error(`${address} has no list of runs`);
  return body;
}

function messageOf(caught: unknown): string {
  return caught instanceof Error ? caught.message : String(caught);
}
