// How /try names a published run: by an id unique across experiments, and a label for charts. Pure.

import type { CompareRun } from '../../compare/compare-index.ts';
import type { RunRef } from '../../view/model.ts';

/** `<experiment>/<run>`: a run id unique across experiments. */
export function publishedRunId(run: CompareRun): string {
  return `${run.experiment}/${run.run}`;
}

/**
 * The run as the charts name it: its label and its experiment's month, "ext4 · 2026-11". Short, so
 * that legends and bar labels stay whole on a phone; the list of runs names the experiment in full.
 */
export function publishedRunRef(run: CompareRun): RunRef {
  return { id: publishedRunId(run), label: `${run.label} · ${run.date.slice(0, 7)}` };
}
