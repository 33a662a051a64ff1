// Which published runs the reader's run is worth comparing with, by what ran rather than by what
// it was called: each of the reader's workloads (the library's WorkloadFingerprint, one per fio
// job, sysbench run, bonnie++ run, iostat log) is matched to the published run's most alike
// workload (rankFingerprints), and the run is ranked by those matches. Pure and browser-safe.

import { type KindMatch, rankFingerprints, type Similarity, type WorkloadFingerprint } from '@benchfolio/parsers';
import type { CompareFingerprint, CompareRun } from '../../compare/compare-index.ts';
import { publishedRunId } from './matching-runs.ts';

/** One of the reader's workloads, with the output it was read from. */
export interface YourFingerprint {
  /** The output's name on the page (`pasted-1.txt`, a dropped file's name). */
  file: string;
  fingerprint: WorkloadFingerprint;
}

/** One of the reader's workloads and the published run's most alike one. */
export interface WorkloadPair {
  yours: YourFingerprint;
  theirs: CompareFingerprint;
  similarity: Similarity;
}

/** A published run, how alike its workloads are to the reader's, and why. */
export interface RankedRun {
  run: CompareRun;
  /** `<experiment>/<run>`. */
  id: string;
  /** Mean over the reader's workloads of their best match's score (0 where none is related). */
  score: number;
  /** The kind match of the best pair: `same` when some workload is of the same kind. */
  kindMatch: KindMatch;
  /** Per reader workload that has a related one in this run, the most alike pair; best first. */
  pairs: WorkloadPair[];
}

/** Better kind matches first: a run with a workload of the same kind before any other. */
const KIND_ORDER: Readonly<Record<KindMatch, number>> = { same: 0, unknown: 1, different: 2, unrelated: 3 };

/**
 * The published runs with at least one workload related to one of the reader's (same category:
 * I/O with I/O, a filesystem suite with another, device activity with device activity), best
 * first: by the kind of their best pair, then by score, then in the order given (newest
 * experiment first). Runs known only from a published table have no fingerprints and are left out.
 */
export function rankPublishedRuns(yours: readonly YourFingerprint[], runs: readonly CompareRun[]): RankedRun[] {
  if (yours.length === 0) return [];
  const ranked = runs.flatMap((run, position) => {
    const pairs: WorkloadPair[] = [];
    let total = 0;
    for (const mine of yours) {
      const pair = bestPair(mine, run.fingerprints);
      if (pair === undefined) continue;
      pairs.push(pair);
      total += pair.similarity.score;
    }
    if (pairs.length === 0) return [];
    pairs.sort(byPair);
    const kindMatch = (pairs[0] as WorkloadPair).similarity.kindMatch;
    return [{ run, id: publishedRunId(run), score: total / yours.length, kindMatch, pairs, position }];
  });
  return ranked
    .sort((a, b) => KIND_ORDER[a.kindMatch] - KIND_ORDER[b.kindMatch] || b.score - a.score || a.position - b.position)
    .map(({ position: _position, ...run }) => run);
}

/**
 * The published workload most alike `mine`, if any is related: rankFingerprints' first (its
 * score bands put a workload of the same kind above any other; equals keep the output's order).
 */
function bestPair(mine: YourFingerprint, theirs: readonly CompareFingerprint[]): WorkloadPair | undefined {
  const [best] = rankFingerprints(mine.fingerprint, theirs, (candidate) => [candidate.fingerprint]);
  if (best === undefined || best.similarity.kindMatch === 'unrelated') return undefined;
  return { yours: mine, theirs: best.candidate, similarity: best.similarity };
}

function byPair(a: WorkloadPair, b: WorkloadPair): number {
  return b.similarity.score - a.similarity.score;
}

/**
 * The runs checked at first: the `count` best of the best kind match there is (the top runs of
 * the same kind as the reader's, or failing any, of the nearest kind).
 */
export function defaultChosenRuns(ranked: readonly RankedRun[], count = 3): string[] {
  const best = ranked[0]?.kindMatch;
  return ranked
    .filter((run) => run.kindMatch === best)
    .slice(0, count)
    .map((run) => run.id);
}

/**
 * A pair for a reader: which workload of the reader's met which of the run's, then the library's
 * reasons ("your randwrite ↔ random-write-direct: same 8 KiB random writes at QD 1; differs: …").
 */
export function pairText(pair: WorkloadPair): string {
  const mine = pair.yours.fingerprint.workload;
  const theirs = pair.theirs.fingerprint.workload;
  return `your ${mine} ↔ ${theirs}: ${pair.similarity.text}`;
}

/** "same kind", "kind unknown", "another kind": the kind match in a few words. */
export function kindMatchText(kindMatch: KindMatch): string {
  switch (kindMatch) {
    case 'same':
      return 'same kind';
    case 'unknown':
      return 'kind not said by one';
    case 'different':
      return 'another kind';
    default:
      return 'unrelated';
  }
}
