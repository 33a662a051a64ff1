// Which published runs the reader's run can be compared with, and how to name them. Pure.

import type { CompareIndex, CompareRun } from '../../data/compare-index.ts';
import type { RunRef } from '../../view/model.ts';
import { splitCompareKey } from './compare-keys.ts';

/** A published run and the workload keys it shares with the reader's run. */
export interface MatchingRun {
  run: CompareRun;
  /** `<experiment>/<run>`, as the compare page names runs across experiments. */
  id: string;
  /** In the published run's order. */
  shared: string[];
}

/** `<experiment>/<run>`: a run id unique across experiments. */
export function publishedRunId(run: CompareRun): string {
  return `${run.experiment}/${run.run}`;
}

// Experiment titles are long; enough of one to tell runs of the same name apart (as the compare page).
const TITLE_CHARS = 32;

/** The run as the charts name it: "ext4 (Ext4, XFS and Btrfs on a loopba…)". */
export function publishedRunRef(run: CompareRun): RunRef {
  const title =
    run.experimentTitle.length > TITLE_CHARS
      ? `${run.experimentTitle.slice(0, TITLE_CHARS - 1)}…`
      : run.experimentTitle;
  return { id: publishedRunId(run), label: `${run.label} (${title})` };
}

/**
 * The published runs sharing at least one key with `yourKeys`, most shared first. Among runs
 * sharing as many, the closest match first: the one with the fewest workloads besides (the seed's
 * own four fio jobs before a run of those four and twenty more); then the index's order (newest
 * experiment first).
 */
export function matchingRuns(index: CompareIndex, yourKeys: readonly string[]): MatchingRun[] {
  const yours = new Set(yourKeys);
  return index.runs
    .map((run) => ({ run, id: publishedRunId(run), shared: run.keys.filter((key) => yours.has(key)) }))
    .filter((match) => match.shared.length > 0)
    .sort((a, b) => b.shared.length - a.shared.length || a.run.keys.length - b.run.keys.length);
}

/** "shares 4: random-write-direct, random-write-buf, sequential-write-direct, …": the option's note. */
export function sharesText(shared: readonly string[], named = 3): string {
  const groups = shared.map((key) => {
    const { section, group } = splitCompareKey(key);
    return group === '' ? section : group;
  });
  const list = groups.slice(0, named).join(', ');
  return `shares ${shared.length}: ${list}${groups.length > named ? ', …' : ''}`;
}
