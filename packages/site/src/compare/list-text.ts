// The words of /compare's list of experiments: how many the search found and how many are shown,
// the folded list's one-line summary, and what an experiment's fieldset says of the runs the
// chips hide.

const COUNT = new Intl.NumberFormat('en-US');

function experiments(count: number): string {
  return `${COUNT.format(count)} ${count === 1 ? 'experiment' : 'experiments'}`;
}

export interface ListCount {
  /** Experiments the search found. */
  found: number;
  /** Experiments shown so far (batches of the found ones). */
  shown: number;
  hasChips: boolean;
  isSharedOnly: boolean;
}

/** What the list shows: "20 of 140 experiments with runs matching the chosen chips, newest first." */
export function listCountText({ found, shown, hasChips, isSharedOnly }: ListCount): string {
  const which = [
    hasChips ? 'matching the chosen chips' : '',
    isSharedOnly ? 'sharing a tool and workload with the chosen runs' : '',
  ].filter((words) => words !== '');
  if (found === 0)
    return which.length === 0 ? 'No experiment has runs yet.' : `No experiment has runs ${which.join(' and ')}.`;
  const count = shown < found ? `${COUNT.format(shown)} of ${experiments(found)}` : experiments(found);
  return `${count} with runs${which.length > 0 ? ` ${which.join(', ')}` : ''}, newest first.`;
}

/** The folded list's summary: "Runs: 2 chosen (ext4 · msa70, xfs · loopback) · 14 experiments found". */
export function runsSummaryText(chosen: readonly string[], found: number | undefined): string {
  const names = chosen.length > 0 ? ` (${chosen.join(', ')})` : '';
  const listed = found === undefined ? '' : ` · ${experiments(found)} found`;
  return `Runs: ${chosen.length} chosen${names}${listed}`;
}

/** What an experiment's fieldset says of its runs the chips hide; "" when none is hidden. */
export function hiddenRunsText(shown: number, hidden: number): string {
  if (hidden === 0) return '';
  // A search finds an experiment when its runs have the chips between them, not one run all.
  if (shown === 0) return 'No one run of it has every chosen chip: its runs have them between them.';
  return `${hidden === 1 ? '1 more run' : `${hidden} more runs`} without the chosen chips.`;
}
