// The compare page's state in its URL: `?runs=<experiment>/<run>,…&baseline=…&scale=log` and a
// `metric-<section key>=<metric>` per section whose metric the reader picked. A reload or a
// shared link shows the same comparison.

export interface CompareState {
  /** The chosen runs, `<experiment>/<run>`, in the order they were picked. */
  runs: string[];
  baseline: string | null;
  scale: 'linear' | 'log';
  /** The metric shown per compared section (`metric-<section key>` in the URL). */
  metrics: Record<string, string>;
}

const METRIC_PARAM = 'metric-';

/**
 * The state a query string gives: runs the page does not list are dropped, and a baseline that
 * is not one of the chosen runs is none.
 */
export function compareStateFrom(search: string, isKnownRun: (id: string) => boolean): CompareState {
  const params = new URLSearchParams(search);
  const runs = (params.get('runs') ?? '').split(',').filter(isKnownRun);
  const chosenBaseline = params.get('baseline');
  const metrics: Record<string, string> = {};
  for (const [name, value] of params) {
    if (name.startsWith(METRIC_PARAM)) metrics[name.slice(METRIC_PARAM.length)] = value;
  }
  return {
    runs,
    baseline: chosenBaseline !== null && runs.includes(chosenBaseline) ? chosenBaseline : null,
    scale: params.get('scale') === 'log' ? 'log' : 'linear',
    metrics,
  };
}

/** The query string of `state`, without the `?` ("" for the empty state); `/`, `,` and `:` stay readable. */
export function compareQuery(state: CompareState): string {
  const params = new URLSearchParams();
  if (state.runs.length > 0) params.set('runs', state.runs.join(','));
  if (state.baseline !== null) params.set('baseline', state.baseline);
  if (state.scale === 'log') params.set('scale', 'log');
  for (const [section, metric] of Object.entries(state.metrics)) params.set(`${METRIC_PARAM}${section}`, metric);
  return params.toString().replaceAll('%2F', '/').replaceAll('%2C', ',').replaceAll('%3A', ':');
}

/** The state after the reader changed a control of the form (a run's box, the baseline, the scale). */
export function changedCompareState(state: CompareState, control: HTMLInputElement | HTMLSelectElement): CompareState {
  const next = { ...state };
  if (control.name === 'run') {
    const box = control as HTMLInputElement;
    next.runs = box.checked ? [...state.runs, box.value] : state.runs.filter((id) => id !== box.value);
    if (next.baseline !== null && !next.runs.includes(next.baseline)) next.baseline = null;
  } else if (control.name === 'baseline') {
    next.baseline = control.value === '' ? null : control.value;
  } else if (control.name === 'scale') {
    next.scale = control.value === 'log' ? 'log' : 'linear';
  }
  return next;
}
