// How /try names a published run: by an id unique across experiments, and a label for charts. Pure.

import type { CompareRun } from '../../data/compare-index.ts';
import type { RunRef } from '../../view/model.ts';

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
