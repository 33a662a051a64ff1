// The words of /compare's list of experiments: how many the search found and how many are shown,
// and the folded list's one-line summary.

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

/** What the list shows: "20 of 140 experiments with runs with the chosen chips, newest first." */
export function listCountText({ found, shown, hasChips, isSharedOnly }: ListCount): string {
  const which = [
    hasChips ? 'with the chosen chips' : '',
    isSharedOnly ? 'sharing a tool and workload with the chosen runs' : '',
  ].filter((words) => words !== '');
  if (found === 0)
    return which.length === 0 ? 'No experiment has runs yet.' : `No experiment has runs ${which.join(' and ')}.`;
  const count = shown < found ? `${COUNT.format(shown)} of ${experiments(found)}` : experiments(found);
  return `${count} with runs${which.length > 0 ? ` ${which.join(', ')}` : ''}, newest first.`;
}

/** The folded list's summary: "Runs: 2 chosen (ext4 · msa70, xfs · loopback) · 14 experiments listed". */
export function runsSummaryText(chosen: readonly string[], found: number | undefined): string {
  const names = chosen.length > 0 ? ` (${chosen.join(', ')})` : '';
  const listed = found === undefined ? '' : ` · ${experiments(found)} listed`;
  return `Runs: ${chosen.length} chosen${names}${listed}`;
}
