// The compare page's runs: what a chosen run is called (short in charts, in full in tables and on
// hover), and, beside every box of the list, how many workloads the run shares with the runs
// chosen so far.

import type { RunNames } from './aliases.ts';
import type { CompareRun } from './compare-index.ts';
import type { RunName } from './scoreboard-element.ts';

/** Every run the page has loaded (compare/compare-runs-store.ts), by `<experiment>/<run>`. */
export type KnownRuns = ReadonlyMap<string, CompareRun>;

/**
 * A chosen run's names. Runs of one experiment are told apart by their labels; across
 * experiments, or when two chosen runs have one label, the short name adds the experiment's
 * alias (`ext4 · msa70`), never a cut title. The full name has the experiment's title.
 */
export function compareRunName(known: KnownRuns, names: RunNames, id: string, chosen: readonly string[]): RunName {
  const run = known.get(id);
  if (run === undefined) return { short: id, full: id };
  const full = `${run.label} (${run.experimentTitle})`;
  const others = chosen.filter((other) => other !== id).map((other) => known.get(other));
  const sameExperiment = others.every((other) => other?.experiment === run.experiment);
  if (sameExperiment && !others.some((other) => other?.label === run.label)) return { short: run.label, full };
  const alias = names.short(id).split('/')[0] ?? run.experiment;
  return { short: `${run.label} · ${alias}`, full };
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
