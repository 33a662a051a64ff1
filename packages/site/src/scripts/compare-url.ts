// The compare page's state in its URL, short and readable:
// `#runs=msa70/ext4,loopback/xfs&metric=write.iops&base=msa70/ext4&scale=log&fs=ext4`. Runs are
// `<experiment alias>/<run>` (compare/aliases.ts); the chips chosen are one parameter per facet.
// The long form of older links, `?runs=<experiment id>/<run>,…&baseline=…&metric-fio=…`, is read too.

import type { RunNames } from '../compare/aliases.ts';
import { FACETS, type Facet, type FacetFilters } from '../compare/facets.ts';

export type CompareScale = 'auto' | 'linear' | 'log';

export interface CompareState {
  /** The chosen runs, `<experiment id>/<run>`, in the order they were picked. */
  runs: string[];
  /** The run every other is shown relative to; null for the best of the selection. */
  base: string | null;
  /** The measurement shown (`write.iops`), or a compared metric's key from an old link; null for each section's first. */
  metric: string | null;
  /** `auto`: log when the values shown span more than ten times, else linear. */
  scale: CompareScale;
  filters: FacetFilters;
}

/** Each facet's parameter in the URL. */
const FACET_PARAMS: Readonly<Record<Facet, string>> = {
  tool: 'tool',
  workload: 'workload',
  hardware: 'hw',
  filesystem: 'fs',
  device: 'device',
};

export const EMPTY_COMPARE_STATE: CompareState = { runs: [], base: null, metric: null, scale: 'auto', filters: {} };

/**
 * The state a location gives: its hash when it has one, else the long query of older links.
 * Runs the page does not list are dropped, and a base that is not one of the chosen runs is the best.
 */
export function compareStateFrom(location: { search: string; hash: string }, names: RunNames): CompareState {
  const hash = location.hash.replace(/^#/, '');
  if (hash === '' && new URLSearchParams(location.search).has('runs')) return legacyState(location.search, names);
  const params = new URLSearchParams(hash);
  const runs = readRuns(params.get('runs'), names);
  const base = names.resolve(params.get('base') ?? '') ?? null;
  const filters: FacetFilters = {};
  for (const facet of FACETS) {
    const value = params.get(FACET_PARAMS[facet]);
    if (value) filters[facet] = value;
  }
  return {
    runs,
    base: base !== null && runs.includes(base) ? base : null,
    metric: params.get('metric') || null,
    scale: readScale(params.get('scale')),
    filters,
  };
}

function readRuns(list: string | null, names: RunNames): string[] {
  const runs = (list ?? '').split(',').flatMap((name) => names.resolve(name.trim()) ?? []);
  return [...new Set(runs)];
}

function readScale(value: string | null): CompareScale {
  return value === 'log' || value === 'linear' ? value : 'auto';
}

/** `?runs=…&baseline=…&scale=log&metric-<section>=<metric key>`, as the page wrote it before. */
function legacyState(search: string, names: RunNames): CompareState {
  const params = new URLSearchParams(search);
  const runs = readRuns(params.get('runs'), names);
  const baseline = names.resolve(params.get('baseline') ?? '') ?? null;
  const metric = [...params].find(([name]) => name.startsWith('metric-'))?.[1] ?? null;
  return {
    ...EMPTY_COMPARE_STATE,
    runs,
    base: baseline !== null && runs.includes(baseline) ? baseline : null,
    metric,
    scale: params.get('scale') === 'log' ? 'log' : 'auto',
  };
}

/** The hash of `state`, without the `#` ("" for the empty state), in short names; `/`, `,`, `:` stay readable. */
export function compareHash(state: CompareState, names: RunNames): string {
  const params = new URLSearchParams();
  if (state.runs.length > 0) params.set('runs', state.runs.map((id) => names.short(id)).join(','));
  if (state.metric !== null) params.set('metric', state.metric);
  if (state.base !== null) params.set('base', names.short(state.base));
  if (state.scale !== 'auto') params.set('scale', state.scale);
  for (const facet of FACETS) {
    const value = state.filters[facet];
    if (value !== undefined) params.set(FACET_PARAMS[facet], value);
  }
  return params.toString().replaceAll('%2F', '/').replaceAll('%2C', ',').replaceAll('%3A', ':');
}

/** The state with a run picked or dropped; a dropped base falls back to the best. */
export function toggledRun(state: CompareState, id: string, isChosen: boolean): CompareState {
  const runs = isChosen ? [...new Set([...state.runs, id])] : state.runs.filter((run) => run !== id);
  return { ...state, runs, base: state.base !== null && runs.includes(state.base) ? state.base : null };
}
