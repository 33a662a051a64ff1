// The compare page's list of runs: what a chosen run is called in the charts, and, beside every
// box, how many workloads the run shares with the runs chosen so far.

import type { CompareRun } from '../data/compare-index.ts';

/** Every listed run by `<experiment>/<run>`. */
export type KnownRuns = ReadonlyMap<string, CompareRun>;

/**
 * A chosen run's label. Runs of one experiment are told apart by their labels; across
 * experiments, or when two chosen runs have one label, the label needs its experiment's title
 * beside it.
 */
export function compareRunLabel(known: KnownRuns, id: string, chosen: readonly string[]): string {
  const run = known.get(id);
  if (run === undefined) return id;
  const others = chosen.filter((other) => other !== id).map((other) => known.get(other));
  const sameExperiment = others.every((other) => other?.experiment === run.experiment);
  if (sameExperiment && !others.some((other) => other?.label === run.label)) return run.label;
  // Experiment titles are long; enough of one to tell runs of the same name apart.
  const title = run.experimentTitle.length > 32 ? `${run.experimentTitle.slice(0, 31)}…` : run.experimentTitle;
  return `${run.label} (${title})`;
}

/**
 * Marks each run's box as comparable or not with the chosen runs (`data-comparable` on its
 * `.compare-run`), and writes " · shares N" in its `[data-shares]` note.
 */
export function markSharedWorkloads(
  boxes: readonly HTMLInputElement[],
  known: KnownRuns,
  chosen: readonly string[],
): void {
  const chosenKeys = new Set(chosen.flatMap((id) => known.get(id)?.keys ?? []));
  for (const box of boxes) {
    const label = box.closest<HTMLElement>('.compare-run');
    const note = label?.querySelector<HTMLElement>('[data-shares]');
    const shared = (known.get(box.value)?.keys ?? []).filter((key) => chosenKeys.has(key)).length;
    if (label) label.dataset.comparable = String(chosen.length === 0 || shared > 0);
    if (note) note.textContent = chosen.length === 0 || box.checked ? '' : shared > 0 ? ` · shares ${shared}` : '';
  }
}
